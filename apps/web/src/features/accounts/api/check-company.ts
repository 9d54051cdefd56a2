import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckCompanyDto, RoleId } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const checkCompany = (company: string, roleId: RoleId) =>
  apiRequest<CheckCompanyDto>('checkCompany', {
    body: { company, roleId },
    silent: true,
    showLoader: false,
    inlineErrors: true,
  });

export const checkCompanyQueryOptions = (company: string, roleId: RoleId) =>
  queryOptions({
    queryKey: ['check-company', company, roleId],
    queryFn: () => checkCompany(company, roleId),
    staleTime: 5 * 60_000,
  });

/** A company's public pages need its id for login and reset requests (spec §7). */
export function useCheckCompany(company: string | null, roleId: RoleId | null) {
  return useQuery({
    ...checkCompanyQueryOptions(company ?? '', roleId ?? 'admin'),
    enabled: Boolean(company && roleId),
  });
}
