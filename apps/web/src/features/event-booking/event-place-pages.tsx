import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, isObjectId, type EventPageDto, type MyEventBookingDto } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { cancelBooking } from '../bookings/api/cancel-booking.ts';
import { BookingProblemNote } from './booking-problem-note.tsx';
import {
  cancelByLink,
  eventPageKey,
  myEventBookingKey,
  useCancelLink,
  useEventPage,
  useMyEventBooking,
} from './event-booking-api.ts';
import { Fact, Facts, READABLE_ALERT } from './event-facts.tsx';
import { chosenDate, dateLabel, placesLabel, useEventFlow, useGoTo } from './event-flow.ts';
import { EventFrame, EventLoadError, EventLoading, EventNotFound, useClientSession } from './event-frame.tsx';
import { useBookEvent } from './use-book-event.ts';

type Place = NonNullable<MyEventBookingDto['booking']>;
const HOLDS_PLACE = ['booked', 'offered', 'checked_in'];

/** The event and, for a signed-in client of the studio, their place; others are sent to log in first. */
function WithPlace({
  title,
  then,
  children,
}: {
  title: string;
  then: 'booked' | 'cancel' | 'waitlist';
  children: (event: EventPageDto, mine: MyEventBookingDto | null) => ReactNode;
}) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const page = useEventPage(flow.company, flow.eventId);
  const client = useClientSession(flow.company);
  const mine = useMyEventBooking(flow.company, flow.eventId, client.status === 'client');
  usePageTitle(title);
  // The fully-booked page is for everyone; the booked and cancel pages need the client's account.
  const needsAccount = then !== 'waitlist' && (client.status === 'none' || client.status === 'other');
  useEffect(() => {
    if (needsAccount && flow.eventId) void goTo(flow.pathOf('account', flow.date, { then }), true);
  }, [needsAccount, flow, goTo, then]);
  const waiting = client.status === 'loading' || (client.status === 'client' && !mine.data && !mine.isError);
  return (
    <EventFrame>
      {!flow.eventId ? (
        <EventNotFound />
      ) : page.isError ? (
        <EventLoadError error={page.error} />
      ) : mine.isError ? (
        <EventLoadError error={mine.error} />
      ) : !page.data || waiting || needsAccount ? (
        <EventLoading />
      ) : then === 'waitlist' && page.data.state !== 'open' ? (
        // A cancelled or past event has no waitlist to join: its page says why.
        <Navigate replace to={flow.pathOf('event')} />
      ) : (
        children(page.data, mine.data ?? null)
      )}
    </EventFrame>
  );
}

function PlaceFacts({ event, place }: { event: EventPageDto; place: Place }) {
  const payment = place.payment;
  return (
    <Facts>
      <Fact label="When">{dateLabel(place, event.timeZone)}</Fact>
      <Fact label="Where">{event.place}</Fact>
      <Fact label="Payment">
        {payment.packageName
          ? `Paid with ${payment.packageName}`
          : payment.dropIn
            ? `${formatMoney(payment.dropIn.amount, payment.dropIn.currency)}, ${payment.dropIn.paid ? 'paid' : 'to pay at the studio'}`
            : place.status === 'waitlisted'
              ? 'Nothing until a place opens for you'
              : 'Free'}
      </Fact>
    </Facts>
  );
}

/**
 * `event/booked-event/{eventId}` (spec §2): the confirmation, with the place's calendar file and the way
 * to cancel it.
 */
export function EventBookedPage() {
  return (
    <WithPlace title="You are booked" then="booked">
      {(event, mine) => <Booked event={event} mine={mine} />}
    </WithPlace>
  );
}

