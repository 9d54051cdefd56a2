import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelPackageBody,
  ClientAccountDto,
  ClientPackageDto,
  OrderDto,
  OrderListDto,
  OrderPreviewDto,
  PackageListDto,
  PausePackageBody,
  PlaceOrderBody,
  PreviewOrderBody,
  ProductListDto,
  PurchaseDto,
  RefundBody,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { packagesQueryKey } from '../../packages/api/packages-api.ts';

/** One client's account: a sale, a payment, a refund or a membership change refreshes it. */
export const clientAccountQueryKey = (companyId: string, clientId: string) =>
  [companyId, 'client-account', clientId] as const;

/** The account answers a client's 100 newest orders; older ones come a hundred at a time from the order list. */
export const ACCOUNT_ORDERS = 100;

/** Orders older than the account's, pages 2 to `pages` + 1 (under the account's key: a change refreshes them too). */
export function useOlderOrders(companyId: string, clientId: string, pages: number) {
  return useQuery({
    queryKey: [...clientAccountQueryKey(companyId, clientId), 'older', pages],
    queryFn: async () => {
      const lists = await Promise.all(
        Array.from({ length: pages }, (_, index) =>
          apiRequest<OrderListDto>(
            `orders?${new URLSearchParams({ clientId, page: String(index + 2), pageSize: String(ACCOUNT_ORDERS) }).toString()}`,
            { silent: true, showLoader: false },
          ),
        ),
      );
      return { items: lists.flatMap((list) => list.items), total: lists[0]?.total ?? 0 };
    },
    enabled: Boolean(companyId && clientId && pages > 0),
  });
}

export function useClientAccount(companyId: string, clientId: string) {
  return useQuery({
    queryKey: clientAccountQueryKey(companyId, clientId),
    queryFn: () =>
      apiRequest<ClientAccountDto>(`clients/${encodeURIComponent(clientId)}/account`, {
        silent: true,
        showLoader: false,
      }),
    enabled: Boolean(companyId && clientId),
  });
}

/** What the desk can sell: packages and products on sale. */
export function useSellables(companyId: string, enabled: boolean) {
  const packages = useQuery({
    queryKey: [...packagesQueryKey(companyId), 'on-sale'],
    queryFn: () =>
      apiRequest<PackageListDto>('packages?status=active&pageSize=100', { silent: true, showLoader: false }),
    enabled: Boolean(companyId) && enabled,
  });
  const products = useQuery({
    queryKey: [companyId, 'products', 'on-sale'],
    queryFn: () =>
      apiRequest<ProductListDto>('products?status=active&pageSize=100', { silent: true, showLoader: false }),
    enabled: Boolean(companyId) && enabled,
  });
  return { packages, products };
}

/** The price of what is about to be sold, asked again whenever the choice or the code changes. */
export function useOrderPreview(companyId: string, body: PreviewOrderBody | null) {
  return useQuery({
    queryKey: [companyId, 'order-preview', body],
    queryFn: () =>
      apiRequest<OrderPreviewDto>('orders/preview', {
        method: 'POST',
        body,
        silent: true,
        showLoader: false,
        inlineErrors: true,
      }),
    enabled: Boolean(companyId && body),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export const placeOrder = ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) =>
  apiRequest<PurchaseDto>('orders', { method: 'POST', body, idempotencyKey, inlineErrors: true });

export const payOrder = ({ orderId, method }: { orderId: string; method: 'cash' | 'card' | 'other' }) =>
  apiRequest<OrderDto>(`orders/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
    body: { method },
    inlineErrors: true,
  });

export const refundOrder = ({
  orderId,
  body,
  idempotencyKey,
}: {
  orderId: string;
  body: RefundBody;
  idempotencyKey: string;
}) =>
  apiRequest<OrderDto>(`orders/${encodeURIComponent(orderId)}/refunds`, {
    method: 'POST',
    body,
    idempotencyKey,
    inlineErrors: true,
  });

export type PackageChange = 'pause' | 'resume' | 'cancel';

/**
 * Pause (from, until), resume, or cancel (now or at the end of the paid period) what a client holds. The
 * page says what happened beside the package, so no toast.
 */
export const changeClientPackage = ({
  clientPackageId,
  change,
  body = {},
}: {
  clientPackageId: string;
  change: PackageChange;
  body?: PausePackageBody | CancelPackageBody;
}) =>
  apiRequest<ClientPackageDto>(`client-packages/${encodeURIComponent(clientPackageId)}/${change}`, {
    method: 'POST',
    body,
    silent: true,
    inlineErrors: true,
  });

/**
 * A mutation on the account: on success the account is read again (and the package lists, whose counts
 * of holders may have changed). A changed package goes into the shown account at once.
 */
export function useAccountMutation<T, R>(
  companyId: string,
  clientId: string,
  run: (variables: T) => Promise<R>,
) {
  const queryClient = useQueryClient();
  const key = clientAccountQueryKey(companyId, clientId);
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      if (isClientPackage(answer))
        queryClient.setQueryData<ClientAccountDto>(key, (account) =>
          account
            ? {
                ...account,
                packages: account.packages.map((held) => (held.id === answer.id ? answer : held)),
              }
            : account,
        );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: packagesQueryKey(companyId) }),
      ]);
    },
  });
}

function isClientPackage(value: unknown): value is ClientPackageDto {
  return typeof value === 'object' && value !== null && 'terms' in value && 'packageId' in value;
}
