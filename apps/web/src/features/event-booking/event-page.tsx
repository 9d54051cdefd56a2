import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { EventPageDto } from '@kinetic/shared';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { BookingProblemNote } from './booking-problem-note.tsx';
import { useMyEventBooking, useEventPage } from './event-booking-api.ts';
import { Fact, Facts, READABLE_ALERT } from './event-facts.tsx';
import {
  categoryLabel,
  chosenDate,
  dateLabel,
  placesLabel,
  priceLabel,
  studioZoneNote,
  useEventFlow,
  useGoTo,
} from './event-flow.ts';
import { EventFrame, EventLoadError, EventLoading, EventNotFound, useClientSession } from './event-frame.tsx';
import { useNextStep } from './use-book-event.ts';

/**
 * `event/book-event/{eventId}` (spec §2): the event as anyone with its link sees it — unlisted ones
 * too — with its dates (one to choose when there are several), place, price, places left and
 * facilitators, and Book. A cancelled or past event says so and offers nothing to book.
 */
export function EventPage() {
  const flow = useEventFlow();
  const page = useEventPage(flow.company, flow.eventId);
  usePageTitle(page.data ? page.data.title : 'Event');
  return (
    <EventFrame>
      {!flow.eventId ? (
        <EventNotFound />
      ) : page.isError ? (
        <EventLoadError error={page.error} />
      ) : !page.data ? (
        <EventLoading />
      ) : page.data.id !== flow.eventId ? (
        // The address named one of its dates (spec §4's stored class-instance id): the event's own address.
        <Navigate
          replace
          to={`${flow.base}/event/book-event/${page.data.id}${page.data.dateId ? `?date=${page.data.dateId}` : ''}`}
        />
      ) : (
        <EventDetails event={page.data} />
      )}
    </EventFrame>
  );
}

/** The address's query with the chosen date (the rest, such as `?next=`, kept). */
const withDate = (date: string) => (old: URLSearchParams) => {
  const next = new URLSearchParams(old);
  next.set('date', date);
  return next;
};

