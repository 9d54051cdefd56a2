import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClientInsightsDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { ClientInsightsPage } from './client-insights-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const studios = [
  { id: 'aaaaaaaaaaaaaaaaaaaaaaa1', name: 'Midtown' },
  { id: 'aaaaaaaaaaaaaaaaaaaaaaa2', name: 'Decatur' },
];

const insights: ClientInsightsDto = {
  studioId: null,
  from: '2025-11-27',
  to: '2026-11-26',
  clients: 25,
  breakdowns: [
    {
      key: 'raceEthnicity',
      title: 'Race or ethnicity',
      groups: [
        { key: 'asian_pacific', label: 'Asian / Pacific Islander', count: 10 },
        { key: 'prefer_not_to_respond', label: 'Prefer not to respond', count: 5 },
      ],
      fewerThanFive: { labels: ['Native American', 'White / Caucasian'], count: null },
    },
  ],
  newClientsByMonth: [
    { month: '2026-01', count: 10 },
    { month: '2026-02', count: null },
  ],
  retention: [
    { days: 30, cohort: 25, retained: 20, percent: 80 },
    { days: 90, cohort: null, retained: null, percent: null },
  ],
  busiestClasses: [{ name: 'Power Yoga', visits: 260 }],
  hiddenClasses: 1,
  busiestTimes: [
    { weekday: 1, hour: 18, visits: 260 },
    { weekday: 2, hour: 18, visits: null },
  ],
  fillRate: [{ band: 'peak', classes: 13, places: 260, capacity: 390, percent: 67 }],
};

function serve(answer: (path: string) => Answer | undefined) {
  return stubFetch((call) => {
    if (call.path === 'me') return ok(account);
    if (call.path === 'studios?pageSize=100') return ok({ items: studios, total: 2 });
    return answer(call.path) ?? noStub(call);
  });
}

const routes = [{ path: '/app/client-insights', element: <ClientInsightsPage /> }];

describe('Client Insights page', () => {
  it('shows the groups, "Fewer than 5" for the small ones, and the numbers behind each chart', async () => {
    const calls = serve((path) => (path.startsWith('client-insights?') ? ok(insights) : undefined));
    renderRoutes(routes, '/app/client-insights');
    expect(await screen.findByText('About 25 clients took a place in a class in this period.')).toBeTruthy();
    const race = within(screen.getByRole('region', { name: 'Race or ethnicity' }));
    expect(race.getByText('Fewer than 5 each: Native American, White / Caucasian')).toBeTruthy();
    expect(race.getByRole('img').getAttribute('aria-label')).toBe(
      'Race or ethnicity: Asian / Pacific Islander 10 clients, Prefer not to respond 5 clients; fewer than 5 each: Native American, White / Caucasian',
    );
    const toggle = race.getByRole('button', { name: 'Show the numbers' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(race.getByRole('table'));
    expect(table.getByRole('row', { name: 'Asian / Pacific Islander 10' })).toBeTruthy();
    expect(table.getByRole('row', { name: 'Native American Fewer than 5' })).toBeTruthy();
    // Retention, months, classes and times say "fewer than 5" instead of a number.
    expect(screen.getByText('20 of 25 clients whose first visit was in this period.')).toBeTruthy();
    expect(screen.getByText('80%')).toBeTruthy();
    expect(
      screen.getByText('Fewer than 5 clients had their first visit in this period (at least that long ago).'),
    ).toBeTruthy();
    expect(screen.getByText('1 class type visited by fewer than 5 clients is not listed.')).toBeTruthy();
    const months = within(screen.getByRole('region', { name: 'New clients per month' }));
    fireEvent.click(months.getByRole('button', { name: 'Show the numbers' }));
    expect(months.getAllByRole('row').map((row) => row.textContent)).toContain('Feb 2026Fewer than 5');
    expect(
      calls.some((call) => /^client-insights\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/.test(call.path)),
    ).toBe(true);
  });

  it('asks again for the studio and dates chosen, and says when fewer than 5 clients are in view', async () => {
    const calls = serve((path) =>
      path.startsWith('client-insights?')
        ? ok(path.includes('studioId') ? { ...insights, clients: null, breakdowns: [] } : insights)
        : undefined,
    );
    renderRoutes(routes, '/app/client-insights');
    await screen.findByText('About 25 clients took a place in a class in this period.');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('Studio'), { target: { value: studios[1]!.id } });
    expect(await screen.findByText('Fewer than 5 clients in this view')).toBeTruthy();
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        `client-insights?from=2026-01-01&to=2026-03-31&studioId=${studios[1]!.id}`,
      ),
    );
  });

  it('shows a loader while counting, and the server’s message if it fails', async () => {
    serve((path) =>
      path.startsWith('client-insights?')
        ? { code: 403, body: { status: 0, message: 'You do not have permission to do that.' } }
        : undefined,
    );
    renderRoutes(routes, '/app/client-insights');
    expect(await screen.findByText('Counting your clients…')).toBeTruthy();
    expect(await screen.findByText('You do not have permission to do that.')).toBeTruthy();
  });
});
