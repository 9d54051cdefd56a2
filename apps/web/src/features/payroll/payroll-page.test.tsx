import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultCan,
  type PayrollLineDto,
  type PayrollPeriodDto,
  type PayrollSettingsDto,
} from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { account, INSTRUCTOR_ID, SUBSTITUTE_ID } from '../schedule/schedule-test-fixtures.ts';
import { PayrollPage } from './payroll-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = (overrides: Partial<PayrollLineDto>): PayrollLineDto => ({
  kind: 'class',
  service: 'class',
  instructorId: INSTRUCTOR_ID,
  instructorName: 'Ines Instructor',
  classInstanceId: 'c1'.padEnd(24, '0'),
  className: 'Evening Flow',
  startsAt: '2026-10-06T22:00:00.000Z',
  localDate: '2026-10-06',
  localTime: '18:00',
  studioName: 'Midtown',
  substituteFor: null,
  attendees: 8,
  minutes: 60,
  rateId: 'r1'.padEnd(24, '0'),
  rateSummary: '$25.00 per class',
  amount: 2500,
  adjustsPeriod: null,
  note: null,
  noRate: false,
  ...overrides,
});

const october: PayrollPeriodDto = {
  id: null,
  startsOn: '2026-10-01',
  endsOn: '2026-10-31',
  frequency: 'monthly',
  status: 'open',
  currency: 'USD',
  today: '2026-11-26',
  ended: true,
  closedAt: null,
  closedByName: null,
  instructors: [
    {
      instructorId: INSTRUCTOR_ID,
      instructorName: 'Ines Instructor',
      classes: 1,
      subtotal: 3300,
      lines: [
        line({}),
        line({
          kind: 'adjustment',
          amount: 800,
          adjustsPeriod: { id: 'p1'.padEnd(24, '0'), startsOn: '2026-09-01', endsOn: '2026-09-30' },
          note: 'Attendance changed after the period 1–30 Sep 2026 closed: 8 → 9 attendees',
          localDate: '2026-09-29',
        }),
      ],
    },
    {
      instructorId: SUBSTITUTE_ID,
      instructorName: 'Sam Substitute',
      classes: 1,
      subtotal: 0,
      lines: [
        line({
          instructorId: SUBSTITUTE_ID,
          instructorName: 'Sam Substitute',
          substituteFor: 'Ines Instructor',
          rateId: null,
          rateSummary: 'No rate set',
          amount: 0,
          noRate: true,
        }),
      ],
    },
  ],
  total: 3300,
  warnings: [
    'Sam Substitute has no pay rate for 1 class: it pays nothing until a rate is set in Staff Payrates.',
  ],
  closeRefusal: null,
};

const november: PayrollPeriodDto = {
  ...october,
  startsOn: '2026-11-01',
  endsOn: '2026-11-30',
  ended: false,
  instructors: [],
  total: 0,
  warnings: [],
  closeRefusal: 'This period is still running: it can be closed from 1 Dec 2026, once its last day is over.',
};

const settings: PayrollSettingsDto = {
  frequency: 'monthly',
  periodAnchor: '2026-01-05',
  currentPeriod: { startsOn: '2026-11-01', endsOn: '2026-11-30' },
  closedThrough: '2026-09-30',
};

function serve(
  write?: (call: { method: string; path: string; body: unknown }) => Answer | undefined,
  me = account,
) {
  return stubFetch((call) => {
    if (call.method !== 'GET') return write?.(call) ?? noStub(call);
    if (call.path === 'me') return ok(me);
    if (call.path === 'payroll/settings') return ok(settings);
    if (call.path === 'payroll/periods') return ok(november);
    if (call.path === 'payroll/periods?date=2026-10-31') return ok(october);
    return noStub(call);
  });
}

const show = () => renderRoutes([{ path: '/', element: <PayrollPage /> }], '/');

describe('Payroll page', () => {
  it('shows this period, refuses to close it while it runs, and goes to the previous period with its lines', async () => {
    serve();
    show();
    expect(await screen.findByText('1–30 Nov 2026')).toBeTruthy();
    const close = screen.getByRole('button', { name: 'Close this period' });
    expect(close.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.getElementById(close.getAttribute('aria-describedby')!)?.textContent).toContain(
      'still running',
    );
    expect(screen.getByText(/still running: it can be closed from 1 Dec 2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '‹ Previous' }));
    const ines = within(await screen.findByRole('region', { name: 'Ines Instructor' }));
    expect(ines.getByText('1 class · Subtotal $33.00')).toBeTruthy();
    expect(ines.getByText('Adjustment')).toBeTruthy();
    expect(ines.getByText('+$8.00')).toBeTruthy();
    expect(ines.getByText('for 1–30 Sep 2026')).toBeTruthy();
    expect(ines.getByText(/8 → 9 attendees/)).toBeTruthy();
    const sam = within(screen.getByRole('region', { name: 'Sam Substitute' }));
    expect(sam.getByText('Substitute for Ines Instructor')).toBeTruthy();
    expect(sam.getByText('No rate set')).toBeTruthy();
    expect(screen.getByText(/Sam Substitute has no pay rate for 1 class/)).toBeTruthy();
  });

  it('closes an ended period after a confirmation that says its figures never change', async () => {
    let closed = false;
    const calls = serve((call) => {
      if (call.method === 'POST' && call.path === 'payroll/periods/close') {
        closed = true;
        return ok({ ...october, status: 'closed', id: 'p2'.padEnd(24, '0') });
      }
      return undefined;
    });
    renderRoutes([{ path: '/', element: <PayrollPage /> }], '/?date=2026-10-31');
    fireEvent.click(await screen.findByRole('button', { name: 'Close this period, 1–31 Oct 2026' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close 1–31 Oct 2026?' }));
    expect(dialog.getByText(/will never change/)).toBeTruthy();
    // October has a class without a rate: the dialog says it closes at nothing for good.
    expect(dialog.getByText(/Some classes have no pay rate: they close at nothing/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Close the period' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ startsOn: '2026-10-01' });
    expect(await screen.findByText('1–31 Oct 2026 is closed. Its figures will not change.')).toBeTruthy();
  });

  it('says payroll is not available without the abilities', async () => {
    serve(undefined, { ...account, user: { ...account.user, roleId: 'staff' }, can: defaultCan('staff') });
    show();
    expect(
      await screen.findByText(/Payroll needs both “Manage staff” and “See financial data”/),
    ).toBeTruthy();
  });
});
