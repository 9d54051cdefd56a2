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

type DoorPlace = { classInstanceId?: string | undefined; studioId?: string | undefined; roomId?: string | undefined };

const doorStoreKey = (companyId: string, place: DoorPlace) =>
  `kinetic.door.${companyId}.${place.classInstanceId ?? ''}.${place.studioId ?? ''}.${place.roomId ?? ''}`;

/**
 * The last answer, kept for this tab only (session storage), so a door screen reloaded while the network
 * is down still shows its class and codes. It holds the class's secret: a tab of a signed-in team member,
 * gone when the tab closes, and the secret is only good for that class's check-in window.
 */
function keptDoor(key: string): { data: DoorDto; at: number } | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { data: DoorDto; at: number }) : undefined;
  } catch {
    return undefined;
  }
}

function keepDoor(key: string, data: DoorDto): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ data, at: Date.now() }));
  } catch {
    // Storage refused: the screen still works while it stays open.
  }
}

/** The door screen: one class by id, or the class next in a studio (room). Polled; kept on failure. */
export function useDoor(companyId: string, place: DoorPlace) {
  const key = doorStoreKey(companyId, place);
  const kept = companyId ? keptDoor(key) : undefined;
  return useQuery({
    queryKey: [companyId, 'door', place.classInstanceId ?? null, place.studioId ?? null, place.roomId ?? null],
    queryFn: async (): Promise<DoorDto> => {
      let answer: DoorDto;
      if (place.classInstanceId)
        answer = {
          classInstance: await apiRequest<DoorClassDto>(
            `class-instances/${encodeURIComponent(place.classInstanceId)}/door`,
            quietly,
          ),
        };
      else {
        const query = new URLSearchParams({ studioId: place.studioId ?? '' });
        if (place.roomId) query.set('roomId', place.roomId);
        answer = await apiRequest<DoorDto>(`check-in/door?${query.toString()}`, quietly);
      }
      keepDoor(key, answer);
      return answer;
    },
    enabled: Boolean(companyId && (place.classInstanceId || place.studioId)),
    ...(kept ? { initialData: kept.data, initialDataUpdatedAt: kept.at } : {}),
    refetchInterval: DOOR_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
}
