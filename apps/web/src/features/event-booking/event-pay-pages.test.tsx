import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { COOKIE, type EventPageDto, type MyEventBookingDto, type PaymentOptionsDto } from '@kinetic/shared';
import { deleteCookie, writeCookie } from '../../api/cookies.ts';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { clientAccount, COMPANY_ID } from '../schedule/schedule-test-fixtures.ts';
import { EventPackagesPage, EventPaymentPage, EventPaymentReturnPage } from './event-pay-pages.tsx';
import { EventBookedPage } from './event-place-pages.tsx';

/**
 * The event flow's pay steps against stubbed API answers: the packages step skips itself when nothing the
 * client holds can pay, the payment step books at the studio, and the return page from Stripe Checkout
 * waits for the paid place, or says the payment was left and offers the studio instead.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of Object.values(COOKIE)) deleteCookie(name);
});

const EVENT_ID = '6b0000000000000000000e01';
const DATE_ID = '6b0000000000000000000d01';
const BOOKING_ID = '6b0000000000000000000b01';
const BASE = '/acme/client/client/app';

const event: EventPageDto = {
  id: EVENT_ID,
  title: 'Pottery Workshop',
  category: 'ArtsAndCulture',
  description: null,
  image: null,
  studioId: '6b0000000000000000000501',
  studioName: 'Midtown',
  timeZone: 'America/New_York',
  address: null,
  capacity: 10,
  price: 2500,
  currency: 'USD',
  waitlist: true,
  dates: [
    {
      classInstanceId: DATE_ID,
      startsAt: '2030-01-05T15:00:00.000Z',
      endsAt: '2030-01-05T16:30:00.000Z',
      capacity: 10,
      bookedCount: 2,
      waitlistCount: 0,
      placesLeft: 8,
      status: 'scheduled',
    },
  ],
  facilitators: [],
  state: 'open',
  studioAddress: '10 Main St, New York',
  place: 'Midtown, 10 Main St, New York',
  acceptsPackages: true,
  payOnline: false,
  companyName: 'Acme Yoga',
  locale: 'en-US',
  dateId: null,
};

const place = (paid: boolean): MyEventBookingDto => ({
  booking: {
    id: BOOKING_ID,
    classInstanceId: DATE_ID,
    status: 'booked',
    waitlistPosition: null,
    startsAt: '2030-01-05T15:00:00.000Z',
    endsAt: '2030-01-05T16:30:00.000Z',
    payment: { packageName: null, dropIn: { amount: 2500, currency: 'USD', paid } },
    owed: !paid,
  },
  cancellationRule: 'Cancel until Sat 5 Jan, 10:00 to get a class credit back.',
  calendarUrl: `/api/public/acme/events/${EVENT_ID}/users/x/calendar.ics?booking=${BOOKING_ID}&sig=s`,
});

function signInAsClient() {
  writeCookie(COOKIE.token, 'client-token');
  writeCookie(COOKIE.hostType, 'company');
  writeCookie(
    COOKIE.user,
    JSON.stringify({
      _id: clientAccount.user.id,
      companyId: COMPANY_ID,
      soloInstructorId: null,
      clientSignupDetailsId: null,
    }),
  );
}

function open(path: string, reads: Record<string, () => Answer>, post?: (call: Call) => Answer | undefined) {
  signInAsClient();
  const all: Record<string, () => Answer> = {
    'public/acme': () =>
      ok({ id: COMPANY_ID, name: 'Acme Yoga', slug: 'acme', logoUrl: null, locale: 'en-US' }),
    me: () => ok(clientAccount),
    [`public/acme/events/${EVENT_ID}/page`]: () => ok(event),
    ...reads,
  };
  const calls = stubFetch((call) =>
    call.method === 'GET' ? (all[call.path]?.() ?? noStub(call)) : (post?.(call) ?? noStub(call)),
  );
  renderRoutes(
    [
      { path: '/:company/:roleId/client/app/book-event/packages/:eventId', element: <EventPackagesPage /> },
      { path: '/:company/:roleId/client/app/book-event/payment/:eventId', element: <EventPaymentPage /> },
      {
        path: '/:company/:roleId/client/app/payment/book-event/:eventId',
        element: <EventPaymentReturnPage />,
      },
      { path: '/:company/:roleId/client/app/event/booked-event/:eventId', element: <EventBookedPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    path,
  );
  return calls;
}

const nothingHeld: PaymentOptionsDto = {
  currency: 'USD',
  dropInPrice: 2500,
  best: { kind: 'drop-in', clientPackageId: null, label: 'Drop-in: $25.00' },
  packages: [],
};

describe('event pay steps', () => {
  it('skips the packages step when nothing the client holds pays, and books at the studio on the payment step', async () => {
    let booked = false;
    const calls = open(
      `${BASE}/book-event/packages/${EVENT_ID}?date=${DATE_ID}`,
      {
        [`class-instances/${DATE_ID}/payment-options`]: () => ok(nothingHeld),
        [`public/acme/events/${EVENT_ID}/my-booking`]: () =>
          ok(booked ? place(false) : { booking: null, cancellationRule: null, calendarUrl: null }),
      },
      (call) => {
        if (call.path !== `class-instances/${DATE_ID}/bookings`) return undefined;
        booked = true;
        return ok({ id: BOOKING_ID, status: 'booked' });
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    // The studio takes no cards online: only "at the studio" is offered.
    expect(screen.queryByRole('radio', { name: /by card/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Book, pay at the studio' }));
    await screen.findByRole('heading', { level: 1, name: 'You are booked' });
    expect(screen.getByText('$25.00, to pay at the studio')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ payWith: 'drop-in' });
  });

  it('offers the packages the client holds that pay, and books with the one chosen', async () => {
    const PACK = '6b0000000000000000000c01';
    let booked = false;
    const calls = open(
      `${BASE}/book-event/packages/${EVENT_ID}?date=${DATE_ID}`,
      {
        [`class-instances/${DATE_ID}/payment-options`]: () =>
          ok({
            ...nothingHeld,
            best: { kind: 'class-pack', clientPackageId: PACK, label: 'Uses 1 credit of your 5-Class Pack' },
            packages: [
              {
                clientPackageId: PACK,
                name: '5-Class Pack',
                kind: 'class-pack',
                remaining: 4,
                usable: true,
                problem: null,
              },
              {
                clientPackageId: '6b0000000000000000000c02',
                name: 'Old Pack',
                kind: 'class-pack',
                remaining: 0,
                usable: false,
                problem: 'No credits left',
              },
            ],
          }),
        [`public/acme/events/${EVENT_ID}/my-booking`]: () =>
          ok(
            booked
              ? {
                  ...place(true),
                  booking: {
                    ...place(true).booking,
                    payment: { packageName: '5-Class Pack', dropIn: null },
                    owed: false,
                  },
                }
              : { booking: null, cancellationRule: null, calendarUrl: null },
          ),
      },
      (call) => {
        if (call.path !== `class-instances/${DATE_ID}/bookings`) return undefined;
        booked = true;
        return ok({ id: BOOKING_ID, status: 'booked' });
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Pay with a package' });
    // Only what can pay is offered, beside paying another way.
    expect(screen.getByRole('radio', { name: '5-Class Pack (4 credits left; uses 1)' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Old Pack/ })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Pay $25.00 another way' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Book with this package' }));
    await screen.findByRole('heading', { level: 1, name: 'You are booked' });
    expect(screen.getByText('Paid with 5-Class Pack')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ clientPackageId: PACK });
  });

  it('returning from Stripe paid, the page waits for the paid place and shows the booked page', async () => {
    let reads = 0;
    open(`${BASE}/payment/book-event/${EVENT_ID}?booking=${BOOKING_ID}&checkout=done`, {
      // The webhook lands after the first read.
      [`public/acme/events/${EVENT_ID}/my-booking`]: () => ok(place(++reads > 1)),
    });
    await screen.findByRole('heading', { level: 1, name: 'You are booked' }, { timeout: 5_000 });
    expect(screen.getByText('$25.00, paid')).toBeTruthy();
  });

  it('returning from Stripe without paying says so, offers to try again or pay at the studio', async () => {
    const calls = open(
      `${BASE}/payment/book-event/${EVENT_ID}?booking=${BOOKING_ID}&checkout=cancelled`,
      { [`public/acme/events/${EVENT_ID}/my-booking`]: () => ok(place(false)) },
      (call) =>
        call.path === `public/acme/events/${EVENT_ID}/checkout`
          ? {
              code: 409,
              body: {
                status: 0,
                message: 'This studio does not take payments online yet; choose to pay at the studio.',
              },
            }
          : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: 'Payment not completed' });
    fireEvent.click(screen.getByRole('button', { name: 'Try paying again' }));
    await screen.findByText('This studio does not take payments online yet; choose to pay at the studio.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ bookingId: BOOKING_ID });
    fireEvent.click(screen.getByRole('button', { name: 'Pay at the studio instead' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'You are booked' })).toBeTruthy(),
    );
  });
});
