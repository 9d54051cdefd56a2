import { useQuery } from '@tanstack/react-query';
import type { ClassInstanceDetailsDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** The read-only class anyone with the company's link may see (no notes). */
export const getPublicClassInstance = (company: string, classInstanceId: string) =>
  apiRequest<ClassInstanceDetailsDto>(
    `public/${encodeURIComponent(company)}/class-instances/${encodeURIComponent(classInstanceId)}`,
    { silent: true, showLoader: false },
  );

export function usePublicClassInstance(company: string, classInstanceId: string) {
  return useQuery({
    queryKey: ['public', company, 'class-instance', classInstanceId],
    queryFn: () => getPublicClassInstance(company, classInstanceId),
    enabled: Boolean(company && classInstanceId),
    // Places left and the waitlist stay live while the page is open.
    refetchInterval: 30_000,
  });
}
