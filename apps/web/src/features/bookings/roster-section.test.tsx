import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountDto, ClassInstanceDetailsDto, RosterEntryDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { ClassDetailsPage } from '../schedule/class-details-page.tsx';
import {
  account,
  BOOKING_IDS,
  choiceAnswers,
  CLASS_ID,
  fullDetails,
  instructorAccount,
  roster,
} from '../schedule/schedule-test-fixtures.ts';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROSTER_PATH = `class-instances/${CLASS_ID}/bookings`;

interface OpenOptions {
  me?: AccountDto;
  item?: ClassInstanceDetailsDto;
  entries?: RosterEntryDto[];
  post?: (call: Call) => Answer | undefined;
  get?: (call: Call) => Answer | undefined;
}

function open({ me = account, item = fullDetails, entries = roster, post, get }: OpenOptions = {}) {
  const reads: Record<string, Answer> = {
    ...choiceAnswers,
    me: ok(me),
    [`class-instances/${CLASS_ID}`]: ok(item),
    [ROSTER_PATH]: ok({ items: entries }),
  };
  const calls = stubFetch((call) => {
    if (call.method === 'GET') return get?.(call) ?? reads[call.path] ?? noStub(call);
    return post?.(call) ?? noStub(call);
  });
  renderRoutes(
    [{ path: '/app/classes/details/:classInstanceId', element: <ClassDetailsPage /> }],
    `/app/classes/details/${CLASS_ID}`,
  );
  return calls;
}

const inList = (name: RegExp) => within(screen.getByRole('list', { name }));
const names = (name: RegExp) =>
  inList(name)
    .getAllByRole('listitem')
    // The name is the first text: a link to the client's account for the desk, plain for instructors.
    .map((item) => item.querySelector('a, p')?.textContent);

/** A class starting in 20 minutes: check-in (30 minutes before in the fixture's rules) is open. */
const soon = (): ClassInstanceDetailsDto => ({
  ...fullDetails,
  startsAt: new Date(Date.now() + 20 * 60_000).toISOString(),
  endsAt: new Date(Date.now() + 80 * 60_000).toISOString(),
});