function Booked({ event, mine }: { event: EventPageDto; mine: MyEventBookingDto | null }) {
  const flow = useEventFlow();
  const place = mine?.booking;
  if (!place || !HOLDS_PLACE.includes(place.status)) {
    const waiting = place?.status === 'waitlisted';
    return (
      <Stack gap="md">
        <Title order={1}>{waiting ? 'You are on the waitlist' : 'You have no place in this event'}</Title>
        <Text>
          {waiting
            ? `You are number ${place.waitlistPosition ?? '?'} in line for ${event.title}. We email you if a place opens.`
            : place
              ? `Your place in ${event.title} has ended (${place.status.replace('_', ' ')}).`
              : `You have not booked ${event.title} yet.`}
        </Text>
        <Anchor component={Link} to={flow.pathOf('event')} className="tap-link">
          Back to the event
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>You are booked</Title>
      <Text>
        Your place in <strong>{event.title}</strong> is confirmed. We have emailed you the details.
      </Text>
      <PlaceFacts event={event} place={place} />
      {mine?.calendarUrl ? (
        <Button
          component="a"
          href={mine.calendarUrl}
          download="event.ics"
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          Add to calendar (.ics)
        </Button>
      ) : null}
      {mine?.cancellationRule ? <Text size="sm">{mine.cancellationRule}</Text> : null}
      <Anchor component={Link} to={flow.pathOf('cancel', place.classInstanceId)} className="tap-link">
        Cancel my place
      </Anchor>
    </Stack>
  );
}

/**
 * `event/fully-booked/{eventId}` (spec §2): no place is left on the chosen date. With the event's
 * waitlist on, a client joins it (and sees their position); otherwise it says so.
 */
export function EventFullyBookedPage() {
  return (
    <WithPlace title="Fully booked" then="waitlist">
      {(event, mine) => <FullyBooked event={event} mine={mine} />}
    </WithPlace>
  );
}

function FullyBooked({ event, mine }: { event: EventPageDto; mine: MyEventBookingDto | null }) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const client = useClientSession(flow.company);
  const date = chosenDate(event.dates, flow.date);
  const { book, busy, problem } = useBookEvent(event);
  const { ref, focusLater } = useFocusLater<HTMLParagraphElement>();
  const place = mine?.booking;
  const waiting = place?.status === 'waitlisted' ? place : null;

  useEffect(() => {
    // A place that opened meanwhile (or one the client already holds) is not "fully booked".
    if (place && HOLDS_PLACE.includes(place.status))
      void goTo(flow.pathOf('booked', place.classInstanceId), true);
  }, [place, flow, goTo]);

  const join = async () => {
    if (client.status !== 'client') return goTo(flow.pathOf('account', flow.date, { then: 'waitlist' }));
    const booked = await book();
    if (booked) focusLater();
  };

  return (
    <Stack gap="md">
      <Title order={1}>Fully booked</Title>
      <Text>
        {event.title}
        {date ? ` on ${dateLabel(date, event.timeZone)}` : ''} has no places left.
        {date && date.placesLeft > 0 ? ` (${placesLabel(date.placesLeft)} now.)` : ''}
      </Text>
      {waiting ? (
        <Text ref={ref} tabIndex={-1} fw={700}>
          You are number {waiting.waitlistPosition ?? '?'} on the waitlist. If a place opens for you, we email
          you.
        </Text>
      ) : event.waitlist ? (
        <Stack gap="xs">
          <Text>
            Join the waitlist: if someone cancels, the place goes to the first in line and we email you.
          </Text>
          <BookingProblemNote problem={problem} />
          <BusyButton onClick={() => void join()} busy={busy} style={{ alignSelf: 'flex-start' }}>
            Join the waitlist
          </BusyButton>
        </Stack>
      ) : (
        <Alert styles={READABLE_ALERT} color="gray" variant="light" title="This event has no waitlist">
          The studio does not keep a waitlist for it. Look for another date or event.
        </Alert>
      )}
      {waiting ? (
        <Anchor component={Link} to={flow.pathOf('cancel', waiting.classInstanceId)} className="tap-link">
          Leave the waitlist
        </Anchor>
      ) : null}
      <Anchor component={Link} to={flow.pathOf('event')} className="tap-link">
        Back to the event
      </Anchor>
    </Stack>
  );
}

/**
 * `event/cancel-event/{eventId}` (spec §2): a signed-in client cancels their place (or leaves the
 * waitlist), told the cancellation rule before they confirm.
 */
export function EventCancelPage() {
  return (
    <WithPlace title="Cancel my place" then="cancel">
      {(event, mine) => <CancelPlace event={event} mine={mine} />}
    </WithPlace>
  );
}

