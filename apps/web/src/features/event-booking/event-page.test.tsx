import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { COOKIE, type EventPageDto } from '@kinetic/shared';
import { deleteCookie, writeCookie } from '../../api/cookies.ts';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { clientAccount, COMPANY_ID } from '../schedule/schedule-test-fixtures.ts';
import { EventPage } from './event-page.tsx';

/** The event page against stubbed API answers: dates, states, and the way in by a date's id. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of Object.values(COOKIE)) deleteCookie(name);
});

const EVENT_ID = '6b0000000000000000000e02';
const FIRST = '6b0000000000000000000d11';
const SECOND = '6b0000000000000000000d12';
const date = (id: string, startsAt: string, placesLeft: number) => ({
  classInstanceId: id,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
  capacity: 10,
  bookedCount: 10 - placesLeft,
  waitlistCount: 0,
  placesLeft,
  status: 'scheduled' as const,
});

const event: EventPageDto = {
  id: EVENT_ID,
  title: 'Mobility Workshop',
  category: 'FitnessAndWellness',
  description: 'Hips and shoulders.',
  image: null,
  studioId: '6b0000000000000000000502',
  studioName: 'Midtown',
  timeZone: 'America/New_York',
  address: '5 Riverside Park, New York',
  capacity: 10,
  price: 3500,
  currency: 'USD',
  waitlist: false,
  dates: [date(FIRST, '2030-01-05T15:00:00.000Z', 0), date(SECOND, '2030-01-12T15:00:00.000Z', 4)],
  facilitators: [{ id: '6b0000000000000000000f01', name: 'Fran Facilitator' }],
  state: 'open',
  studioAddress: null,
  place: '5 Riverside Park, New York',
  acceptsPackages: false,
  payOnline: false,
  companyName: 'Acme Yoga',
  locale: 'en-US',
  dateId: null,
};

function open(path: string, pages: Record<string, EventPageDto>, mine?: object) {
  stubFetch((call) => {
    if (mine && call.path === 'me') return ok(clientAccount);
    if (mine && call.path === `public/acme/events/${EVENT_ID}/my-booking`) return ok(mine);
    if (call.path === 'public/acme')
      return ok({ id: COMPANY_ID, name: 'Acme Yoga', slug: 'acme', logoUrl: null, locale: 'en-US' });
    const id = /^public\/acme\/events\/(\w+)\/page$/.exec(call.path)?.[1];
    return id && pages[id] ? ok(pages[id]) : noStub(call);
  });
  return renderRoutes(
    [
      { path: '/:company/:roleId/client/app/event/book-event/:eventId', element: <EventPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    path,
  );
}

describe('event page', () => {
  it('shows the facts, chooses the first date with places, and a full date without a waitlist says so', async () => {
    const { router } = open(`/acme/client/client/app/event/book-event/${EVENT_ID}`, { [EVENT_ID]: event });
    await screen.findByRole('heading', { level: 1, name: 'Mobility Workshop' });
    expect(screen.getByText('Fitness & Wellness · Acme Yoga')).toBeTruthy();
    expect(screen.getByText('$35.00')).toBeTruthy();
    expect(screen.getByText('Fran Facilitator')).toBeTruthy();
    // Several dates: each says its places beside it, and no single figure reads as the event's.
    expect(screen.queryByText('Places')).toBeNull();
    expect(screen.getAllByText(/places left/).length).toBe(1);
    const second = screen.getByRole('radio', { name: /12 Jan 2030.*4 places left/ });
    expect((second as HTMLInputElement).checked).toBe(true);
    expect(router.state.location.search).toBe(`?date=${SECOND}`);
    fireEvent.click(screen.getByRole('radio', { name: /5 Jan 2030.*Fully booked/ }));
    await screen.findByRole('button', { name: 'Fully booked' });
    expect(router.state.location.search).toBe(`?date=${FIRST}`);
  });

  it('opened from the widget’s schedule, it keeps the way back through the date choice and Book', async () => {
    const { router } = open(`/acme/client/client/app/event/book-event/${EVENT_ID}?next=%2Facme%2Fwidget`, {
      [EVENT_ID]: event,
    });
    const back = await screen.findByRole('link', { name: 'Back to the schedule' });
    expect(back.getAttribute('href')).toBe('/acme/widget');
    await waitFor(() => expect(router.state.location.search).toBe(`?next=%2Facme%2Fwidget&date=${SECOND}`));
    fireEvent.click(screen.getByRole('radio', { name: /5 Jan 2030/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?next=%2Facme%2Fwidget&date=${FIRST}`));
    expect(screen.getByRole('link', { name: 'All events' }).getAttribute('href')).toBe(
      '/acme/client/client/app/events?next=%2Facme%2Fwidget',
    );
  });

  it('a return address to another site is not offered', async () => {
    open(`/acme/client/client/app/event/book-event/${EVENT_ID}?next=https%3A%2F%2Fevil.example`, {
      [EVENT_ID]: event,
    });
    await screen.findByRole('heading', { level: 1, name: 'Mobility Workshop' });
    expect(screen.queryByRole('link', { name: 'Back to the schedule' })).toBeNull();
  });

  it('a client holding a place is told which date, with no date choice that would do nothing', async () => {
    writeCookie(COOKIE.token, 'client-token');
    writeCookie(COOKIE.hostType, 'company');
    writeCookie(COOKIE.user, JSON.stringify({ _id: clientAccount.user.id, companyId: COMPANY_ID }));
    open(`/acme/client/client/app/event/book-event/${EVENT_ID}`, { [EVENT_ID]: event }, {
      booking: {
        id: '6b0000000000000000000b31',
        classInstanceId: SECOND,
        status: 'booked',
        waitlistPosition: null,
        startsAt: '2030-01-12T15:00:00.000Z',
        endsAt: '2030-01-12T16:30:00.000Z',
        payment: { packageName: null, dropIn: null },
        owed: false,
      },
      cancellationRule: null,
      calendarUrl: null,
    });
    await screen.findByText('You have a place');
    expect(screen.getByRole('link', { name: 'See your booking' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: /Book|Fully booked/ })).toBeNull();
  });

  it('a cancelled event says so and offers nothing to book', async () => {
    open(`/acme/client/client/app/event/book-event/${EVENT_ID}`, {
      [EVENT_ID]: { ...event, state: 'cancelled', dates: [] },
    });
    await screen.findByText('This event has been cancelled');
    expect(screen.queryByRole('button', { name: /Book|Fully booked/ })).toBeNull();
  });

  it('opened by one of its dates’ ids, it moves to the event’s address with that date chosen', async () => {
    const { router } = open(`/acme/client/client/app/event/book-event/${FIRST}`, {
      [FIRST]: { ...event, dateId: FIRST },
      [EVENT_ID]: event,
    });
    await screen.findByRole('heading', { level: 1, name: 'Mobility Workshop' });
    expect(router.state.location.pathname).toBe(`/acme/client/client/app/event/book-event/${EVENT_ID}`);
    expect(router.state.location.search).toBe(`?date=${FIRST}`);
  });
});
