import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWaiverDto, MyWaiverDto, PoliciesDto, SignWaiverBody, WaiverBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const waiverKey = (companyId: string) => [companyId, 'waiver'] as const;
export const policiesKey = (companyId: string) => [companyId, 'policies'] as const;
export const myWaiverKey = (companyId: string) => [companyId, 'my-waiver'] as const;

export function useAdminWaiver(companyId: string) {
  return useQuery({
    queryKey: waiverKey(companyId),
    queryFn: () => apiRequest<AdminWaiverDto>('waiver', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

export function usePublishWaiver(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WaiverBody) => apiRequest<AdminWaiverDto>('waiver', { method: 'PUT', body, inlineErrors: true, silent: true }),
    onSuccess: (data) => queryClient.setQueryData(waiverKey(companyId), data),
  });
}

export function useRemoveWaiver(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AdminWaiverDto>('waiver', { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(waiverKey(companyId), data),
  });
}

export function usePolicies(companyId: string) {
  return useQuery({
    queryKey: policiesKey(companyId),
    queryFn: () => apiRequest<PoliciesDto>('policies', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

export function useSavePolicies(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<PoliciesDto>('policies', { method: 'PUT', body: { text }, inlineErrors: true, silent: true }),
    onSuccess: (data) => queryClient.setQueryData(policiesKey(companyId), data),
  });
}

export function useMyWaiver(companyId: string) {
  return useQuery({
    queryKey: myWaiverKey(companyId),
    queryFn: () => apiRequest<MyWaiverDto>('my/waiver', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

export function useSignWaiver(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignWaiverBody) =>
      apiRequest<MyWaiverDto>('my/waiver/signatures', { method: 'POST', body, inlineErrors: true }),
    onSuccess: (data) => queryClient.setQueryData(myWaiverKey(companyId), data),
  });
}
