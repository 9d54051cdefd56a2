import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CLIENT_ROLES,
  type AccountDto,
  type ClassInstanceDetailsDto,
  type MyBookingDto,
} from '@kinetic/shared';
import { ApiError, newIdempotencyKey } from '../../api/client.ts';
import { loginPathForRole } from '../../shell/login-path.ts';
import { hasSession } from '../../shell/session.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { dayTimeLabel } from '../schedule/class-labels.ts';
import { useHereForReturn, WaiverNeededNote, waiverPathBack } from '../waivers/waiver-needed-note.tsx';
import { acceptOffer } from './api/accept-offer.ts';
import { bookClass } from './api/book-class.ts';
import { clientBookingKeys } from './api/booking-keys.ts';
import { cancelBooking } from './api/cancel-booking.ts';
import { declineOffer } from './api/decline-offer.ts';
import { usePaymentOptions } from './api/get-payment-options.ts';
import { useMyBookings } from './api/list-my-bookings.ts';
import { useRefreshingMutation } from './api/use-refreshing-mutation.ts';
import {
  bookedSentence,
  cancellationRule,
  creditBack,
  defaultPayment,
  DROP_IN,
  FREE,
  hasStarted,
  isLateCancel,
  money,
  paymentChoices,
} from './booking-labels.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PaymentChoice, waitlistPaymentNote } from './payment-choice.tsx';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong');
const ACTIVE = new Set(['booked', 'waitlisted', 'offered', 'checked_in']);

interface ClientBookingPanelProps {
  /** The company's slug from the URL. */
  company: string;
  item: ClassInstanceDetailsDto;
  /**
   * Where the log-in and sign-up links come back to (`?next=`), e.g. the widget's class page; without
   * it the login returns to this class in the client area.
   */
  returnTo?: string;
  /**
   * The client group a visitor joins where the address names no role (the widget): `solo-client` at a
   * solo instructor's, `client` otherwise (the default).
   */
  clientRole?: 'client' | 'solo-client';
}

/**
 * Booking on the public class page: a visitor is asked to log in or sign up; a signed-in client of this
 * company sees where they stand (booked, waitlisted, offered) and what they can do next.
 */
export function ClientBookingPanel({ company, item, returnTo, clientRole }: ClientBookingPanelProps) {
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
    return (
      <LogInToBook
        company={company}
        item={item}
        otherAccount={signedIn ? account : undefined}
        returnTo={returnTo}
        clientRole={clientRole}
      />
    );
  return <ClientBooking company={company} account={account} item={item} />;
}

