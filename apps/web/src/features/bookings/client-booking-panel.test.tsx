import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  COOKIE,
  type AccountDto,
  type ClassInstanceDetailsDto,
  type MyBookingDto,
  type MyWaiverDto,
  type PaymentOptionsDto,
} from '@kinetic/shared';
import { deleteCookie, writeCookie } from '../../api/cookies.ts';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { PublicClassDetailsPage } from '../schedule/public-class-details-page.tsx';
import {
  account,
  BOOKING_IDS,
  CLASS_ID,
  clientAccount,
  COMPANY_ID,
  details,
  fullDetails,
  myBooking,
} from '../schedule/schedule-test-fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of Object.values(COOKIE)) deleteCookie(name);
});

const PAGE = `/acme/client/client/app/classes/details/${CLASS_ID}`;
const BOOK_PATH = `class-instances/${CLASS_ID}/bookings`;

function signInAsClient() {
  writeCookie(COOKIE.token, 'client-token');
  writeCookie(COOKIE.hostType, 'company');
  writeCookie(
    COOKIE.user,
    JSON.stringify({
      _id: clientAccount.user.id,
      companyId: COMPANY_ID,
      soloInstructorId: null,
      clientSignupDetailsId: null,
    }),
  );
}

const NO_WAIVER: MyWaiverDto = { waiver: null, signature: null, mustSign: false };

