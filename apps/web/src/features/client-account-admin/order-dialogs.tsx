import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatMoney, refundBody, type OrderDto } from '@kinetic/shared';
import { newIdempotencyKey } from '../../api/client.ts';
import { useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { currencyDigits, majorToMinor, minorToMajor } from '../class-templates/money.ts';
import { DESK_METHOD_OPTIONS, refundable } from './account-labels.ts';
import { payOrder, refundOrder, useAccountMutation } from './api/client-account-api.ts';

interface OrderFormProps {
  companyId: string;
  order: OrderDto;
  onCancel: () => void;
  onDone: (order: OrderDto) => void;
}

/** The desk takes an open order's money: how it was paid, then the order is paid and the receipt goes out. */
export function MarkPaidForm({ companyId, order, onCancel, onDone }: OrderFormProps) {
  const form = useForm<{ method: 'cash' | 'card' | 'other' }>({ initialValues: { method: 'cash' } });
  const { submitError, runSubmit } = useFormSubmit(form);
  const pay = useAccountMutation(companyId, order.clientId, payOrder);
  const due = order.total - order.paid;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        runSubmit(async () => onDone(await pay.mutateAsync({ orderId: order.id, method: values.method }))),
      )}
    >
      <Stack gap="md">
        <Text>
          Order #{order.number}: {formatMoney(due, order.currency)} to take now.
        </Text>
        <NativeSelect
          label="Paid with"
          data={DESK_METHOD_OPTIONS}
          data-autofocus
          {...form.getInputProps('method')}
        />
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={pay.isPending}>
            Mark paid
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface RefundValues {
  /** Major units of the currency, as typed. */
  amount: number | string;
  reason: string;
  endPackages: boolean;
}

/**
 * Refunds part or all of an order, prefilled with what is left to refund. The server has the last word
 * (never more than paid): its refusal shows at the amount. One Idempotency-Key per opening of the dialog.
 */
export function RefundForm({
  companyId,
  order,
  onCancel,
  onDone,
  packagesBought,
}: OrderFormProps & {
  /** Names of the packs and memberships this order bought that are still running. */
  packagesBought: string[];
}) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const left = refundable(order);
  const form = useForm<RefundValues>({
    // Refunding everything left usually takes the pack back; a part refund is usually goodwill.
    initialValues: {
      amount: minorToMajor(left, order.currency),
      reason: '',
      endPackages: packagesBought.length > 0,
    },
    validate: (values) => {
      const parsed = refundBody.safeParse({
        amount: majorToMinor(values.amount, order.currency),
        reason: values.reason,
      });
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        if (key && !errors[key]) errors[key] = issue.message;
      }
      return errors;
    },
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  const refund = useAccountMutation(companyId, order.clientId, refundOrder);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        runSubmit(async () =>
          onDone(
            await refund.mutateAsync({
              orderId: order.id,
              idempotencyKey,
              body: {
                amount: majorToMinor(values.amount, order.currency) as number,
                reason: values.reason,
                ...(packagesBought.length > 0 ? { endPackages: values.endPackages } : {}),
              },
            }),
          ),
        ),
      )}
    >
      <Stack gap="md">
        <Text>
          Order #{order.number}: paid {formatMoney(order.paid, order.currency)}
          {order.refunded > 0 ? `, refunded ${formatMoney(order.refunded, order.currency)} so far` : ''}.
        </Text>
        <SpecNumberInput
          label={`Amount (${order.currency})`}
          description={`At most ${formatMoney(left, order.currency)}`}
          required
          data-autofocus
          decimals={currencyDigits(order.currency)}
          fixedDecimalScale={currencyDigits(order.currency) > 0}
          {...form.getInputProps('amount')}
        />
        <TextInput
          label="Reason"
          description="Optional; kept with the order"
          {...form.getInputProps('reason')}
        />
        {packagesBought.length > 0 ? (
          <Checkbox
            label={`Also end ${packagesBought.join(', ')}`}
            description="It stops at once: the client can no longer book with it (classes already booked stay booked). Untick for a goodwill refund that leaves it running."
            {...form.getInputProps('endPackages', { type: 'checkbox' })}
          />
        ) : null}
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={refund.isPending} color="red.9">
            Refund
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
