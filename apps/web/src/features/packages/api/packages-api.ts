import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageBody, PackageDto, PackageKind, PackageListDto, TaxRateListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Every package query starts here, so a save or archive refreshes every list together. */
export const packagesQueryKey = (companyId: string) => [companyId, 'packages'] as const;

export type PackageStatus = 'active' | 'archived';

export const listPackages = (kind: PackageKind, status: PackageStatus) =>
  apiRequest<PackageListDto>(`packages?kind=${kind}&status=${status}&pageSize=100`, {
    silent: true,
    showLoader: false,
  });

export function usePackages(companyId: string, kind: PackageKind, status: PackageStatus) {
  return useQuery({
    queryKey: [...packagesQueryKey(companyId), kind, status],
    queryFn: () => listPackages(kind, status),
    enabled: Boolean(companyId),
  });
}

export function usePackage(companyId: string, packageId: string | undefined) {
  return useQuery({
    queryKey: [...packagesQueryKey(companyId), 'one', packageId],
    queryFn: () =>
      apiRequest<PackageDto>(`packages/${encodeURIComponent(packageId ?? '')}`, { silent: true }),
    enabled: Boolean(companyId && packageId),
  });
}

/** Adds (no id) or edits a package. */
export const savePackage = ({ packageId, body }: { packageId?: string | undefined; body: PackageBody }) =>
  apiRequest<PackageDto>(packageId ? `packages/${encodeURIComponent(packageId)}` : 'packages', {
    method: packageId ? 'PUT' : 'POST',
    body,
    inlineErrors: true,
  });

export const setPackageArchived = ({ packageId, archived }: { packageId: string; archived: boolean }) =>
  apiRequest<PackageDto>(`packages/${encodeURIComponent(packageId)}/${archived ? 'archive' : 'restore'}`, {
    method: 'POST',
    body: {},
  });

export function usePackageMutation<T>(companyId: string, run: (variables: T) => Promise<PackageDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packagesQueryKey(companyId) }),
  });
}

export const taxRatesQueryKey = (companyId: string) => [companyId, 'tax-rates'] as const;

export function useTaxRates(companyId: string) {
  return useQuery({
    queryKey: taxRatesQueryKey(companyId),
    queryFn: () => apiRequest<TaxRateListDto>('tax-rates', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}
