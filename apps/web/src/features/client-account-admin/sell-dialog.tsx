import { useMemo, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  formatMoney,
  type OrderItem,
  type OrderPreviewDto,
  type PlaceOrderBody,
  type PurchaseDto,
} from '@kinetic/shared';
import { newIdempotencyKey } from '../../api/client.ts';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { SpecNumberInput } from '../../ui/spec-number-input.tsx';
import { DESK_METHOD_OPTIONS } from './account-labels.ts';
import { placeOrder, useAccountMutation, useOrderPreview, useSellables } from './api/client-account-api.ts';

type Method = 'cash' | 'card' | 'other';

/** Said beside an intro offer the client may not buy (the server refuses it the same way). */
export const INTRO_OFFER_RULE = "Intro offer: only for a client's first purchase";

interface SellFormProps {
  companyId: string;
  clientId: string;
  clientName: string;
  currency: string;
  /** The client has bought no package yet, so an intro offer may be sold (the server decides the same). */
  introOfferAllowed: boolean;
  onCancel: () => void;
  onSold: (purchase: PurchaseDto) => void;
}

/**
 * The desk sale: one package or product, an optional promo code, the live price from the server, then
 * paid now (cash, card, other) or left owing. Mounted afresh for each opening of the dialog, so its
 * Idempotency-Key is new each time and a double click or a retry of the same sale sells once.
 */
