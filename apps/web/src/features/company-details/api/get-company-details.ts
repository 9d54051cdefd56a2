import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDetailsDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const companyDetailsQueryKey = (companyId: string) => [companyId, 'company-details'] as const;

export const getCompanyDetails = () =>
  apiRequest<CompanyDetailsDto>('company/details', { silent: true, showLoader: false });

export const companyDetailsQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: companyDetailsQueryKey(companyId), queryFn: getCompanyDetails });

export function useCompanyDetails(companyId: string) {
  return useQuery({ ...companyDetailsQueryOptions(companyId), enabled: Boolean(companyId) });
}
