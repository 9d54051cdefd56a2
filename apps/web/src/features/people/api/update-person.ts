import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonBody, PersonDto, PersonKind } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { PEOPLE_KINDS } from '../people-kind.ts';
import { peopleQueryKey } from './list-people.ts';

export const updatePerson = (kind: PersonKind, personId: string, body: PersonBody) =>
  apiRequest<PersonDto>(`${PEOPLE_KINDS[kind].path}/${encodeURIComponent(personId)}`, {
    method: 'PUT',
    body,
    inlineErrors: true,
  });

export function useUpdatePerson(companyId: string, kind: PersonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, body }: { personId: string; body: PersonBody }) => updatePerson(kind, personId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey(companyId, kind) }),
  });
}
