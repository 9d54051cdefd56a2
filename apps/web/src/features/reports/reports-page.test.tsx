import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttendanceReportDto, RevenueReportDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Call } from '../../test/render-page.tsx';
import { account, choiceAnswers, instructors, studio } from '../schedule/schedule-test-fixtures.ts';
import { periodOf, todayIn } from './report-period.ts';
import { ReportsPage } from './reports-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'token=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
});

const ZONE = 'America/New_York';
const today = todayIn(ZONE);
const thisMonth = periodOf('this-month', today)!;
const lastMonth = periodOf('last-month', today)!;
const counts = { noShows: 0, lateCancels: 0, cancellations: 0 };

const attendance = (from: string, to: string): AttendanceReportDto => ({
  groupBy: 'class',
  from,
  to,
  rows: [
    {
      key: 'a',
      label: 'Power Yoga',
      classes: 3,
      booked: 24,
      checkedIn: 20,
      ...counts,
      noShows: 4,
      capacity: 36,
      fillRate: 0.6667,
    },
    {
      key: 'b',
      label: 'Pottery night (event)',
      classes: 1,
      booked: 8,
      checkedIn: 8,
      ...counts,
      capacity: 10,
      fillRate: 0.8,
    },
  ],
  totals: { classes: 4, booked: 32, checkedIn: 28, ...counts, noShows: 4, capacity: 46, fillRate: 0.6957 },
});

const revenue: RevenueReportDto = {
  groupBy: 'package-type',
  from: thisMonth.from,
  to: thisMonth.to,
  currency: 'USD',
  rows: [
    {
      key: 'class-pack',
      label: 'Class packs',
      grossSales: 10000,
      discounts: 1000,
      refunds: 4500,
      net: 4500,
      tax: 450,
      total: 4950,
    },
  ],
  totals: { grossSales: 10000, discounts: 1000, refunds: 4500, net: 4500, tax: 450, total: 4950 },
};

const query = (from: string, to: string, groupBy: string) => `from=${from}&to=${to}&groupBy=${groupBy}`;

function serve(extra: (call: Call) => ReturnType<typeof ok> | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path in choiceAnswers) return choiceAnswers[call.path as keyof typeof choiceAnswers];
    if (call.path === 'company/details') return ok({ timeZone: ZONE, currency: 'USD' });
    if (call.path === `reports/attendance?${query(thisMonth.from, thisMonth.to, 'class')}`)
      return ok(attendance(thisMonth.from, thisMonth.to));
    if (call.path === `reports/attendance?${query(lastMonth.from, lastMonth.to, 'class')}`)
      return ok({
        ...attendance(lastMonth.from, lastMonth.to),
        rows: [],
        totals: { ...attendance('', '').totals, classes: 0 },
      });
    if (call.path === `reports/revenue?${query(thisMonth.from, thisMonth.to, 'package-type')}`)
      return ok(revenue);
    return noStub(call);
  });
}

const open = () => renderRoutes([{ path: '/app/reports', element: <ReportsPage /> }], '/app/reports');
const SLOW = { timeout: 10_000 };

