import { useQuery } from '@tanstack/react-query';
import type {
  AppointmentSlotListDto,
  BookAppointmentBody,
  BookedAppointmentDto,
  PaymentOptionsDto,
  PublicAppointmentTypeListDto,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/**
 * The client's private-session booking (issue 17 §3). Types only from `@kinetic/shared` (no zod): the
 * client shell and calendar read whether the studio offers any, and they are first-paint chunks.
 */
export const appointmentTypesKey = (company: string) =>
  [company.toLowerCase(), 'public', 'appointment-types'] as const;
export const appointmentSlotsKey = (company: string) =>
  [company.toLowerCase(), 'public', 'appointment-slots'] as const;

const quiet = { silent: true, showLoader: false, inlineErrors: true } as const;

/** `GET /api/public/{company}/appointment-types`: the active types, their instructors, studios and packages. */
export const getPublicAppointmentTypes = (company: string) =>
  apiRequest<PublicAppointmentTypeListDto>(`public/${encodeURIComponent(company)}/appointment-types`, quiet);

export function usePublicAppointmentTypes(company: string, enabled = true) {
  return useQuery({
    queryKey: appointmentTypesKey(company),
    queryFn: () => getPublicAppointmentTypes(company),
    enabled: enabled && Boolean(company),
    staleTime: 60_000,
  });
}

export interface SlotsWindow {
  appointmentTypeId: string;
  instructorId: string | null;
  studioId: string;
  from: string;
  to: string;
}

/** `GET /api/public/{company}/appointment-slots`: the free slots of one type (dates on the studio's clock). */
export function useAppointmentSlots(company: string, window: SlotsWindow | null) {
  return useQuery({
    queryKey: [...appointmentSlotsKey(company), window],
    queryFn: () => {
      const query = new URLSearchParams({
        appointmentTypeId: window!.appointmentTypeId,
        ...(window!.instructorId ? { instructorId: window!.instructorId } : {}),
        studioId: window!.studioId,
        from: window!.from,
        to: window!.to,
      });
      return apiRequest<AppointmentSlotListDto>(
        `public/${encodeURIComponent(company)}/appointment-slots?${query.toString()}`,
        quiet,
      );
    },
    enabled: Boolean(company && window),
    staleTime: 15_000,
  });
}

/** `GET /api/appointment-types/{id}/payment-options`: what booking that time would pay with. */
export function useAppointmentPaymentOptions(
  companyId: string,
  choice: { appointmentTypeId: string; startsAt: string; studioId: string } | null,
) {
  return useQuery({
    queryKey: [companyId, 'my-bookings', 'appointment-payment-options', choice],
    queryFn: () =>
      apiRequest<PaymentOptionsDto>(
        `appointment-types/${encodeURIComponent(choice!.appointmentTypeId)}/payment-options?${new URLSearchParams(
          {
            startsAt: choice!.startsAt,
            studioId: choice!.studioId,
          },
        ).toString()}`,
        quiet,
      ),
    enabled: Boolean(companyId && choice),
  });
}

/** `POST /api/appointments`: one key per booking meant, so a retry after a lost answer books once. */
export const bookAppointment = (body: BookAppointmentBody, idempotencyKey: string) =>
  apiRequest<BookedAppointmentDto>('appointments', {
    method: 'POST',
    body,
    inlineErrors: true,
    silent: true,
    idempotencyKey,
  });