describe('Roster', () => {
  it('lists places, then the waitlist in order, then ended bookings with their fee', async () => {
    open({ item: soon() });
    await screen.findByRole('heading', { name: 'Places (2 of 2)' });
    expect(names(/^Places/)).toEqual(['Ava Adams', 'Ben Brown']);
    expect(names(/^Waitlist/)).toEqual(['Cleo Clark', 'Dan Diaz']);
    expect(screen.getByRole('list', { name: /^Waitlist/ }).tagName).toBe('OL');
    expect(inList(/^Waitlist/).getByText('Waitlisted · number 2')).toBeTruthy();
    expect(names(/^Cancelled and absent/)).toEqual(['Eve Evans']);

    const ava = within(inList(/^Places/).getAllByRole('listitem')[0] as HTMLElement);
    expect(ava.getByText('ava@example.com · (555) 123-4567')).toBeTruthy();
    expect(ava.getByText('Booked')).toBeTruthy();
    expect(ava.getByRole('button', { name: 'Check in Ava Adams' })).toBeTruthy();
    expect(ava.getByRole('button', { name: 'Cancel Ava Adams’s booking' })).toBeTruthy();
    expect(ava.getByRole('link', { name: 'Ava Adams' }).getAttribute('href')).toMatch(
      /\/clients\/profile\/([0-9a-f]{24})\/\1$/,
    );
    // Someone already present has nothing left to do.
    expect(screen.queryByRole('button', { name: 'Check in Ben Brown' })).toBeNull();

    const eve = within(inList(/^Cancelled and absent/).getByRole('listitem'));
    expect(eve.getByText('Late cancelled')).toBeTruthy();
    expect(eve.getByText('Late-cancel fee $10.00 — due')).toBeTruthy();
    expect(eve.getByRole('button', { name: 'Waive fee for Eve Evans' })).toBeTruthy();
    // The class is still to come: no-shows wait for the start.
    expect(
      (screen.getByRole('button', { name: 'Mark the rest as no-show' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says when check-in opens instead of offering it early, who cancelled, and how each place is paid', async () => {
    open({
      entries: [
        { ...(roster[0] as RosterEntryDto), paidWith: 'class-pack' },
        { ...(roster[4] as RosterEntryDto), status: 'cancelled', cancelledBy: 'studio', fee: null },
      ],
    });
    // The fixture class starts at 18:00 New York; check-in opens 30 minutes before.
    const early = await screen.findByRole('button', { name: 'Check in Ava Adams: opens at 17:30' });
    expect((early as HTMLButtonElement).disabled).toBe(true);
    expect(early.textContent).toBe('Check-in opens 17:30');
    expect(screen.getByText('Paid with a class pack credit')).toBeTruthy();
    expect(screen.getByText('Cancelled by the studio')).toBeTruthy();
  });

  it('shows a waitlist offer with the time its place is held until, in the studio’s zone', async () => {
    open({
      entries: [
        {
          ...(roster[2] as RosterEntryDto),
          status: 'offered',
          waitlistPosition: null,
          offerExpiresAt: '2030-01-08T22:30:00.000Z',
        },
      ],
    });
    expect(await screen.findByText('Offered — held until Tue 8 Jan, 17:30')).toBeTruthy();
  });

  it('checks a client in through the booking’s check-in and reloads the roster and counts', async () => {
    const calls = open({
      item: soon(),
      post: (call) =>
        call.path === `bookings/${BOOKING_IDS.ava}/check-in`
          ? ok({ ...roster[0], status: 'checked_in' })
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Check in Ava Adams' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        `bookings/${BOOKING_IDS.ava}/check-in`,
      ]),
    );
    await waitFor(() => expect(calls.filter((call) => call.path === ROSTER_PATH)).toHaveLength(2));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `class-instances/${CLASS_ID}`)).toHaveLength(2),
    );
  });

  it('lets an instructor take attendance only: no booking, cancelling or waiving', async () => {
    open({ me: instructorAccount, item: soon() });
    expect(await screen.findByRole('button', { name: 'Check in Ava Adams' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark the rest as no-show' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add client' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel Ava/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Waive fee/ })).toBeNull();
    // The client's account (money) is not theirs to open.
    expect(screen.queryByRole('link', { name: 'Ava Adams' })).toBeNull();
  });

  it('follows one person’s abilities: without check-in, no Check in, no-show or walk-in; booking and cancelling stay', async () => {
    open({ me: { ...account, can: { ...account.can, checkIn: false } }, item: soon() });
    expect(await screen.findByRole('button', { name: /^Cancel Ava Adams/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add client' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check in Ava Adams' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark the rest as no-show' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add walk-in' })).toBeNull();
  });

  it('without “Sell and refund” a late cancellation keeps its fee: no Waive the late-cancel fee', async () => {
    const late: ClassInstanceDetailsDto = {
      ...fullDetails,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      rules: { ...fullDetails.rules, lateCancelFee: 1000 },
    };
    open({ me: { ...account, can: { ...account.can, sellAndRefund: false } }, item: late });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Ava Adams’s booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Ava Adams’s booking?' }));
    expect(dialog.getByText(/counts as a late cancellation with a \$10\.00 fee/)).toBeTruthy();
    expect(dialog.queryByRole('checkbox', { name: 'Waive the late-cancel fee' })).toBeNull();
  });

  it('cancels late with the fee waived when the owner ticks the box', async () => {
    const soon: ClassInstanceDetailsDto = {
      ...fullDetails,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      rules: { ...fullDetails.rules, lateCancelFee: 1000 },
    };
    const calls = open({
      item: soon,
      post: (call) =>
        call.path.endsWith('/cancel') ? ok({ ...roster[0], status: 'late_cancelled' }) : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Ava Adams’s booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel Ava Adams’s booking?' }));
    expect(dialog.getByText(/counts as a late cancellation with a \$10\.00 fee/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Waive the late-cancel fee' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: `bookings/${BOOKING_IDS.ava}/cancel`,
        body: { waiveFee: true },
      }),
    );
  });

  it('marks the rest as no-show once the class has started, after asking', async () => {
    const started: ClassInstanceDetailsDto = {
      ...fullDetails,
      startsAt: new Date(Date.now() - 600_000).toISOString(),
      endsAt: new Date(Date.now() + 3_000_000).toISOString(),
    };
    const calls = open({
      item: started,
      post: (call) => (call.path === `class-instances/${CLASS_ID}/no-shows` ? ok({ marked: 1 }) : undefined),
    });
    const button = await screen.findByRole('button', { name: 'Mark the rest as no-show' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark the rest as no-show?' }));
    expect(dialog.getByText(/Ava Adams has not checked in/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Mark as no-show' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/no-shows'))).toBe(true),
    );
  });

  it('finds a client by search and books them into the class', async () => {
    const fay = {
      id: '777777777777777777777777',
      name: 'Fay Fisher',
      email: 'fay@example.com',
      phone: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const calls = open({
      entries: [],
      item: { ...fullDetails, bookedCount: 0, waitlistCount: 0 },
      get: (call) =>
        call.path.startsWith('clients?')
          ? ok({ items: call.path.includes('q=fay') ? [fay] : [], total: 1 })
          : undefined,
      post: (call) =>
        call.path === ROSTER_PATH ? ok({ ...roster[0], clientName: 'Fay Fisher' }) : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add client' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a client to Evening Flow' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Client' }), { target: { value: 'fay' } });
    fireEvent.click(
      await screen.findByRole('option', { name: 'Fay Fisher · fay@example.com', hidden: true }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Book Fay Fisher' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: ROSTER_PATH,
        body: { clientId: fay.id },
      }),
    );
  });

  it('a client without the signed waiver is refused in words; the team may book them anyway for this class', async () => {
    const gil = {
      id: '888888888888888888888888',
      name: 'Gil Green',
      email: 'gil@example.com',
      phone: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const calls = open({
      entries: [],
      item: { ...fullDetails, bookedCount: 0, waitlistCount: 0 },
      get: (call) => (call.path.startsWith('clients?') ? ok({ items: [gil], total: 1 }) : undefined),
      post: (call) =>
        call.path !== ROSTER_PATH
          ? undefined
          : (call.body as { overrideWaiver?: boolean }).overrideWaiver
            ? ok({ ...roster[0], clientName: 'Gil Green' })
            : {
                code: 409,
                body: {
                  status: 0,
                  message:
                    'Gil Green has not signed the studio’s current waiver. Ask them to sign it, or book anyway for this class only.',
                  errors: { overrideWaiver: 'The waiver is not signed' },
                },
              },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add client' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a client to Evening Flow' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Client' }), { target: { value: 'gil' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Gil Green · gil@example.com', hidden: true }));
    fireEvent.click(dialog.getByRole('button', { name: 'Book Gil Green' }));
    expect(await dialog.findByText(/has not signed the studio’s current waiver/)).toBeTruthy();
    fireEvent.click(await dialog.findByRole('button', { name: 'Book Gil Green anyway' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { clientId: gil.id },
        { clientId: gil.id, overrideWaiver: true },
      ]),
    );
  });
});
