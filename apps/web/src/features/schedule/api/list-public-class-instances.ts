import { useQuery } from '@tanstack/react-query';
import type { ClassInstanceListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import type { InstantRange } from './list-class-instances.ts';

/** A company's public timetable in [from, to): scheduled classes only, no team notes. */
export const listPublicClassInstances = (company: string, range: InstantRange) =>
  apiRequest<ClassInstanceListDto>(
    `public/${encodeURIComponent(company)}/class-instances?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`,
    { silent: true, showLoader: false },
  );

export function usePublicClassInstances(company: string, range: InstantRange) {
  return useQuery({
    queryKey: ['public', company, 'class-instances', range.from, range.to],
    queryFn: () => listPublicClassInstances(company, range),
    enabled: Boolean(company),
    // Places left stay live while the timetable is open (and on returning to the tab).
    refetchInterval: 30_000,
  });
}
