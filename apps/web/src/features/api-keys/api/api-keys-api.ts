import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyDto, ApiKeyListDto, CreateApiKeyBody, CreatedApiKeyDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const apiKeysQueryKey = (companyId: string) => [companyId, 'api-keys'] as const;

export function useApiKeys(companyId: string) {
  return useQuery({
    queryKey: apiKeysQueryKey(companyId),
    queryFn: () => apiRequest<ApiKeyListDto>('api-keys', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

export function useCreateApiKey(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      apiRequest<CreatedApiKeyDto>('api-keys', { method: 'POST', body, inlineErrors: true, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(companyId) }),
  });
}

export function useRevokeApiKey(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<ApiKeyDto>(`api-keys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(companyId) }),
  });
}