function open({
  item = details,
  mine = [],
  me = clientAccount,
  post,
  payment,
  waiver = NO_WAIVER,
}: {
  item?: ClassInstanceDetailsDto;
  /** The client's bookings of the class; a function answers what the server holds at each read. */
  mine?: MyBookingDto[] | (() => MyBookingDto[]);
  me?: AccountDto;
  post?: (call: Call) => Answer | undefined;
  payment?: PaymentOptionsDto;
  waiver?: MyWaiverDto;
} = {}) {
  const reads: Record<string, () => Answer> = {
    'public/acme': () => ok({ name: 'Acme Yoga', slug: 'acme', logoUrl: null }),
    [`public/acme/class-instances/${CLASS_ID}`]: () => ok(item),
    me: () => ok(me),
    'my/waiver': () => ok(waiver),
    [`my/bookings?classInstanceId=${CLASS_ID}`]: () =>
      ok({ items: typeof mine === 'function' ? mine() : mine }),
    ...(payment ? { [`class-instances/${CLASS_ID}/payment-options`]: () => ok(payment) } : {}),
  };
  const calls = stubFetch((call) =>
    call.method === 'GET' ? (reads[call.path]?.() ?? noStub(call)) : (post?.(call) ?? noStub(call)),
  );
  renderRoutes(
    [
      {
        path: '/:company/:roleId/client/app/classes/details/:classInstanceId',
        element: <PublicClassDetailsPage />,
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    PAGE,
  );
  return calls;
}

const PACK_ID = 'c0ffee0000000000000000a1';
const twoWays: PaymentOptionsDto = {
  currency: 'USD',
  dropInPrice: 2500,
  best: { kind: 'class-pack', clientPackageId: PACK_ID, label: 'Uses 1 credit of your 10-Class Pack' },
  packages: [
    {
      clientPackageId: PACK_ID,
      name: '10-Class Pack',
      kind: 'class-pack',
      remaining: 7,
      usable: true,
      problem: null,
    },
    {
      clientPackageId: 'c0ffee0000000000000000a2',
      name: 'Unlimited',
      kind: 'membership',
      remaining: null,
      usable: false,
      problem: 'Unlimited is paused.',
    },
  ],
};
const paidByPack = {
  paidWith: 'class-pack',
  payment: { packageName: '10-Class Pack', dropIn: null },
} as const;

describe('Booking on the public class page', () => {
  it('asks a visitor to log in or sign up with this studio', async () => {
    const calls = open();
    const login = await screen.findByRole('link', { name: 'Log in to book' });
    expect(login.getAttribute('href')).toBe(`/acme/client/login?classInstanceId=${CLASS_ID}&details=1`);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/acme/client/client/client-signup',
    );
    expect(calls.some((call) => call.path === 'me' || call.path.startsWith('my/'))).toBe(false);
  });

  it('gives a signed-in client of the studio the way back to their calendar; a visitor gets none', async () => {
    signInAsClient();
    open();
    const back = await screen.findByRole('link', { name: 'My calendar' });
    expect(back.getAttribute('href')).toBe('/acme/client/client');
    cleanup();
    for (const name of Object.values(COOKIE)) deleteCookie(name);
    open();
    await screen.findByRole('link', { name: 'Log in to book' });
    expect(screen.queryByRole('link', { name: 'My calendar' })).toBeNull();
  });

  it('says a class the studio cancelled is cancelled, with the studio’s reason, and offers no booking', async () => {
    signInAsClient();
    open({ item: { ...details, status: 'cancelled', cancelReason: 'Instructor ill' } });
    expect(await screen.findByText('The studio cancelled this class: Instructor ill')).toBeTruthy();
    expect(screen.getByText('This class is cancelled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('tells a signed-in team member to book clients from the studio app, and never books them', async () => {
    signInAsClient();
    const calls = open({ me: account });
    expect(await screen.findByText(/You are signed in as Olive Owner of the studio’s team/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('my/'))).toBe(false);
  });

  it('books a signed-in client who has no place yet', async () => {
    signInAsClient();
    const calls = open({ post: (call) => (call.path === BOOK_PATH ? ok(myBooking('booked')) : undefined) });
    // The cancellation rule is said before booking: 12 hours before 18:00 in New York.
    expect(await screen.findByText('Cancel until Tue 8 Jan, 06:00 to get a class credit back.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({ path: BOOK_PATH, body: {} }),
    );
    // The page asks again for the client's bookings, so it shows the place the server gave.
    await waitFor(() => expect(calls.filter((call) => call.path.startsWith('my/bookings'))).toHaveLength(2));
  });

  it('shows every way to pay, names the one chosen on the Book button, and books with it', async () => {
    signInAsClient();
    const calls = open({
      payment: twoWays,
      post: (call) => (call.path === BOOK_PATH ? ok(myBooking('booked')) : undefined),
    });
    const group = await screen.findByRole('radiogroup', { name: 'Pay with' });
    const ways = within(group).getAllByRole('radio');
    expect(ways.map((radio) => radio.closest('.mantine-Radio-body')?.textContent)).toEqual([
      '10-Class Pack (7 credits left)',
      'Drop-in: $25.00, paid at the studio',
    ]);
    expect((ways[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Book with 10-Class Pack (7 credits left)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Drop-in: $25.00, paid at the studio' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book — $25.00 drop-in, pay at the studio' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: BOOK_PATH,
        body: { payWith: 'drop-in' },
      }),
    );
  });

  it('after Book, says what paid the place and puts the keyboard on that sentence', async () => {
    signInAsClient();
    let held: MyBookingDto[] = [];
    open({
      payment: twoWays,
      mine: () => held,
      post: (call) => {
        if (call.path !== BOOK_PATH) return undefined;
        held = [myBooking('booked', paidByPack)];
        return ok(held[0]);
      },
    });
    const button = await screen.findByRole('button', { name: 'Book with 10-Class Pack (7 credits left)' });
    button.focus();
    fireEvent.click(button);
    const said = await screen.findByText('You’re booked, using 1 credit of 10-Class Pack.');
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(said.getAttribute('tabindex')).toBe('-1');
  });

  it('with nothing that pays, says the drop-in price and why a held package does not count', async () => {
    signInAsClient();
    open({
      payment: {
        currency: 'USD',
        dropInPrice: 2500,
        best: { kind: 'drop-in', clientPackageId: null, label: 'Drop-in: $25.00, paid at the studio' },
        packages: [
          {
            clientPackageId: 'c0ffee0000000000000000a1',
            name: 'Five Pack',
            kind: 'class-pack',
            remaining: 0,
            usable: false,
            problem: 'Five Pack has no credits left.',
          },
        ],
      },
    });
    expect(await screen.findByText('Drop-in: $25.00, paid at the studio.')).toBeTruthy();
    expect(screen.getByText('Five Pack has no credits left.')).toBeTruthy();
  });

  it('offers the waitlist when the class is full, and shows a refusal where the button was', async () => {
    signInAsClient();
    open({
      item: fullDetails,
      post: () => ({
        code: 409,
        body: { status: 0, message: 'This class is full, and so is its waitlist.' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waitlist' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This class is full, and so is its waitlist.',
    );
  });

  it('sends one Idempotency-Key per booking meant: pressing again after no answer reuses it', async () => {
    signInAsClient();
    let first = true;
    const calls = open({
      post: (call) => {
        if (call.path !== BOOK_PATH) return undefined;
        if (first) {
          first = false;
          return {
            code: 503,
            body: { status: 0, message: 'The server is busy. Please try again in a moment.' },
          };
        }
        return ok(myBooking('booked'));
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks before a waiting client leaves the line (staying has the focus), then says they left', async () => {
    signInAsClient();
    let held = [myBooking('waitlisted', { waitlistPosition: 2 })];
    const calls = open({
      item: fullDetails,
      mine: () => held,
      post: (call) => {
        if (!call.path.endsWith('/cancel')) return undefined;
        held = [];
        return ok(myBooking('cancelled'));
      },
    });
    expect(await screen.findByText('You’re number 2 on the waitlist.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the waitlist?' });
    expect(dialog.textContent).toContain('You are #2 in line.');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Stay on the waitlist' }),
      ),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave the waitlist' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: `bookings/${BOOKING_IDS.ava}/cancel`,
        body: {},
      }),
    );
    const said = await screen.findByText('You left the waitlist.');
    await waitFor(() => expect(document.activeElement).toBe(said));
  });

  it('opens the cancel dialog on “Keep my booking”, says the credit comes back, and after cancelling focuses the result', async () => {
    signInAsClient();
    let held = [myBooking('booked', paidByPack)];
    const calls = open({
      payment: twoWays,
      mine: () => held,
      post: (call) => {
        if (!call.path.endsWith('/cancel')) return undefined;
        held = [];
        return ok(myBooking('cancelled'));
      },
    });
    expect(await screen.findByText('You’re booked, using 1 credit of 10-Class Pack.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your booking?' });
    expect(dialog.textContent).toContain('Cancelling now is free: your credit goes back to 10-Class Pack.');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my booking' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel my booking' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.path).toBe(`bookings/${BOOKING_IDS.ava}/cancel`),
    );
    const said = await screen.findByText('Booking cancelled: your credit went back to 10-Class Pack.');
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(screen.getByRole('button', { name: 'Book with 10-Class Pack (7 credits left)' })).toBeTruthy();
  });

  it('says before Book that the waiver must be signed first, with a way there and back', async () => {
    signInAsClient();
    open({
      waiver: { ...NO_WAIVER, mustSign: true },
      post: () => ({
        code: 409,
        body: {
          status: 0,
          message: 'Sign the studio’s waiver before you book: it is in Settings › Waiver.',
          errors: { waiver: 'Sign the waiver first' },
        },
      }),
    });
    const note = await screen.findByText('Sign the studio’s waiver first');
    const back = `/acme/client/client/settings/waiver?next=${encodeURIComponent(PAGE)}`;
    const [link] = screen.getAllByRole('link', { name: 'Sign the waiver' });
    expect(link?.getAttribute('href')).toBe(back);
    // The note comes before the button.
    const book = screen.getByRole('button', { name: 'Book' });
    expect(note.compareDocumentPosition(book) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(book);
    const refusal = await screen.findByRole('alert');
    const inRefusal = within(refusal).getByRole('link', { name: 'Sign the waiver' });
    expect(inRefusal.getAttribute('href')).toBe(back);
    // The link reads at the size of the sentence around it.
    expect(inRefusal.style.fontSize).toBe('inherit');
  });

  it('shows a held place until its time in the studio’s zone, and accepts it', async () => {
    signInAsClient();
    const calls = open({
      item: fullDetails,
      mine: [myBooking('offered', { offerExpiresAt: '2030-01-08T22:30:00.000Z' })],
      post: (call) => (call.path.endsWith('/accept') ? ok(myBooking('booked')) : undefined),
    });
    expect(await screen.findByText('A place is held for you until Tue 8 Jan, 17:30.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.path).toBe(`bookings/${BOOKING_IDS.ava}/accept`),
    );
  });

  it('warns a booked client that cancelling now is late and may cost the fee', async () => {
    signInAsClient();
    const soon: ClassInstanceDetailsDto = {
      ...details,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      rules: { ...details.rules, lateCancelFee: 1000 },
    };
    const calls = open({
      item: soon,
      mine: [myBooking('booked')],
      post: (call) => (call.path.endsWith('/cancel') ? ok(myBooking('late_cancelled')) : undefined),
    });
    expect(await screen.findByText('You’re booked.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your booking?' });
    expect(dialog.textContent).toContain(
      'the class counts as used (no credit back) and a late-cancel fee of $10.00 is owed',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my booking' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.path).toBe(`bookings/${BOOKING_IDS.ava}/cancel`),
    );
  });
});
