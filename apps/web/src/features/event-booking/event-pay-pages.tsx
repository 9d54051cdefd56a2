import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { formatMoney, type EventPageDto } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { usePaymentOptions } from '../bookings/api/get-payment-options.ts';
import { BookingProblemNote } from './booking-problem-note.tsx';
import { startEventCheckout, useEventPage, useMyEventBooking } from './event-booking-api.ts';
import { openCheckout } from '../../widget/open-checkout.ts';
import { chosenDate, dateLabel, priceLabel, useEventFlow, useGoTo } from './event-flow.ts';
import { EventFrame, EventLoadError, EventLoading, EventNotFound, useClientSession } from './event-frame.tsx';
import { useBookEvent, useNextStep } from './use-book-event.ts';
import { READABLE_ALERT } from './event-facts.tsx';

/** A step that needs the event and a signed-in client of the studio (others go to the account step). */
function SignedInStep({
  title,
  children,
}: {
  title: string;
  children: (event: EventPageDto, companyId: string) => ReactNode;
}) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const page = useEventPage(flow.company, flow.eventId);
  const client = useClientSession(flow.company);
  usePageTitle(title);
  const needsAccount = client.status === 'none' || client.status === 'other';
  useEffect(() => {
    if (needsAccount && flow.eventId) void goTo(flow.pathOf('account'), true);
  }, [needsAccount, flow, goTo]);
  return (
    <EventFrame>
      {!flow.eventId ? (
        <EventNotFound />
      ) : page.isError ? (
        <EventLoadError error={page.error} />
      ) : !page.data || client.status !== 'client' ? (
        <EventLoading />
      ) : page.data.state !== 'open' ? (
        // A cancelled or past event has nothing to pay for: its page says why.
        <Navigate replace to={flow.pathOf('event')} />
      ) : (
        children(page.data, client.me.company.id)
      )}
    </EventFrame>
  );
}

function StepHeading({ title, event }: { title: string; event: EventPageDto }) {
  const flow = useEventFlow();
  const date = chosenDate(event.dates, flow.date);
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      <Text>
        {event.title}
        {date ? `, ${dateLabel(date, event.timeZone)}` : ''} · {priceLabel(event)}
      </Text>
    </Stack>
  );
}

/**
 * `book-event/packages/{eventId}` (spec §2): pay with a package the client holds, when the event
 * accepts packages. Skipped (to payment) when none of theirs can pay for it.
 */
export function EventPackagesPage() {
  return (
    <SignedInStep title="Pay with a package">
      {(event, companyId) => <PackagesStep event={event} companyId={companyId} />}
    </SignedInStep>
  );
}

const ANOTHER_WAY = 'another-way';

function PackagesStep({ event, companyId }: { event: EventPageDto; companyId: string }) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const date = chosenDate(event.dates, flow.date);
  const options = usePaymentOptions(companyId, date?.classInstanceId ?? '', Boolean(date));
  const usable = options.data?.packages.filter((held) => held.usable) ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const { book, busy, problem } = useBookEvent(event);
  const skip =
    !event.acceptsPackages || event.price === 0 || (options.data !== undefined && usable.length === 0);

  useEffect(() => {
    if (!date) void goTo(flow.pathOf('event'), true);
    else if (skip) void goTo(flow.pathOf('payment', date.classInstanceId), true);
  }, [date, skip, flow, goTo]);

  if (!date || skip || !options.data) return <EventLoading />;
  const chosen = choice ?? usable[0]?.clientPackageId ?? ANOTHER_WAY;
  const onContinue = async () => {
    if (chosen === ANOTHER_WAY) return goTo(flow.pathOf('payment', date.classInstanceId));
    const booked = await book({ clientPackageId: chosen });
    if (booked) await goTo(flow.pathOf('booked', date.classInstanceId), true);
  };
  return (
    <Stack gap="md">
      <StepHeading title="Pay with a package" event={event} />
      <Radio.Group label="Pay with" value={chosen} onChange={setChoice}>
        <Stack gap={0} mt={4}>
          {usable.map((held) => (
            <Radio
              key={held.clientPackageId}
              value={held.clientPackageId}
              label={
                held.kind === 'class-pack'
                  ? `${held.name} (${held.remaining ?? 0} ${held.remaining === 1 ? 'credit' : 'credits'} left; uses 1)`
                  : `${held.name} (membership)`
              }
              styles={{ body: { minHeight: 44, alignItems: 'center' } }}
            />
          ))}
          <Radio
            value={ANOTHER_WAY}
            label={`Pay ${priceLabel(event)} another way`}
            styles={{ body: { minHeight: 44, alignItems: 'center' } }}
          />
        </Stack>
      </Radio.Group>
      <BookingProblemNote problem={problem} />
      <BusyButton onClick={() => void onContinue()} busy={busy} style={{ alignSelf: 'flex-start' }}>
        {chosen === ANOTHER_WAY ? 'Continue to payment' : 'Book with this package'}
      </BusyButton>
    </Stack>
  );
}

