import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, moneyLocale, type ClientAccountDto, type OrderDto } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useOrderHistory } from '../client-account-admin/order-history.tsx';
import { OrderCard } from '../client-account-admin/order-card.tsx';
import { useMyAccount } from '../client-packages/my-packages-api.ts';
import { usePayOrderOnline, useRemoveCard, useSaveCard } from './my-payment-api.ts';
import { openCheckout } from '../../widget/open-checkout.ts';
import { withHumanDates } from './order-dates.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;
const due = (order: OrderDto) => order.total - order.paid;

/**
 * Sends the browser to Stripe's page (inside the booking widget: a new tab, as Stripe refuses frames; the
 * page reads the account again when the client comes back to it); a refusal is said on the page.
 */
function useGoToStripe() {
  const [error, setError] = useState<string | null>(null);
  const [newTab, setNewTab] = useState(false);
  const queryClient = useQueryClient();
  const go = async (start: () => Promise<{ checkoutUrl: string }>) => {
    setError(null);
    try {
      const opened = openCheckout((await start()).checkoutUrl, () => void queryClient.invalidateQueries());
      setNewTab(opened === 'new-tab');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Stripe could not be reached. Try again.');
    }
  };
  return { error, newTab, go };
}

/**
 * Client › Settings › Payment: what they owe (and paying it online when the studio takes cards), the
 * card saved for renewals and fees (save one, remove it), and every order with its receipt lines.
 */
export function MyPaymentPage() {
  usePageTitle('Payment');
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const account = useMyAccount(companyId);
  const [params] = useSearchParams();
  const payOnline = usePayOrderOnline();
  const saveCard = useSaveCard();
  const removeCard = useRemoveCard(companyId);
  const stripe = useGoToStripe();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  if (!account.data)
    return account.isError ? (
      <Alert color="red" role="alert" title="Your payments could not be loaded">
        {account.error.message}
      </Alert>
    ) : (
      <PageLoader />
    );
  const data = account.data;
  const money = (amount: number) => formatMoney(amount, data.currency);
  const owed = data.orders.filter((order) => order.status === 'open' && due(order) > 0);
  const paid = params.get('paid');

  const remove = async () => {
    try {
      await removeCard.mutateAsync();
      setNote('Your card is removed. Renewals and fees are now paid at the studio.');
    } catch (failure) {
      setNote(failure instanceof Error ? failure.message : 'The card could not be removed. Try again.');
    }
    setConfirmRemove(false);
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Payment</Title>
      {paid ? (
        <Alert color="green" title="Thank you">
          Order #{paid} is paid online. It shows as paid as soon as Stripe confirms it (a few seconds).
        </Alert>
      ) : null}
      {params.get('card') === 'saved' ? (
        <Alert color="green" title="Card saved">
          Your card is saved with the studio for renewals and fees. It shows below once Stripe confirms it.
        </Alert>
      ) : null}
      {params.get('checkout') === 'cancelled' ? (
        <Alert color="yellow" title="Not finished">
          Nothing was charged or saved.
        </Alert>
      ) : null}
      {stripe.newTab ? (
        <Alert color="blue" role="status" title="Stripe’s page opened in a new tab">
          Finish there, then come back here: this page shows the payment once Stripe confirms it.
        </Alert>
      ) : null}
      {stripe.error ? (
        <Alert color="red" role="alert" title="Stripe’s page could not be opened">
          {stripe.error}
        </Alert>
      ) : null}
      {note ? (
        <Text role="status" fw={700}>
          {note}
        </Text>
      ) : null}

      <Stack gap="sm" component="section" aria-labelledby="balance-heading">
        <Title order={2} size="h3" id="balance-heading">
          Balance
        </Title>
        {owed.length === 0 ? (
          <Text>You owe nothing.</Text>
        ) : (
          <>
            <Text fw={700}>You owe {money(data.balanceOwing)}.</Text>
            <Stack gap="xs" component="ul" style={listStyle}>
              {owed.map((order) => (
                <Paper key={order.id} component="li" withBorder p="sm" radius="md">
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Text>
                      Order #{order.number}: {money(due(order))}
                    </Text>
                    {data.payOnline ? (
                      <BusyButton
                        busy={payOnline.isPending && payOnline.variables === order.id}
                        onClick={() => void stripe.go(() => payOnline.mutateAsync(order.id))}
                        aria-label={`Pay ${money(due(order))} online for order #${order.number}`}
                      >
                        Pay {money(due(order))} online
                      </BusyButton>
                    ) : null}
                  </Group>
                </Paper>
              ))}
            </Stack>
            {data.payOnline ? null : <Text c="dimmed">Pay at the desk on your next visit.</Text>}
          </>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="card-heading">
        <Title order={2} size="h3" id="card-heading">
          Saved card
        </Title>
        {!data.payOnline && !data.savedCard ? (
          <Text c="dimmed">This studio doesn’t take cards online, so there is no card to save here: pay at the desk (cash or card).</Text>
        ) : data.savedCard ? (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text>A card is saved with the studio’s Stripe account. Renewals and fees are charged to it.</Text>
            <Button variant="default" color="red" onClick={() => setConfirmRemove(true)}>
              Remove card
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text>No card saved: renewals and fees are paid at the studio.</Text>
            <BusyButton
              busy={saveCard.isPending}
              variant="default"
              onClick={() => void stripe.go(() => saveCard.mutateAsync())}
            >
              Save a card
            </BusyButton>
          </Group>
        )}
      </Stack>

      <OrdersSection account={data} companyId={companyId} />

      <Modal opened={confirmRemove} onClose={() => setConfirmRemove(false)} title="Remove your saved card?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text>The studio will no longer charge it. Renewals and fees will be owed at the studio until you save a card again.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmRemove(false)}>
              Keep it
            </Button>
            <BusyButton color="red" busy={removeCard.isPending} onClick={() => void remove()}>
              Remove card
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * Every order with its receipt lines. The account answers the newest hundred; older ones come a hundred
 * at a time on request, as at the desk (`useOlderOrders`).
 */
function OrdersSection({ account, companyId }: { account: ClientAccountDto; companyId: string }) {
  const { shown, footer } = useOrderHistory(companyId, account);
  const locale = moneyLocale();
  return (
    <Stack gap="sm" component="section" aria-labelledby="orders-heading">
      <Title order={2} size="h3" id="orders-heading">
        Orders and receipts
      </Title>
      {shown.length === 0 ? <Text c="dimmed">No orders yet.</Text> : null}
      <Stack gap="xs" component="ul" style={listStyle}>
        {shown.map((order) => (
          <OrderCard key={order.id} order={withHumanDates(order, locale)} />
        ))}
      </Stack>
      {footer}
    </Stack>
  );
}
