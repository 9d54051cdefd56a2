import { useQuery } from '@tanstack/react-query';
import type {
  CheckInCodeBody,
  CheckInDto,
  CheckInPassDto,
  DoorClassDto,
  DoorDto,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** `POST /api/public/{company}/check-in/pass`: a scanned code (no session needed) buys a short pass. */
export const buyCheckInPass = (company: string, body: CheckInCodeBody) =>
  apiRequest<CheckInPassDto>(`public/${encodeURIComponent(company)}/check-in/pass`, {
    method: 'POST',
    body,
    silent: true,
    inlineErrors: true,
  });

/** `POST /api/check-in`: the signed-in client checks in with the pass. */
export const checkInWithPass = (body: { fitnessSessionId: string; classInstanceId: string; pass: string }) =>
  apiRequest<CheckInDto>('check-in', { method: 'POST', body, silent: true, inlineErrors: true });

/** `GET /api/my/check-ins/{fitnessSessionId}`: what the checked-in pages show. */
export function useMyCheckIn(companyId: string, fitnessSessionId: string, classInstanceId?: string) {
  return useQuery({
    queryKey: [companyId, 'my-check-in', fitnessSessionId, classInstanceId ?? null],
    queryFn: () =>
      apiRequest<CheckInDto>(
        `my/check-ins/${encodeURIComponent(fitnessSessionId)}${classInstanceId ? `?classInstanceId=${encodeURIComponent(classInstanceId)}` : ''}`,
        { silent: true, showLoader: false, inlineErrors: true },
      ),
    enabled: Boolean(companyId && fitnessSessionId),
    retry: false,
  });
}

/** How often the door screen asks for its counts (and notices the next class). */
export const DOOR_POLL_MS = 4000;

const quietly = { silent: true, showLoader: false, inlineErrors: true } as const;

/** The door screen: one class by id, or the class next in a studio (room). Polled; kept on failure. */
export function useDoor(companyId: string, place: { classInstanceId?: string; studioId?: string; roomId?: string }) {
  return useQuery({
    queryKey: [companyId, 'door', place.classInstanceId ?? null, place.studioId ?? null, place.roomId ?? null],
    queryFn: async (): Promise<DoorDto> => {
      if (place.classInstanceId)
        return {
          classInstance: await apiRequest<DoorClassDto>(
            `class-instances/${encodeURIComponent(place.classInstanceId)}/door`,
            quietly,
          ),
        };
      const query = new URLSearchParams({ studioId: place.studioId ?? '' });
      if (place.roomId) query.set('roomId', place.roomId);
      return apiRequest<DoorDto>(`check-in/door?${query.toString()}`, quietly);
    },
    enabled: Boolean(companyId && (place.classInstanceId || place.studioId)),
    refetchInterval: DOOR_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
}