/**
 * `book-event/payment/{eventId}` (spec §2): pay the event's price on Stripe's page (when the studio
 * takes cards online) or at the studio. A free event skips this step: its place is booked at once.
 */
export function EventPaymentPage() {
  return <SignedInStep title="Payment">{(event) => <PaymentStep event={event} />}</SignedInStep>;
}

type Way = 'card' | 'studio';

function PaymentStep({ event }: { event: EventPageDto }) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const date = chosenDate(event.dates, flow.date);
  const mine = useMyEventBooking(flow.company, flow.eventId, true);
  const { next, busy: freeBusy, problem: freeProblem } = useNextStep(event);
  const { book, busy, problem } = useBookEvent(event);
  const [way, setWay] = useState<Way>(event.payOnline ? 'card' : 'studio');
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const started = useRef(false);
  const held = mine.data?.booking;
  const owedPlace = held && ['booked', 'offered'].includes(held.status) && held.owed ? held : null;

  useEffect(() => {
    // Nothing to pay: a free event is booked now (this step is skipped).
    if (event.price === 0 && !started.current) {
      started.current = true;
      void next(true);
    }
  });

  if (!date) return <EventLoading />;
  if (event.price === 0) return freeProblem ? <BookingProblemNote problem={freeProblem} /> : <EventLoading />;
  if (!mine.data) return <EventLoading />;

  const payByCard = async (bookingId: string) => {
    setCheckoutError(null);
    setLeaving(true);
    try {
      const { url } = await startEventCheckout(flow.company, flow.eventId, bookingId);
      // Inside a studio's site (the widget's frame) Stripe opens in a tab of its own: back here, the place is read again.
      openCheckout(url, () => {
        setLeaving(false);
        void mine.refetch();
      });
    } catch (failure) {
      setLeaving(false);
      setCheckoutError(
        failure instanceof Error ? failure.message : 'Stripe could not be opened. Please try again.',
      );
    }
  };

  const onPay = async () => {
    if (owedPlace) {
      if (way === 'card') return payByCard(owedPlace.id);
      return goTo(flow.pathOf('booked', owedPlace.classInstanceId), true);
    }
    const bookingId = await book({ dropIn: true });
    if (!bookingId) return;
    if (way === 'card') return payByCard(bookingId);
    return goTo(flow.pathOf('booked', date.classInstanceId), true);
  };

  const price = formatMoney(event.price, event.currency);
  return (
    <Stack gap="md">
      <StepHeading title="Payment" event={event} />
      {owedPlace ? <Text>Your place is held; {price} is still to pay.</Text> : null}
      <Radio.Group label="How would you like to pay?" value={way} onChange={(value) => setWay(value as Way)}>
        <Stack gap={0} mt={4}>
          {event.payOnline ? (
            <Radio
              value="card"
              label={`Pay ${price} now by card (on Stripe’s secure page)`}
              styles={{ body: { minHeight: 44, alignItems: 'center' } }}
            />
          ) : null}
          <Radio
            value="studio"
            label={`Pay ${price} at the studio`}
            styles={{ body: { minHeight: 44, alignItems: 'center' } }}
          />
        </Stack>
      </Radio.Group>
      {!event.payOnline ? (
        <Text size="sm" c="dimmed">
          {event.companyName} does not take card payments online; you pay when you arrive.
        </Text>
      ) : null}
      <BookingProblemNote problem={problem} />
      <div role="alert">
        {checkoutError ? (
          <Alert styles={READABLE_ALERT} color="red" variant="light" title="Stripe could not be opened">
            {checkoutError}
          </Alert>
        ) : null}
      </div>
      <BusyButton
        onClick={() => void onPay()}
        busy={busy || leaving || freeBusy}
        style={{ alignSelf: 'flex-start' }}
      >
        {way === 'card'
          ? owedPlace
            ? `Pay ${price} by card`
            : `Book and pay ${price} by card`
          : owedPlace
            ? 'Pay at the studio'
            : 'Book, pay at the studio'}
      </BusyButton>
    </Stack>
  );
}

