import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  formatMoney,
  type ClientAccountDto,
  type ClientPackageDto,
  type OrderDto,
} from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useAppBase } from '../../shell/use-app-base.ts';
import { useClientProfile } from './api/client-profile-api.ts';
import { BookClientDialog } from './book-client-dialog.tsx';
import {
  BookingsSection,
  ContactCard,
  HeldPackagesList,
  NotesSection,
  ProfileSection,
  WaiverCard,
} from './profile-sections.tsx';
import { sendResetLink } from './send-reset-link.ts';
import {
  creditsLabel,
  dayLabel,
  instantLabel,
  LEDGER_ENTRY_LABEL,
  packageBadge,
  packageChangeLabel,
  packageDatesLabel,
  packageKindLabel,
  refundable,
  remainingLabel,
} from './account-labels.ts';
import {
  changeClientPackage,
  useAccountMutation,
  useClientAccount,
  type PackageChange,
} from './api/client-account-api.ts';
import { OrderCard } from './order-card.tsx';
import { useOrderHistory } from './order-history.tsx';
import { CancelForm, PauseForm, type CancelChoice } from './membership-dialogs.tsx';
import { MarkPaidForm, RefundForm } from './order-dialogs.tsx';
import { SellForm } from './sell-dialog.tsx';
import { SignupDetailsCard } from '../signup-details/signup-details-card.tsx';
import { StatusNote } from '../../ui/status-note.tsx';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

type Dialog = { kind: 'sell' } | { kind: 'pay' | 'refund'; order: OrderDto } | null;

const SECTIONS = [
  { id: 'overview', title: 'Overview' },
  { id: 'bookings', title: 'Bookings' },
  { id: 'packages', title: 'Packages & credits' },
  { id: 'orders', title: 'Orders & payments', financial: true },
  { id: 'notes', title: 'Notes' },
] as const;

/**
 * One client's profile (`clients/profile/:clientId/:userId`; both segments name the client): contact,
 * sign-up details, waiver, bookings with their history, packages and credits, orders and payments, and
 * the team's notes; the actions of earlier issues (book, sell, pause, resume, cancel, take payment,
 * refund) and a password-reset link. Money comes only from calls the server answers for roles that may
 * see it (`me.can.seeFinancials`): for others those parts are not asked for, not hidden.
 */
