import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import {
  formatMoney,
  isUsedUp,
  packageTermsLabel,
  remainingLabel,
  type ClientAccountDto,
  type ClientPackageDto,
  type PackageDto,
} from '@kinetic/shared';
import { ApiError, newIdempotencyKey } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { openCheckout } from '../../widget/open-checkout.ts';
import { myAccountKey, useBuyPackage, useMyAccount, useOnSale, usePackagePrice } from './my-packages-api.ts';

const STATUS: Record<ClientPackageDto['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'yellow' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
};

const day = (localDate: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${localDate}T00:00:00Z`),
  );

function datesOf(held: ClientPackageDto): string | null {
  if (held.status !== 'active' && held.status !== 'paused') return null;
  if (held.terms.kind === 'membership' && held.paidUntil)
    return held.terms.autoRenew ? `Renews on ${day(held.paidUntil)}` : `Ends on ${day(held.paidUntil)}`;
  if (held.expiresAt)
    return `Credits expire ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(held.expiresAt))}`;
  return null;
}

/** Client › Settings › Packages: what they hold, what is left, when it renews or expires; buy more. */
export function MyPackagesPage() {
  usePageTitle('Packages');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const account = useMyAccount(companyId);
  const onSale = useOnSale(companyId);
  const [params] = useSearchParams();
  const [buying, setBuying] = useState<PackageDto | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // After a purchase the keyboard (and the view, on a phone far down the list) goes to what was bought.
  const bought = useFocusLater<HTMLParagraphElement>();
  const paid = params.get('paid');
  const cancelled = params.get('checkout') === 'cancelled';

  if (!account.data)
    return account.isError ? (
      <Alert color="red" role="alert" title="Your packages could not be loaded">
        {account.error.message}
      </Alert>
    ) : (
      <PageLoader />
    );
  const held = account.data.packages.filter((item) => item.status === 'active' || item.status === 'paused');
  const past = account.data.packages.filter((item) => item.status !== 'active' && item.status !== 'paused');

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Packages</Title>
      {paid ? (
        <Alert color="green" title="Thank you">
          Order #{paid} is paid online. It is yours as soon as the payment is confirmed (a few seconds).
        </Alert>
      ) : null}
      {cancelled ? <Alert color="yellow" title="Payment not finished">Nothing was charged. You can buy again below.</Alert> : null}
      {note ? (
        <Text role="status" fw={700} ref={bought.ref} tabIndex={-1}>
          {note}
        </Text>
      ) : null}
      {account.data.balanceOwing > 0 ? (
        <Alert color="yellow" title="To pay at the studio">
          You owe {formatMoney(account.data.balanceOwing, account.data.currency)}.{' '}
          {account.data.payOnline ? (
            <Anchor component={Link} to="../payment">
              Pay it online
            </Anchor>
          ) : (
            'Pay at the desk on your next visit.'
          )}
        </Alert>
      ) : null}

      <Stack gap="sm" component="section" aria-labelledby="held-heading">
        <Title order={2} size="h3" id="held-heading">
          What you hold
        </Title>
        {held.length === 0 ? <Text c="dimmed">Nothing yet: choose a membership or a class pack below.</Text> : null}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {held.map((item) => (
            <HeldPackage key={item.id} item={item} />
          ))}
        </Stack>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="buy-heading">
        <Title order={2} size="h3" id="buy-heading">
          Buy
        </Title>
        {!onSale.data ? (
          onSale.isError ? (
            <Alert color="red" role="alert" title="Packages could not be loaded">
              {onSale.error.message}
            </Alert>
          ) : (
            <PageLoader />
          )
        ) : onSale.data.items.length === 0 ? (
          <Text c="dimmed">The studio has nothing on sale online right now.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {onSale.data.items.map((item) => (
              <Paper key={item.id} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" align="center" gap="sm">
                  <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={700}>{item.name}</Text>
                      {item.introOffer ? (
                        <Badge color="teal" variant="light">
                          Intro offer
                        </Badge>
                      ) : null}
                    </Group>
                    {item.description ? <Text size="sm">{item.description}</Text> : null}
                    <Text size="sm" c="dimmed">
                      {packageTermsLabel(item)}
                    </Text>
                  </Stack>
                  <Button onClick={() => setBuying(item)} aria-label={`Buy ${item.name}`} miw={96}>
                    Buy
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>

      {past.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="past-heading">
          <Title order={2} size="h3" id="past-heading">
            Earlier
          </Title>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {past.map((item) => (
              <HeldPackage key={item.id} item={item} />
            ))}
          </Stack>
        </Stack>
      ) : null}

      <BuyDialog
        companyId={companyId}
        account={account.data}
        item={buying}
        onClose={() => setBuying(null)}
        onBought={(message) => {
          setBuying(null);
          setNote(message);
          // Not back to the Buy button (Mantine's return focus gives way): the line saying it is yours, at
          // the top, above what they now hold and what they owe.
          bought.focusLater();
        }}
      />
    </Stack>
  );
}

function HeldPackage({ item }: { item: ClientPackageDto }) {
  const status = isUsedUp(item) ? { label: 'Used up', color: 'gray' } : STATUS[item.status];
  const dates = datesOf(item);
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={700}>{item.terms.name}</Text>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        <Text size="sm">{remainingLabel(item)}</Text>
        {dates ? (
          <Text size="sm" c="dimmed">
            {dates}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function BuyDialog({
  companyId,
  account,
  item,
  onClose,
  onBought,
}: {
  companyId: string;
  account: ClientAccountDto;
  item: PackageDto | null;
  onClose: () => void;
  onBought: (message: string) => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={item ? `Buy ${item.name}` : ''}
      fullScreen={narrow}
      returnFocus
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {item ? <BuyForm key={item.id} companyId={companyId} account={account} item={item} onBought={onBought} onCancel={onClose} /> : null}
    </Modal>
  );
}

function BuyForm({
  companyId,
  account,
  item,
  onBought,
  onCancel,
}: {
  companyId: string;
  account: ClientAccountDto;
  item: PackageDto;
  onBought: (message: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [promo] = useDebouncedValue(code.trim().toUpperCase(), 400);
  const price = usePackagePrice(item.id, promo);
  const [online, setOnline] = useState(account.payOnline ? 'online' : 'studio');
  const [key] = useState(newIdempotencyKey);
  const buy = useBuyPackage(companyId);
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const priceError = price.error instanceof ApiError ? (price.error.errors?.promoCode ?? price.error.message) : null;
  const quote = price.data && !price.isPlaceholderData ? price.data : null;

  const confirm = async () => {
    setFailure(null);
    try {
      const answer = await buy.mutateAsync({ packageId: item.id, promoCode: promo, online: online === 'online', idempotencyKey: key });
      if (answer.checkoutUrl) {
        // Inside the booking widget Stripe opens in a new tab (it refuses frames); back here, read again.
        const opened = openCheckout(answer.checkoutUrl, () => void queryClient.invalidateQueries({ queryKey: myAccountKey(companyId) }));
        if (opened === 'new-tab')
          onBought(`Stripe’s payment page opened in a new tab: pay there, then come back here. ${item.name} is listed here once the payment is confirmed.`);
        return;
      }
      onBought(
        answer.order.status === 'paid'
          ? `${item.name} is yours.`
          : `${item.name} is yours now; pay ${formatMoney(answer.order.total, answer.order.currency)} at the studio.`,
      );
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'The purchase did not go through; please try again.');
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{packageTermsLabel(item)}</Text>
      <TextInput
        label="Promo code"
        description="Optional"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={promo && priceError ? priceError : undefined}
        autoCapitalize="characters"
      />
      <Paper withBorder p="sm" radius="md" aria-live="polite">
        {quote ? (
          <Stack gap={2}>
            {quote.lines.map((line) => (
              <Group key={line.id} justify="space-between" wrap="nowrap">
                <Text size="sm">{line.description}</Text>
                <Text size="sm">{formatMoney(line.unitPrice * line.quantity, quote.currency)}</Text>
              </Group>
            ))}
            {quote.discount > 0 ? (
              <Group justify="space-between">
                <Text size="sm">Discount{quote.promoCode ? ` (${quote.promoCode})` : ''}</Text>
                <Text size="sm">−{formatMoney(quote.discount, quote.currency)}</Text>
              </Group>
            ) : null}
            {quote.tax > 0 ? (
              <Group justify="space-between">
                <Text size="sm">Tax</Text>
                <Text size="sm">{formatMoney(quote.tax, quote.currency)}</Text>
              </Group>
            ) : null}
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700}>{formatMoney(quote.total, quote.currency)}</Text>
            </Group>
          </Stack>
        ) : price.isError && !promo ? (
          <Text size="sm" c="red.8" role="alert">
            {priceError}
          </Text>
        ) : promo && priceError ? (
          <Text size="sm">Clear the promo code to buy at the full price.</Text>
        ) : (
          <Text size="sm">Working out the price…</Text>
        )}
      </Paper>
      <Radio.Group label="How you pay" value={online} onChange={setOnline}>
        <Stack gap="xs" mt="xs">
          {account.payOnline ? <Radio value="online" label="Pay now by card (online)" /> : null}
          <Radio value="studio" label="Pay at the studio (it is yours now; pay at your next visit)" />
        </Stack>
      </Radio.Group>
      {failure ? (
        <Alert color="red" role="alert" title="Not bought">
          {failure}
        </Alert>
      ) : null}
      <Group>
        <BusyButton onClick={() => void confirm()} busy={buy.isPending} disabled={!quote || Boolean(promo && priceError)}>
          {quote ? (online === 'online' ? `Pay ${formatMoney(quote.total, quote.currency)}` : `Buy for ${formatMoney(quote.total, quote.currency)}`) : 'Buy'}
        </BusyButton>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
