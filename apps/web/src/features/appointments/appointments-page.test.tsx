import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type AccountDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { localDate } from '../schedule/class-labels.ts';
import {
  account,
  instructors,
  INSTRUCTOR_ID,
  studio,
  STUDIO_ID,
} from '../schedule/schedule-test-fixtures.ts';
import { AppointmentsPage } from './appointments-page.tsx';
import {
  APPOINTMENT_ID,
  appointmentAt,
  appointmentType,
  BOOKING_ID,
  CLIENT_ID,
  sessionSettings,
  slotAt,
  TYPE_ID,
} from './appointment-test-fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/app/appointment', element: <AppointmentsPage /> },
  { path: '/app/appointment/:tab', element: <AppointmentsPage /> },
];

/** The answers the page reads; `more` answers first (by method and path prefix). */
function serve(me: AccountDto, more: (call: Call) => Answer | undefined = () => undefined) {
  return stubFetch((call) => {
    const own = more(call);
    if (own) return own;
    if (call.path === 'me') return ok(me);
    if (call.path === 'studios?pageSize=100') return ok({ items: [studio], total: 1 });
    if (call.path === 'instructors?status=all&pageSize=100') return ok({ items: instructors, total: 2 });
    if (call.path === 'appointment-types') return ok({ items: [appointmentType] });
    if (call.path === `appointment-types/${TYPE_ID}`) return ok(appointmentType);
    if (call.path === 'settings/sessions') return ok(sessionSettings);
    if (call.path.startsWith('appointments?')) return ok({ items: [] });
    return noStub(call);
  });
}

const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('appointments?'));
const query = (call: Call | undefined) => new URLSearchParams(call?.path.split('?')[1]);

