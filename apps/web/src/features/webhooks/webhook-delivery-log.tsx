import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { WebhookDeliveryDto } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from './api/webhooks-api.ts';

const STATUS_BADGE: Record<WebhookDeliveryDto['status'], { color: string; label: string }> = {
  delivered: { color: 'green', label: 'Delivered' },
  pending: { color: 'yellow', label: 'Retrying' },
  failed: { color: 'red', label: 'Failed' },
};

const when = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/** An endpoint's deliveries, newest first, ten a page, each with its outcome and Re-send. */
export function WebhookDeliveryLog({
  companyId,
  endpointId,
  locale,
  resendingId,
  onResend,
}: {
  companyId: string;
  endpointId: string;
  locale: string;
  resendingId: string | null;
  onResend: (delivery: WebhookDeliveryDto) => void;
}) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(companyId, endpointId, page);
  if (log.isError)
    return (
      <Alert color="red" role="alert" title="The delivery log could not be loaded">
        {log.error.message}
      </Alert>
    );
  if (!log.data) return <PageLoader />;
  const pages = Math.max(1, Math.ceil(log.data.total / DELIVERIES_PAGE_SIZE));
  if (log.data.total === 0)
    return <Text c="dimmed">Nothing sent yet. Events appear here as they happen; try Send test event.</Text>;
  return (
    <Stack gap="xs">
      <Stack
        gap="xs"
        component="ul"
        aria-label="Deliveries"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {log.data.items.map((delivery) => {
          const badge = STATUS_BADGE[delivery.status];
          const pending = delivery.status === 'pending' && delivery.attempts === 0;
          return (
            <li key={delivery.id} data-delivery-id={delivery.id}>
              <Stack gap={2} p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Group gap="xs" wrap="wrap">
                    <Code>{delivery.eventType}</Code>
                    <Badge color={badge.color} variant="light">
                      {pending ? 'Sending' : badge.label}
                    </Badge>
                    <Text size="sm">
                      {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                      {delivery.responseStatus !== null ? ` · answered ${delivery.responseStatus}` : ''}
                    </Text>
                  </Group>
                  <BusyButton
                    size="xs"
                    variant="default"
                    busy={resendingId === delivery.id}
                    onClick={() => onResend(delivery)}
                    aria-label={`Re-send ${delivery.eventType} of ${when(delivery.createdAt, locale)}`}
                  >
                    Re-send
                  </BusyButton>
                </Group>
                <Text size="xs" c="dimmed">
                  {when(delivery.createdAt, locale)} ·{' '}
                  <span style={{ overflowWrap: 'anywhere' }}>{delivery.eventId}</span>
                  {delivery.lastAttemptAt ? ` · last tried ${when(delivery.lastAttemptAt, locale)}` : ''}
                </Text>
                {delivery.lastError && delivery.status !== 'delivered' ? (
                  <Text size="sm" c="red.8">
                    {delivery.lastError}
                  </Text>
                ) : null}
                {delivery.status === 'pending' && delivery.attempts > 0 ? (
                  <Text size="sm">
                    Kinetic tries again by itself, waiting longer each time (8 tries over several hours).
                    Re-send tries now.
                  </Text>
                ) : delivery.status === 'failed' ? (
                  <Text size="sm">Kinetic has stopped trying this one. Once the receiver works, Re-send it.</Text>
                ) : null}
                {delivery.responseBody ? (
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
                    {delivery.responseBody}
                  </Text>
                ) : null}
              </Stack>
            </li>
          );
        })}
      </Stack>
      {pages > 1 ? (
        <Group gap="xs" justify="space-between">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Text size="sm">
            Page {page} of {pages}
          </Text>
          <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