export function ClientAccountPage() {
  const { clientId = '', userId = '' } = useParams();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const financial = me.data?.can.seeFinancials ?? false;
  // What this person may do here (issue 15 §2): book and send links for a client; sell, take payment, refund.
  const manageClients = me.data?.can.manageClients ?? false;
  const sell = me.data?.can.sellAndRefund ?? false;
  const profile = useClientProfile(companyId, clientId, userId);
  // Both address segments name the client: when they differ the server answers the profile 404, and the
  // account is not asked for at all.
  const account = useClientAccount(financial && clientId === userId ? companyId : '', clientId);
  const base = useAppBase();
  const name = profile.data?.client.name || account.data?.clientName || 'Client profile';
  usePageTitle(name);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [booking, setBooking] = useState(false);
  const [resetNote, setResetNote] = useState<string | null>(null);
  const [resetBusy, setResetBusy] = useState(false);
  // Each opening of a dialog mounts a new form: a new Idempotency-Key, a clean form.
  const [opening, setOpening] = useState(0);
  const open = (next: NonNullable<Dialog>) => {
    setOpening((count) => count + 1);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const data = account.data;
  const sections = SECTIONS.filter((section) => financial || !('financial' in section));
  const sendReset = () => {
    setResetBusy(true);
    setResetNote(null);
    sendResetLink(clientId)
      .then(setResetNote, () => undefined)
      .finally(() => setResetBusy(false));
  };

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={`${base}/clients`} size="sm">
        ← All clients
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {profile.data ? (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[profile.data.client.email, profile.data.client.phone].filter(Boolean).join(' · ')}
            </Text>
          ) : data ? (
            <Text c="dimmed">Client account: packages, orders and credits.</Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {profile.data && manageClients ? (
            <Button onClick={() => setBooking(true)}>Book into a class</Button>
          ) : null}
          {data && sell ? (
            <Button variant={profile.data ? 'default' : 'filled'} onClick={() => open({ kind: 'sell' })}>
              Sell
            </Button>
          ) : null}
          {profile.data && manageClients ? (
            <BusyButton variant="default" busy={resetBusy} onClick={sendReset}>
              Send reset link
            </BusyButton>
          ) : null}
        </Group>
      </Group>
      <StatusNote note={resetNote} />
      {profile.data ? (
        <Group component="nav" aria-label="Profile sections" gap="xs" wrap="wrap">
          {sections.map((section) => (
            <Anchor
              key={section.id}
              href={`#${section.id}`}
              size="sm"
              onClick={(event) => jumpTo(event, section.id)}
            >
              {section.title}
            </Anchor>
          ))}
        </Group>
      ) : null}
      {profile.isError ? (
        <Alert color="red" role="alert" title="The client's profile could not be loaded">
          {profile.error.message}
        </Alert>
      ) : null}
      {account.isError && !profile.isError ? (
        <Alert color="red" role="alert" title="The client's account could not be loaded">
          {account.error.message}
        </Alert>
      ) : null}
      {!profile.data && !data && !profile.isError && !account.isError ? <PageLoader /> : null}
      {data?.deletionRequestedAt ? (
        <Alert color="yellow" title="Asked to delete their account">
          On {deletionDay(data.deletionRequestedAt)}. Their name, email, phone and sign-up details are removed
          on{' '}
          {deletionDay(
            new Date(
              Date.parse(data.deletionRequestedAt) + ACCOUNT_DELETION_GRACE_DAYS * 86_400_000,
            ).toISOString(),
          )}
          ; orders and visits stay, without the name.
        </Alert>
      ) : null}
      {profile.data ? (
        <>
          <ProfileSection id="overview" title="Overview">
            <ContactCard profile={profile.data} />
            <WaiverCard profile={profile.data} />
            <SignupDetailsCard companyId={companyId} clientId={clientId} />
          </ProfileSection>
          <ProfileSection id="bookings" title="Bookings">
            <BookingsSection companyId={companyId} profile={profile.data} />
          </ProfileSection>
        </>
      ) : null}
      {data || profile.data ? (
        <ProfileSection id="packages" title="Packages & credits" landmark={!data}>
          {data ? (
            <>
              <PackagesSection account={data} companyId={companyId} canChange={sell} />
              <LedgerSection account={data} />
            </>
          ) : financial ? (
            <PageLoader />
          ) : profile.data ? (
            <HeldPackagesList profile={profile.data} />
          ) : null}
        </ProfileSection>
      ) : null}
      {data ? (
        <ProfileSection id="orders" title="Orders & payments">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="account-balance">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={3} size="h4" id="account-balance">
                Balance owing
              </Title>
              <Text fw={700} size="xl" c={data.balanceOwing > 0 ? 'red.9' : undefined}>
                {formatMoney(data.balanceOwing, data.currency)}
              </Text>
            </Group>
          </Paper>
          <OrdersSection
            account={data}
            companyId={companyId}
            onPay={sell ? (order) => open({ kind: 'pay', order }) : undefined}
            onRefund={sell ? (order) => open({ kind: 'refund', order }) : undefined}
          />
        </ProfileSection>
      ) : null}
      {profile.data ? (
        <ProfileSection id="notes" title="Notes">
          <NotesSection companyId={companyId} profile={profile.data} />
        </ProfileSection>
      ) : null}
      {profile.data ? (
        <BookClientDialog
          companyId={companyId}
          clientId={clientId}
          clientName={profile.data.client.name}
          opened={booking}
          onClose={() => setBooking(false)}
        />
      ) : null}
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
            introOfferAllowed={data.introOfferAllowed ?? true}
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
            packagesBought={(data?.packages ?? [])
              .filter(
                (held) =>
                  dialog.order.id === held.orderId && (held.status === 'active' || held.status === 'paused'),
              )
              .map((held) => held.terms.name)}
            onCancel={close}
            onDone={close}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

/** Where focus goes after a change to a package: one of its buttons, else its name. */
interface FocusRequest {
  heldId: string;
  control: 'pause' | 'resume' | 'cancel' | 'name';
}

function PackagesSection({
  account,
  companyId,
  canChange,
}: {
  account: ClientAccountDto;
  companyId: string;
  /** Pause, resume and cancel (sellAndRefund); without it the packages are listed without controls. */
  canChange: boolean;
}) {
  const [note, setNote] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  // After a change the button pressed may be gone (Resume becomes Pause; a cancelled package has none):
  // focus goes to the package's next control, else its name, else the section's heading — never the page.
  // The account shown may be the one from before the change for a moment: then wait for the new one.
  const asked = useRef<ClientAccountDto | null>(null);
  useEffect(() => {
    if (!focus) return;
    const section = sectionRef.current;
    const find = (control: FocusRequest['control']) =>
      section?.querySelector<HTMLElement>(`[data-focus-key="${focus.heldId}:${control}"]`);
    const wanted = find(focus.control);
    if (!wanted && account === asked.current) return;
    (wanted ?? find('name') ?? section?.querySelector<HTMLElement>('#account-packages'))?.focus();
    setFocus(null);
  }, [focus, account]);
  const done = (message: string, next: FocusRequest) => {
    setNote(message);
    asked.current = account;
    setFocus(next);
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-packages" ref={sectionRef}>
      <Title order={3} size="h4" id="account-packages" tabIndex={-1}>
        Packages
      </Title>
      <StatusNote note={note} />
      {account.packages.length === 0 ? (
        <Text c="dimmed">{canChange ? 'No packages yet: sell one with Sell.' : 'No packages yet.'}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={listStyle}>
          {account.packages.map((held) => (
            <HeldPackage
              key={held.id}
              held={held}
              companyId={companyId}
              today={account.today ?? localToday()}
              canChange={canChange}
              onDone={done}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Today on this device's calendar: only when the server did not say the company's. */
const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

function HeldPackage({
  held,
  companyId,
  today,
  canChange,
  onDone,
}: {
  held: ClientPackageDto;
  companyId: string;
  today: string;
  canChange: boolean;
  onDone: (message: string, focus: FocusRequest) => void;
}) {
  const change = useAccountMutation(companyId, held.clientId, changeClientPackage);
  const [problem, setProblem] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'pause' | 'cancel' | null>(null);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const name = held.terms.name;
  const membership = held.terms.kind === 'membership';
  const key = (control: FocusRequest['control']) => ({ 'data-focus-key': `${held.id}:${control}` });
  const busy = (what: PackageChange) => change.isPending && change.variables.change === what;

  const resume = async () => {
    setProblem(null);
    try {
      const answer = await change.mutateAsync({ clientPackageId: held.id, change: 'resume' });
      onDone(
        held.status === 'paused'
          ? `${name} resumed${answer.paidUntil ? `: paid until ${dayLabel(answer.paidUntil)}` : ''}.`
          : `${name}: the planned pause is called off.`,
        { heldId: held.id, control: 'pause' },
      );
    } catch (error) {
      setProblem(apiFormError(error).message);
    }
  };
  const pause = async (body: { from: string | null; until: string | null }) => {
    const answer = await change.mutateAsync({ clientPackageId: held.id, change: 'pause', body });
    setDialog(null);
    const until = answer.pausedUntil ? ` until ${dayLabel(answer.pausedUntil)}` : ' until resumed';
    // The Pause button gives way to Resume (paused now) or Call off the pause (planned): focus goes there,
    // never to Cancel beside it, where a second Enter would start cancelling.
    onDone(
      answer.status === 'paused'
        ? `${name} paused${until}.`
        : `${name} will be paused from ${dayLabel(answer.pausedFrom ?? today)}${until}.`,
      { heldId: held.id, control: 'resume' },
    );
  };
  const cancel = async (choice: CancelChoice) => {
    const answer = await change.mutateAsync({ clientPackageId: held.id, change: 'cancel', body: choice });
    setDialog(null);
    onDone(
      answer.status !== 'cancelled'
        ? `${name} ends on ${dayLabel(answer.endsOn ?? '')}: it is not renewed.`
        : choice.waiveCommitment && held.cancellableFrom
          ? `${name} cancelled: its commitment, to ${dayLabel(held.cancellableFrom)}, was waived.`
          : `${name} cancelled.`,
      { heldId: held.id, control: 'name' },
    );
  };

  const planned = held.status === 'active' && Boolean(held.pausedFrom);
  const changeLabel = packageChangeLabel(held);
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Title order={4} size="md" style={{ overflowWrap: 'anywhere' }} tabIndex={-1} {...key('name')}>
            {name}
          </Title>
          <Badge color={packageBadge(held).colour} variant="filled">
            {packageBadge(held).label}
          </Badge>
        </Group>
        <Text size="sm">
          {packageKindLabel(held)} · {remainingLabel(held)}
        </Text>
        <Text size="sm" c="dimmed">
          {packageDatesLabel(held)}
        </Text>
        {changeLabel ? <Text size="sm">{changeLabel}</Text> : null}
        {problem ? (
          <Alert color="red" variant="light" role="alert" title={`${name} was not changed`}>
            {problem}
          </Alert>
        ) : null}
        {canChange && (held.status === 'active' || held.status === 'paused') ? (
          <Group gap="xs">
            {membership && held.status === 'active' && !planned && !held.endsOn ? (
              <Button
                size="xs"
                variant="default"
                aria-label={`Pause ${name}`}
                onClick={() => setDialog('pause')}
                {...key('pause')}
              >
                Pause
              </Button>
            ) : null}
            {held.status === 'paused' || planned ? (
              <BusyButton
                size="xs"
                variant="default"
                busy={busy('resume')}
                aria-label={planned ? `Call off the pause of ${name}` : `Resume ${name}`}
                onClick={() => void resume()}
                {...key('resume')}
              >
                {planned ? 'Call off the pause' : 'Resume'}
              </BusyButton>
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Cancel ${name}`}
              onClick={() => setDialog('cancel')}
              {...key('cancel')}
            >
              Cancel
            </Button>
          </Group>
        ) : null}
      </Stack>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'pause' ? `Pause ${name}` : `Cancel ${name}?`}
        size="lg"
        fullScreen={narrow}
        returnFocus
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {dialog === 'pause' ? (
          <PauseForm
            held={held}
            today={today}
            busy={busy('pause')}
            onPause={pause}
            onCancel={() => setDialog(null)}
          />
        ) : dialog === 'cancel' ? (
          <CancelForm
            held={held}
            today={today}
            busy={busy('cancel')}
            onConfirm={cancel}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Modal>
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
  /** Absent without sellAndRefund: the orders are listed without Mark paid and Refund. */
  onPay: ((order: OrderDto) => void) | undefined;
  onRefund: ((order: OrderDto) => void) | undefined;
}) {
  const { shown, footer } = useOrderHistory(companyId, account);
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-orders">
      <Title order={3} size="h4" id="account-orders">
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
      {footer}
    </Stack>
  );
}

function OrderItem({
  order,
  onPay,
  onRefund,
}: {
  order: OrderDto;
  onPay: ((order: OrderDto) => void) | undefined;
  onRefund: ((order: OrderDto) => void) | undefined;
}) {
  const canPay = onPay !== undefined && order.status === 'open';
  const canRefund =
    onRefund !== undefined &&
    (order.status === 'paid' || order.status === 'partly-refunded') &&
    refundable(order) > 0;
  return (
    <OrderCard
      order={order}
      actions={
        canPay || canRefund ? (
          <Group gap="xs">
            {canPay ? (
              <Button
                size="xs"
                aria-label={`Mark paid: order #${order.number}`}
                onClick={() => onPay?.(order)}
              >
                Mark paid
              </Button>
            ) : null}
            {canRefund ? (
              <Button
                size="xs"
                variant="default"
                aria-label={`Refund: order #${order.number}`}
                onClick={() => onRefund?.(order)}
              >
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
      <Title order={3} size="h4" id="account-ledger">
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

/** A section link moves the keyboard too: to the section's heading, not only the scroll position. */
function jumpTo(event: { preventDefault: () => void }, id: string) {
  event.preventDefault();
  const heading = document.getElementById(`${id}-heading`);
  heading?.scrollIntoView({ block: 'start' });
  heading?.focus({ preventScroll: true });
}

const deletionDay = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(instant));
