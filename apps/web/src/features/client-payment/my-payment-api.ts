import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { myAccountKey } from '../client-packages/my-packages-api.ts';

type Checkout = { checkoutUrl: string };

/** Pays what one of the client's orders still owes, on Stripe's page (answers its address). */
export function usePayOrderOnline() {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest<Checkout>(`my/orders/${orderId}/checkout`, { method: 'POST', body: {}, silent: true, inlineErrors: true }),
  });
}

/** Stripe's page in setup mode: the client saves a card, nothing is charged. */
export function useSaveCard() {
  return useMutation({
    mutationFn: () => apiRequest<Checkout>('my/saved-card', { method: 'POST', body: {}, silent: true, inlineErrors: true }),
  });
}

export function useRemoveCard(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('my/saved-card', { method: 'DELETE', silent: true, inlineErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAccountKey(companyId) }),
  });
}
