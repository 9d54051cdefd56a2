import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  COOKIE,
  type AppointmentSlotDto,
  type PaymentOptionsDto,
  type PublicAppointmentTypeDto,
} from '@kinetic/shared';
import { deleteCookie, writeCookie } from '../../api/cookies.ts';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { clientAccount, COMPANY_ID } from '../schedule/schedule-test-fixtures.ts';
import { dayTimeLabel, localDate } from '../schedule/class-labels.ts';
import { namedTimeRefusal } from './appointment-labels.ts';
import { addDays } from '../schedule/timetable-days.ts';
import { BookAppointmentPage } from './book-appointment-page.tsx';

/** The client's private-session booking against stubbed API answers: the steps, the address, refusals. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of Object.values(COOKIE)) deleteCookie(name);
});

const TYPE_ID = '6b0000000000000000000a01';
const DUO_ID = '6b0000000000000000000a02';
const STUDIO_ID = '6b0000000000000000000501';
const INDIRA = '6b0000000000000000000101';
const AISHA = '6b0000000000000000000102';
const BOOKING_ID = '6b0000000000000000000b01';
const APPOINTMENT_ID = '6b0000000000000000000c01';

const privateSession: PublicAppointmentTypeDto = {
  id: TYPE_ID,
  name: 'Private Reformer Session',
  description: 'One-to-one on the reformer.',
  durationMinutes: 55,
  price: 9500,
  currency: 'USD',
  maxAttendees: 1,
  instructors: [
    { id: INDIRA, name: 'Indira Instructor', photo: null },
    { id: AISHA, name: 'Aisha Bello', photo: null },
  ],
  studios: [{ id: STUDIO_ID, name: 'Midtown', timeZone: 'UTC' }],
  packageNames: ['10-Class Pack'],
  cancellation: { freeCancellationHoursBefore: 24, lateCancelFee: 4000 },
};
const duo: PublicAppointmentTypeDto = {
  ...privateSession,
  id: DUO_ID,
  name: 'Duo Pilates',
  description: null,
  maxAttendees: 3,
  price: 4500,
  packageNames: [],
};

const today = localDate(new Date(), 'UTC');
const shortDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
const dayTime = (instant: string) => dayTimeLabel(instant, 'UTC');
const tomorrow = addDays(today, 1);
const slot = (date: string, time: string, instructorId = INDIRA): AppointmentSlotDto => ({
  startsAt: `${date}T${time}:00.000Z`,
  endsAt: new Date(Date.parse(`${date}T${time}:00.000Z`) + 55 * 60_000).toISOString(),
  localDate: date,
  localTime: time,
  instructorId,
  instructorName: instructorId === INDIRA ? 'Indira Instructor' : 'Aisha Bello',
  studioId: STUDIO_ID,
  studioName: 'Midtown',
  timeZone: 'UTC',
  placesLeft: 1,
  appointmentId: null,
});

const options: PaymentOptionsDto = {
  currency: 'USD',
  dropInPrice: 9500,
  best: {
    kind: 'class-pack',
    clientPackageId: '6b0000000000000000000f01',
    label: 'Uses 1 credit of 10-Class Pack',
  },
  packages: [
    {
      clientPackageId: '6b0000000000000000000f01',
      name: '10-Class Pack',
      kind: 'class-pack',
      remaining: 4,
      usable: true,
      problem: null,
    },
  ],
};

const booked = {
  appointment: {
    id: APPOINTMENT_ID,
    appointmentTypeId: TYPE_ID,
    typeName: 'Private Reformer Session',
    instructorId: AISHA,
    instructorName: 'Aisha Bello',
    studioId: STUDIO_ID,
    studioName: 'Midtown',
    roomId: null,
    roomName: 'Reformer Room',
    timeZone: 'UTC',
    startsAt: `${tomorrow}T09:00:00.000Z`,
    endsAt: `${tomorrow}T09:55:00.000Z`,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 10,
    capacity: 1,
    bookedCount: 1,
    status: 'scheduled',
    notes: null,
    attendees: [],
  },
  booking: {
    id: BOOKING_ID,
    classInstanceId: APPOINTMENT_ID,
    clientId: clientAccount.user.id,
    clientName: 'Ava Adams',
    status: 'booked',
    waitlistPosition: null,
    offerExpiresAt: null,
    paidWith: 'class-pack',
    cancelledBy: null,
    fee: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  },
};

interface World {
  types?: PublicAppointmentTypeDto[];
  signedIn?: boolean;
  slots?: AppointmentSlotDto[];
  book?: (call: Call) => Answer;
}

function open(path: string, world: World = {}) {
  if (world.signedIn) {
    writeCookie(COOKIE.token, 'client-token');
    writeCookie(COOKIE.hostType, 'company');
    writeCookie(COOKIE.user, JSON.stringify({ _id: clientAccount.user.id, companyId: COMPANY_ID }));
  }
  const calls = stubFetch((call) => {
    if (call.path === 'me') return ok(clientAccount);
    if (call.path === 'public/acme')
      return ok({
        id: COMPANY_ID,
        name: 'Acme Yoga',
        slug: 'acme',
        logoUrl: null,
        locale: 'en-US',
        kind: 'company',
      });
    if (call.path === 'public/acme/appointment-types')
      return ok({ items: world.types ?? [privateSession, duo] });
    if (call.path.startsWith('public/acme/appointment-slots?')) {
      const query = new URLSearchParams(call.path.split('?')[1]);
      const from = query.get('from') ?? '';
      const to = query.get('to') ?? '';
      const items = (world.slots ?? []).filter(
        (entry) =>
          entry.localDate >= from &&
          entry.localDate <= to &&
          (!query.get('instructorId') || entry.instructorId === query.get('instructorId')),
      );
      return ok({ items });
    }
    if (call.path.startsWith(`appointment-types/${TYPE_ID}/payment-options?`)) return ok(options);
    if (call.path === 'my/waiver') return ok({ mustSign: false, signature: null, waiver: null });
    if (call.method === 'POST' && call.path === 'appointments')
      return world.book ? world.book(call) : ok(booked);
    return noStub(call);
  });
  const rendered = renderRoutes(
    [
      { path: '/:company/:roleId/client/app/appointments', element: <BookAppointmentPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    path,
  );
  return { ...rendered, calls };
}

const PAGE = '/acme/client/client/app/appointments';
const AT_TIME = `${PAGE}?type=${TYPE_ID}&instructor=any&date=${tomorrow}`;
const AT_CONFIRM = `${PAGE}?type=${TYPE_ID}&instructor=any&date=${tomorrow}&start=${encodeURIComponent(`${tomorrow}T09:00:00.000Z`)}`;

describe('booking a private session', () => {
  it('walks type → anyone → a free time with the choice in the address, and a visitor is asked to log in coming back', async () => {
    const { router } = open(PAGE, {
      slots: [slot(tomorrow, '09:00'), slot(tomorrow, '09:00', AISHA), slot(tomorrow, '10:00')],
    });
    await screen.findByRole('heading', { level: 2, name: 'Choose a session' });
    const card = screen.getByRole('heading', { level: 3, name: 'Private Reformer Session' }).closest('li')!;
    expect(within(card as HTMLElement).getByText('55 min · 1-to-1')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('$95.00 or with 10-Class Pack')).toBeTruthy();
    expect(screen.getByText('55 min · Up to 3 people')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Choose Private Reformer Session' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Choose an instructor' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const people = within(screen.getByRole('list', { name: 'Instructors' })).getAllByRole('button');
    expect(people.map((button) => button.textContent)).toEqual([
      expect.stringContaining('Anyone available'),
      expect.stringContaining('Indira Instructor'),
      expect.stringContaining('Aisha Bello'),
    ]);
    fireEvent.click(people[0]!);

    await screen.findByRole('heading', { level: 2, name: 'Choose a time' });
    // With anyone, one 09:00 although two people are free then.
    const times = await screen.findAllByRole('radio', { name: /^\d\d:\d\d$/ });
    expect(times.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      '09:00',
      '10:00',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '09:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with 09:00' }));

    await screen.findByRole('heading', { level: 2, name: 'Confirm your booking' });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('type')).toBe(TYPE_ID);
    expect(search.get('instructor')).toBe('any');
    expect(search.get('studio')).toBe(STUDIO_ID);
    expect(search.get('start')).toBe(`${tomorrow}T09:00:00.000Z`);
    expect(screen.getByText('Anyone available')).toBeTruthy();
    const login = screen.getByRole('link', { name: 'Log in to book' }).getAttribute('href')!;
    expect(login.startsWith('/acme/client/login?next=')).toBe(true);
    expect(new URLSearchParams(login.split('?')[1]).get('next')).toBe(
      `${router.state.location.pathname}${router.state.location.search}`,
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toContain(
      '/acme/client/client/client-signup?next=',
    );

    // Back walks the steps.
    await router.navigate(-1);
    await screen.findByRole('heading', { level: 2, name: 'Choose a time' });
  });

  it('a type with one instructor at one studio skips the instructor step, and Back from the times goes to the types', async () => {
    const solo: PublicAppointmentTypeDto = {
      ...privateSession,
      instructors: [privateSession.instructors[0]!],
    };
    const { router } = open(PAGE, { types: [solo, duo], slots: [slot(tomorrow, '09:00')] });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Private Reformer Session' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Choose a time' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByText(/^Private Reformer Session with Indira Instructor at Midtown\./)).toBeTruthy();
    expect(screen.queryByText('Anyone available')).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: '09:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with 09:00' }));
    await screen.findByRole('heading', { level: 2, name: 'Confirm your booking' });
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByText('Indira Instructor')).toBeTruthy();

    await router.navigate(-1);
    await screen.findByRole('heading', { level: 2, name: 'Choose a time' });
    await router.navigate(-1);
    await screen.findByRole('heading', { level: 2, name: 'Choose a session' });
  });

  it('a type with one instructor at two studios asks only where, without “Anyone available”', async () => {
    const uptown = { id: '6b0000000000000000000502', name: 'Uptown', timeZone: 'UTC' };
    const solo: PublicAppointmentTypeDto = {
      ...privateSession,
      instructors: [privateSession.instructors[0]!],
      studios: [...privateSession.studios, uptown],
    };
    open(`${PAGE}?type=${TYPE_ID}`, { types: [solo], slots: [] });
    await screen.findByRole('heading', { level: 2, name: 'Choose where and with whom' });
    fireEvent.click(screen.getByRole('radio', { name: 'Uptown' }));
    // Choosing the studio is not yet going on.
    expect(screen.getByRole('heading', { level: 2, name: 'Choose where and with whom' })).toBeTruthy();
    const people = within(screen.getByRole('list', { name: 'Instructors' })).getAllByRole('button');
    expect(people.map((button) => button.textContent)).toEqual([
      expect.stringContaining('Indira Instructor'),
    ]);
    fireEvent.click(people[0]!);
    await screen.findByText(/^Private Reformer Session with Indira Instructor at Uptown\./);
  });

  it('a signed-in client books with their pack: one Idempotency-Key, then “You’re booked” with the way to My bookings', async () => {
    const { calls, router } = open(AT_CONFIRM, { signedIn: true, slots: [slot(tomorrow, '09:00')] });
    const book = await screen.findByRole('button', { name: 'Book with 10-Class Pack (4 credits left)' });
    fireEvent.click(book);
    const done = await screen.findByRole('heading', { level: 2, name: 'You’re booked' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    const post = calls.find((call) => call.method === 'POST' && call.path === 'appointments')!;
    expect(post.body).toEqual({
      appointmentTypeId: TYPE_ID,
      instructorId: null,
      studioId: STUDIO_ID,
      startsAt: `${tomorrow}T09:00:00.000Z`,
      clientPackageId: '6b0000000000000000000f01',
    });
    expect(post.headers['Idempotency-Key'] ?? post.headers['idempotency-key']).toBeTruthy();
    expect(screen.getByText('With Aisha Bello')).toBeTruthy();
    expect(screen.getByText('Paid with 10-Class Pack.')).toBeTruthy();
    expect(screen.getByText('At Midtown · Reformer Room')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See My bookings' }).getAttribute('href')).toBe(
      '/acme/client/client?view=mine',
    );
    expect(new URLSearchParams(router.state.location.search).get('booked')).toBe(APPOINTMENT_ID);
  });

  it('a time taken meanwhile (409) says which, reads the free times again and stays on the time step with no time chosen', async () => {
    let taken = false;
    const { calls, router } = open(AT_CONFIRM, {
      signedIn: true,
      get slots() {
        return taken ? [slot(tomorrow, '10:00')] : [slot(tomorrow, '09:00'), slot(tomorrow, '10:00')];
      },
      book: () => {
        taken = true;
        return { code: 409, body: { status: 0, message: 'That time was just taken; choose another time.' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Book with/ }));
    await screen.findByRole('heading', { level: 2, name: 'Choose a time' });
    expect(screen.getByRole('alert').textContent).toContain(
      `09:00 on ${shortDay(tomorrow)} was just taken; choose another time.`,
    );
    expect(new URLSearchParams(router.state.location.search).get('start')).toBeNull();
    // The fresh times: 09:00 is gone, and nothing is chosen.
    await screen.findByRole('radio', { name: '10:00' });
    expect(screen.queryByRole('radio', { name: '09:00' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a time to continue' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      screen
        .getAllByRole('radio', { name: /^\d\d:\d\d$/ })
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path.startsWith('public/acme/appointment-slots?')).length,
      ).toBeGreaterThanOrEqual(1),
    );
    expect(await screen.findByRole('radio', { name: '10:00' })).toBeTruthy();
  });

  it('a refusal that says “that time” names it; one naming it already is said as it is', async () => {
    open(AT_CONFIRM, {
      signedIn: true,
      slots: [slot(tomorrow, '10:00')],
      book: () => ({
        code: 409,
        body: {
          status: 0,
          message: 'Nobody is free for Private Reformer Session at that time; choose another time.',
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Book with/ }));
    await screen.findByRole('heading', { level: 2, name: 'Choose a time' });
    expect(screen.getByRole('alert').textContent).toContain(
      `Nobody is free for Private Reformer Session at 09:00 on ${shortDay(tomorrow)}; choose another time.`,
    );
    expect(namedTimeRefusal('The 09:00 session is full.', `${tomorrow}T09:00:00.000Z`, 'UTC')).toBe(
      'The 09:00 session is full.',
    );
    expect(namedTimeRefusal('Something else.', `${tomorrow}T09:00:00.000Z`, 'UTC')).toBe(
      `09:00 on ${shortDay(tomorrow)}: Something else.`,
    );
  });

  it('the confirmation says the type’s cancellation rule before booking: when it ends, the fee, and that a package’s use is lost', async () => {
    const later = addDays(today, 3);
    const start = `${later}T09:00:00.000Z`;
    const until = dayTime(`${addDays(today, 2)}T09:00:00.000Z`);
    const at = `${PAGE}?type=${TYPE_ID}&instructor=any&date=${later}&start=${encodeURIComponent(start)}`;
    // Signed out: the type is paid for, so a late cancel loses it.
    open(at);
    await screen.findByRole('link', { name: 'Log in to book' });
    expect(
      screen.getByText(
        `Free cancellation until ${until}; after that a $40.00 fee and the session counts as used.`,
      ),
    ).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    // No late fee: it counts as used.
    const noFee = { ...privateSession, cancellation: { freeCancellationHoursBefore: 24, lateCancelFee: 0 } };
    open(at, { signedIn: true, types: [noFee] });
    await screen.findByRole('button', { name: /^Book with/ });
    expect(screen.getByText(`Free cancellation until ${until}; after that it counts as used.`)).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    // Booked inside the window: said as already late.
    const long = {
      ...privateSession,
      cancellation: { freeCancellationHoursBefore: 96, lateCancelFee: 4000 },
    };
    open(at, { signedIn: true, types: [long] });
    await screen.findByRole('button', { name: /^Book with/ });
    expect(
      screen.getByText(
        `Free cancellation ended ${dayTime(`${addDays(today, -1)}T09:00:00.000Z`)}: if you book, cancelling costs a $40.00 fee and the session counts as used.`,
      ),
    ).toBeTruthy();
  });

  it('nothing to pay with (402) says the sentence with a link to buy a package, coming back here', async () => {
    open(AT_CONFIRM, {
      signedIn: true,
      book: () => ({ code: 402, body: { status: 0, message: 'Your packages cannot pay for this session.' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Book with/ }));
    await screen.findByText(/Your packages cannot pay for this session\./);
    const buy = screen.getByRole('link', { name: 'Buy a package' }).getAttribute('href')!;
    expect(buy.startsWith('/acme/client/client/settings/packages?next=')).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Confirm your booking' })).toBeTruthy();
  });

  it('an unsigned waiver (409 with waiver) links to Settings › Waiver and keeps the choice', async () => {
    open(AT_CONFIRM, {
      signedIn: true,
      book: () => ({
        code: 409,
        body: {
          status: 0,
          message: 'Sign the studio’s waiver before booking.',
          errors: { waiver: 'unsigned' },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Book with/ }));
    const link = await screen.findByRole('link', { name: 'Sign the waiver' });
    expect(link.getAttribute('href')).toContain('/acme/client/client/settings/waiver?next=');
    expect(screen.getByRole('heading', { level: 2, name: 'Confirm your booking' })).toBeTruthy();
  });

  it('a day without free times names the next free day and goes there', async () => {
    const later = addDays(today, 9);
    const { router } = open(AT_TIME.replace(`date=${tomorrow}`, `date=${tomorrow}`), {
      slots: [slot(later, '11:00')],
    });
    await screen.findByText(
      `No free times this day — next free day: ${new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${later}T00:00:00Z`))}.`,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Show / }));
    await screen.findByRole('radio', { name: '11:00' });
    expect(new URLSearchParams(router.state.location.search).get('date')).toBe(later);
  });

  it('a studio with no private sessions says so', async () => {
    stubFetch((call) =>
      call.path === 'public/acme/appointment-types'
        ? ok({ items: [] })
        : call.path === 'public/acme'
          ? ok({ id: COMPANY_ID, name: 'Acme Yoga', slug: 'acme', logoUrl: null, locale: 'en-US' })
          : noStub(call),
    );
    renderRoutes(
      [{ path: '/:company/:roleId/client/app/appointments', element: <BookAppointmentPage /> }],
      PAGE,
    );
    await screen.findByText(/does not offer private sessions online at the moment/);
  });
});
