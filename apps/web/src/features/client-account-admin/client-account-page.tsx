import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useParams } from 'react-router';
import { ACCOUNT_DELETION_GRACE_DAYS, formatMoney, type ClientAccountDto, type ClientPackageDto, type OrderDto } from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { ConfirmActionButton } from '../class-templates/confirm-action-button.tsx';
import {
  creditsLabel,
  instantLabel,
  LEDGER_ENTRY_LABEL,
  PACKAGE_STATUS_COLOUR,
  PACKAGE_STATUS_LABEL,
  packageDatesLabel,
  packageKindLabel,
  refundable,
  remainingLabel,
} from './account-labels.ts';
import {
  ACCOUNT_ORDERS,
  changeClientPackage,
  useOlderOrders,
  useAccountMutation,
  useClientAccount,
  type PackageChange,
} from './api/client-account-api.ts';
import { OrderCard } from './order-card.tsx';
import { MarkPaidForm, RefundForm } from './order-dialogs.tsx';
import { SellForm } from './sell-dialog.tsx';
import { SignupDetailsCard } from '../signup-details/signup-details-card.tsx';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

type Dialog = { kind: 'sell' } | { kind: 'pay' | 'refund'; order: OrderDto } | null;

/**
 * The admin's view of one client's account (`clients/profile/:clientId/:userId`): what they owe, the
 * packages they hold (pause, resume, cancel), their orders (take payment, refund), the credit ledger,
 * and the desk sale.
 */
