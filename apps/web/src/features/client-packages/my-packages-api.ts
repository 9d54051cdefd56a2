import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientAccountDto, OrderPreviewDto, PackageListDto, PurchaseDto } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';

export const myAccountKey = (companyId: string) => [companyId, 'my-account'] as const;

export function useMyAccount(companyId: string) {
  return useQuery({
    queryKey: myAccountKey(companyId),
    queryFn: () => apiRequest<ClientAccountDto>('my/account', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

/** Memberships and packs on sale (the server answers clients only those). */
export function useOnSale(companyId: string) {
  return useQuery({
    queryKey: [companyId, 'packages-on-sale'],
    queryFn: () => apiRequest<PackageListDto>('packages?pageSize=100', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

/** The price of one package for this client (intro offer, sign-up fee, promo code, tax). */
export function usePackagePrice(packageId: string | null, promoCode: string) {
  return useQuery({
    queryKey: ['package-price', packageId, promoCode],
    queryFn: () =>
      apiRequest<OrderPreviewDto>('orders/preview', {
        method: 'POST',
        body: { items: [{ kind: 'package', packageId }], promoCode: promoCode || null },
        silent: true,
        showLoader: false,
        inlineErrors: true,
      }),
    enabled: Boolean(packageId),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBuyPackage(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { packageId: string; promoCode: string; online: boolean; idempotencyKey: string }) =>
      apiRequest<PurchaseDto>('my/orders', {
        method: 'POST',
        body: {
          packageId: variables.packageId,
          promoCode: variables.promoCode || null,
          provider: variables.online ? 'stripe' : 'studio',
        },
        idempotencyKey: variables.idempotencyKey,
        inlineErrors: true,
        // The page says what was bought and what is owed; a toast on top would say it twice.
        silent: true,
      }),
    onSuccess: (answer) => {
      if (!answer.checkoutUrl) void queryClient.invalidateQueries({ queryKey: myAccountKey(companyId) });
    },
  });
}
