import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  SESSION_SETTINGS_DEFAULTS,
  type AppointmentTypeDto,
  type PackageDto,
  type StudioDto,
} from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import {
  account,
  INSTRUCTOR_ID,
  instructors,
  ROOM_ID,
  STUDIO_ID,
  studio,
} from '../schedule/schedule-test-fixtures.ts';
import { AppointmentTypesPanel } from './appointment-types-panel.tsx';

// Mantine's autosize Textarea listens for web fonts, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TYPE_ID = '777777777777777777777777';
const PACK_ID = '888888888888888888888888';
const OTHER_STUDIO_ID = '999999999999999999999999';

const pack = {
  id: PACK_ID,
  kind: 'class-pack',
  name: '10 PT sessions',
  archived: false,
} as PackageDto;

const training: AppointmentTypeDto = {
  id: TYPE_ID,
  name: 'Personal training',
  description: null,
  durationMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  slotIntervalMinutes: null,
  price: 4500,
  currency: 'USD',
  packageIds: [PACK_ID],
  instructorIds: [INSTRUCTOR_ID],
  studioIds: [STUDIO_ID],
  roomIds: [ROOM_ID],
  maxAttendees: 1,
  ruleOverrides: { noShowFee: 2000 },
  active: true,
};
const duo: AppointmentTypeDto = {
  ...training,
  id: '777777777777777777777778',
  name: 'Duo Pilates',
  price: 6000,
  packageIds: [],
  roomIds: [],
  bufferAfterMinutes: 0,
  maxAttendees: 2,
  ruleOverrides: null,
  active: false,
};

function serve(
  {
    types = [training, duo],
    people = instructors,
    studios = [studio],
    removed = new Set<string>(),
  }: {
    types?: AppointmentTypeDto[];
    people?: typeof instructors;
    studios?: StudioDto[];
    /** Types deleted meanwhile: the list read again leaves them out. */
    removed?: Set<string>;
  } = {},
  write?: (call: Call) => Answer | undefined,
) {
  const reads: Record<string, Answer> = {
    me: ok(account),
    'appointment-types': ok({ items: types }),
    'studios?pageSize=100': ok({ items: studios, total: studios.length }),
    'instructors?status=all&pageSize=100': ok({ items: people, total: people.length }),
    'packages?status=all&pageSize=100': ok({ items: [pack], total: 1 }),
    'settings/sessions': ok({
      ...SESSION_SETTINGS_DEFAULTS,
      lateCancelFee: 1000,
      reminderHoursBefore: 24,
      saved: true,
      currency: 'USD',
    }),
  };
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === 'appointment-types')
      return ok({ items: types.filter((type) => !removed.has(type.id)) });
    return call.method === 'GET' ? (reads[call.path] ?? noStub(call)) : (write?.(call) ?? noStub(call));
  });
}

const render = () => renderRoutes([{ path: '/', element: <AppointmentTypesPanel /> }], '/');

const openNew = async () => {
  const button = await screen.findByRole('button', { name: 'New appointment type' });
  // Enabled once the choices (instructors, studios, packages, Sessions Settings) have loaded.
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
  return within(await screen.findByRole('dialog', { name: 'New appointment type' }));
};