export function ClientAccountPage() {
  const { clientId = '' } = useParams();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const account = useClientAccount(companyId, clientId);
  const name = account.data?.clientName || 'Client account';
  usePageTitle(name);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Each opening of a dialog mounts a new form: a new Idempotency-Key, a clean form.
  const [opening, setOpening] = useState(0);
  const open = (next: NonNullable<Dialog>) => {
    setOpening((count) => count + 1);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const data = account.data;

  return (
    <Stack gap="lg" maw={880}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {data ? <Text c="dimmed">Client account: packages, orders and credits.</Text> : null}
        </Stack>
        {data ? <Button onClick={() => open({ kind: 'sell' })}>Sell</Button> : null}
      </Group>
      {account.isError ? (
        <Alert color="red" role="alert" title="The client's account could not be loaded">
          {account.error.message}
        </Alert>
      ) : !data ? (
        <PageLoader />
      ) : (
        <>
          {data.deletionRequestedAt ? (
            <Alert color="yellow" title="Asked to delete their account">
              On {deletionDay(data.deletionRequestedAt)}. Their name, email, phone and sign-up details are removed on{' '}
              {deletionDay(new Date(Date.parse(data.deletionRequestedAt) + ACCOUNT_DELETION_GRACE_DAYS * 86_400_000).toISOString())}
              ; orders and visits stay, without the name.
            </Alert>
          ) : null}
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="account-balance">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={2} size="h4" id="account-balance">
                Balance owing
              </Title>
              <Text fw={700} size="xl" c={data.balanceOwing > 0 ? 'red.9' : undefined}>
                {formatMoney(data.balanceOwing, data.currency)}
              </Text>
            </Group>
          </Paper>
          <SignupDetailsCard companyId={companyId} clientId={clientId} />
          <PackagesSection account={data} companyId={companyId} />
          <OrdersSection
            account={data}
            companyId={companyId}
            onPay={(order) => open({ kind: 'pay', order })}
            onRefund={(order) => open({ kind: 'refund', order })}
          />
          <LedgerSection account={data} />
        </>
      )}
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={
          dialog?.kind === 'sell'
            ? `Sell to ${name}`
            : dialog?.kind === 'pay'
              ? `Take payment for order #${dialog.order.number}`
              : dialog?.kind === 'refund'
                ? `Refund order #${dialog.order.number}`
                : ''
        }
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {data && dialog?.kind === 'sell' ? (
          <SellForm
            key={opening}
            companyId={companyId}
            clientId={clientId}
            clientName={data.clientName}
            currency={data.currency}
            onCancel={close}
            onSold={close}
          />
        ) : dialog?.kind === 'pay' ? (
          <MarkPaidForm
            key={opening}
            companyId={companyId}
            order={dialog.order}
            onCancel={close}
            onDone={close}
          />
        ) : dialog?.kind === 'refund' ? (
          <RefundForm
            key={opening}
            companyId={companyId}
            order={dialog.order}
            onCancel={close}
            onDone={close}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

function PackagesSection({ account, companyId }: { account: ClientAccountDto; companyId: string }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-packages">
      <Title order={2} size="h3" id="account-packages">
        Packages
      </Title>
      {account.packages.length === 0 ? (
        <Text c="dimmed">No packages yet: sell one with Sell.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={listStyle}>
          {account.packages.map((held) => (
            <HeldPackage key={held.id} held={held} companyId={companyId} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function HeldPackage({ held, companyId }: { held: ClientPackageDto; companyId: string }) {
  const change = useAccountMutation(companyId, held.clientId, changeClientPackage);
  const [problem, setProblem] = useState<string | null>(null);
  const name = held.terms.name;
  const run = async (what: PackageChange) => {
    setProblem(null);
    await change.mutateAsync({ clientPackageId: held.id, change: what });
  };
  const runHere = (what: PackageChange) =>
    run(what).catch((error: unknown) => setProblem(apiFormError(error).message));
  const membership = held.terms.kind === 'membership';
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge color={PACKAGE_STATUS_COLOUR[held.status]} variant="filled">
            {PACKAGE_STATUS_LABEL[held.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {packageKindLabel(held)} · {remainingLabel(held)}
        </Text>
        <Text size="sm" c="dimmed">
          {packageDatesLabel(held)}
        </Text>
        {problem ? (
          <Alert color="red" variant="light" role="alert" title={`${name} was not changed`}>
            {problem}
          </Alert>
        ) : null}
        {held.status === 'active' || held.status === 'paused' ? (
          <Group gap="xs">
            {membership && held.status === 'active' ? (
              <BusyButton
                size="xs"
                variant="default"
                busy={change.isPending && change.variables.change === 'pause'}
                aria-label={`Pause ${name}`}
                onClick={() => void runHere('pause')}
              >
                Pause
              </BusyButton>
            ) : null}
            {held.status === 'paused' ? (
              <BusyButton
                size="xs"
                variant="default"
                busy={change.isPending && change.variables.change === 'resume'}
                aria-label={`Resume ${name}`}
                onClick={() => void runHere('resume')}
              >
                Resume
              </BusyButton>
            ) : null}
            <ConfirmActionButton
              label="Cancel"
              ariaLabel={`Cancel ${name}`}
              title={`Cancel ${name}?`}
              confirmLabel={`Cancel ${membership ? 'the membership' : 'the pack'}`}
              failedTitle={`${name} was not cancelled`}
              busy={change.isPending && change.variables.change === 'cancel'}
              color="red"
              variant="subtle"
              run={() => run('cancel')}
            >
              {membership
                ? `${name} ends now: it no longer pays for classes or renews. Nothing is refunded by this; refund the order if money goes back.`
                : `${name} ends now: its credits left can no longer be used. Nothing is refunded by this; refund the order if money goes back.`}
            </ConfirmActionButton>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function OrdersSection({
  account,
  companyId,
  onPay,
  onRefund,
}: {
  account: ClientAccountDto;
  companyId: string;
  onPay: (order: OrderDto) => void;
  onRefund: (order: OrderDto) => void;
}) {
  const [olderPages, setOlderPages] = useState(0);
  const older = useOlderOrders(companyId, account.clientId, olderPages);
  const shown = [...account.orders, ...(older.data?.items ?? [])];
  const more =
    account.orders.length === ACCOUNT_ORDERS && (olderPages === 0 || (older.data !== undefined && shown.length < older.data.total));
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-orders">
      <Title order={2} size="h3" id="account-orders">
        Orders
      </Title>
      {account.orders.length === 0 ? (
        <Text c="dimmed">No orders yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={listStyle}>
          {shown.map((order) => (
            <OrderItem key={order.id} order={order} onPay={onPay} onRefund={onRefund} />
          ))}
        </Stack>
      )}
      {more ? (
        <div>
          <BusyButton variant="default" busy={older.isFetching} onClick={() => setOlderPages((pages) => pages + 1)}>
            Show older orders
          </BusyButton>
        </div>
      ) : null}
    </Stack>
  );
}

function OrderItem({
  order,
  onPay,
  onRefund,
}: {
  order: OrderDto;
  onPay: (order: OrderDto) => void;
  onRefund: (order: OrderDto) => void;
}) {
  const canRefund = (order.status === 'paid' || order.status === 'partly-refunded') && refundable(order) > 0;
  return (
    <OrderCard
      order={order}
      actions={
        order.status === 'open' || canRefund ? (
          <Group gap="xs">
            {order.status === 'open' ? (
              <Button size="xs" aria-label={`Mark order #${order.number} paid`} onClick={() => onPay(order)}>
                Mark paid
              </Button>
            ) : null}
            {canRefund ? (
              <Button size="xs" variant="default" aria-label={`Refund order #${order.number}`} onClick={() => onRefund(order)}>
                Refund
              </Button>
            ) : null}
          </Group>
        ) : null
      }
    />
  );
}

function LedgerSection({ account }: { account: ClientAccountDto }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-ledger">
      <Title order={2} size="h3" id="account-ledger">
        Credit ledger
      </Title>
      {account.ledger.length === 0 ? (
        <Text c="dimmed">No credits granted or used yet.</Text>
      ) : (
        // On a phone the table scrolls inside its own box; the box takes focus so keys can scroll it.
        <Table.ScrollContainer
          minWidth={560}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Credit ledger (scrolls sideways on small screens)"
        >
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Entry</Table.Th>
                <Table.Th scope="col" ta="right">
                  Credits
                </Table.Th>
                <Table.Th scope="col">Package</Table.Th>
                <Table.Th scope="col">Class or reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {account.ledger.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{instantLabel(entry.at)}</Table.Td>
                  <Table.Td>{LEDGER_ENTRY_LABEL[entry.entry]}</Table.Td>
                  <Table.Td ta="right">{creditsLabel(entry.credits)}</Table.Td>
                  <Table.Td>{entry.packageName}</Table.Td>
                  <Table.Td>{entry.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const deletionDay = (instant: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(instant));
