import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportSessionDto, SupportSessionListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const supportAccessKey = (companyId: string) => [companyId, 'support-sessions'] as const;

export const useSupportSessions = (companyId: string) =>
  useQuery({
    queryKey: supportAccessKey(companyId),
    queryFn: () =>
      apiRequest<SupportSessionListDto>('support-sessions?pageSize=50', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });

/** Ends a support session from the company's side (Settings › Support Access, or the support banner). */
export const endSupportSession = (supportSessionId: string) =>
  apiRequest<SupportSessionDto>(`support-sessions/${encodeURIComponent(supportSessionId)}/end`, {
    method: 'POST',
    body: {},
  });

export function useEndSupportSession(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSupportSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportAccessKey(companyId) }),
  });
}
