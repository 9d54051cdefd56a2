import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AppointmentDto,
  AppointmentListDto,
  AppointmentSlotListDto,
  BookAppointmentBody,
  BookedAppointmentDto,
  PaymentOptionsDto,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Every appointment query starts here: a booking or a cancellation refreshes the calendar and the slots. */
export const appointmentsQueryKey = (companyId: string) => [companyId, 'appointments'] as const;

export interface AppointmentFilters {
  instructorId?: string;
  studioId?: string;
  /** Cancelled appointments too (the calendar's "Show cancelled"). */
  includeCancelled?: boolean;
}

/** `GET /api/appointments`: local dates, inclusive (the calendar's visible days). */
export const listAppointments = (range: { from: string; to: string }, filters: AppointmentFilters) => {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (filters.instructorId) params.set('instructorId', filters.instructorId);
  if (filters.studioId) params.set('studioId', filters.studioId);
  if (filters.includeCancelled) params.set('includeCancelled', 'true');
  return apiRequest<AppointmentListDto>(`appointments?${params.toString()}`, {
    silent: true,
    showLoader: false,
  });
};

export const getAppointment = (appointmentId: string) =>
  apiRequest<AppointmentDto>(`appointments/${encodeURIComponent(appointmentId)}`, {
    silent: true,
    showLoader: false,
    inlineErrors: true,
  });

export function useAppointment(companyId: string, appointmentId: string | null) {
  return useQuery({
    queryKey: [...appointmentsQueryKey(companyId), 'one', appointmentId],
    queryFn: () => getAppointment(appointmentId ?? ''),
    enabled: Boolean(companyId && appointmentId),
  });
}

/** `POST /api/appointments/{id}/cancel`: the team cancels the whole appointment; every client is told. */
export const cancelAppointment = ({ appointmentId, reason }: { appointmentId: string; reason: string }) =>
  apiRequest<AppointmentDto>(`appointments/${encodeURIComponent(appointmentId)}/cancel`, {
    method: 'POST',
    body: { reason: reason.trim() || null },
    inlineErrors: true,
    // The page says what happened (and keeps the keyboard there): no toast on top of it.
    silent: true,
  });

export interface SlotsRequest {
  appointmentTypeId: string;
  instructorId: string | null;
  studioId: string | null;
  from: string;
  to: string;
}

export const listAppointmentSlots = (request: SlotsRequest) => {
  const params = new URLSearchParams({
    appointmentTypeId: request.appointmentTypeId,
    from: request.from,
    to: request.to,
  });
  if (request.instructorId) params.set('instructorId', request.instructorId);
  if (request.studioId) params.set('studioId', request.studioId);
  return apiRequest<AppointmentSlotListDto>(`appointment-slots?${params.toString()}`, {
    silent: true,
    showLoader: false,
    inlineErrors: true,
  });
};

export function useAppointmentSlots(companyId: string, request: SlotsRequest | null) {
  return useQuery({
    queryKey: [...appointmentsQueryKey(companyId), 'slots', request],
    queryFn: () => listAppointmentSlots(request!),
    enabled: Boolean(companyId && request),
    placeholderData: keepPreviousData,
  });
}

export interface PaymentOptionsRequest {
  appointmentTypeId: string;
  startsAt: string;
  studioId: string;
  clientId: string;
}

export const getAppointmentPaymentOptions = ({ appointmentTypeId, ...query }: PaymentOptionsRequest) =>
  apiRequest<PaymentOptionsDto>(
    `appointment-types/${encodeURIComponent(appointmentTypeId)}/payment-options?${new URLSearchParams({ ...query }).toString()}`,
    { silent: true, showLoader: false, inlineErrors: true },
  );

export function useAppointmentPaymentOptions(companyId: string, request: PaymentOptionsRequest | null) {
  return useQuery({
    queryKey: [...appointmentsQueryKey(companyId), 'payment-options', request],
    queryFn: () => getAppointmentPaymentOptions(request!),
    enabled: Boolean(companyId && request),
  });
}

/** `POST /api/appointments`, with one Idempotency-Key per booking the person means to make. */
export const bookAppointment = ({
  body,
  idempotencyKey,
}: {
  body: BookAppointmentBody;
  idempotencyKey: string;
}) =>
  apiRequest<BookedAppointmentDto>('appointments', {
    method: 'POST',
    body,
    inlineErrors: true,
    silent: true,
    idempotencyKey,
  });
