import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignupDetailsBody, SignupDetailsDto, WidgetStudioDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../accounts/api/get-me.ts';

/** The signed-in client's own details; the team's view of one client is keyed by that client. */
export const mySignupDetailsKey = (companyId: string) => [companyId, 'my-signup-details'] as const;
export const clientSignupDetailsKey = (companyId: string, clientId: string) =>
  [companyId, 'client-signup-details', clientId] as const;
// The marketing consent is the client's notification preference: that page's cache goes stale too.
const myNotificationsKey = (companyId: string) => [companyId, 'my-notifications'] as const;

export function useMySignupDetails(companyId: string) {
  return useQuery({
    queryKey: mySignupDetailsKey(companyId),
    queryFn: () => apiRequest<SignupDetailsDto>('my/signup-details', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

export const saveMySignupDetails = (body: SignupDetailsBody) =>
  apiRequest<SignupDetailsDto>('my/signup-details', { method: 'PUT', body, inlineErrors: true, silent: true });

export function useSaveMySignupDetails(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMySignupDetails,
    onSuccess: async (data) => {
      queryClient.setQueryData(mySignupDetailsKey(companyId), data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myNotificationsKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}

export function useClientSignupDetails(companyId: string, clientId: string) {
  return useQuery({
    queryKey: clientSignupDetailsKey(companyId, clientId),
    queryFn: () =>
      apiRequest<SignupDetailsDto>(`clients/${encodeURIComponent(clientId)}/signup-details`, {
        silent: true,
        showLoader: false,
      }),
    enabled: Boolean(companyId && clientId),
  });
}

/** The studio a widget sign-up names; a 404 (unknown or another company's) is simply no studio. */
export function useWidgetStudio(company: string | null, studioId: string | null) {
  return useQuery({
    queryKey: ['public', company, 'widget-studio', studioId],
    queryFn: () =>
      apiRequest<WidgetStudioDto>(
        `public/${encodeURIComponent(company ?? '')}/studios/${encodeURIComponent(studioId ?? '')}`,
        { silent: true, showLoader: false, inlineErrors: true },
      ).catch(() => null),
    enabled: Boolean(company && studioId),
    retry: false,
    staleTime: Infinity,
  });
}
