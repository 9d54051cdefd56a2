import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { ClassDetailsPage } from './class-details-page.tsx';
import { ScopeDialog } from './scope-dialog.tsx';
import { choiceAnswers, CLASS_ID, details, eventDateDetails, ok, series, SERIES_ID } from './schedule-test-fixtures.ts';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function open() {
  const api = stubApi({
    ...choiceAnswers,
    [`class-instances/${CLASS_ID}`]: ok(details),
    [`fitness-sessions/${SERIES_ID}`]: ok(series),
    [`class-instances/${CLASS_ID}/instructor`]: ok(details),
    [`class-instances/${CLASS_ID}/cancel`]: ok({ ...details, status: 'cancelled' }),
    [`class-instances/${CLASS_ID}/bookings`]: ok({ items: [] }),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  renderRoutes(
    [{ path: '/app/classes/details/:classInstanceId', element: <ClassDetailsPage /> }],
    `/app/classes/details/${CLASS_ID}`,
  );
  return api;
}

describe('Scope dialog', () => {
  it('offers the three scopes, this class first, and answers the one chosen', async () => {
    const onChoose = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: <ScopeDialog opened title="Move the class" busy={false} error={null} onCancel={() => {}} onChoose={onChoose} />,
        },
      ],
      '/',
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Move the class' }));
    expect(dialog.getAllByRole('radio')).toHaveLength(3);
    expect((dialog.getByRole('radio', { name: 'This class only' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('radio', { name: 'This and following classes' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(onChoose).toHaveBeenCalledWith('following');
  });
});

describe('Class details', () => {
  it('shows the class in its studio’s zone, and an empty roster says so', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Evening Flow' })).toBeTruthy();
    expect(screen.getByText(/8 Jan 2030, 18:00–19:00/)).toBeTruthy();
    expect(screen.getByText('Midtown · Studio A')).toBeTruthy();
    expect(screen.getByText('0 of 15 booked')).toBeTruthy();
    expect(await screen.findByText(/Bookings appear here once clients book this class/)).toBeTruthy();
  });

  it('edits this class only: asks the scope first, then sends a one-off rule on its date', async () => {
    const api = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const scope = within(await screen.findByRole('dialog', { name: 'Edit Evening Flow' }));
    fireEvent.click(scope.getByRole('button', { name: 'Apply' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit: this class only' }));
    // One class has no schedule of its own to change.
    expect(edit.queryByRole('textbox', { name: 'Number of classes' })).toBeNull();
    fireEvent.change(await edit.findByLabelText(/Start time/), { target: { value: '19:00' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.body && call.path === `fitness-sessions/${SERIES_ID}`)).toBe(true));
    const body = api.calls.find((call) => call.body && call.path === `fitness-sessions/${SERIES_ID}`)?.body;
    expect(body).toMatchObject({
      scope: 'one',
      classInstanceId: CLASS_ID,
      startTime: '19:00',
      durationMinutes: 60,
      schedule: { kind: 'once', date: '2030-01-08' },
    });
  });

  it('edits this and following: keeps the weekly rule, starting from this class', async () => {
    const api = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const scope = within(await screen.findByRole('dialog', { name: 'Edit Evening Flow' }));
    fireEvent.click(scope.getByRole('radio', { name: 'This and following classes' }));
    fireEvent.click(scope.getByRole('button', { name: 'Apply' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit: this and following classes' }));
    fireEvent.click(await edit.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.body && call.path === `fitness-sessions/${SERIES_ID}`)).toBe(true));
    const body = api.calls.find((call) => call.body && call.path === `fitness-sessions/${SERIES_ID}`)?.body;
    expect(body).toMatchObject({
      scope: 'following',
      dropInPrice: 2000,
      ruleOverrides: null,
      schedule: { kind: 'weekly', weekdays: ['tuesday'], everyWeeks: 1, startDate: '2030-01-08', count: 10, endDate: null },
    });
  });

  it('cancels with a reason after asking, and substitutes for this class only', async () => {
    const api = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel class' }));
    const cancel = within(await screen.findByRole('dialog', { name: 'Cancel Evening Flow?' }));
    fireEvent.change(cancel.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Flooded' } });
    fireEvent.click(cancel.getByRole('button', { name: 'Cancel the class' }));
    await waitFor(() => expect(api.calls.find((call) => call.path.endsWith('/cancel'))?.body).toEqual({ reason: 'Flooded' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Substitute instructor' }));
    const sub = within(await screen.findByRole('dialog', { name: 'Substitute instructor' }));
    fireEvent.click(sub.getByRole('button', { name: 'Substitute' }));
    expect(await sub.findByText('Choose who teaches this class instead')).toBeTruthy();
    expect(api.calls.some((call) => call.path.endsWith('/instructor'))).toBe(false);
  });
});

describe('An event’s date on the class page', () => {
  it('reads as its event: facilitators, its own address, its price; edited on the Events page', async () => {
    const eventDate = { ...eventDateDetails, id: CLASS_ID };
    const api = stubApi({
      ...choiceAnswers,
      [`class-instances/${CLASS_ID}`]: ok(eventDate),
      [`class-instances/${CLASS_ID}/bookings`]: ok({ items: [] }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderRoutes(
      [{ path: '/app/classes/details/:classInstanceId', element: <ClassDetailsPage /> }],
      `/app/classes/details/${CLASS_ID}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pottery Workshop' })).toBeTruthy();
    expect(screen.getByText('22 Mill Lane, Decatur')).toBeTruthy();
    expect(screen.getByText('Facilitators')).toBeTruthy();
    expect(screen.getByText('Ana Ruiz')).toBeTruthy();
    expect(screen.getByText('Price')).toBeTruthy();
    expect(screen.queryByText('Instructor')).toBeNull();
    // No class actions (a series edit or a substitute would not fit an event's date).
    const link = await screen.findByRole('link', { name: 'Edit or cancel this event on the Events page' });
    expect(link.getAttribute('href')).toMatch(/\/events$/);
    for (const name of ['Edit', 'Cancel class', 'Substitute instructor'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
