import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { CalendarPage, startDateFor } from './calendar-page.tsx';
import { choiceAnswers, INSTRUCTOR_ID } from './schedule-test-fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
