import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassInstanceDto } from '@kinetic/shared';
import { renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { PublicClassesPage } from './public-classes-page.tsx';
import { details, ok } from './schedule-test-fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const OTHER_STUDIO = '222222222222222222222222';
const { description: _d, dropInPrice: _p, currency: _c, rules: _r, series: _s, ...evening } = details;
const eveningFlow: ClassInstanceDto = { ...evening, bookedCount: 14 };
// Sunday 13 January 22:30 in New York is already Monday in UTC: it belongs to Sunday.
const lateSunday: ClassInstanceDto = {
  ...eveningFlow,
  id: '333333333333333333333333',
  templateName: 'Late Stretch',
  templateId: '666666666666666666666666',
  studioId: OTHER_STUDIO,
  studioName: 'Uptown',
  roomName: null,
  startsAt: '2030-01-14T03:30:00.000Z',
  endsAt: '2030-01-14T04:15:00.000Z',
  bookedCount: 15,
  waitlistCount: 2,
};
// Already over on Monday morning: not offered any more.
const finished: ClassInstanceDto = {
  ...eveningFlow,
  id: '444444444444444444444444',
  templateName: 'Sunrise',
  startsAt: '2030-01-07T10:00:00.000Z',
  endsAt: '2030-01-07T11:00:00.000Z',
};

function open(path = '/acme/client/client/app/classes') {
  const calls = stubFetch(({ path: called }) => {
    if (called === 'public/acme')
      return ok({
        id: 'c',
        slug: 'acme',
        name: 'Acme Yoga',
        kind: 'company',
        logoUrl: null,
        email: null,
        phone: null,
        address: { line1: null, line2: null, city: null, state: null, postalCode: null, country: null },
      });
    if (called.startsWith('public/acme/class-instances?')) {
      const from = new URL(`http://x/?${called.split('?')[1]}`).searchParams.get('from') ?? '';
      return ok({ items: from < '2030-01-10' ? [finished, eveningFlow, lateSunday] : [] });
    }
    return { code: 404, body: { status: 0, message: `No stub for ${called}` } };
  });
  const view = renderRoutes(
    [
      { path: '/:company/:roleId/client/app/classes', element: <PublicClassesPage /> },
      { path: '/:company/:roleId/client/app/classes/details/:classInstanceId', element: <p>Details page</p> },
    ],
    path,
  );
  return { calls, ...view };
}

describe('Public classes page (/app/classes)', () => {
  it('lists the coming week by the studio’s own days, with places left, and opens a class', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const { router } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Classes' })).toBeTruthy();
    expect(await screen.findByText('2 classes from 7 Jan 2030 to 13 Jan 2030.')).toBeTruthy();

    const tuesday = within(screen.getByRole('region', { name: 'Tuesday 8 January' }));
    expect(tuesday.getByText('18:00–19:00')).toBeTruthy();
    expect(tuesday.getByText('1 place left')).toBeTruthy();
    expect(tuesday.getByText('Midtown · Studio A')).toBeTruthy();
    const sunday = within(screen.getByRole('region', { name: 'Sunday 13 January' }));
    expect(sunday.getByRole('link', { name: 'Late Stretch' })).toBeTruthy();
    expect(sunday.getByText('Full · 2 waiting')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Monday 7 January' })).getByText('No classes.'),
    ).toBeTruthy();
    expect(screen.queryByText('Sunrise')).toBeNull();
    expect((screen.getByRole('button', { name: 'Previous week' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(tuesday.getByRole('link', { name: 'Evening Flow' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/acme/client/client/app/classes/details/${details.id}`),
    );
  });

  it('filters by class, instructor and time of day, in the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const { router } = open();
    // The device's own pickers (native selects), each opening on its "all" choice.
    const time = (await screen.findByRole('combobox', { name: 'Time of day' })) as HTMLSelectElement;
    expect(time.tagName).toBe('SELECT');
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any time', 'Morning (before 12:00)', 'Afternoon (12:00–17:00)', 'Evening (from 17:00)']);
    expect(time.value).toBe('');
    fireEvent.change(time, { target: { value: 'morning' } });
    await waitFor(() => expect(router.state.location.search).toBe('?time=morning'));
    expect(await screen.findByText(/^No classes matching from 7 Jan 2030/)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Time of day' }), { target: { value: 'evening' } });
    expect(await screen.findByRole('link', { name: 'Evening Flow' })).toBeTruthy();
    const classFilter = screen.getByRole('combobox', { name: 'Class' }) as HTMLSelectElement;
    expect(
      within(classFilter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All classes', 'Evening Flow', 'Late Stretch']);
    fireEvent.change(classFilter, { target: { value: lateSunday.templateId } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Evening Flow' })).toBeNull());
    expect(router.state.location.search).toBe(`?time=evening&templateId=${lateSunday.templateId}`);
    expect((screen.getByRole('combobox', { name: 'Class' }) as HTMLSelectElement).value).toBe(
      lateSunday.templateId,
    );
    expect(screen.getByRole('button', { name: 'Filters (2 on)' })).toBeTruthy();
    // Its first choice clears a filter (there is no clear button).
    fireEvent.change(screen.getByRole('combobox', { name: 'Time of day' }), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(`?templateId=${lateSunday.templateId}`));
    expect(screen.getByRole('button', { name: 'Filters (1 on)' })).toBeTruthy();
  });

  it('a filter kept in the address for a week without that choice says so, and can be cleared', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const { router } = open(`/acme/client/client/app/classes?studioId=${OTHER_STUDIO}&from=2030-01-14`);
    expect(await screen.findByText('No classes matching from 14 Jan 2030 to 20 Jan 2030.')).toBeTruthy();
    const studio = screen.getByRole('combobox', { name: 'Studio' }) as HTMLSelectElement;
    expect(studio.selectedOptions[0]?.textContent).toBe('Chosen (none this week)');
    fireEvent.change(studio, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2030-01-14'));
    expect(screen.queryByRole('combobox', { name: 'Studio' })).toBeNull();
  });

  it('keeps the studio and the week in the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const { router, calls } = open();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Studio' }), {
      target: { value: OTHER_STUDIO },
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Evening Flow' })).toBeNull());
    expect(screen.getByText('1 class matching from 7 Jan 2030 to 13 Jan 2030.')).toBeTruthy();
    expect(router.state.location.search).toBe(`?studioId=${OTHER_STUDIO}`);

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No classes matching from 14 Jan 2030 to 20 Jan 2030.')).toBeTruthy();
    expect(router.state.location.search).toBe(`?studioId=${OTHER_STUDIO}&from=2030-01-14`);
    const asked =
      calls.filter((call) => call.path.startsWith('public/acme/class-instances?')).at(-1)?.path ?? '';
    // Fourteen hours either side, so a studio in any zone has all of its days.
    expect(decodeURIComponent(asked)).toContain('from=2030-01-13T10:00:00.000Z&to=2030-01-21T14:00:00.000Z');
  });
});
