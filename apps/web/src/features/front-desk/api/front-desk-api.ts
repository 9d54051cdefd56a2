import { useQuery } from '@tanstack/react-query';
import type { BookingDto, FrontDeskDto, KioskCheckInDto, KioskDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from '../../schedule/api/schedule-keys.ts';

/** `POST /api/bookings/{id}/undo-check-in`: back to booked (until 30 minutes after the class ends). */
export const undoCheckIn = (bookingId: string) =>
  apiRequest<BookingDto>(`bookings/${encodeURIComponent(bookingId)}/undo-check-in`, { method: 'POST', body: {} });

export interface WalkInVariables {
  classInstanceId: string;
  clientId: string;
  overrideWaiver?: boolean;
}

/** `POST /api/class-instances/{id}/walk-ins`: a client with no booking, booked and checked in at once. */
export const walkIn = ({ classInstanceId, clientId, overrideWaiver }: WalkInVariables) =>
  apiRequest<BookingDto>(`class-instances/${encodeURIComponent(classInstanceId)}/walk-ins`, {
    method: 'POST',
    body: { clientId, ...(overrideWaiver ? { overrideWaiver: true } : {}) },
    inlineErrors: true,
  });

/** Under the schedule's key: a check-in anywhere refreshes the desk's counts too. */
export const frontDeskQueryKey = (companyId: string, studioId: string) =>
  [...scheduleQueryKey(companyId), 'front-desk', studioId] as const;

export function useFrontDesk(companyId: string, studioId: string) {
  return useQuery({
    queryKey: frontDeskQueryKey(companyId, studioId),
    queryFn: () =>
      apiRequest<FrontDeskDto>(`front-desk?studioId=${encodeURIComponent(studioId)}`, {
        silent: true,
        showLoader: false,
        inlineErrors: true,
      }),
    enabled: Boolean(companyId && studioId),
    // Live counts: the door code and the kiosk check people in meanwhile.
    refetchInterval: 15_000,
  });
}

export function useKiosk(companyId: string, studioId: string) {
  return useQuery({
    queryKey: [companyId, 'kiosk', studioId],
    queryFn: () =>
      apiRequest<KioskDto>(`kiosk?studioId=${encodeURIComponent(studioId)}`, {
        silent: true,
        showLoader: false,
        inlineErrors: true,
      }),
    enabled: Boolean(companyId && studioId),
    refetchInterval: 60_000,
  });
}

export const kioskCheckIn = (studioId: string, identifier: string) =>
  apiRequest<KioskCheckInDto>('kiosk/check-ins', {
    method: 'POST',
    body: { studioId, identifier },
    silent: true,
    inlineErrors: true,
  });

export const unlockKiosk = (password: string) =>
  apiRequest<{ unlocked: true }>('kiosk/unlock', { method: 'POST', body: { password }, silent: true, inlineErrors: true });
