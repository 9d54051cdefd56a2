import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  act,
  cleanup,
  fireEvent,
  render as renderAlone,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AvailabilityDto, StudioDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import {
  account,
  INSTRUCTOR_ID,
  STUDIO_ID,
  studio,
  SUBSTITUTE_ID,
} from '../schedule/schedule-test-fixtures.ts';
import '../../app/network-context.tsx';
import { theme } from '../../app/theme.ts';
import { Toasts } from '../../app/toasts.tsx';
import { AvailabilityPanel } from './availability-panel.tsx';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
});

const UPTOWN_ID = '999999999999999999999999';
const OFF_ID = 'abababababababababababab';
const uptown: StudioDto = {
  ...studio,
  id: UPTOWN_ID,
  name: 'Uptown',
  timeZone: 'America/Chicago',
  rooms: [],
};

const ines: AvailabilityDto = {
  instructorId: INSTRUCTOR_ID,
  instructorName: 'Ines Instructor',
  weekly: [{ studioId: STUDIO_ID, hours: { monday: [{ start: '09:00', end: '12:00' }] } }],
  exceptions: [
    { id: OFF_ID, date: '2030-01-07', kind: 'off', studioId: null, start: null, end: null, note: 'Holiday' },
  ],
};
const sam: AvailabilityDto = {
  instructorId: SUBSTITUTE_ID,
  instructorName: 'Sam Substitute',
  weekly: [],
  exceptions: [],
};

function serve(
  {
    list = [ines, sam],
    studios = [studio, uptown],
  }: { list?: AvailabilityDto[]; studios?: StudioDto[] } = {},
  write?: (call: Call) => Answer | undefined,
) {
  const reads: Record<string, Answer> = {
    me: ok(account),
    availability: ok({ items: list }),
    'studios?pageSize=100': ok({ items: studios, total: studios.length }),
    ...Object.fromEntries(list.map((one) => [`availability/${one.instructorId}`, ok(one)])),
  };
  return stubFetch((call) =>
    call.method === 'GET' ? (reads[call.path] ?? noStub(call)) : (write?.(call) ?? noStub(call)),
  );
}

const render = (instructorId?: string) =>
  renderRoutes([{ path: '/', element: <AvailabilityPanel instructorId={instructorId} /> }], '/');

const weeklyRegion = async () => {
  const heading = await screen.findByRole('heading', { name: 'Weekly hours' });
  return within(heading.closest('.mantine-Paper-root') as HTMLElement);
};