export function SellForm({
  companyId,
  clientId,
  clientName,
  currency,
  introOfferAllowed,
  onCancel,
  onSold,
}: SellFormProps) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { packages, products } = useSellables(companyId, true);
  const [choice, setChoice] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [promoCode, setPromoCode] = useState('');
  const [payment, setPayment] = useState<'now' | 'owing'>('now');
  const [method, setMethod] = useState<Method>('cash');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [code] = useDebouncedValue(promoCode.trim(), 350);
  const sell = useAccountMutation(companyId, clientId, placeOrder);

  const productChosen = choice.startsWith('product:');
  const quantityNumber = typeof quantity === 'number' ? quantity : Number(quantity);
  const quantityError =
    productChosen && (!Number.isInteger(quantityNumber) || quantityNumber < 1 || quantityNumber > 100)
      ? 'Sell from 1 to 100'
      : null;
  const item = useMemo((): OrderItem | null => {
    const [kind, id] = choice.split(':');
    if (!id) return null;
    if (kind === 'package') return { kind: 'package', packageId: id };
    return { kind: 'product', productId: id, quantity: quantityNumber };
  }, [choice, quantityNumber]);
  const previewBody = item && !quantityError ? { clientId, items: [item], promoCode: code || null } : null;
  const preview = useOrderPreview(companyId, previewBody);
  const previewError = preview.isError ? apiFormError(preview.error) : null;
  // Why the code cannot be used (unknown, not yet valid, expired, used up, not for this package): said at
  // the field and in the price. Only while the code typed is the one priced.
  const promoError =
    fieldErrors.promoCode ??
    (code && code === promoCode.trim() && previewError?.fieldErrors.promoCode
      ? previewError.fieldErrors.promoCode
      : null);
  const choiceError =
    fieldErrors.items ??
    fieldErrors['items.0.packageId'] ??
    fieldErrors['items.0.productId'] ??
    (previewError?.fieldErrors['items.0.packageId'] as string | undefined);
  const shown = preview.isError || !previewBody ? undefined : preview.data;
  // The button names the total only once it is the price of what is chosen now (not the last choice's).
  const total = shown && !preview.isPlaceholderData ? shown : undefined;

  const introOffers = (packages.data?.items ?? []).filter((item) => item.introOffer);
  const data = [
    {
      group: 'Packages',
      items: (packages.data?.items ?? []).map((item) => ({
        value: `package:${item.id}`,
        label: `${item.name} (${formatMoney(item.price, item.currency)})${
          item.introOffer && !introOfferAllowed ? ` — ${INTRO_OFFER_RULE}` : ''
        }`,
        disabled: item.introOffer && !introOfferAllowed,
      })),
    },
    {
      group: 'Services and products',
      items: (products.data?.items ?? []).map((item) => ({
        value: `product:${item.id}`,
        label: `${item.name} (${formatMoney(item.price, item.currency)})`,
      })),
    },
  ].filter((group) => group.items.length > 0);
  const loadError = packages.error ?? products.error;
  const nothingToSell = packages.data && products.data && data.length === 0;

  /** A change to what is sold or how: the last refusal no longer applies, so it goes. */
  const changed = () => {
    setFieldErrors({});
    setSubmitError(null);
  };

  const submit = async () => {
    setSubmitError(null);
    setFieldErrors({});
    if (!item) {
      setFieldErrors({ items: 'Choose a package or a product' });
      return;
    }
    if (quantityError) return;
    const body: PlaceOrderBody = {
      clientId,
      items: [item],
      promoCode: promoCode.trim() || null,
      paidWith: payment === 'now' ? method : null,
    };
    try {
      onSold(await sell.mutateAsync({ body, idempotencyKey }));
    } catch (error) {
      const { fieldErrors: errors, message } = apiFormError(error);
      setFieldErrors(errors as Record<string, string>);
      const atField = Object.entries(errors).some(
        ([field, text]) =>
          text === message &&
          ['promoCode', 'items', 'items.0.packageId', 'items.0.productId', 'paidWith'].includes(field),
      );
      setSubmitError(atField ? null : message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">Sell to {clientName} at the desk.</Text>
        {loadError ? (
          <Alert color="red" variant="light" role="alert" title="What can be sold could not be loaded">
            {loadError.message}
          </Alert>
        ) : null}
        {nothingToSell ? (
          <Text size="sm">Nothing is on sale yet: add packages or products in Settings first.</Text>
        ) : null}
        <NativeSelect
          label="Package or product"
          required
          data-autofocus
          data={[{ value: '', label: packages.data && products.data ? 'Choose…' : 'Loading…' }, ...data]}
          value={choice}
          description={
            introOffers.length > 0 && !introOfferAllowed
              ? `${INTRO_OFFER_RULE}: ${clientName} has bought before, so ${introOffers.length === 1 ? 'it is' : 'they are'} not offered.`
              : undefined
          }
          error={choiceError}
          onChange={(event) => {
            setChoice(event.currentTarget.value);
            changed();
          }}
        />
        {productChosen ? (
          <SpecNumberInput
            label="How many"
            required
            value={quantity}
            onChange={(value) => {
              setQuantity(value);
              changed();
            }}
            error={quantityError ?? fieldErrors['items.0.quantity']}
          />
        ) : null}
        <TextInput
          label="Promo code"
          description="Optional; the price below says whether it applies"
          value={promoCode}
          autoCapitalize="characters"
          error={promoError}
          onChange={(event) => {
            setPromoCode(event.currentTarget.value);
            changed();
          }}
        />
        <PricePreview
          preview={shown}
          loading={preview.isFetching}
          chosen={Boolean(previewBody)}
          error={
            promoError
              ? `${promoError} Clear the promo code to sell at the full price.`
              : previewError
                ? previewError.message
                : null
          }
          currency={currency}
        />
        <Radio.Group
          label="Payment"
          value={payment}
          onChange={(value) => {
            setPayment(value as 'now' | 'owing');
            changed();
          }}
        >
          <Group gap="lg" mt={6}>
            <Radio value="now" label="Paid now" />
            <Radio value="owing" label="Leave owing" />
          </Group>
        </Radio.Group>
        {payment === 'now' ? (
          <NativeSelect
            label="Paid with"
            data={DESK_METHOD_OPTIONS}
            value={method}
            onChange={(event) => {
              setMethod(event.currentTarget.value as Method);
              changed();
            }}
          />
        ) : (
          <Text size="sm">The order stays open: the client owes it until the desk marks it paid.</Text>
        )}
        <FormSubmitError message={submitError} />
        <Group>
          <BusyButton type="submit" busy={sell.isPending}>
            {total
              ? `Confirm sale: ${formatMoney(total.total, total.currency)}${payment === 'now' ? ` by ${method}` : ' owing'}`
              : 'Confirm sale'}
          </BusyButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PricePreview({
  preview,
  loading,
  chosen,
  error,
  currency,
}: {
  preview: OrderPreviewDto | undefined;
  loading: boolean;
  chosen: boolean;
  error: string | null;
  currency: string;
}) {
  const money = (amount: number) => formatMoney(amount, preview?.currency ?? currency);
  return (
    <Stack gap={4} role="status" aria-live="polite" aria-label="Price">
      <Text fw={700} size="sm">
        Price
      </Text>
      {error ? (
        <Text size="sm" c="red.9">
          {error}
        </Text>
      ) : !chosen ? (
        <Text size="sm" c="dimmed">
          Choose what to sell to see the price.
        </Text>
      ) : !preview ? (
        <Text size="sm" c="dimmed">
          {loading ? 'Working out the price…' : 'No price yet.'}
        </Text>
      ) : (
        <Stack gap={2} component="dl" m={0} style={{ opacity: loading ? 0.7 : 1 }}>
          {preview.lines.map((line) => (
            <PriceRow
              key={line.id}
              label={`${line.quantity} × ${line.description}`}
              value={money(line.unitPrice * line.quantity)}
            />
          ))}
          {preview.discount > 0 ? (
            <PriceRow
              label={`Discount${preview.promoCode ? ` (${preview.promoCode})` : ''}`}
              value={`−${money(preview.discount)}`}
            />
          ) : null}
          <PriceRow label={taxLabel(preview)} value={money(preview.tax)} />
          <PriceRow label="Total" value={money(preview.total)} strong />
        </Stack>
      )}
    </Stack>
  );
}

function taxLabel(preview: OrderPreviewDto): string {
  const names = [...new Set(preview.lines.filter((line) => line.taxName).map((line) => line.taxName))];
  const included = preview.lines.some((line) => line.taxName && line.taxInclusive);
  if (names.length === 0) return 'Tax';
  return `Tax (${names.join(', ')}${included ? ', included' : ''})`;
}

function PriceRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" fw={strong ? 700 : undefined}>
      <Text component="dt" size="sm" fw="inherit" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw="inherit" m={0} style={{ flexShrink: 0 }}>
        {value}
      </Text>
    </Group>
  );
}
