import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationDto, PersonKind } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { PEOPLE_KINDS } from '../people-kind.ts';
import { peopleQueryKey } from './list-people.ts';

/** `POST /api/{instructors|facilitators}/{id}/invitation`: emails a link to choose a password, or links a login. */
export const invitePerson = (kind: PersonKind, personId: string) =>
  apiRequest<InvitationDto>(`${PEOPLE_KINDS[kind].path}/${encodeURIComponent(personId)}/invitation`, {
    method: 'POST',
    // The page says what happened in its own status line (with how long the link works).
    silent: true,
  });

export function useInvitePerson(companyId: string, kind: PersonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: string) => invitePerson(kind, personId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey(companyId, kind) }),
  });
}
