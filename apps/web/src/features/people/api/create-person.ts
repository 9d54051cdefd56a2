import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonBody, PersonDto, PersonKind } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { PEOPLE_KINDS } from '../people-kind.ts';
import { peopleQueryKey } from './list-people.ts';

export const createPerson = (kind: PersonKind, body: PersonBody) =>
  apiRequest<PersonDto>(PEOPLE_KINDS[kind].path, { method: 'POST', body, inlineErrors: true });

export function useCreatePerson(companyId: string, kind: PersonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonBody) => createPerson(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey(companyId, kind) }),
  });
}
