import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CLIENT_ROLES,
  formatMoney,
  type AccountDto,
  type ClassInstanceDetailsDto,
  type MyBookingDto,
  type PaymentOptionsDto,
} from '@kinetic/shared';
import { ApiError, newIdempotencyKey } from '../../api/client.ts';
import { loginPathForRole } from '../../shell/login-path.ts';
import { hasSession } from '../../shell/session.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useMe } from '../accounts/api/get-me.ts';
import { dayTimeLabel } from '../schedule/class-labels.ts';
import { acceptOffer } from './api/accept-offer.ts';
import { bookClass } from './api/book-class.ts';
import { clientBookingKeys } from './api/booking-keys.ts';
import { cancelBooking } from './api/cancel-booking.ts';
import { declineOffer } from './api/decline-offer.ts';
import { usePaymentOptions } from './api/get-payment-options.ts';
import { useMyBookings } from './api/list-my-bookings.ts';
import { useRefreshingMutation } from './api/use-refreshing-mutation.ts';
import { cancellationRule, hasStarted, isLateCancel, money } from './booking-labels.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');
const ACTIVE = new Set(['booked', 'waitlisted', 'offered', 'checked_in']);

interface ClientBookingPanelProps {
  /** The company's slug from the URL. */
  company: string;
  item: ClassInstanceDetailsDto;
}

/**
 * Booking on the public class page: a visitor is asked to log in or sign up; a signed-in client of this
 * company sees where they stand (booked, waitlisted, offered) and what they can do next.
 */
export function ClientBookingPanel({ company, item }: ClientBookingPanelProps) {
  const signedIn = hasSession();
  const me = useMe({ enabled: signedIn });
  if (item.status === 'cancelled') return <Text>This class is cancelled.</Text>;
  if (signedIn && me.isPending) return <Text>Checking your bookings…</Text>;
  const account = me.data;
  const client =
    signedIn &&
    account &&
    (CLIENT_ROLES as readonly string[]).includes(account.user.roleId) &&
    account.company.slug.toLowerCase() === company.toLowerCase();
  if (!client)
    return <LogInToBook company={company} item={item} otherAccount={signedIn ? account : undefined} />;
  return <ClientBooking company={company} account={account} item={item} />;
}

function LogInToBook({
  company,
  item,
  otherAccount,
}: {
  company: string;
  item: ClassInstanceDetailsDto;
  otherAccount?: AccountDto | undefined;
}) {
  const { roleId: roleParam } = useParams();
  const roleId = roleParam === 'client' ? 'client' : 'solo-client';
  // The login comes back to this class (a solo client's when the studio marked the link special, spec §4).
  const login = `${loginPathForRole(company, roleId)}?classInstanceId=${item.id}&details=1`;
  const signup = `/${company}/${roleId}/client/client-signup`;
  return (
    <Stack gap="xs" align="flex-start">
      {!otherAccount ? (
        <Text size="sm">Log in or create an account to book this class.</Text>
      ) : (CLIENT_ROLES as readonly string[]).includes(otherAccount.user.roleId) ? (
        <Text size="sm">
          You are signed in as a client of {otherAccount.company.name}. To book here, log in with an account
          at this studio.
        </Text>
      ) : (
        <Text size="sm">
          You are signed in as {otherAccount.user.name} of the studio’s team. Book clients from the class page
          in the studio app, or log in with a client account.
        </Text>
      )}
      <Group gap="sm">
        <Button component={Link} to={login}>
          Log in to book
        </Button>
        <Button component={Link} to={signup} variant="default">
          Sign up
        </Button>
      </Group>
    </Stack>
  );
}

