import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassInstanceDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { account, details } from '../schedule/schedule-test-fixtures.ts';
import { ClientCalendarPage } from './client-calendar-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const { description: _d, dropInPrice: _p, currency: _c, rules: _r, series: _s, ...evening } = details;
const waiting: ClassInstanceDto = {
  ...evening,
  id: '555555555555555555555555',
  templateName: 'Late Stretch',
  startsAt: '2030-01-10T01:00:00.000Z',
  endsAt: '2030-01-10T02:00:00.000Z',
};

describe('Client calendar', () => {
  it('marks the client’s own classes: booked, and their place on a waitlist', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const mine = (classInstance: ClassInstanceDto, status: string, waitlistPosition: number | null) => ({
      id: `b${classInstance.id.slice(1)}`,
      classInstanceId: classInstance.id,
      clientId: 'c',
      clientName: 'Casey',
      status,
      waitlistPosition,
      offerExpiresAt: null,
      paidWith: 'free',
      cancelledBy: null,
      fee: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
      classInstance,
    });
    stubFetch((call) => {
      if (call.path === 'me') return ok(account);
      if (call.path === 'my/bookings')
        return ok({ items: [mine(evening, 'booked', null), mine(waiting, 'waitlisted', 3)] });
      if (call.path.startsWith('public/acme/class-instances?')) return ok({ items: [evening, waiting] });
      return noStub(call);
    });
    renderRoutes(
      [{ path: '/:company/:roleId/client', element: <ClientCalendarPage /> }],
      '/acme/client/client',
    );
    const tuesday = within(await screen.findByRole('region', { name: 'Tuesday 8 January' }));
    expect(await tuesday.findByText('Booked')).toBeTruthy();
    const wednesday = within(screen.getByRole('region', { name: 'Wednesday 9 January' }));
    expect(await wednesday.findByText('Waitlist #3')).toBeTruthy();
    // Each class card is one real link and one tab stop, with nothing interactive inside another.
    for (const card of screen.getAllByRole('listitem')) {
      const focusable = card.querySelectorAll('a[href], button, input, select, textarea, [tabindex]');
      expect(focusable).toHaveLength(1);
      expect(focusable[0]?.tagName).toBe('A');
      expect(focusable[0]?.querySelector('a, button')).toBeNull();
    }

    // The week grid: the same days as columns, each class a tile with its link and the client's mark.
    fireEvent.click(screen.getByRole('radio', { name: 'Week grid' }));
    const gridTuesday = within(await screen.findByRole('region', { name: 'Tuesday 8 January' }));
    expect(gridTuesday.getByRole('link', { name: evening.templateName }).getAttribute('href')).toBe(
      `/acme/client/client/classes/details/${evening.id}`,
    );
    expect(gridTuesday.getByText('Booked')).toBeTruthy();
    expect(screen.getAllByRole('region', { name: /January$/ })).toHaveLength(7);
    expect((screen.getByRole('radio', { name: 'Week grid' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers “Book a private session” only when the studio offers private sessions (issue 17)', async () => {
    const answer = (types: unknown[]) =>
      stubFetch((call) => {
        if (call.path === 'me') return ok(account);
        if (call.path === 'my/bookings') return ok({ items: [] });
        if (call.path.startsWith('public/acme/class-instances?')) return ok({ items: [] });
        if (call.path === 'public/acme/appointment-types') return ok({ items: types });
        return noStub(call);
      });
    const routes = [{ path: '/:company/:roleId/client', element: <ClientCalendarPage /> }];
    answer([{ id: '6b0000000000000000000a01', name: 'Personal Training' }]);
    renderRoutes(routes, '/acme/client/client');
    const link = await screen.findByRole('link', { name: 'Book a private session' });
    expect(link.getAttribute('href')).toBe('/acme/client/client/app/appointments');
    cleanup();
    const calls = answer([]);
    renderRoutes(routes, '/acme/client/client');
    await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    await waitFor(() =>
      expect(calls.some((call) => call.path === 'public/acme/appointment-types')).toBe(true),
    );
    expect(screen.queryByRole('link', { name: 'Book a private session' })).toBeNull();
  });

  it('My bookings: what is coming up with its status, and past classes; kept in the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const booking = (
      classInstance: ClassInstanceDto,
      status: string,
      extra: Record<string, unknown> = {},
    ) => ({
      id: `b${classInstance.id.slice(1)}`,
      classInstanceId: classInstance.id,
      clientId: 'c',
      clientName: 'Casey',
      status,
      waitlistPosition: null,
      offerExpiresAt: null,
      paidWith: 'free',
      cancelledBy: null,
      fee: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
      classInstance,
      ...extra,
    });
    const lastWeek: ClassInstanceDto = {
      ...evening,
      id: '666666666666666666666666',
      templateName: 'Power Yoga',
      startsAt: '2030-01-02T23:00:00.000Z',
      endsAt: '2030-01-03T00:00:00.000Z',
    };
    stubFetch((call) => {
      if (call.path === 'me') return ok(account);
      if (call.path === 'my/bookings')
        return ok({
          items: [
            booking(evening, 'offered', { offerExpiresAt: '2030-01-08T17:00:00.000Z' }),
            booking(waiting, 'cancelled', { cancelledBy: 'client' }),
          ],
        });
      if (call.path === 'my/bookings?when=past') return ok({ items: [booking(lastWeek, 'checked_in')] });
      if (call.path.startsWith('public/acme/class-instances?')) return ok({ items: [evening, waiting] });
      return noStub(call);
    });
    const { router } = renderRoutes(
      [{ path: '/:company/:roleId/client', element: <ClientCalendarPage /> }],
      '/acme/client/client',
    );
    // The view is one radio group ("Show"): Tab reaches the chosen one, the arrow keys move the choice.
    const show = within(await screen.findByRole('radiogroup', { name: 'Show' }));
    expect((show.getByRole('radio', { name: 'Timetable' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(show.getByRole('radio', { name: 'My bookings' }));
    const coming = within(await screen.findByRole('region', { name: 'Coming up' }));
    expect((show.getByRole('radio', { name: 'My bookings' }) as HTMLInputElement).checked).toBe(true);
    expect((show.getByRole('radio', { name: 'Timetable' }) as HTMLInputElement).checked).toBe(false);
    expect(await coming.findByRole('link', { name: 'Evening Flow' })).toBeTruthy();
    expect(coming.getByText('Place held until Tue 8 Jan, 12:00')).toBeTruthy();
    // A booking the client cancelled is not "coming up".
    expect(coming.queryByRole('link', { name: 'Late Stretch' })).toBeNull();
    const past = within(screen.getByRole('region', { name: 'Past classes' }));
    expect(await past.findByText('Attended')).toBeTruthy();
    expect(past.getByRole('link', { name: 'Power Yoga' }).getAttribute('href')).toBe(
      '/acme/client/client/classes/details/666666666666666666666666',
    );
    expect(router.state.location.search).toBe('?view=mine');
  });

  const serveWeek = (items: ClassInstanceDto[], bookings: unknown[] = [], past: unknown[] = []) =>
    stubFetch((call) => {
      if (call.path === 'me') return ok(account);
      if (call.path === 'my/bookings') return ok({ items: bookings });
      if (call.path === 'my/bookings?when=past') return ok({ items: past });
      if (call.path.startsWith('public/acme/class-instances?')) return ok({ items });
      return noStub(call);
    });
  const openCalendar = (path = '/acme/client/client') =>
    renderRoutes([{ path: '/:company/:roleId/client', element: <ClientCalendarPage /> }], path);

  it('a class that has started says so instead of offering places, in the day list and in the week grid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Tuesday 8 January, 18:30 in New York: Evening Flow (18:00) is under way, Late Stretch (Wednesday) is not.
    vi.setSystemTime(new Date('2030-01-08T23:30:00Z'));
    serveWeek([{ ...evening, bookedCount: 10 }, waiting]);
    openCalendar();
    const tuesday = within(await screen.findByRole('region', { name: 'Tuesday 8 January' }));
    expect(await tuesday.findByText('Started')).toBeTruthy();
    expect(tuesday.queryByText(/places? left/)).toBeNull();
    const wednesday = within(screen.getByRole('region', { name: 'Wednesday 9 January' }));
    expect(wednesday.queryByText('Started')).toBeNull();
    expect(wednesday.getByText(/places? left|Full/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Week grid' }));
    const gridTuesday = within(await screen.findByTestId('week-grid'));
    expect(gridTuesday.getAllByText('Started')).toHaveLength(1);
  });

  it('leaves out a filter with one choice (one instructor), and folds the rest behind “Filters”, saying how many are on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    serveWeek([evening, waiting]);
    openCalendar(`/acme/client/client?templateId=${evening.templateId}`);
    expect(await screen.findByRole('combobox', { name: 'Class' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Time of day' })).toBeTruthy();
    // Both classes are taught by Ines, at the one studio: nothing to choose there.
    expect(screen.queryByRole('combobox', { name: 'Instructor' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Studio' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filters (1 on)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hasAttribute('data-open')).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hasAttribute('data-open')).toBe(true);
    expect(panel?.contains(screen.getByRole('combobox', { name: 'Class' }))).toBe(true);
    // The address's class is the one shown (once the week's classes, and so the choices, are in); "All
    // classes" clears it, and the button says so.
    const classFilter = screen.getByRole('combobox', { name: 'Class' }) as HTMLSelectElement;
    expect(classFilter.selectedOptions[0]?.textContent).toBe('Loading…');
    await screen.findByRole('link', { name: evening.templateName });
    // (Both fixtures share one template id; the week's last name for it is the choice's label.)
    expect(classFilter.value).toBe(evening.templateId);
    expect(classFilter.selectedOptions[0]?.textContent).toBe(waiting.templateName);
    fireEvent.change(classFilter, { target: { value: '' } });
    expect(await screen.findByRole('button', { name: 'Filters' })).toBe(toggle);
    // Cleared, a filter with one choice is left out again.
    expect(screen.queryByRole('combobox', { name: 'Class' })).toBeNull();
  });

  it('back at this week, “Previous week” greys out and the keyboard moves on to “Next week”', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    serveWeek([evening, waiting]);
    const { router } = openCalendar('/acme/client/client?from=2030-01-14');
    const previous = await screen.findByRole('button', { name: 'Previous week' });
    previous.focus();
    fireEvent.click(previous);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByRole('button', { name: 'Previous week' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next week' }));
  });

  it('My bookings says what paid each place', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const base = {
      clientId: 'c',
      clientName: 'Casey',
      waitlistPosition: null,
      offerExpiresAt: null,
      cancelledBy: null,
      fee: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    const lastWeek: ClassInstanceDto = {
      ...evening,
      id: '666666666666666666666666',
      templateName: 'Power Yoga',
      startsAt: '2030-01-02T23:00:00.000Z',
      endsAt: '2030-01-03T00:00:00.000Z',
    };
    serveWeek(
      [evening, waiting],
      [
        {
          ...base,
          id: 'b1',
          classInstanceId: evening.id,
          classInstance: evening,
          status: 'booked',
          paidWith: 'class-pack',
          payment: { packageName: '5-Class Pack', dropIn: null },
        },
        {
          ...base,
          id: 'b2',
          classInstanceId: waiting.id,
          classInstance: waiting,
          status: 'booked',
          paidWith: 'drop-in',
          payment: { packageName: null, dropIn: { amount: 3500, currency: 'USD', paid: false } },
        },
      ],
      [
        {
          ...base,
          id: 'b3',
          classInstanceId: lastWeek.id,
          classInstance: lastWeek,
          status: 'checked_in',
          paidWith: 'membership',
          payment: { packageName: 'Unlimited Monthly', dropIn: null },
        },
      ],
    );
    openCalendar('/acme/client/client?view=mine');
    const coming = within(await screen.findByRole('region', { name: 'Coming up' }));
    const flow = (await coming.findByRole('link', { name: 'Evening Flow' })).closest('li') as HTMLElement;
    expect(within(flow).getByText('Paid with 1 credit of 5-Class Pack')).toBeTruthy();
    const stretch = coming.getByRole('link', { name: 'Late Stretch' }).closest('li') as HTMLElement;
    expect(within(stretch).getByText('Drop-in $35.00 — pay at the studio')).toBeTruthy();
    const past = within(screen.getByRole('region', { name: 'Past classes' }));
    expect(await past.findByText('Paid with Unlimited Monthly')).toBeTruthy();
  });
});
