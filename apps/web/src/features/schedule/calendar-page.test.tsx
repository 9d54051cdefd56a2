import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type AccountDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubApi, stubFetch, type Call } from '../../test/render-page.tsx';
import {
  APPOINTMENT_ID,
  appointmentAt,
  appointmentType,
  sessionSettings,
  TYPE_ID,
} from '../appointments/appointment-test-fixtures.ts';
import { CalendarPage, startDateFor } from './calendar-page.tsx';
import {
  account,
  choiceAnswers,
  INSTRUCTOR_ID,
  instructors,
  studio,
  template,
} from './schedule-test-fixtures.ts';

const ID = '0123456789abcdef01234567';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'user=; Path=/; Max-Age=0';
  document.cookie = 'token=; Path=/; Max-Age=0';
});

const soloOwner: AccountDto = {
  user: { id: ID, name: 'Jo Solo', email: 'jo@example.com', phone: null, roleId: 'solo-instructor' },
  company: { id: ID, slug: 'jo', name: 'Jo Pilates', kind: 'solo', logoUrl: null, locale: 'en-US' },
  hostType: 'solo-instructor',
  onBoardingData: [],
  can: defaultCan('solo-instructor'),
};

function signIn(solo: boolean) {
  document.cookie = 'token=t; Path=/';
  document.cookie = `user=${encodeURIComponent(JSON.stringify({ _id: ID, companyId: ID, soloInstructorId: solo ? ID : null, clientSignupDetailsId: null }))}; Path=/`;
}

function serveCalendar(
  me: AccountDto,
  more: (call: Call) => ReturnType<typeof ok> | undefined = () => undefined,
) {
  return stubFetch((call) => {
    const own = more(call);
    if (own) return own;
    if (call.path === 'me') return ok(me);
    if (call.path === 'class-templates?status=active&pageSize=100')
      return ok({ items: [template], total: 1 });
    if (call.path === 'studios?pageSize=100') return ok({ items: [studio], total: 1 });
    if (call.path === 'instructors?status=all&pageSize=100') return ok({ items: [instructors[0]], total: 1 });
    if (call.path === 'appointment-types') return ok({ items: [appointmentType] });
    if (call.path === `appointment-types/${TYPE_ID}`) return ok(appointmentType);
    if (call.path === 'settings/sessions') return ok(sessionSettings);
    if (call.path.startsWith('class-instances?') || call.path.startsWith('event')) return ok({ items: [] });
    return noStub(call);
  });
}

describe('Calendar', () => {
  it('opens the view, date and filters of the address and asks only for the visible range', async () => {
    const api = stubApi(choiceAnswers);
    const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^.*\/api\//, '');
      if (path.startsWith('class-instances?'))
        return new Response(JSON.stringify({ status: 1, data: { items: [] } }), {
          headers: { 'content-type': 'application/json' },
        });
      return api.fetchStub(input, init);
    };
    const seen: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(input).replace(/^.*\/api\//, ''));
      return fetchStub(input, init);
    });
    renderRoutes(
      [{ path: '/app/calendar', element: <CalendarPage /> }],
      `/app/calendar?view=month&date=2030-01-08&instructorId=${INSTRUCTOR_ID}`,
    );
    await waitFor(() => expect(seen.some((path) => path.startsWith('class-instances?'))).toBe(true));
    const range = new URLSearchParams(
      seen.find((path) => path.startsWith('class-instances?'))?.split('?')[1],
    );
    expect(range.get('instructorId')).toBe(INSTRUCTOR_ID);
    const from = Date.parse(range.get('from') ?? '');
    const to = Date.parse(range.get('to') ?? '');
    // A month view with its leading and trailing days, never more.
    expect(from).toBeLessThanOrEqual(Date.parse('2030-01-01T05:00:00Z'));
    expect(to).toBeGreaterThanOrEqual(Date.parse('2030-02-01T05:00:00Z'));
    expect(to - from).toBeLessThanOrEqual(43 * 86_400_000);
    expect(await screen.findByText('January 2030')).toBeTruthy();
    expect(await screen.findByText(/No classes in this period for these filters/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New class' })).toBeTruthy();
  });

  it('a month opened again from its address still stands on today, so Week and Day go to this week', () => {
    expect(startDateFor('month', '2026-11-01', '2026-11-22')).toBe('2026-11-22');
    // Another month, or another view, keeps the address's date.
    expect(startDateFor('month', '2026-12-01', '2026-11-22')).toBe('2026-12-01');
    expect(startDateFor('week', '2026-11-16', '2026-11-22')).toBe('2026-11-16');
    expect(startDateFor('month', undefined, '2026-11-22')).toBeUndefined();
  });
});

describe('Calendar: a solo owner’s private sessions (issue 17, spec §6)', { timeout: 20_000 }, () => {
  it('draws the visible days’ private sessions apart from classes; one opens its details and is cancelled there', async () => {
    signIn(true);
    const appointment = appointmentAt('2030-01-08T15:00:00.000Z');
    let cancelled = false;
    const calls = serveCalendar(soloOwner, (call) => {
      if (call.method === 'POST' && call.path === `appointments/${APPOINTMENT_ID}/cancel`) {
        cancelled = true;
        return ok({ ...appointment, status: 'cancelled' });
      }
      if (call.path.startsWith('appointments?')) return ok({ items: cancelled ? [] : [appointment] });
      if (call.path === `appointments/${APPOINTMENT_ID}`) return ok(appointment);
      return undefined;
    });
    const { router } = renderRoutes(
      [{ path: '/:company/:roleId/app/calendar', element: <CalendarPage /> }],
      '/jo/solo-instructor/app/calendar?view=day&date=2030-01-08',
    );
    const session = await screen.findByRole('link', { name: /Private session/ }, { timeout: 5_000 });
    expect(session.textContent).toContain('Personal Training 10:00');
    expect(session.textContent).toContain('Dana Client');
    expect(session.className).toMatch(/privateSession/);
    // The same local dates the calendar shows.
    const list = calls.find((call) => call.path.startsWith('appointments?'));
    const range = new URLSearchParams(list?.path.split('?')[1]);
    expect([range.get('from'), range.get('to')]).toEqual(['2030-01-08', '2030-01-08']);
    fireEvent.click(session);
    const dialog = within(await screen.findByRole('dialog', { name: 'Personal Training' }));
    expect(dialog.getByText('With Ines Instructor')).toBeTruthy();
    expect(router.state.location.search).toContain(`appointment=${APPOINTMENT_ID}`);
    expect(router.state.location.pathname).toBe('/jo/solo-instructor/app/calendar');
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel appointment' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel this appointment?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText('The appointment was cancelled; every client was told.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: /Private session/ })).toBeNull());
    expect(router.state.location.search).not.toContain('appointment=');
  });

  it('a company’s Calendar stays classes only', async () => {
    signIn(false);
    const calls = serveCalendar(account);
    renderRoutes(
      [{ path: '/app/calendar', element: <CalendarPage /> }],
      '/app/calendar?view=day&date=2030-01-08&appointment=' + APPOINTMENT_ID,
    );
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('class-instances?'))).toBe(true));
    await screen.findByText(/No classes in this period/);
    expect(calls.some((call) => call.path.startsWith('appointments'))).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
