import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliveryDto,
  WebhookDeliveryListDto,
  WebhookEndpointDto,
  WebhookEndpointListDto,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Settings › Webhooks (issue 18 §4): endpoints, their delivery logs, test events and re-sends. */
export const webhooksQueryKey = (companyId: string) => [companyId, 'webhooks'] as const;
const deliveriesKey = (companyId: string, endpointId: string, page: number) =>
  [companyId, 'webhooks', endpointId, 'deliveries', page] as const;

const path = (id: string) => `webhook-endpoints/${encodeURIComponent(id)}`;

export function useWebhookEndpoints(companyId: string, allowed = true) {
  return useQuery({
    queryKey: webhooksQueryKey(companyId),
    queryFn: () =>
      apiRequest<WebhookEndpointListDto>('webhook-endpoints', { silent: true, showLoader: false }),
    enabled: Boolean(companyId) && allowed,
  });
}

export const DELIVERIES_PAGE_SIZE = 10;

export function useWebhookDeliveries(companyId: string, endpointId: string, page: number) {
  return useQuery({
    queryKey: deliveriesKey(companyId, endpointId, page),
    queryFn: () =>
      apiRequest<WebhookDeliveryListDto>(
        `${path(endpointId)}/deliveries?page=${page}&pageSize=${DELIVERIES_PAGE_SIZE}`,
        { silent: true, showLoader: false },
      ),
    placeholderData: keepPreviousData,
    // Deliveries go out in the background: the log catches up while it is open.
    refetchInterval: 5000,
  });
}

function useInvalidate(companyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(companyId) });
}

export function useSaveWebhookEndpoint(companyId: string) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string | null;
      body: CreateWebhookEndpointBody | UpdateWebhookEndpointBody;
    }) =>
      apiRequest<WebhookEndpointDto>(id ? path(id) : 'webhook-endpoints', {
        method: id ? 'PATCH' : 'POST',
        body,
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveWebhookEndpoint(companyId: string) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (id: string) => apiRequest(path(id), { method: 'DELETE', inlineErrors: true, silent: true }),
    onSuccess: invalidate,
  });
}

export function useRotateWebhookSecret(companyId: string) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<WebhookEndpointDto>(`${path(id)}/rotate-secret`, {
        method: 'POST',
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useSendTestEvent(companyId: string) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<WebhookDeliveryDto>(`${path(id)}/test`, {
        method: 'POST',
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useResendDelivery(companyId: string) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest<WebhookDeliveryDto>(`webhook-deliveries/${encodeURIComponent(deliveryId)}/resend`, {
        method: 'POST',
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

/** What an attempt came to, in one sentence (the page's status note). */
export function attemptSentence(what: string, delivery: WebhookDeliveryDto): string {
  if (delivery.status === 'delivered')
    return `${what} delivered: the receiver answered ${delivery.responseStatus ?? 200}.`;
  const why = delivery.responseStatus
    ? `the receiver answered ${delivery.responseStatus}`
    : (delivery.lastError ?? 'no answer').replace(/\.$/, '');
  return `${what} not delivered: ${why}.`;
}