function LogInToBook({
  company,
  item,
  otherAccount,
  returnTo,
  clientRole,
}: {
  company: string;
  item: ClassInstanceDetailsDto;
  otherAccount?: AccountDto | undefined;
  returnTo?: string | undefined;
  clientRole?: 'client' | 'solo-client' | undefined;
}) {
  const { roleId: roleParam } = useParams();
  // The widget has no role in its address: its visitors are the studio's clients (a solo instructor's
  // are solo clients).
  const roleId =
    roleParam === 'client' ? 'client' : returnTo && !roleParam ? (clientRole ?? 'client') : 'solo-client';
  const next = returnTo ? new URLSearchParams({ next: returnTo }).toString() : '';
  // The login comes back to this class (a solo client's when the studio marked the link special, spec §4).
  const login = next
    ? `${loginPathForRole(company, roleId)}?${next}`
    : `${loginPathForRole(company, roleId)}?classInstanceId=${item.id}&details=1`;
  const signup = `/${company}/${roleId}/client/client-signup${next ? `?${next}` : ''}`;
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

type Asking = 'cancel' | 'leave' | null;

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
  const [asking, setAsking] = useState<Asking>(null);
  // What the last action did, when its result is not the page's own state ("Booking cancelled…").
  const [notice, setNotice] = useState<string | null>(null);
  // After an action the button pressed is gone: the keyboard goes to the sentence saying what happened.
  const result = useFocusLater<HTMLParagraphElement>();
  const here = useHereForReturn();
  const run = (action: () => Promise<unknown>, done: string | null = null) => {
    setError(null);
    setNeedsWaiver(false);
    action().then(
      () => {
        setAsking(null);
        setNotice(done);
        result.focusLater();
      },
      (failure: unknown) => {
        setAsking(null);
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
  const roleId = account.user.roleId;
  const errorAlert = error ? (
    <Alert color="red" variant="light" role="alert" title="That did not work">
      {error}
      {needsWaiver ? (
        <>
          {' '}
          <Anchor component={Link} to={waiverPathBack(company, roleId, here)} fz="inherit" underline="always">
            Sign the waiver
          </Anchor>
        </>
      ) : null}
    </Alert>
  ) : null;
  // The sentence that says where the client stands; it takes the focus after an action.
  const headline = (text: string) => (
    <Text fw={700} ref={result.ref} tabIndex={-1}>
      {text}
    </Text>
  );

  let state: React.ReactNode;
  if (!booking) {
    const choice = options.data
      ? paymentChoices(options.data).find((entry) => entry.value === chosen)
      : undefined;
    const waitingPays = waitlistPaymentNote(options.data);
    state = (
      <>
        {notice ? headline(notice) : null}
        {started ? (
          <Text>This class has started; it can no longer be booked.</Text>
        ) : full && !item.rules.waitlistEnabled ? (
          <Text>This class is full.</Text>
        ) : (
          <>
            {full ? (
              <Text>This class is full; join the waitlist and we will let you know if a place opens.</Text>
            ) : null}
            <WaiverNeededNote companyId={account.company.id} company={company} roleId={roleId} />
            {full ? (
              waitingPays ? (
                <Text size="sm">{waitingPays}</Text>
              ) : null
            ) : (
              <PaymentChoice options={options.data} value={chosen} onChange={setPayWith} />
            )}
            <Text size="sm">
              {cancellationRule(item, dayTimeLabel, new Date(), { event: Boolean(item.eventId) })}
            </Text>
            <BusyButton busy={book.isPending} onClick={() => run(bookOnce)}>
              {full ? 'Join the waitlist' : (choice?.bookLabel ?? 'Book')}
            </BusyButton>
          </>
        )}
      </>
    );
  } else if (booking.status === 'checked_in') {
    state = headline('You’re checked in. Enjoy the class!');
  } else if (booking.status === 'booked') {
    state = (
      <>
        {headline(bookedSentence(booking))}
        {started ? null : (
          <Button variant="outline" color="red.9" onClick={() => setAsking('cancel')}>
            Cancel booking
          </Button>
        )}
      </>
    );
  } else if (booking.status === 'waitlisted') {
    state = (
      <>
        {headline(
          booking.waitlistPosition !== null
            ? `You’re number ${booking.waitlistPosition} on the waitlist.`
            : 'You’re on the waitlist.',
        )}
        <Button variant="outline" color="red.9" onClick={() => setAsking('leave')}>
          Leave the waitlist
        </Button>
      </>
    );
  } else {
    state = (
      <>
        {headline(
          `A place is held for you${booking.offerExpiresAt ? ` until ${dayTimeLabel(booking.offerExpiresAt, item.timeZone)}` : ''}.`,
        )}
        <Group gap="sm">
          <BusyButton busy={accept.isPending} onClick={() => run(() => accept.mutateAsync(booking.id))}>
            Accept
          </BusyButton>
          <BusyButton
            variant="default"
            busy={decline.isPending}
            onClick={() =>
              run(
                () => decline.mutateAsync(booking.id),
                'You gave the place back; it goes to the next person waiting.',
              )
            }
          >
            Decline
          </BusyButton>
        </Group>
      </>
    );
  }

  const late = booking?.status === 'booked' && isLateCancel(item);
  const fee = item.rules.lateCancelFee;
  const back = booking ? creditBack(booking) : null;
  const cancelled = booking ? creditBack(booking, true) : null;
  return (
    <Stack gap="xs" align="flex-start">
      {state}
      {errorAlert}
      <ConfirmDialog
        opened={asking === 'cancel'}
        title="Cancel your booking?"
        keepLabel="Keep my booking"
        confirmLabel="Cancel my booking"
        busy={cancel.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          booking &&
          run(
            () => cancel.mutateAsync({ bookingId: booking.id }),
            late
              ? `Booking cancelled, late: the class counts as used${fee > 0 ? ` and a ${money(fee, item.currency)} fee is owed` : ''}.`
              : `Booking cancelled${cancelled ? `: ${cancelled}` : ''}.`,
          )
        }
      >
        {late ? (
          <Text role="note">
            It is less than {item.rules.freeCancellationHoursBefore} hours before the class, so this counts as
            a late cancellation: the class counts as used (no credit back)
            {fee > 0 ? ` and a late-cancel fee of ${money(fee, item.currency)} is owed` : ''}.
          </Text>
        ) : (
          <Text>Your place goes to someone else. Cancelling now is free{back ? `: ${back}` : ''}.</Text>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'leave'}
        title="Leave the waitlist?"
        keepLabel="Stay on the waitlist"
        confirmLabel="Leave the waitlist"
        busy={cancel.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          booking && run(() => cancel.mutateAsync({ bookingId: booking.id }), 'You left the waitlist.')
        }
      >
        <Text>
          {booking?.waitlistPosition ? `You are #${booking.waitlistPosition} in line. ` : ''}If you leave, you
          give up your place in line; joining again puts you at the end.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