describe('Appointment types panel', { timeout: 30_000 }, () => {
  it('lists each type with its length, price in the company currency, who, where, clients and whether it is active', async () => {
    serve();
    render();
    const card = within(await screen.findByRole('article', { name: 'Personal training' }));
    expect(card.getByText('1 h · $45.00 · Private (1 client) · 15 min buffer after')).toBeTruthy();
    expect(card.getByText('Ines Instructor')).toBeTruthy();
    expect(card.getByText('Midtown · Studio A')).toBeTruthy();
    expect(card.getByText('10 PT sessions')).toBeTruthy();
    expect(card.getByText('Active')).toBeTruthy();
    const other = within(screen.getByRole('article', { name: 'Duo Pilates' }));
    expect(other.getByText('1 h · $60.00 · Up to 2 clients')).toBeTruthy();
    expect(other.getByText('Inactive')).toBeTruthy();
  });

  it('a new type: every field is there, the only instructor and studio are preselected, and Save sends the body the server takes', async () => {
    const calls = serve({ types: [], people: [instructors[0]!] }, (call) =>
      call.method === 'POST' && call.path === 'appointment-types'
        ? ok({ ...training, id: '777777777777777777777779', name: 'Assessment' })
        : undefined,
    );
    render();
    expect(await screen.findByText('No appointment types yet')).toBeTruthy();
    const dialog = await openNew();
    for (const name of [
      /^Name/,
      /^Description/,
      /^Length \(minutes\)/,
      /^Start interval \(minutes\)/,
      /^Buffer before/,
      /^Buffer after/,
      /^Price \(USD\)/,
      /^Clients per session/,
      /^Book at most \(days ahead\)/,
      /^Book at the latest \(minutes before\)/,
      /^Free cancellation until \(hours before\)/,
      /^Late cancellation fee \(USD\)/,
      /^No-show fee \(USD\)/,
    ])
      expect(dialog.getByRole('textbox', { name })).toBeTruthy();
    // Blank rules say what Sessions Settings decides.
    expect(dialog.getByText('Blank: Sessions Settings default (14 days)')).toBeTruthy();
    expect(dialog.getByText('Blank: Sessions Settings default ($10.00)')).toBeTruthy();
    expect(dialog.getByText('Blank: every session length (60 minutes)')).toBeTruthy();
    // One instructor and one studio: already chosen.
    expect(dialog.getByText('Ines Instructor')).toBeTruthy();
    expect(dialog.getByText('Midtown')).toBeTruthy();

    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Assessment' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Length/ }), { target: { value: '45' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Buffer after/ }), { target: { value: '10' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Price/ }), { target: { value: '35.5' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Clients per session/ }), {
      target: { value: '3' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: /^No-show fee/ }), { target: { value: '12.25' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Free cancellation/ }), {
      target: { value: '24' },
    });
    const packages = dialog.getByLabelText(/^Packages that pay for it/);
    fireEvent.focus(packages);
    fireEvent.keyDown(packages, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: '10 PT sessions', hidden: true }));
    const rooms = dialog.getByLabelText(/^Rooms/);
    fireEvent.focus(rooms);
    fireEvent.keyDown(rooms, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Studio A (Midtown)', hidden: true }));
    fireEvent.click(dialog.getByRole('switch', { name: /^Active/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add appointment type' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Assessment',
      description: null,
      durationMinutes: 45,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 10,
      slotIntervalMinutes: null,
      price: 3550,
      packageIds: [PACK_ID],
      instructorIds: [INSTRUCTOR_ID],
      studioIds: [STUDIO_ID],
      roomIds: [ROOM_ID],
      maxAttendees: 3,
      ruleOverrides: { freeCancellationHoursBefore: 24, noShowFee: 1225 },
      active: false,
    });
    expect(await screen.findByText('Assessment added.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('with several instructors and studios nothing is preselected, and the form asks for at least one of each before sending', async () => {
    const second: StudioDto = { ...studio, id: OTHER_STUDIO_ID, name: 'Uptown', rooms: [] };
    const calls = serve({ types: [], studios: [studio, second] });
    render();
    const dialog = await openNew();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Assessment' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add appointment type' }));
    expect(await dialog.findByText('Choose at least one instructor')).toBeTruthy();
    expect(dialog.getByText('Choose at least one studio')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText(/^Instructors/)));
  });

  it("edit: the saved values are shown, and the server's 400 errors land at their fields with focus on the first", async () => {
    const calls = serve({}, (call) =>
      call.method === 'PUT'
        ? {
            code: 400,
            body: {
              status: 0,
              message: 'Check the highlighted fields',
              errors: {
                slotIntervalMinutes: 'The start interval can be at most 4 hours longer than the session',
                'ruleOverrides.noShowFee': 'A fee can be at most 1,000,000.00',
              },
            },
          }
        : undefined,
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Personal training' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Personal training' }));
    expect((dialog.getByRole('textbox', { name: /^Price/ }) as HTMLInputElement).value).toBe('45');
    expect((dialog.getByRole('textbox', { name: /^No-show fee/ }) as HTMLInputElement).value).toBe('20');
    expect((dialog.getByRole('textbox', { name: /^Late cancellation fee/ }) as HTMLInputElement).value).toBe(
      '',
    );
    fireEvent.change(dialog.getByRole('textbox', { name: /^Start interval/ }), { target: { value: '30' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const interval = dialog.getByRole('textbox', { name: /^Start interval/ });
    expect(
      await dialog.findByText('The start interval can be at most 4 hours longer than the session'),
    ).toBeTruthy();
    expect(dialog.getByText('A fee can be at most 1,000,000.00')).toBeTruthy();
    expect(interval.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByRole('textbox', { name: /^No-show fee/ }).getAttribute('aria-invalid')).toBe('true');
    // The message only repeats the fields' errors: no second alert above the button beyond it.
    expect(dialog.getByText('Check the highlighted fields')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(interval));
    expect(calls.find((call) => call.method === 'PUT')?.path).toBe(`appointment-types/${TYPE_ID}`);
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      slotIntervalMinutes: 30,
      price: 4500,
      ruleOverrides: { noShowFee: 2000 },
    });
  });

  it('delete asks first, says a type with appointments is archived, and sends DELETE', async () => {
    let deleted = false;
    const removed = new Set<string>();
    const calls = serve({ removed }, (call) => {
      if (call.method === 'DELETE' && call.path === `appointment-types/${TYPE_ID}`) {
        deleted = true;
        removed.add(TYPE_ID);
        return ok({ archived: true });
      }
      return undefined;
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Personal training' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Personal training?' }));
    expect(dialog.getByText(/A type that already has appointments is archived instead/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete the type' }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(
      await screen.findByText(
        'Personal training deleted. It has appointments, so it is archived: they keep it in their history.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    // Its card is gone once the list is read again; focus goes to the next type's Edit, not the page.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Personal training' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Duo Pilates' })),
    );
  });

  it('every control of the editor is reachable by keyboard and named', async () => {
    serve();
    render();
    const dialog = await openNew();
    const controls = [
      ...dialog.getAllByRole('textbox'),
      ...dialog.getAllByRole('switch'),
      ...dialog.getAllByRole('button', { name: /Add appointment type|Cancel/ }),
    ];
    expect(controls.length).toBeGreaterThanOrEqual(16);
    for (const control of controls) {
      expect(control.hasAttribute('disabled')).toBe(false);
      expect(control.tabIndex).toBeGreaterThanOrEqual(0);
      control.focus();
      expect(document.activeElement).toBe(control);
    }
    // The pickers are keyboard comboboxes (ArrowDown opens, Enter picks).
    const instructorsPicker = dialog.getByLabelText(/^Instructors/);
    fireEvent.focus(instructorsPicker);
    fireEvent.keyDown(instructorsPicker, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Sam Substitute', hidden: true })).toBeTruthy();
  });
});
