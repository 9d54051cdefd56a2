import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { ClassesPage } from './classes-page.tsx';
import { filtersFrom, useScheduleFilters } from './schedule-filters.ts';
import { choiceAnswers, details, INSTRUCTOR_ID, ok, STUDIO_ID } from './schedule-test-fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('schedule filters in the address', () => {
  it('reads only well-formed ids', () => {
    expect(filtersFrom(new URLSearchParams(`studioId=${STUDIO_ID}&instructorId=nope&templateId=`))).toEqual({
      studioId: STUDIO_ID,
    });
  });

  it('keeps every change made in one event (the calendar reports its view and date together; a filter is kept)', async () => {
    function Probe() {
      const { setParam } = useScheduleFilters();
      return (
        <button
          type="button"
          onClick={() => {
            setParam('view', 'month');
            setParam('date', '2026-11-01');
          }}
        >
          Month
        </button>
      );
    }
    const { router } = renderRoutes([{ path: '/app/calendar', element: <Probe /> }], `/app/calendar?templateId=${STUDIO_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Month' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?templateId=${STUDIO_ID}&view=month&date=2026-11-01`),
    );
  });

  it('the Classes page asks the server with the address’s filters, shows them, and keeps them when one changes', async () => {
    const past = `classes?instructorId=${INSTRUCTOR_ID}&when=past&page=1&pageSize=20`;
    const api = stubApi({
      ...choiceAnswers,
      [past]: ok({ items: [details], total: 1 }),
      [`classes?studioId=${STUDIO_ID}&instructorId=${INSTRUCTOR_ID}&when=past&page=1&pageSize=20`]: ok({ items: [], total: 0 }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const { router } = renderRoutes(
      [{ path: '/app/classes', element: <ClassesPage /> }],
      `/app/classes?instructorId=${INSTRUCTOR_ID}&when=past`,
    );
    expect(await screen.findByRole('link', { name: /Evening Flow/ })).toBeTruthy();
    expect(api.calls.some((call) => call.path === past)).toBe(true);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Instructor' }) as HTMLInputElement).value).toBe('Ines Instructor'),
    );

    const studio = screen.getByRole('combobox', { name: 'Studio' });
    fireEvent.focus(studio);
    fireEvent.keyDown(studio, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Midtown', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain(`studioId=${STUDIO_ID}`));
    expect(router.state.location.search).toContain(`instructorId=${INSTRUCTOR_ID}`);
    expect(router.state.location.search).toContain('when=past');
    expect(await screen.findByText('No past classes match')).toBeTruthy();
    expect(screen.getByText('Clear the search or filters to see more.')).toBeTruthy();
  });
});