describe('Availability panel', { timeout: 30_000 }, () => {
  it("shows the chosen instructor's week per studio on the studio's clock, and Save sends every studio's week", async () => {
    const calls = serve({}, (call) =>
      call.method === 'PUT' && call.path === `availability/${INSTRUCTOR_ID}/weekly`
        ? { body: { status: 1, message: 'Working hours saved.', data: null } }
        : undefined,
    );
    render();
    // The app's toasts, as the shell draws them.
    renderAlone(
      <MantineProvider theme={theme}>
        <Toasts />
      </MantineProvider>,
    );
    const week = await weeklyRegion();
    expect(screen.getByRole('combobox', { name: /^Instructor/ })).toBeTruthy();
    expect(week.getByText('Midtown: times are on the studio’s clock (America/New_York).')).toBeTruthy();
    expect((week.getByLabelText('Monday, range 1, start') as HTMLInputElement).value).toBe('09:00');
    // Tuesday at Midtown: add 14:00–18:00.
    fireEvent.click(week.getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.change(week.getByLabelText('Tuesday, range 1, start'), { target: { value: '14:00' } });
    fireEvent.change(week.getByLabelText('Tuesday, range 1, end'), { target: { value: '18:00' } });
    // Uptown is on its own clock.
    fireEvent.change(week.getByRole('combobox', { name: 'Studio' }), { target: { value: UPTOWN_ID } });
    expect(week.getByText('Uptown: times are on the studio’s clock (America/Chicago).')).toBeTruthy();
    fireEvent.click(week.getByRole('button', { name: 'Add hours on Saturday' }));
    expect(week.getByText('Unsaved changes')).toBeTruthy();
    // Unsaved: the instructor stays until the week is saved or undone.
    const picker = screen.getByRole('combobox', { name: /^Instructor/ });
    expect(picker.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Save or undo the weekly hours to choose another instructor.')).toBeTruthy();
    fireEvent.click(week.getByRole('button', { name: 'Save weekly hours' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      studios: [
        {
          studioId: STUDIO_ID,
          hours: { monday: [{ start: '09:00', end: '12:00' }], tuesday: [{ start: '14:00', end: '18:00' }] },
        },
        { studioId: UPTOWN_ID, hours: { saturday: [{ start: '09:00', end: '17:00' }] } },
      ],
    });
    expect(await screen.findByText('Ines Instructor’s weekly hours saved.')).toBeTruthy();
    expect(week.getByText('Works at Midtown (Mon, Tue) and Uptown (Sat).')).toBeTruthy();
    // Said once, under Save: no toast as well (the server's "Working hours saved." stays unshown).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Working hours saved.')).toBeNull();
    expect(week.queryByText('Unsaved changes')).toBeNull();
    await waitFor(() => expect(picker.hasAttribute('disabled')).toBe(false));
  });

  it('opens on the first studio where the instructor works (not the first studio) and says where they work', async () => {
    const atUptown: AvailabilityDto = {
      ...ines,
      weekly: [
        {
          studioId: UPTOWN_ID,
          hours: {
            tuesday: [{ start: '09:00', end: '12:00' }],
            thursday: [{ start: '09:00', end: '12:00' }],
            saturday: [{ start: '10:00', end: '14:00' }],
          },
        },
      ],
    };
    serve({ list: [atUptown, sam] });
    render();
    const week = await weeklyRegion();
    const picker = week.getByRole('combobox', { name: 'Studio' }) as HTMLSelectElement;
    expect(picker.value).toBe(UPTOWN_ID);
    expect(week.getByText('Uptown: times are on the studio’s clock (America/Chicago).')).toBeTruthy();
    expect((week.getByLabelText('Tuesday, range 1, start') as HTMLInputElement).value).toBe('09:00');
    expect(week.getByText('Works at Uptown (Tue, Thu, Sat). No hours at Midtown.')).toBeTruthy();
    // The picker really switches, to Midtown and back.
    fireEvent.change(picker, { target: { value: STUDIO_ID } });
    expect(week.getByText('Midtown: times are on the studio’s clock (America/New_York).')).toBeTruthy();
    expect(week.queryByLabelText('Tuesday, range 1, start')).toBeNull();
    fireEvent.change(picker, { target: { value: UPTOWN_ID } });
    expect((week.getByLabelText('Tuesday, range 1, start') as HTMLInputElement).value).toBe('09:00');
  });

  it('Undo changes puts the saved week back', async () => {
    serve();
    render();
    const week = await weeklyRegion();
    fireEvent.click(week.getByRole('button', { name: 'Remove Monday range 1 (09:00–12:00)' }));
    expect(week.queryByLabelText('Monday, range 1, start')).toBeNull();
    fireEvent.click(week.getByRole('button', { name: 'Undo changes' }));
    expect((week.getByLabelText('Monday, range 1, start') as HTMLInputElement).value).toBe('09:00');
    expect(week.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Instructor/ }).hasAttribute('disabled')).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(week.getByRole('button', { name: 'Save weekly hours' })),
    );
  });

  it("an overlap is refused before sending, and the server's 400 is shown at the studio's day with focus on it", async () => {
    const calls = serve({}, (call) =>
      call.method === 'PUT'
        ? {
            code: 400,
            body: {
              status: 0,
              message: 'Check the highlighted fields',
              errors: { 'studios.1.hours.friday': 'Friday 07:00–08:00: outside the studio’s opening hours.' },
            },
          }
        : undefined,
    );
    render();
    const week = await weeklyRegion();
    fireEvent.click(week.getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.change(week.getByLabelText('Monday, range 2, start'), { target: { value: '11:00' } });
    fireEvent.click(week.getByRole('button', { name: 'Save weekly hours' }));
    expect(await week.findByText('Monday 11:00–13:00 overlaps 09:00–12:00.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    fireEvent.click(week.getByRole('button', { name: 'Remove Monday range 2 (11:00–13:00)' }));

    // Uptown, Friday: the server refuses it; the editor turns to Uptown and focuses Friday's start.
    fireEvent.change(week.getByRole('combobox', { name: 'Studio' }), { target: { value: UPTOWN_ID } });
    fireEvent.click(week.getByRole('button', { name: 'Add hours on Friday' }));
    fireEvent.change(week.getByRole('combobox', { name: 'Studio' }), { target: { value: STUDIO_ID } });
    fireEvent.click(week.getByRole('button', { name: 'Save weekly hours' }));
    expect(await week.findByText('Friday 07:00–08:00: outside the studio’s opening hours.')).toBeTruthy();
    expect((week.getByRole('combobox', { name: 'Studio' }) as HTMLSelectElement).value).toBe(UPTOWN_ID);
    const friday = week.getByLabelText('Friday, range 1, start');
    expect(friday.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(friday));
  });

  it('lists upcoming time off, adds extra hours with the body the server takes, and removes an entry', async () => {
    const calls = serve({}, (call) => {
      if (call.method === 'POST' && call.path === `availability/${INSTRUCTOR_ID}/exceptions`)
        return ok({ id: 'cdcdcdcdcdcdcdcdcdcdcdcd', ...(call.body as object) });
      if (call.method === 'DELETE' && call.path === `availability/${INSTRUCTOR_ID}/exceptions/${OFF_ID}`)
        return ok(null);
      return undefined;
    });
    render();
    const heading = await screen.findByRole('heading', { name: 'Time off and extra hours' });
    const section = within(heading.closest('.mantine-Paper-root') as HTMLElement);
    expect(section.getByText('Mon, 7 Jan 2030')).toBeTruthy();
    expect(section.getByText('Whole day · Every studio')).toBeTruthy();
    expect(section.getByText('Holiday')).toBeTruthy();

    const form = within(section.getByRole('form', { name: 'Add time off or extra hours' }));
    fireEvent.click(form.getByRole('radio', { name: 'Extra hours' }));
    // Extra hours are at one studio, with times: no "Every studio", no "whole day".
    expect(form.queryByRole('option', { name: 'Every studio' })).toBeNull();
    expect(form.queryByRole('checkbox', { name: 'The whole day' })).toBeNull();
    fireEvent.change(form.getByLabelText(/^Date/), { target: { value: '2030-01-12' } });
    fireEvent.change(form.getByRole('combobox', { name: 'Studio' }), { target: { value: UPTOWN_ID } });
    expect(form.getByText('On Uptown’s clock (America/Chicago).')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^From/), { target: { value: '10:00' } });
    fireEvent.change(form.getByLabelText(/^To/), { target: { value: '13:30' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Note' }), { target: { value: 'Workshop cover' } });
    fireEvent.click(form.getByRole('button', { name: 'Add extra hours' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      date: '2030-01-12',
      kind: 'extra',
      studioId: UPTOWN_ID,
      start: '10:00',
      end: '13:30',
      note: 'Workshop cover',
    });
    expect(await section.findByText('Extra hours on Sat, 12 Jan 2030 added.')).toBeTruthy();

    fireEvent.click(section.getByRole('button', { name: 'Remove Time off on Mon, 7 Jan 2030' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    expect(await section.findByText('Time off on Mon, 7 Jan 2030 removed.')).toBeTruthy();
  });

  it("time off for part of a day: a server 400 is shown at its field, and the form's controls are keyboard reachable", async () => {
    serve({}, (call) =>
      call.method === 'POST'
        ? {
            code: 400,
            body: {
              status: 0,
              message: 'Check the highlighted fields',
              errors: { end: 'The end must be after the start' },
            },
          }
        : undefined,
    );
    render();
    const form = within(await screen.findByRole('form', { name: 'Add time off or extra hours' }));
    fireEvent.click(form.getByRole('checkbox', { name: 'The whole day' }));
    fireEvent.change(form.getByLabelText(/^Date/), { target: { value: '2030-02-01' } });
    const controls = [
      form.getByRole('radio', { name: 'Time off' }),
      form.getByRole('radio', { name: 'Extra hours' }),
      form.getByLabelText(/^Date/),
      form.getByRole('combobox', { name: 'Studio' }),
      form.getByRole('checkbox', { name: 'The whole day' }),
      form.getByLabelText(/^From/),
      form.getByLabelText(/^To/),
      form.getByRole('textbox', { name: 'Note' }),
      form.getByRole('button', { name: 'Add time off' }),
    ];
    for (const control of controls) {
      control.focus();
      expect(document.activeElement).toBe(control);
    }
    fireEvent.click(form.getByRole('button', { name: 'Add time off' }));
    expect(await form.findByText('The end must be after the start')).toBeTruthy();
    const end = form.getByLabelText(/^To/);
    expect(end.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(end));
  });

  it('an instructor who may edit only themselves gets no picker; a preselected instructor is shown', async () => {
    serve({ list: [sam] });
    render();
    expect(await screen.findByText('Sam Substitute')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Instructor/ })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    serve();
    render(SUBSTITUTE_ID);
    await screen.findByRole('heading', { name: 'Weekly hours' });
    expect((screen.getByRole('combobox', { name: /^Instructor/ }) as HTMLSelectElement).value).toBe(
      SUBSTITUTE_ID,
    );
    expect(screen.getByText('No time off or extra hours coming up.')).toBeTruthy();
  });
});