describe('Reports page', { timeout: 30_000 }, () => {
  it('without “See financial data” the page is attendance only: no Revenue tab, revenue never asked for', async () => {
    const calls = serve((call) =>
      call.path === 'me' ? ok({ ...account, can: { ...account.can, seeFinancials: false } }) : undefined,
    );
    open();
    expect(await screen.findByRole('tab', { name: 'Attendance' })).toBeTruthy();
    expect(await screen.findByText('Attendance for a period, on the company’s calendar.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Revenue' })).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('reports/attendance'))).toBe(true));
    expect(calls.some((call) => call.path.startsWith('reports/revenue'))).toBe(false);
  });

  it('opens on this month’s attendance by class: chart summary, rows, totals; Revenue in the company’s money; Last month asks again', async () => {
    const calls = serve();
    open();
    const table = await screen.findByRole('table', { name: 'Attendance by class' }, SLOW);
    expect(
      screen.getByText(
        `Attendance by class, ${thisMonth.from} to ${thisMonth.to}. Event dates count as classes; cancelled classes do not.`,
      ),
    ).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ClassClassesBookedChecked inNo-showsLate cancelsCancellationsCapacityFill rate',
      'Power Yoga3242040036' + '66.7%',
      // 80.0%, not 80%: one decimal in every row, as the CSV.
      'Pottery night (event)18800010' + '80.0%',
      'Total4322840046' + '69.6%',
    ]);
    expect(
      screen.getByRole('img', {
        name: 'Places by class: Power Yoga 24 booked of 36 (20 checked in, 4 no-shows), 0 late cancels; Pottery night (event) 8 booked of 10 (8 checked in, 0 no-shows), 0 late cancels.',
      }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Revenue' }));
    const money = await screen.findByRole('table', { name: 'Revenue by type of sale' }, SLOW);
    expect(
      within(money)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Type of saleGross salesDiscountsRefundsNetTaxTotal',
      'Class packs$100.00$10.00$45.00$45.00$4.50$49.50',
      'Total$100.00$10.00$45.00$45.00$4.50$49.50',
    ]);
    expect(
      screen.getByRole('img', { name: 'Net revenue by type of sale: Class packs $45.00.' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Attendance' }));
    await screen.findByRole('table', {}, SLOW);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last-month' } });
    expect(await screen.findByText('No classes in this period.', {}, SLOW)).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain(
      `reports/attendance?${query(lastMonth.from, lastMonth.to, 'class')}`,
    );
  });

  it('a link with ?report=revenue&period=this-week (the Dashboard’s) opens this week’s revenue', async () => {
    const thisWeek = periodOf('this-week', today)!;
    const calls = serve((call) =>
      call.path === `reports/revenue?${query(thisWeek.from, thisWeek.to, 'package-type')}`
        ? ok({ ...revenue, from: thisWeek.from, to: thisWeek.to })
        : undefined,
    );
    renderRoutes(
      [{ path: '/app/reports', element: <ReportsPage /> }],
      '/app/reports?report=revenue&period=this-week',
    );
    await screen.findByRole('table', { name: 'Revenue by type of sale' }, SLOW);
    expect(screen.getByRole('tab', { name: 'Revenue' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('this-week');
    expect(calls.map((call) => call.path)).toContain(
      `reports/revenue?${query(thisWeek.from, thisWeek.to, 'package-type')}`,
    );
    expect(calls.some((call) => call.path.startsWith('reports/attendance'))).toBe(false);
  });

  it('a custom period ending before it starts is refused on the page and not asked for', async () => {
    const calls = serve();
    open();
    await screen.findByRole('table', {}, SLOW);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    // The last day first: the period is wrong from then on, whatever the first day says.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    expect(await screen.findByText('The last day must be on or after the first')).toBeTruthy();
    expect(calls.some((call) => call.path.includes('to=2026-03-01'))).toBe(false);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        `reports/attendance?${query('2026-03-10', '2026-03-31', 'class')}`,
      ),
    );
  });

  it('Download CSV fetches the filtered report with the session’s token and saves it under its name', async () => {
    document.cookie = 'token=secret-token; Path=/';
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const csv = `reports/attendance.csv?${query(thisMonth.from, thisMonth.to, 'instructor')}&studioId=${studio.id}&instructorId=${instructors[0]!.id}`;
    const calls = serve((call) => (call.path === csv ? ok('csv') : undefined));
    open();
    await screen.findByRole('table', {}, SLOW);
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'instructor' } });
    fireEvent.change(screen.getByLabelText('Studio'), { target: { value: studio.id } });
    fireEvent.change(screen.getByLabelText('Instructor'), { target: { value: instructors[0]!.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([`attendance-by-instructor-${thisMonth.from}-to-${thisMonth.to}.csv`]),
    );
    const download = calls.find((call) => call.path === csv);
    expect(download?.headers.Authorization).toBe('Bearer secret-token');
  });
});
