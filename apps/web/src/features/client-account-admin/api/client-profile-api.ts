import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientNoteDto, ClientProfileDto, ProfileBookingListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { clientProfileQueryKey } from './client-profile-keys.ts';

/** `GET /api/clients/{clientId}/profile`; `userId` is the address's second segment (it must name the same client). */
export function useClientProfile(companyId: string, clientId: string, userId: string) {
  return useQuery({
    queryKey: [...clientProfileQueryKey(companyId, clientId), 'profile', userId],
    queryFn: () =>
      apiRequest<ClientProfileDto>(
        `clients/${encodeURIComponent(clientId)}/profile?userId=${encodeURIComponent(userId)}`,
        { silent: true, showLoader: false },
      ),
    enabled: Boolean(companyId && clientId && userId),
  });
}

/** Page 2 on of a client's upcoming or past bookings (the profile itself answers page 1). */
export function useProfileBookings(
  companyId: string,
  clientId: string,
  when: 'upcoming' | 'past',
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: [...clientProfileQueryKey(companyId, clientId), 'bookings', when, page, pageSize],
    queryFn: () =>
      apiRequest<ProfileBookingListDto>(
        `clients/${encodeURIComponent(clientId)}/profile/bookings?${new URLSearchParams({
          when,
          page: String(page),
          pageSize: String(pageSize),
        }).toString()}`,
        { silent: true, showLoader: false },
      ),
    enabled: Boolean(companyId && clientId && page > 1),
    placeholderData: keepPreviousData,
  });
}

type NoteChange =
  | { kind: 'add'; body: string }
  | { kind: 'edit'; noteId: string; body: string }
  | { kind: 'delete'; noteId: string };

const notePath = (clientId: string, noteId?: string) =>
  `clients/${encodeURIComponent(clientId)}/notes${noteId ? `/${encodeURIComponent(noteId)}` : ''}`;

/** Adds, edits or deletes a note; the profile is read again after (also after a refusal). */
export function useNoteMutation(companyId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NoteChange) =>
      change.kind === 'add'
        ? apiRequest<ClientNoteDto>(notePath(clientId), {
            method: 'POST',
            body: { body: change.body },
            inlineErrors: true,
          })
        : change.kind === 'edit'
          ? apiRequest<ClientNoteDto>(notePath(clientId, change.noteId), {
              method: 'PUT',
              body: { body: change.body },
              inlineErrors: true,
            })
          : apiRequest<unknown>(notePath(clientId, change.noteId), { method: 'DELETE', inlineErrors: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientProfileQueryKey(companyId, clientId) }),
  });
}
