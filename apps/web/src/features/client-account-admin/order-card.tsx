import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, type OrderDto } from '@kinetic/shared';
import { instantLabel, ORDER_STATUS_COLOUR, ORDER_STATUS_LABEL, paymentsLabel } from './account-labels.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * One order as its receipt reads: number, status and date, each line at its price (with its tax when it
 * has one), then the discount, tax and total, and the payments and refunds. The desk adds its buttons as `actions`; the
 * client's Payment page shows it as it is.
 */
export function OrderCard({ order, actions }: { order: OrderDto; actions?: ReactNode }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const payments = paymentsLabel(order);
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={`Order #${order.number}`}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>Order #{order.number}</Text>
            <Badge color={ORDER_STATUS_COLOUR[order.status]} variant="filled">
              {ORDER_STATUS_LABEL[order.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {instantLabel(order.createdAt)}
          </Text>
        </Group>
        <Stack gap={2} component="ul" style={listStyle}>
          {order.lines.map((line) => (
            <Group key={line.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {line.quantity} × {line.description}
                {line.taxName
                  ? ` (${line.taxName}${line.taxInclusive ? ' included' : ''}: ${money(line.tax)})`
                  : ''}
              </Text>
              <Text size="sm" style={{ flexShrink: 0 }}>
                {money(line.unitPrice * line.quantity)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text size="sm">
          {order.discount > 0
            ? `Discount${order.promoCode ? ` (${order.promoCode})` : ''} −${money(order.discount)} · `
            : ''}
          Tax {money(order.tax)} · <strong>Total {money(order.total)}</strong>
        </Text>
        {payments ? (
          <Text size="sm" c="dimmed">
            {payments}
          </Text>
        ) : null}
        {actions}
      </Stack>
    </Paper>
  );
}