describe('Appointment page tabs', () => {
  it('shows Calendar, Types and Availability as links to their own addresses; the address says which is open', async () => {
    serve(account);
    renderRoutes(routes, '/app/appointment/availability');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointment' })).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Appointment' }));
    const links = nav.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Calendar', '/app/appointment'],
      ['Types', '/app/appointment/types'],
      ['Availability', '/app/appointment/availability'],
    ]);
    expect(nav.getByRole('link', { name: 'Availability' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Calendar' }).getAttribute('aria-current')).toBeNull();
  });

  it('hides Types and Availability from someone who cannot use them, and refuses them by address', async () => {
    const frontDesk: AccountDto = {
      ...account,
      user: { ...account.user, roleId: 'staff' },
      can: { ...defaultCan('staff'), manageSettings: false, manageSchedule: false },
    };
    serve(frontDesk);
    renderRoutes(routes, '/app/appointment');
    const nav = within(await screen.findByRole('navigation', { name: 'Appointment' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Calendar']);
    cleanup();
    serve(frontDesk);
    renderRoutes(routes, '/app/appointment/types');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByText(/Manage settings/)).toBeTruthy();
  });

  it('offers an instructor their own Availability', async () => {
    serve({ ...account, user: { ...account.user, roleId: 'instructor' }, can: defaultCan('instructor') });
    renderRoutes(routes, '/app/appointment');
    const nav = within(await screen.findByRole('navigation', { name: 'Appointment' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Calendar', 'Availability']);
    // An instructor sees their own appointments: no instructor filter, no booking for clients.
    expect(await screen.findByText('You see your own appointments.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Instructor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book appointment' })).toBeNull();
    // They cannot cancel: the page does not say they can.
    expect(screen.getByText(/Open an appointment to see its clients, notes and buffers/)).toBeTruthy();
    expect(screen.queryByText(/or to cancel it/)).toBeNull();
  });
});

describe('Appointment calendar', { timeout: 20_000 }, () => {
  it('asks for the visible days with the address’s instructor and studio, and keeps the view in the address', async () => {
    const calls = serve(account);
    const { router } = renderRoutes(
      routes,
      `/app/appointment?view=day&date=2030-01-08&instructorId=${INSTRUCTOR_ID}&studioId=${STUDIO_ID}`,
    );
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    const day = query(listCalls(calls)[0]);
    expect([day.get('from'), day.get('to'), day.get('instructorId'), day.get('studioId')]).toEqual([
      '2030-01-08',
      '2030-01-08',
      INSTRUCTOR_ID,
      STUDIO_ID,
    ]);
    // Week: Monday to Sunday of that week, on the studio's calendar, never more.
    fireEvent.click(await screen.findByRole('tab', { name: /week/i }));
    await waitFor(() => expect(router.state.location.search).not.toContain('view=day'));
    await waitFor(() => expect(query(listCalls(calls).at(-1)).get('from')).toBe('2030-01-07'));
    expect(query(listCalls(calls).at(-1)).get('to')).toBe('2030-01-13');
  });

  it('clearing the instructor filter asks for all instructors', async () => {
    const calls = serve(account);
    const { router } = renderRoutes(routes, `/app/appointment?date=2030-01-08&instructorId=${INSTRUCTOR_ID}`);
    await waitFor(() => expect(query(listCalls(calls)[0]).get('instructorId')).toBe(INSTRUCTOR_ID));
    await router.navigate('/app/appointment?date=2030-01-08');
    await waitFor(() => expect(query(listCalls(calls).at(-1)).get('instructorId')).toBeNull());
  });

  it('says when there are no appointment types yet, with a link to the Types tab', async () => {
    serve(account, (call) => (call.path === 'appointment-types' ? ok({ items: [] }) : undefined));
    renderRoutes(routes, '/app/appointment');
    const link = await screen.findByRole('link', { name: 'Types tab' });
    expect(link.getAttribute('href')).toBe('/app/appointment/types');
    expect(screen.getByRole('button', { name: 'Book appointment' }).hasAttribute('disabled')).toBe(true);
  });
});

/** An appointment `hoursAhead` from now, shown on its day. */
function soon(hoursAhead: number) {
  const startsAt = new Date(
    Math.ceil(Date.now() / 3_600_000) * 3_600_000 + hoursAhead * 3_600_000,
  ).toISOString();
  return { startsAt, date: localDate(startsAt, 'America/New_York') };
}

describe('Appointment details', { timeout: 20_000 }, () => {
  it('shows the appointment and cancels one client’s booking with the late-fee sentence of the type', async () => {
    const { startsAt, date } = soon(2);
    const appointment = appointmentAt(startsAt);
    const calls = serve(account, (call) => {
      if (call.path.startsWith('appointments?')) return ok({ items: [appointment] });
      if (call.path === `appointments/${APPOINTMENT_ID}`) return ok(appointment);
      if (call.method === 'POST' && call.path === `bookings/${BOOKING_ID}/cancel`)
        return ok({ id: BOOKING_ID, status: 'late_cancelled' });
      return undefined;
    });
    renderRoutes(routes, `/app/appointment?view=day&date=${date}`);
    const event = await screen.findByRole('link', { name: /Personal Training/ }, { timeout: 4_000 });
    expect(event.textContent).toContain('Dana Client');
    // The buffer is the striped time after the block and a line in the details, not block text cut by it.
    expect(event.textContent).not.toContain('Buffer');
    event.focus();
    fireEvent.click(event);
    const dialog = within(await screen.findByRole('dialog', { name: 'Personal Training' }));
    expect(dialog.getByText(/15 min after/)).toBeTruthy();
    expect(dialog.getByText('With Ines Instructor')).toBeTruthy();
    expect(dialog.getByText('Midtown · Studio A')).toBeTruthy();
    expect(dialog.getByText('Booked')).toBeTruthy();
    expect(dialog.getByText('Drop-in')).toBeTruthy();
    expect(dialog.getByText('Knee injury last year')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel Dana Client’s booking' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel Dana Client’s booking?' }));
    // The type's own fee ($25.00) over Sessions Settings' ($10.00); 2 hours before is inside the 12-hour window.
    expect(
      await confirm.findByText(
        'The free-cancellation time (12 hours before the start) has passed, so this counts as a late cancellation with a $25.00 fee.',
      ),
    ).toBeTruthy();
    expect(confirm.getByText(/the appointment is cancelled with this booking/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('checkbox', { name: 'Waive the late-cancel fee' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: `bookings/${BOOKING_ID}/cancel`,
        body: { waiveFee: true },
      }),
    );
    expect(
      await screen.findByText(
        'Dana Client’s booking was cancelled; the appointment is cancelled and its time is free again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a 30-minute block shows type and client on one line; its time is in its title and link name', async () => {
    const appointment = appointmentAt('2030-01-08T15:00:00.000Z', {
      endsAt: '2030-01-08T15:30:00.000Z',
    });
    serve(account, (call) =>
      call.path.startsWith('appointments?') ? ok({ items: [appointment] }) : undefined,
    );
    renderRoutes(routes, '/app/appointment?view=day&date=2030-01-08');
    const event = await screen.findByRole('link', { name: /Personal Training/ }, { timeout: 4_000 });
    const line = event.querySelector('[aria-hidden]');
    expect(line?.textContent).toBe('Personal Training · Dana Client');
    expect(event.querySelector('[title]')?.getAttribute('title')).toBe(
      'Personal Training, 10:00 · Dana Client · Ines Instructor',
    );
    expect(event.textContent).toContain('10:00');
  });

  it('cancels the whole appointment after asking, with the reason; keeping it returns focus to the button', async () => {
    const appointment = appointmentAt('2030-01-08T15:00:00.000Z', {
      capacity: 3,
      bookedCount: 2,
      attendees: [
        {
          bookingId: BOOKING_ID,
          clientId: CLIENT_ID,
          clientName: 'Dana Client',
          status: 'booked',
          paidWith: 'drop-in',
        },
        {
          bookingId: 'cdcdcdcdcdcdcdcdcdcdcdcd',
          clientId: CLIENT_ID,
          clientName: 'Eli Client',
          status: 'booked',
          paidWith: 'class-pack',
        },
      ],
    });
    const calls = serve(account, (call) => {
      if (call.path.startsWith('appointments?')) return ok({ items: [appointment] });
      if (call.path === `appointments/${APPOINTMENT_ID}`) return ok(appointment);
      if (call.method === 'POST' && call.path === `appointments/${APPOINTMENT_ID}/cancel`)
        return ok({ ...appointment, status: 'cancelled' });
      return undefined;
    });
    renderRoutes(routes, '/app/appointment?view=day&date=2030-01-08');
    fireEvent.click(await screen.findByRole('link', { name: /Personal Training/ }, { timeout: 4_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Personal Training' }));
    expect(dialog.getByText('Clients (2 of 3)')).toBeTruthy();
    const cancelButton = dialog.getByRole('button', { name: 'Cancel appointment' });
    cancelButton.focus();
    fireEvent.click(cancelButton);
    let confirm = within(await screen.findByRole('dialog', { name: 'Cancel this appointment?' }));
    expect(confirm.getByText(/All 2 clients are told by email/)).toBeTruthy();
    // Opens on the safe answer.
    await waitFor(() =>
      expect(document.activeElement).toBe(confirm.getByRole('button', { name: 'Keep the appointment' })),
    );
    fireEvent.click(confirm.getByRole('button', { name: 'Keep the appointment' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel this appointment?' })).toBeNull(),
    );
    await waitFor(() => expect(document.activeElement).toBe(cancelButton));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(cancelButton);
    confirm = within(await screen.findByRole('dialog', { name: 'Cancel this appointment?' }));
    fireEvent.change(confirm.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Instructor is ill' },
    });
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: `appointments/${APPOINTMENT_ID}/cancel`,
        body: { reason: 'Instructor is ill' },
      }),
    );
    expect(await screen.findByText('The appointment was cancelled; every client was told.')).toBeTruthy();
  });
});

describe('Appointment links and cancelled appointments', { timeout: 20_000 }, () => {
  it('opens ?appointment=<id> on load on its own day; closing drops it and focuses the appointment', async () => {
    const appointment = appointmentAt('2030-01-08T15:00:00.000Z');
    const calls = serve(account, (call) => {
      if (call.path.startsWith('appointments?'))
        return ok({
          items:
            query(call).get('from')! <= '2030-01-08' && query(call).get('to')! >= '2030-01-08'
              ? [appointment]
              : [],
        });
      if (call.path === `appointments/${APPOINTMENT_ID}`) return ok(appointment);
      return undefined;
    });
    // The link names another day (an old link, or none): the calendar goes to the appointment's.
    const { router } = renderRoutes(
      routes,
      `/app/appointment?view=day&date=2030-01-02&appointment=${APPOINTMENT_ID}`,
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Personal Training' }, { timeout: 5_000 }),
    );
    expect(dialog.getByText('With Ines Instructor')).toBeTruthy();
    expect(calls.some((call) => call.path === `appointments/${APPOINTMENT_ID}`)).toBe(true);
    await waitFor(() => expect(query(listCalls(calls).at(-1)).get('from')).toBe('2030-01-08'));
    await waitFor(() => expect(router.state.location.search).toContain('date=2030-01-08'));
    const event = await screen.findByRole('link', { name: /Personal Training/ });
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(router.state.location.search).not.toContain('appointment='));
    await waitFor(() => expect(document.activeElement).toBe(event));
  });

  it('an appointment not drawn in the calendar gives the keyboard to the heading on close; an unknown one is said', async () => {
    const appointment = appointmentAt('2030-01-08T15:00:00.000Z', { status: 'cancelled' });
    serve(account, (call) => {
      if (call.path === `appointments/${APPOINTMENT_ID}`) return ok(appointment);
      return undefined;
    });
    const { router } = renderRoutes(routes, `/app/appointment?appointment=${APPOINTMENT_ID}`);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Personal Training' }, { timeout: 5_000 }),
    );
    expect(dialog.getByText('Cancelled')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Appointment' })),
    );
    expect(router.state.location.search).not.toContain('appointment=');
    cleanup();
    serve(account, (call) =>
      call.path === `appointments/${APPOINTMENT_ID}`
        ? { code: 404, body: { status: 0, message: 'Appointment not found' } }
        : undefined,
    );
    renderRoutes(routes, `/app/appointment?appointment=${APPOINTMENT_ID}`);
    expect(await screen.findByText('That appointment was not found', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Show cancelled" asks for cancelled appointments too, draws them struck through and stays in the address', async () => {
    const live = appointmentAt('2030-01-08T15:00:00.000Z');
    const gone = appointmentAt('2030-01-08T18:00:00.000Z', {
      id: 'cdcdcdcdcdcdcdcdcdcdcdcd',
      typeName: 'Assessment',
      status: 'cancelled',
    });
    const calls = serve(account, (call) =>
      call.path.startsWith('appointments?')
        ? ok({ items: query(call).get('includeCancelled') === 'true' ? [live, gone] : [live] })
        : undefined,
    );
    const { router } = renderRoutes(routes, '/app/appointment?view=day&date=2030-01-08');
    await screen.findByRole('link', { name: /Personal Training/ }, { timeout: 5_000 });
    expect(query(listCalls(calls)[0]).get('includeCancelled')).toBeNull();
    expect(screen.queryByRole('link', { name: /Assessment/ })).toBeNull();
    const toggle = screen.getByRole('switch', { name: /Show cancelled/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(router.state.location.search).toContain('cancelled=shown'));
    const cancelled = await screen.findByRole('link', { name: /Assessment/ }, { timeout: 5_000 });
    expect(query(listCalls(calls).at(-1)).get('includeCancelled')).toBe('true');
    expect(cancelled.textContent).toContain('Cancelled');
    expect(cancelled.querySelector('strong')?.parentElement?.className).toMatch(/struck/);
    expect(cancelled.textContent).not.toContain('Buffer');
    cleanup();
    // Opened again from its address, the switch is on.
    const again = serve(account);
    renderRoutes(routes, '/app/appointment?view=day&date=2030-01-08&cancelled=shown');
    await waitFor(() => expect(query(listCalls(again)[0]).get('includeCancelled')).toBe('true'));
    expect((screen.getByRole('switch', { name: /Show cancelled/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('Book appointment', { timeout: 20_000 }, () => {
  const client = {
    id: CLIENT_ID,
    name: 'Dana Client',
    email: 'dana@example.com',
    phone: null,
    createdAt: '2026-01-01T00:00:00Z',
  };
  const nine = slotAt('2030-01-08', '09:00', '2030-01-08T14:00:00.000Z');
  const ten = slotAt('2030-01-08', '10:00', '2030-01-08T15:00:00.000Z');
  const paymentOptions = {
    currency: 'USD',
    dropInPrice: 6000,
    best: { kind: 'drop-in', clientPackageId: null, label: 'Drop-in: $60.00, paid at the studio' },
    packages: [],
  };

  async function openAndChoose() {
    const open = await screen.findByRole('button', { name: 'Book appointment' });
    await waitFor(() => expect(open.hasAttribute('disabled')).toBe(false));
    fireEvent.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Book appointment' }));
    fireEvent.change(dialog.getByRole('combobox', { name: /^Client/ }), { target: { value: 'dana' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'Dana Client · dana@example.com', hidden: true }),
    );
    fireEvent.change(dialog.getByLabelText(/^Date/), { target: { value: '2030-01-08' } });
    fireEvent.click(await dialog.findByRole('radio', { name: /09:00/ }));
    return dialog;
  }

  function server(book: (call: Call, attempt: number) => Answer, afterBooking: () => unknown[] = () => []) {
    let attempts = 0;
    let slotAnswers = 0;
    const calls = serve(account, (call) => {
      if (call.path.startsWith('clients?')) return ok({ items: [client], total: 1 });
      if (call.path.startsWith('appointment-slots?')) {
        slotAnswers += 1;
        return ok({ items: slotAnswers === 1 ? [nine, ten] : [ten] });
      }
      if (call.path.startsWith(`appointment-types/${TYPE_ID}/payment-options?`)) return ok(paymentOptions);
      if (call.method === 'POST' && call.path === 'appointments') return book(call, ++attempts);
      if (call.path.startsWith('appointments?')) return ok({ items: afterBooking() });
      return undefined;
    });
    return calls;
  }

  it('books the chosen client and slot with an Idempotency-Key; the calendar then shows it', async () => {
    let booked = false;
    const created = appointmentAt('2030-01-08T14:00:00.000Z');
    const calls = server(
      () => {
        booked = true;
        return ok({ appointment: created, booking: { id: BOOKING_ID } });
      },
      () => (booked ? [created] : []),
    );
    renderRoutes(routes, '/app/appointment?view=day&date=2030-01-08');
    const dialog = await openAndChoose();
    expect(await dialog.findByText('Drop-in: $60.00, paid at the studio.')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Notes/ }), { target: { value: 'First session' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Book Dana Client at 09:00 with Ines Instructor' }));
    await screen.findByText('Dana Client is booked: Personal Training with Ines Instructor.');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      appointmentTypeId: TYPE_ID,
      instructorId: INSTRUCTOR_ID,
      studioId: STUDIO_ID,
      startsAt: '2030-01-08T14:00:00.000Z',
      clientId: CLIENT_ID,
      payWith: 'drop-in',
      notes: 'First session',
    });
    expect(post?.headers['Idempotency-Key']).toMatch(/\S{8,}/);
    const slotQuery = query(calls.find((call) => call.path.startsWith('appointment-slots?')));
    expect([
      slotQuery.get('appointmentTypeId'),
      slotQuery.get('from'),
      slotQuery.get('to'),
      slotQuery.get('instructorId'),
    ]).toEqual([TYPE_ID, '2030-01-08', '2030-01-08', null]);
    expect(await screen.findByRole('link', { name: /Personal Training/ }, { timeout: 4_000 })).toBeTruthy();
  });

  it('a slot just taken (409) refreshes the free times and says so; a 402 offers the drop-in', async () => {
    const created = appointmentAt('2030-01-08T15:00:00.000Z');
    const calls = server((_call, attempt) =>
      attempt === 1
        ? { code: 409, body: { status: 0, message: 'That time was just taken; choose another.' } }
        : attempt === 2
          ? {
              code: 402,
              body: { status: 0, message: 'Dana Client has nothing that pays for this appointment.' },
            }
          : ok({ appointment: created, booking: { id: BOOKING_ID } }),
    );
    renderRoutes(routes, '/app/appointment?view=day&date=2030-01-08');
    const dialog = await openAndChoose();
    fireEvent.click(
      await dialog.findByRole('button', { name: 'Book Dana Client at 09:00 with Ines Instructor' }),
    );
    expect(
      await dialog.findByText(
        'That time was just taken; choose another. The free times are up to date again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(dialog.queryByRole('radio', { name: /09:00/ })).toBeNull());
    fireEvent.click(dialog.getByRole('radio', { name: /10:00/ }));
    fireEvent.click(
      await dialog.findByRole('button', { name: 'Book Dana Client at 10:00 with Ines Instructor' }),
    );
    expect(await dialog.findByText('Dana Client has nothing that pays for this appointment.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Book as a $60.00 drop-in' }));
    await screen.findByText('Dana Client is booked: Personal Training with Ines Instructor.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => (call.body as { startsAt: string }).startsAt)).toEqual([
      '2030-01-08T14:00:00.000Z',
      '2030-01-08T15:00:00.000Z',
      '2030-01-08T15:00:00.000Z',
    ]);
    expect((posts[2]?.body as { payWith?: string }).payWith).toBe('drop-in');
    // Each attempt after a refusal is a new booking attempt.
    expect(new Set(posts.map((call) => call.headers['Idempotency-Key'])).size).toBe(3);
  });

  it('an emptied or part-typed date says "Choose a date", shows no times and asks for none (no crash)', async () => {
    const calls = server(() => ok({}));
    renderRoutes(routes, '/app/appointment?view=day&date=2030-01-08');
    const dialog = await openAndChoose();
    const asked = () => calls.filter((call) => call.path.startsWith('appointment-slots?')).length;
    const before = asked();
    for (const value of ['', '0002-01-08', '2030-02-31']) {
      fireEvent.change(dialog.getByLabelText(/^Date/), { target: { value } });
      expect(await dialog.findByText('Choose a date')).toBeTruthy();
      expect(dialog.queryByRole('radio', { name: /\d\d:\d\d/ })).toBeNull();
      expect(dialog.queryByText(/No free times|Free times on/)).toBeNull();
    }
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
    expect(asked()).toBe(before);
    fireEvent.change(dialog.getByLabelText(/^Date/), { target: { value: '2030-01-08' } });
    expect(await dialog.findByRole('radio', { name: /10:00/ })).toBeTruthy();
    expect(dialog.queryByText('Choose a date')).toBeNull();
  });

  it('a type at two studios offers Any studio and lists each studio’s free times; the chosen one is booked', async () => {
    const OTHER = 'fefefefefefefefefefefefe';
    const decatur = { ...studio, id: OTHER, name: 'Decatur' };
    const atDecatur = {
      ...slotAt('2030-01-08', '09:00', '2030-01-08T14:00:00.000Z'),
      studioId: OTHER,
      studioName: 'Decatur',
    };
    const calls = serve(account, (call) => {
      if (call.path === 'studios?pageSize=100') return ok({ items: [studio, decatur], total: 2 });
      if (call.path === 'appointment-types')
        return ok({ items: [{ ...appointmentType, studioIds: [STUDIO_ID, OTHER] }] });
      if (call.path.startsWith('clients?')) return ok({ items: [client], total: 1 });
      if (call.path.startsWith('appointment-slots?')) return ok({ items: [nine, atDecatur] });
      if (call.path.startsWith(`appointment-types/${TYPE_ID}/payment-options?`)) return ok(paymentOptions);
      if (call.method === 'POST' && call.path === 'appointments')
        return ok({
          appointment: appointmentAt(atDecatur.startsAt, { studioId: OTHER, studioName: 'Decatur' }),
          booking: { id: BOOKING_ID },
        });
      return undefined;
    });
    renderRoutes(routes, '/app/appointment?view=day&date=2030-01-08');
    const open = await screen.findByRole('button', { name: 'Book appointment' });
    await waitFor(() => expect(open.hasAttribute('disabled')).toBe(false));
    fireEvent.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Book appointment' }));
    fireEvent.change(dialog.getByRole('combobox', { name: /^Client/ }), { target: { value: 'dana' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'Dana Client · dana@example.com', hidden: true }),
    );
    expect((dialog.getByRole('combobox', { name: 'Studio' }) as HTMLInputElement).value).toBe('Any studio');
    fireEvent.change(dialog.getByLabelText(/^Date/), { target: { value: '2030-01-08' } });
    const atOther = within(
      await dialog.findByRole('group', { name: 'Free times on Tue, 8 Jan 2030 at Decatur' }),
    );
    expect(dialog.getByRole('group', { name: 'Free times on Tue, 8 Jan 2030 at Midtown' })).toBeTruthy();
    // No studio named: the slots of every studio of the type.
    expect(
      query(calls.find((call) => call.path.startsWith('appointment-slots?'))).get('studioId'),
    ).toBeNull();
    fireEvent.click(atOther.getByRole('radio', { name: /09:00/ }));
    // Both studios list 09:00: the button says which one (and, for Anyone, with whom).
    fireEvent.click(
      await dialog.findByRole('button', {
        name: 'Book Dana Client at Decatur at 09:00 with Ines Instructor',
      }),
    );
    await screen.findByText('Dana Client is booked: Personal Training with Ines Instructor.');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ studioId: OTHER });
  });
});