const POLLS = 20;

/**
 * `payment/book-event/{eventId}` (spec §2): where Stripe's page returns. Paid: the booked page once the
 * studio has heard from Stripe. Left without paying: says so, with Try again and Pay at the studio.
 */
export function EventPaymentReturnPage() {
  return <SignedInStep title="Payment">{(event) => <PaymentReturn event={event} />}</SignedInStep>;
}

function PaymentReturn({ event }: { event: EventPageDto }) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const [search] = useSearchParams();
  const cancelled = search.get('checkout') === 'cancelled';
  const mine = useMyEventBooking(flow.company, flow.eventId, true);
  const [polls, setPolls] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const held = mine.data?.booking;
  const paid = held?.payment.dropIn?.paid === true || (held !== undefined && held !== null && !held.owed);

  useEffect(() => {
    if (cancelled || !mine.data) return;
    if (paid && held) {
      void goTo(flow.pathOf('booked', held.classInstanceId), true);
      return;
    }
    if (polls >= POLLS) return;
    // Stripe tells the studio by webhook, usually within seconds of the return.
    const timer = setTimeout(() => {
      setPolls((count) => count + 1);
      void mine.refetch();
    }, 1500);
    return () => clearTimeout(timer);
  }, [cancelled, mine, paid, held, polls, goTo, flow]);

  const retry = async () => {
    if (!held) return;
    setError(null);
    setLeaving(true);
    try {
      const { url } = await startEventCheckout(flow.company, flow.eventId, held.id);
      openCheckout(url, () => {
        setLeaving(false);
        void mine.refetch();
      });
    } catch (failure) {
      setLeaving(false);
      setError(failure instanceof Error ? failure.message : 'Stripe could not be opened. Please try again.');
    }
  };

  if (!mine.data) return <EventLoading />;
  if (!held) {
    return (
      <Stack gap="md">
        <Title order={1}>Payment</Title>
        <Text>You have no place in {event.title} to pay for.</Text>
        <Button
          component={Link}
          to={flow.pathOf('event')}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          Back to the event
        </Button>
      </Stack>
    );
  }
  if (!cancelled && polls < POLLS) return <EventLoading />;
  return (
    <Stack gap="md">
      <Title order={1}>{cancelled ? 'Payment not completed' : 'Payment not confirmed yet'}</Title>
      <Alert
        styles={READABLE_ALERT}
        color="yellow"
        variant="light"
        role="alert"
        title={
          cancelled ? 'You left Stripe’s page without paying' : 'Stripe has not confirmed the payment yet'
        }
      >
        Your place in {event.title} is held, with {priceLabel(event)} still to pay. Try the card again, or pay
        at the studio.
      </Alert>
      <div role="alert">
        {error ? (
          <Alert styles={READABLE_ALERT} color="red" variant="light">
            {error}
          </Alert>
        ) : null}
      </div>
      <Group gap="sm">
        <BusyButton onClick={() => void retry()} busy={leaving}>
          Try paying again
        </BusyButton>
        <Button variant="light" onClick={() => void goTo(flow.pathOf('booked', held.classInstanceId), true)}>
          Pay at the studio instead
        </Button>
      </Group>
    </Stack>
  );
}