function CancelPlace({ event, mine }: { event: EventPageDto; mine: MyEventBookingDto | null }) {
  const flow = useEventFlow();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { ref, focusLater } = useFocusLater<HTMLHeadingElement>();
  const place = mine?.booking;
  const active = place && ['booked', 'offered', 'waitlisted'].includes(place.status) ? place : null;

  const cancel = async () => {
    if (!active) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await cancelBooking({ bookingId: active.id });
      setDone(
        answer.status === 'late_cancelled'
          ? 'Your place is cancelled (late).'
          : active.status === 'waitlisted'
            ? 'You have left the waitlist.'
            : 'Your place is cancelled.',
      );
      focusLater();
      await queryClient.invalidateQueries({ queryKey: myEventBookingKey(flow.company, flow.eventId) });
      await queryClient.invalidateQueries({ queryKey: eventPageKey(flow.company, flow.eventId) });
    } catch (failure) {
      setError(
        failure instanceof Error ? failure.message : 'The place could not be cancelled. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Stack gap="md">
        <Title order={1} ref={ref} tabIndex={-1}>
          {done}
        </Title>
        <Text>We have emailed you a confirmation.</Text>
        <Anchor component={Link} to={flow.pathOf('event')} className="tap-link">
          Back to the event
        </Anchor>
      </Stack>
    );
  if (!active)
    return (
      <Stack gap="md">
        <Title order={1}>Nothing to cancel</Title>
        <Text>You have no place in {event.title} to cancel.</Text>
        <Anchor component={Link} to={flow.pathOf('event')} className="tap-link">
          Back to the event
        </Anchor>
      </Stack>
    );
  const waiting = active.status === 'waitlisted';
  return (
    <Stack gap="md">
      <Title order={1}>{waiting ? 'Leave the waitlist' : 'Cancel my place'}</Title>
      <Text>
        {event.title}, {dateLabel(active, event.timeZone)}
      </Text>
      {!waiting && mine?.cancellationRule ? (
        <Alert styles={READABLE_ALERT} color="blue" variant="light" title="Before you cancel">
          {mine.cancellationRule}
        </Alert>
      ) : null}
      <PlaceFacts event={event} place={active} />
      <div role="alert">
        {error ? (
          <Alert styles={READABLE_ALERT} color="red" variant="light">
            {error}
          </Alert>
        ) : null}
      </div>
      <BusyButton color="red.8" onClick={() => void cancel()} busy={busy} style={{ alignSelf: 'flex-start' }}>
        {waiting ? 'Leave the waitlist' : 'Cancel my place'}
      </BusyButton>
      <Anchor component={Link} to={flow.pathOf('booked', active.classInstanceId)} className="tap-link">
        Keep my place
      </Anchor>
    </Stack>
  );
}

/**
 * `user/event/cancel-event/{eventId}/{userId}?booking=…&sig=…` (spec §2): the confirmation email's
 * link. It works without logging in and cancels only the place it was signed for; a changed link is
 * refused by the server and cancels nothing.
 */
export function EventCancelLinkPage() {
  const flow = useEventFlow();
  const { userId = '' } = useParams();
  const [search] = useSearchParams();
  const booking = search.get('booking') ?? '';
  const sig = search.get('sig') ?? '';
  usePageTitle('Cancel my place');
  const wellFormed =
    Boolean(flow.eventId) && isObjectId(userId) && isObjectId(booking) && /^[\w-]{43}$/.test(sig);
  return (
    <EventFrame>
      {wellFormed ? (
        <CancelByLink userId={userId} booking={booking} sig={sig} />
      ) : (
        <InvalidLink message="The link is incomplete: it may have been cut short. Open it from your confirmation email as it was sent." />
      )}
    </EventFrame>
  );
}

function InvalidLink({ message }: { message: string }) {
  const flow = useEventFlow();
  return (
    <Stack gap="md">
      <Title order={1}>This cancellation link does not work</Title>
      <Alert styles={READABLE_ALERT} color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Text>
        You can also log in and cancel from the event page.{' '}
        <Anchor
          component={Link}
          to={flow.pathOf('cancel')}
          fz="inherit"
          underline="always"
          className="tap-link"
        >
          Log in to cancel
        </Anchor>
      </Text>
    </Stack>
  );
}

function CancelByLink({ userId, booking, sig }: { userId: string; booking: string; sig: string }) {
  const flow = useEventFlow();
  const info = useCancelLink(flow.company, flow.eventId, userId, booking, sig);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { ref, focusLater } = useFocusLater<HTMLHeadingElement>();
  if (info.isError) {
    const status = info.error instanceof ApiError ? info.error.statusCode : 0;
    return (
      <InvalidLink
        message={
          status === 404
            ? 'We could not find this booking: the link may have been changed.'
            : info.error.message
        }
      />
    );
  }
  if (!info.data) return <EventLoading />;
  const data = info.data;
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelByLink(flow.company, flow.eventId, userId, booking, sig);
      setDone(true);
      focusLater();
    } catch (failure) {
      setError(
        failure instanceof Error ? failure.message : 'The place could not be cancelled. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  const when = dateLabel({ startsAt: data.startsAt, endsAt: data.startsAt }, data.timeZone).replace(
    /–.*$/,
    '',
  );
  if (done)
    return (
      <Stack gap="md">
        <Title order={1} ref={ref} tabIndex={-1}>
          Your place is cancelled
        </Title>
        <Text>
          {data.eventTitle}, {when}. We have emailed you a confirmation.
        </Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={1}>Cancel your place</Title>
      <Text>
        {data.clientName}, this cancels your place in <strong>{data.eventTitle}</strong> on {when} (
        {data.place}).
      </Text>
      {data.cancellable ? (
        <>
          <Alert styles={READABLE_ALERT} color="blue" variant="light" title="Before you cancel">
            {data.cancellationRule}
          </Alert>
          <BookingProblemNote problem={error ? { message: error, waiver: false } : null} />
          <BusyButton
            color="red.8"
            onClick={() => void cancel()}
            busy={busy}
            style={{ alignSelf: 'flex-start' }}
          >
            Cancel my place
          </BusyButton>
        </>
      ) : (
        <Alert styles={READABLE_ALERT} color="gray" variant="light" title="Nothing to cancel">
          {['cancelled', 'late_cancelled'].includes(data.status)
            ? 'This place is already cancelled.'
            : 'This event date has started or ended; contact the studio.'}
        </Alert>
      )}
    </Stack>
  );
}
