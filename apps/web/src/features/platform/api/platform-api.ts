import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PlatformAuditListDto,
  PlatformCompanyDto,
  PlatformCompanyListDto,
  PlatformUserDto,
  StartedSupportSessionDto,
  StartSupportSessionBody,
  SupportSessionDto,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

const quiet = { silent: true, showLoader: false } as const;
export const PLATFORM_KEY = ['platform'] as const;

export const usePlatformMe = () =>
  useQuery({
    queryKey: [...PLATFORM_KEY, 'me'],
    queryFn: () => apiRequest<PlatformUserDto>('platform/me', quiet),
  });

export interface CompaniesFilter {
  search: string;
  kind: '' | 'company' | 'solo';
  status: 'all' | 'active' | 'suspended';
  sort: 'created' | 'name' | 'lastActivity';
  page: number;
}
export const COMPANIES_PAGE_SIZE = 20;

export function useCompanies(filter: CompaniesFilter) {
  const params = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(COMPANIES_PAGE_SIZE),
    status: filter.status,
    sort: filter.sort,
  });
  if (filter.search.trim()) params.set('search', filter.search.trim());
  if (filter.kind) params.set('kind', filter.kind);
  return useQuery({
    queryKey: [...PLATFORM_KEY, 'companies', params.toString()],
    queryFn: () => apiRequest<PlatformCompanyListDto>(`platform/companies?${params.toString()}`, quiet),
    placeholderData: keepPreviousData,
  });
}

export const useCompany = (companyId: string) =>
  useQuery({
    queryKey: [...PLATFORM_KEY, 'company', companyId],
    queryFn: () =>
      apiRequest<PlatformCompanyDto>(`platform/companies/${encodeURIComponent(companyId)}`, quiet),
  });

function useCompanyMutation<Input>(companyId: string, run: (input: Input) => Promise<PlatformCompanyDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (company) => {
      queryClient.setQueryData([...PLATFORM_KEY, 'company', companyId], company);
      void queryClient.invalidateQueries({ queryKey: [...PLATFORM_KEY, 'companies'] });
      void queryClient.invalidateQueries({ queryKey: [...PLATFORM_KEY, 'audit'] });
    },
  });
}

export const useSuspendCompany = (companyId: string) =>
  useCompanyMutation(companyId, (reason: string) =>
    apiRequest<PlatformCompanyDto>(`platform/companies/${companyId}/suspend`, {
      method: 'POST',
      body: { reason },
      inlineErrors: true,
    }),
  );

export const useReactivateCompany = (companyId: string) =>
  useCompanyMutation(companyId, () =>
    apiRequest<PlatformCompanyDto>(`platform/companies/${companyId}/reactivate`, {
      method: 'POST',
      body: {},
    }),
  );

export const useStartSupportSession = (companyId: string) =>
  useMutation({
    mutationFn: (body: StartSupportSessionBody) =>
      apiRequest<StartedSupportSessionDto>(`platform/companies/${companyId}/support-sessions`, {
        method: 'POST',
        body,
        inlineErrors: true,
        silent: true,
      }),
  });

export function useEndSupportSessionFromPlatform(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supportSessionId: string) =>
      apiRequest<SupportSessionDto>(
        `platform/companies/${companyId}/support-sessions/${supportSessionId}/end`,
        {
          method: 'POST',
          body: {},
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLATFORM_KEY }),
  });
}

export const AUDIT_PAGE_SIZE = 25;
export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: [...PLATFORM_KEY, 'audit', page],
    queryFn: () =>
      apiRequest<PlatformAuditListDto>(`platform/audit-log?page=${page}&pageSize=${AUDIT_PAGE_SIZE}`, quiet),
    placeholderData: keepPreviousData,
  });

export const platformLogout = () =>
  apiRequest<unknown>('platform/logout', {
    method: 'POST',
    body: {},
    silent: true,
    inlineErrors: true,
    showLoader: false,
  });