function ClientBooking({
  company,
  account,
  item,
}: {
  company: string;
  account: AccountDto;
  item: ClassInstanceDetailsDto;
}) {
  const mine = useMyBookings(account.company.id, item.id);
  const refresh = clientBookingKeys(account.company.id, company);
  const book = useRefreshingMutation(bookClass, refresh);
  // One key per booking meant: pressing Book again after a lost answer gets that answer, not a second place.
  const intent = useRef(newIdempotencyKey());
  // How the place is paid: the server's default unless the client picks another package or the drop-in.
  const [payWith, setPayWith] = useState<string | null>(null);
  const options = usePaymentOptions(account.company.id, item.id, !hasStarted(item));
  const chosen = payWith ?? defaultPayment(options.data);
  const bookOnce = () =>
    book
      .mutateAsync({
        classInstanceId: item.id,
        idempotencyKey: intent.current,
        ...(chosen === DROP_IN
          ? { dropIn: true }
          : chosen && chosen !== FREE
            ? { clientPackageId: chosen }
            : {}),
      })
      .then((answer) => {
        intent.current = newIdempotencyKey();
        return answer;
      });
  const cancel = useRefreshingMutation(cancelBooking, refresh);
  const accept = useRefreshingMutation(acceptOffer, refresh);
  const decline = useRefreshingMutation(declineOffer, refresh);
  const [error, setError] = useState<string | null>(null);
  const [needsWaiver, setNeedsWaiver] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const run = (action: () => Promise<unknown>) => {
    setError(null);
    setNeedsWaiver(false);
    action().then(
      () => setConfirmCancel(false),
      (failure: unknown) => {
        setConfirmCancel(false);
        setError(messageOf(failure));
        setNeedsWaiver(failure instanceof ApiError && Boolean(failure.errors?.waiver));
      },
    );
  };

  if (mine.isError)
    return (
      <Alert color="red" role="alert" title="Your bookings could not be loaded">
        {mine.error.message}
      </Alert>
    );
  if (!mine.data) return <Text>Checking your bookings…</Text>;
  const booking: MyBookingDto | undefined = mine.data.items.find(
    (entry) => entry.classInstanceId === item.id && ACTIVE.has(entry.status),
  );
  const started = hasStarted(item);
  const full = item.bookedCount >= item.capacity;
  const errorAlert = error ? (
    <Alert color="red" variant="light" role="alert" title="That did not work">
      {error}
      {needsWaiver ? (
        <>
          {' '}
          <Anchor component={Link} to={`/${company}/${account.user.roleId}/client/settings/waiver`} underline="always">
            Sign the waiver
          </Anchor>
        </>
      ) : null}
    </Alert>
  ) : null;

  let state: React.ReactNode;
  if (!booking) {
    state = started ? (
      <Text>This class has started; it can no longer be booked.</Text>
    ) : full && !item.rules.waitlistEnabled ? (
      <Text>This class is full.</Text>
    ) : (
      <>
        {full ? (
          <Text>This class is full; join the waitlist and we will let you know if a place opens.</Text>
        ) : null}
        <PaymentChoice options={options.data} value={chosen} onChange={setPayWith} />
        <Text size="sm">{cancellationRule(item, dayTimeLabel)}</Text>
        <BusyButton busy={book.isPending} onClick={() => run(bookOnce)}>
          {full ? 'Join the waitlist' : 'Book'}
        </BusyButton>
      </>
    );
  } else if (booking.status === 'checked_in') {
    state = <Text fw={700}>You’re checked in. Enjoy the class!</Text>;
  } else if (booking.status === 'booked') {
    state = (
      <>
        <Text fw={700}>You’re booked.</Text>
        {started ? null : (
          <Button variant="outline" color="red.8" onClick={() => setConfirmCancel(true)}>
            Cancel booking
          </Button>
        )}
      </>
    );
  } else if (booking.status === 'waitlisted') {
    state = (
      <>
        <Text fw={700}>
          {booking.waitlistPosition !== null
            ? `You’re number ${booking.waitlistPosition} on the waitlist.`
            : 'You’re on the waitlist.'}
        </Text>
        <BusyButton
          variant="outline"
          color="red.8"
          busy={cancel.isPending}
          onClick={() => run(() => cancel.mutateAsync({ bookingId: booking.id }))}
        >
          Leave the waitlist
        </BusyButton>
      </>
    );
  } else {
    state = (
      <>
        <Text fw={700}>
          A place is held for you
          {booking.offerExpiresAt ? ` until ${dayTimeLabel(booking.offerExpiresAt, item.timeZone)}` : ''}.
        </Text>
        <Group gap="sm">
          <BusyButton busy={accept.isPending} onClick={() => run(() => accept.mutateAsync(booking.id))}>
            Accept
          </BusyButton>
          <BusyButton
            variant="default"
            busy={decline.isPending}
            onClick={() => run(() => decline.mutateAsync(booking.id))}
          >
            Decline
          </BusyButton>
        </Group>
      </>
    );
  }

  const late = isLateCancel(item);
  const fee = item.rules.lateCancelFee;
  return (
    <Stack gap="xs" align="flex-start">
      {state}
      {errorAlert}
      <Modal
        opened={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel your booking?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          {late ? (
            <Text role="note">
              It is less than {item.rules.freeCancellationHoursBefore} hours before the class, so this counts
              as a late cancellation: the class counts as used (no credit back)
              {fee > 0 ? ` and a late-cancel fee of ${money(fee, item.currency)} is owed` : ''}.
            </Text>
          ) : (
            <Text>Your place goes to someone else. Cancelling now is free.</Text>
          )}
          <Group>
            <BusyButton
              color="red.8"
              data-autofocus
              busy={cancel.isPending}
              onClick={() => booking && run(() => cancel.mutateAsync({ bookingId: booking.id }))}
            >
              Cancel my booking
            </BusyButton>
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              Keep my booking
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

const DROP_IN = 'drop-in';
const FREE = 'free';

/** The server's choice: the best package's id, or the drop-in, or free. */
function defaultPayment(options: PaymentOptionsDto | undefined): string | null {
  if (!options) return null;
  return options.best.clientPackageId ?? options.best.kind;
}

/**
 * Says before booking what the place will use ("Uses 1 credit of your 10-Class Pack", "Drop-in: $25.00,
 * paid at the studio"); with more than one way to pay, a choice.
 */
function PaymentChoice({
  options,
  value,
  onChange,
}: {
  options: PaymentOptionsDto | undefined;
  value: string | null;
  onChange: (value: string) => void;
}) {
  if (!options) return null;
  const usable = options.packages.filter((held) => held.usable);
  const left = (remaining: number | null, kind: string) =>
    remaining === null ? 'unlimited' : `${remaining} ${kind === 'class-pack' ? 'credits' : 'classes'} left`;
  const choices = [
    ...usable.map((held) => ({
      value: held.clientPackageId,
      label: `${held.name} (${left(held.remaining, held.kind)})`,
    })),
    ...(options.dropInPrice > 0
      ? [
          {
            value: DROP_IN,
            label: `Drop-in: ${formatMoney(options.dropInPrice, options.currency)}, paid at the studio`,
          },
        ]
      : []),
  ];
  const unusable = options.packages.filter((held) => !held.usable);
  if (choices.length <= 1)
    return (
      <Stack gap={2}>
        <Text size="sm">{options.best.label}.</Text>
        {options.best.kind === DROP_IN && unusable.length > 0 ? (
          <Text size="sm" c="dimmed">
            {unusable.map((held) => held.problem).join(' ')}
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <NativeSelect
      label="Pay with"
      data={choices}
      value={value ?? choices[0]?.value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