function EventDetails({ event }: { event: EventPageDto }) {
  const flow = useEventFlow();
  const goTo = useGoTo();
  const [, setSearch] = useSearchParams();
  const client = useClientSession(flow.company);
  const mine = useMyEventBooking(flow.company, flow.eventId, client.status === 'client');
  const { next, busy, problem } = useNextStep(event);
  const open = event.state === 'open' && event.dates.length > 0;
  // The first date with a place left is chosen unless the address names one.
  const chosen =
    chosenDate(event.dates, flow.date) ?? event.dates.find((date) => date.placesLeft > 0) ?? event.dates[0];
  const held = mine.data?.booking;
  const active =
    held && ['booked', 'offered', 'checked_in', 'waitlisted'].includes(held.status) ? held : null;

  useEffect(() => {
    // The chosen date is in the address, so Back and the next steps keep it.
    if (open && chosen && flow.date !== chosen.classInstanceId)
      setSearch(withDate(chosen.classInstanceId), { replace: true, preventScrollReset: true });
  }, [open, chosen, flow.date, setSearch]);

  const onBook = async () => {
    if (!chosen || busy) return;
    if (chosen.placesLeft <= 0) return goTo(flow.pathOf('fullyBooked', chosen.classInstanceId));
    if (client.status === 'client') return next(false);
    return goTo(flow.pathOf('account', chosen.classInstanceId));
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1} td={event.state === 'cancelled' ? 'line-through' : undefined}>
            {event.title}
          </Title>
          {event.state === 'cancelled' ? (
            <Text span fw={700} c="red.9" size="sm">
              Cancelled
            </Text>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {categoryLabel(event.category)} · {event.companyName}
        </Text>
      </Stack>
      {event.image ? (
        <img
          src={`/api/uploads/original/${encodeURIComponent(event.image)}`}
          alt=""
          width={640}
          height={320}
          style={{ width: '100%', height: 'auto', maxHeight: 320, objectFit: 'cover', borderRadius: 8 }}
        />
      ) : null}
      {event.state === 'cancelled' ? (
        <Alert styles={READABLE_ALERT} color="red" variant="light" title="This event has been cancelled">
          The studio cancelled it; nothing can be booked. Anyone who had a place has been told.
        </Alert>
      ) : null}
      {event.state === 'past' ? (
        <Alert styles={READABLE_ALERT} color="gray" variant="light" title="This event has taken place">
          It has no dates left to book.{' '}
          <Anchor component={Link} to={flow.listPath} fz="inherit" underline="always">
            See the events coming up
          </Anchor>
        </Alert>
      ) : null}
      {event.description ? <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text> : null}
      <Facts>
        {open && event.dates.length === 1 && chosen ? (
          <Fact label="When">
            {dateLabel(chosen, event.timeZone)}
            <ZoneNote event={event} startsAt={chosen.startsAt} />
          </Fact>
        ) : null}
        <Fact label="Where">{event.place}</Fact>
        <Fact label="Price">{priceLabel(event)}</Fact>
        {/* Several dates: each says its own places beside it (one figure here read as the event's). */}
        {open && event.dates.length === 1 && chosen ? (
          <Fact label="Places">{placesLabel(chosen.placesLeft)}</Fact>
        ) : null}
        {event.facilitators.length > 0 ? (
          <Fact label={event.facilitators.length === 1 ? 'Facilitator' : 'Facilitators'}>
            {event.facilitators.map((person) => person.name).join(', ')}
          </Fact>
        ) : null}
      </Facts>
      {/* Holding a place, the client books no other date here: choices that did nothing are not offered. */}
      {open && event.dates.length > 1 && !active ? (
        <DateChoice
          event={event}
          value={chosen?.classInstanceId ?? ''}
          onChange={(value) => setSearch(withDate(value), { replace: true, preventScrollReset: true })}
        />
      ) : null}
      {active ? (
        <Alert
          styles={READABLE_ALERT}
          color="green"
          variant="light"
          title={active.status === 'waitlisted' ? 'You are on the waitlist' : 'You have a place'}
        >
          <Text size="sm">
            {active.status === 'waitlisted'
              ? `You are number ${active.waitlistPosition ?? '?'} on the waitlist for ${dateLabel(active, event.timeZone)}. `
              : `You are booked for ${dateLabel(active, event.timeZone)}. `}
            <Anchor
              component={Link}
              to={flow.pathOf(
                active.status === 'waitlisted' ? 'fullyBooked' : 'booked',
                active.classInstanceId,
              )}
              fz="inherit"
              underline="always"
            >
              {active.status === 'waitlisted' ? 'See your place in line' : 'See your booking'}
            </Anchor>
          </Text>
        </Alert>
      ) : open && chosen ? (
        <Stack gap="xs">
          <BookingProblemNote problem={problem} />
          {chosen.placesLeft > 0 ? (
            <Button
              size="md"
              onClick={() => void onBook()}
              aria-disabled={busy || undefined}
              style={{ alignSelf: 'flex-start' }}
            >
              {busy ? 'Booking…' : 'Book'}
            </Button>
          ) : (
            <Button
              size="md"
              variant="light"
              onClick={() => void onBook()}
              style={{ alignSelf: 'flex-start' }}
            >
              {event.waitlist ? 'Fully booked: join the waitlist' : 'Fully booked'}
            </Button>
          )}
        </Stack>
      ) : null}
      <Anchor component={Link} to={flow.listPath} size="sm" className="tap-link">
        More events at {event.companyName}
      </Anchor>
    </Stack>
  );
}

/**
 * The event's dates as native radios (the phone's own control; no Mantine Radio in this page's first
 * chunk), each with its places left.
 */
function DateChoice({
  event,
  value,
  onChange,
}: {
  event: EventPageDto;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 700, fontSize: 'var(--mantine-font-size-sm)', padding: 0 }}>
        Choose a date
        <ZoneNote event={event} startsAt={event.dates[0]?.startsAt ?? ''} />
      </legend>
      {event.dates.map((date) => (
        <label
          key={date.classInstanceId}
          style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 44, cursor: 'pointer' }}
        >
          <input
            type="radio"
            name="event-date"
            value={date.classInstanceId}
            checked={date.classInstanceId === value}
            onChange={() => onChange(date.classInstanceId)}
            style={{ width: 20, height: 20, margin: 0, accentColor: 'var(--mantine-primary-color-filled)' }}
          />
          <Text span>
            {dateLabel(date, event.timeZone)} — {placesLabel(date.placesLeft)}
          </Text>
        </label>
      ))}
    </fieldset>
  );
}

/** "(the studio's time: Eastern Standard Time)" when the visitor's clock differs from the studio's. */
function ZoneNote({ event, startsAt }: { event: EventPageDto; startsAt: string }) {
  const zone = studioZoneNote(startsAt, event.timeZone);
  return zone ? (
    <Text span size="sm" c="dimmed">
      {' '}
      (the studio’s time: {zone})
    </Text>
  ) : null;
}
