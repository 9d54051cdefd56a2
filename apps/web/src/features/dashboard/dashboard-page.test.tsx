import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type DashboardClassDto, type DashboardDto } from '@kinetic/shared';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { checkInLabel, comparison } from './dashboard-labels.ts';

const ID = '0123456789abcdef01234567';
const owner: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard', () => {
  it("offers the clients' login address to copy (a button, announced), not as a link", async () => {
    vi.stubGlobal('fetch', stubApi({ me: { body: { status: 1, data: owner } } }).fetchStub);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoutes([{ path: '/app', element: <DashboardPage /> }], '/app');

    const address = await screen.findByTestId('client-login-address');
    expect(address.textContent).toBe(`${location.host}/acme/client/login`);
    expect(address.closest('a')).toBeNull();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    const copy = screen.getByRole('button', { name: 'Copy address' });
    expect(copy.tagName).toBe('BUTTON');
    await act(async () => {
      fireEvent.click(copy);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/acme/client/login`);
    await waitFor(() => expect(status.textContent).toBe('Copied'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBe(copy);
  });
});

const yoga: DashboardClassDto = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
  kind: 'class',
  name: 'Power Yoga',
  studioId: 'bbbbbbbbbbbbbbbbbbbbbbb1',
  studioName: 'Midtown',
  localDate: '2026-11-26',
  startTime: '18:00',
  endTime: '19:00',
  startsAt: '2026-11-26T23:00:00.000Z',
  endsAt: '2026-11-27T00:00:00.000Z',
  instructorName: 'Indira Patel',
  booked: 8,
  capacity: 12,
  waitlist: 2,
  checkedIn: 3,
  cancelled: false,
  clientName: null,
};

const teamDay: DashboardDto = {
  date: '2026-11-26',
  today: '2026-11-26',
  now: '2026-11-26T22:30:00.000Z',
  timeZone: 'America/New_York',
  currency: 'USD',
  locale: 'en-US',
  view: 'team',
  studios: [
    { id: 'bbbbbbbbbbbbbbbbbbbbbbb1', name: 'Midtown', timeZone: 'America/New_York', classes: [yoga] },
    { id: 'bbbbbbbbbbbbbbbbbbbbbbb2', name: 'Decatur', timeZone: 'America/New_York', classes: [] },
  ],
  nextClass: yoga,
  week: {
    from: '2026-11-23',
    to: '2026-11-29',
    lastFrom: '2026-11-16',
    lastTo: '2026-11-22',
    bookings: { thisWeek: 42, lastWeek: 38 },
    newClients: { thisWeek: 3, lastWeek: 3 },
    revenue: { thisWeek: 7500, lastWeek: 10000 },
  },
  myWeek: null,
  memberships: { renewingCount: 0, renewing: [], failedCount: 0, failed: [] },
  waivers: {
    required: true,
    count: 1,
    clients: [
      {
        clientId: 'ccccccccccccccccccccccc1',
        clientName: 'Rosa Lopez',
        classInstanceId: yoga.id,
        className: 'Power Yoga',
        startTime: '18:00',
      },
    ],
  },
  balances: { count: 0, total: 0, clients: [] },
};

describe('the dashboard cards', () => {
  it('words this week against last as a screen reader reads it', () => {
    expect(comparison(42, 38).words).toBe('up 4 from 38 last week');
    expect(comparison(1, 3).words).toBe('down 2 from 3 last week');
    expect(comparison(5, 5)).toEqual({ trend: 'same', words: 'the same as last week' });
  });

  it('says an appointment nobody has checked in to is not checked in, not "0 checked in"', () => {
    expect(checkInLabel({ kind: 'appointment', checkedIn: 0 })).toBe('Not checked in');
    expect(checkInLabel({ kind: 'appointment', checkedIn: 1 })).toBe('1 checked in');
    expect(checkInLabel({ kind: 'class', checkedIn: 0 })).toBe('0 checked in');
  });

  it("shows today's seats with the roster link, the week in words and money, and what needs handling, each a link", async () => {
    const done = { ...owner, onBoardingData: [] };
    vi.stubGlobal(
      'fetch',
      stubApi({ me: { body: { status: 1, data: done } }, dashboard: { body: { status: 1, data: teamDay } } })
        .fetchStub,
    );
    renderRoutes([{ path: '/app', element: <DashboardPage /> }], '/app');

    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByTestId('dashboard-seats').textContent).toBe('8 of 12 places booked');
    expect(today.textContent).toContain('3 checked in · 2 on the waitlist');
    expect(
      within(today).getByRole('link', { name: 'Open the roster of Power Yoga' }).getAttribute('href'),
    ).toBe(`/app/classes/details/${yoga.id}`);
    expect(today.textContent).toContain('Nothing scheduled at Decatur today.');
    expect(today.textContent).toContain('they refresh every 30 seconds');

    const week = screen.getByRole('region', { name: 'This week' });
    expect(week.textContent).toContain('up 4 from 38 last week');
    // Money received by its time, not the Revenue report's sales when made: named so the two are not confused.
    expect(week.textContent).toContain('Money taken (payments minus refunds)');
    expect(week.textContent).toContain('$75.00');
    expect(week.textContent).toContain('down $25.00 from $100.00 last week');
    expect(week.textContent).toContain('the same as last week');
    // Each report link opens that report for this week, the period the card counts.
    expect(within(week).getByRole('link', { name: 'Attendance report' }).getAttribute('href')).toBe(
      '/app/reports?report=attendance&period=this-week',
    );
    expect(within(week).getByRole('link', { name: 'Revenue report' }).getAttribute('href')).toBe(
      '/app/reports?report=revenue&period=this-week',
    );

    const waivers = screen.getByRole('region', { name: 'Waivers unsigned today' });
    expect(within(waivers).getByRole('link', { name: 'Rosa Lopez' }).getAttribute('href')).toBe(
      '/app/clients/profile/ccccccccccccccccccccccc1/ccccccccccccccccccccccc1',
    );
    expect(screen.getByRole('region', { name: 'Balances owing' }).textContent).toContain(
      'No client owes anything',
    );
    expect(screen.getByRole('region', { name: 'Memberships' }).textContent).toContain(
      'No membership renews in the next 7 days.',
    );
    // Setup complete: no checklist above the cards.
    expect(screen.queryByTestId('onboarding-checklist')).toBeNull();
  });

  it("shows an instructor their classes today and their week, and no one else's numbers", async () => {
    const instructor: AccountDto = {
      ...owner,
      user: { ...owner.user, roleId: 'instructor' },
      can: defaultCan('instructor'),
    };
    const day: DashboardDto = {
      ...teamDay,
      view: 'instructor',
      studios: [teamDay.studios[0]!],
      week: null,
      myWeek: [yoga],
      memberships: null,
      waivers: null,
      balances: null,
    };
    vi.stubGlobal(
      'fetch',
      stubApi({
        me: { body: { status: 1, data: instructor } },
        dashboard: { body: { status: 1, data: day } },
      }).fetchStub,
    );
    renderRoutes([{ path: '/app', element: <DashboardPage /> }], '/app');
    await screen.findByRole('region', { name: 'Your classes today' });
    const week = screen.getByRole('region', { name: 'Your week' });
    expect(within(week).getByRole('link', { name: '18:00–19:00 Power Yoga' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'This week' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Balances owing' })).toBeNull();
    expect(screen.queryByText(/Your clients log in at/)).toBeNull();
  });

  it('a new business without a studio says how to start, with no note about seats refreshing', async () => {
    const empty: DashboardDto = { ...teamDay, nextClass: null, studios: [] };
    vi.stubGlobal(
      'fetch',
      stubApi({ me: { body: { status: 1, data: owner } }, dashboard: { body: { status: 1, data: empty } } })
        .fetchStub,
    );
    renderRoutes([{ path: '/app', element: <DashboardPage /> }], '/app');
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(today.textContent).toContain('No studio yet');
    expect(today.textContent).not.toContain('refresh every 30 seconds');
  });
});
