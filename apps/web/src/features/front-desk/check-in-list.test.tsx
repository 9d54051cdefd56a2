import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassInstanceDetailsDto, RosterEntryDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { ClassDetailsPage } from '../schedule/class-details-page.tsx';
import {
  account,
  BOOKING_IDS,
  choiceAnswers,
  CLASS_ID,
  fullDetails,
  roster,
} from '../schedule/schedule-test-fixtures.ts';

/** The class details roster as the check-in list (issue 13 §4): search, Enter, undo, walk-ins. */
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROSTER_PATH = `class-instances/${CLASS_ID}/bookings`;
/** Check-in (30 minutes before in the fixture's rules) is open: the class starts in 20 minutes. */
const soon = (): ClassInstanceDetailsDto => ({
  ...fullDetails,
  startsAt: new Date(Date.now() + 20 * 60_000).toISOString(),
  endsAt: new Date(Date.now() + 80 * 60_000).toISOString(),
});

function open(
  post: (call: Call) => Answer | undefined,
  item = soon(),
  entries: RosterEntryDto[] = roster,
  get?: (call: Call) => Answer | undefined,
) {
  const reads: Record<string, Answer> = {
    ...choiceAnswers,
    me: ok(account),
    [`class-instances/${CLASS_ID}`]: ok(item),
    [ROSTER_PATH]: ok({ items: entries }),
  };
  const calls = stubFetch((call) =>
    call.method === 'GET' ? (get?.(call) ?? reads[call.path] ?? noStub(call)) : (post(call) ?? noStub(call)),
  );
  renderRoutes(
    [{ path: '/app/classes/details/:classInstanceId', element: <ClassDetailsPage /> }],
    `/app/classes/details/${CLASS_ID}`,
  );
  return calls;
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST').map((call) => call.path);

describe('the check-in list', () => {
  it('finds a client by phone digits typed any way, and Enter checks in the one booked client found', async () => {
    const calls = open((call) =>
      call.path === `bookings/${BOOKING_IDS.ava}/check-in`
        ? ok({ ...roster[0], status: 'checked_in' })
        : undefined,
    );
    const search = await screen.findByRole('searchbox', { name: 'Find on the roster of Evening Flow' });
    fireEvent.change(search, { target: { value: '555-1234' } });
    // Only Ava's phone holds those digits.
    const places = within(screen.getByRole('list', { name: /^Places/ }));
    expect(places.getAllByRole('listitem').map((item) => item.querySelector('a')?.textContent)).toEqual([
      'Ava Adams',
    ]);
    expect(screen.queryByRole('list', { name: /^Waitlist/ })).toBeNull();
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toEqual([`bookings/${BOOKING_IDS.ava}/check-in`]));
    expect(await screen.findByText('Ava Adams is checked in.')).toBeTruthy();

    // Nobody booked matches: said, and nothing is sent.
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('Nobody on the roster matches “zzz”.')).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await screen.findByText('No booked client matches; nobody was checked in.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
  });

  it('undoes a check-in with a 44 px button', async () => {
    const calls = open((call) =>
      call.path === `bookings/${BOOKING_IDS.ben}/undo-check-in`
        ? ok({ ...roster[1], status: 'booked' })
        : undefined,
    );
    const undo = await screen.findByRole('button', { name: 'Undo Ben Brown’s check-in' });
    expect(undo.style.minHeight).toBe('44px');
    fireEvent.click(undo);
    await waitFor(() => expect(posts(calls)).toEqual([`bookings/${BOOKING_IDS.ben}/undo-check-in`]));
  });

  it('adds a walk-in while check-in is open (booked and checked in at once); not before', async () => {
    const hal = {
      id: '999999999999999999999999',
      name: 'Hal Hill',
      email: 'hal@example.com',
      phone: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const calls = open(
      (call) =>
        call.path === `class-instances/${CLASS_ID}/walk-ins`
          ? ok({ ...roster[0], clientName: 'Hal Hill', status: 'checked_in' })
          : undefined,
      { ...soon(), bookedCount: 1 },
      roster.slice(0, 1),
      (call) => (call.path.startsWith('clients?') ? ok({ items: [hal], total: 1 }) : undefined),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Walk-in: Evening Flow' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Client' }), { target: { value: 'hal' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Hal Hill · hal@example.com', hidden: true }));
    fireEvent.click(dialog.getByRole('button', { name: 'Check in Hal Hill' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: `class-instances/${CLASS_ID}/walk-ins`,
        body: { clientId: hal.id },
      }),
    );
  });

  it('a new walk-in who has not signed the waiver: made, then refused in words, with no way around it (waiver first)', async () => {
    const ivy = {
      id: '999999999999999999999998',
      name: 'Ivy Irwin',
      email: 'ivy@example.com',
      phone: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const calls = open(
      (call) => {
        if (call.path === 'clients') return ok(ivy);
        if (call.path !== `class-instances/${CLASS_ID}/walk-ins`) return undefined;
        return {
          code: 409,
          body: {
            status: 0,
            message:
              'Ivy Irwin has not signed the studio’s current waiver, and nobody is checked in without it: they sign it from the check-in code at the door, or in Settings › Waiver.',
            errors: { waiver: 'The waiver is not signed' },
          },
        };
      },
      { ...soon(), capacity: 3 },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Walk-in: Evening Flow' }));
    fireEvent.click(dialog.getByText('New client'));
    fireEvent.change(await dialog.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Ivy Irwin' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'ivy@example.com' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Create and check in' }));
    expect(
      await dialog.findByText(
        /Ivy Irwin is now a client, but was not checked in: .*nobody is checked in without it/,
      ),
    ).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /anyway/ })).toBeNull();
    // Ivy is a client now: no form left to make her again, only the way back, and the keyboard is on it.
    expect(dialog.queryByRole('button', { name: 'Create and check in' })).toBeNull();
    expect(dialog.queryByRole('textbox', { name: 'Email' })).toBeNull();
    const close = dialog.getByRole('button', { name: 'Back to the roster' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['clients', expect.objectContaining({ name: 'Ivy Irwin', email: 'ivy@example.com' })],
      [`class-instances/${CLASS_ID}/walk-ins`, { clientId: ivy.id }],
    ]);
  });

  it('offers no walk-in before check-in opens', async () => {
    open(() => undefined, {
      ...fullDetails,
      startsAt: new Date(Date.now() + 5 * 3600_000).toISOString(),
      endsAt: new Date(Date.now() + 6 * 3600_000).toISOString(),
    });
    await screen.findByRole('button', { name: 'Add client' });
    expect(screen.queryByRole('button', { name: 'Add walk-in' })).toBeNull();
  });

  it('a full class: the walk-in dialog says nobody can walk in, offers only the way back, and sends nothing', async () => {
    const item = soon();
    const calls = open(() => undefined, { ...item, bookedCount: item.capacity });
    fireEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: `Walk-in: ${item.templateName}` }));
    expect(
      dialog.getByText(`The class is full: all ${item.capacity} places are taken, so nobody can walk in.`),
    ).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /Check in/ })).toBeNull();
    expect(dialog.queryByRole('radio', { name: 'New client' })).toBeNull();
    const back = dialog.getByRole('button', { name: 'Back to the roster' });
    await waitFor(() => expect(document.activeElement).toBe(back));
    fireEvent.click(back);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);
  });
});
