import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonKind, PersonListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { PEOPLE_KINDS } from '../people-kind.ts';

/** Every query of one kind starts here, so a save refreshes its list. */
export const peopleQueryKey = (companyId: string, kind: PersonKind) => [companyId, PEOPLE_KINDS[kind].path] as const;

// A studio has a few dozen people at most; the server's largest page holds them all, active or not.
export const listPeople = (kind: PersonKind) =>
  apiRequest<PersonListDto>(`${PEOPLE_KINDS[kind].path}?status=all&pageSize=100`, { silent: true, showLoader: false });

export const peopleQueryOptions = (companyId: string, kind: PersonKind) =>
  queryOptions({ queryKey: [...peopleQueryKey(companyId, kind), 'list'], queryFn: () => listPeople(kind) });

export function usePeople(companyId: string, kind: PersonKind) {
  return useQuery({ ...peopleQueryOptions(companyId, kind), enabled: Boolean(companyId) });
}
