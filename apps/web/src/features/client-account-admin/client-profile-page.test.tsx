import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClientNoteDto, ClientProfileDto, SignupDetailsDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import {
  account as ownerAccount,
  choiceAnswers,
  instructorAccount,
} from '../schedule/schedule-test-fixtures.ts';
import { ClientAccountPage } from './client-account-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLIENT_ID = '777777777777777777777777';
const OTHER_ID = '888888888888888888888888';

const signupDetails: SignupDetailsDto = {
  id: CLIENT_ID,
  clientId: CLIENT_ID,
  birthDate: null,
  address: { line1: null, line2: null, city: null, state: null, postalCode: null, country: null },
  emergencyContactName: null,
  emergencyContactPhone: null,
  heardAbout: null,
  heardAboutDetail: null,
  neighborhood: null,
  planningUnit: null,
  age: '35-44',
  raceEthnicity: null,
  industry: null,
  incomeBandTo200k: null,
  incomeBandTo120k: null,
  homeStudioId: null,
  homeStudioName: null,
  marketingEmails: true,
  labels: {
    heardAbout: null,
    planningUnit: null,
    age: '35–44',
    raceEthnicity: null,
    industry: null,
    incomeBandTo200k: null,
    incomeBandTo120k: null,
  },
  updatedAt: null,
};

const note = (id: string, body: string, editable: boolean, authorName = 'Olive Owner'): ClientNoteDto => ({
  id,
  body,
  authorId: 'a'.repeat(24),
  authorName,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  editable,
});

const profile: ClientProfileDto = {
  client: {
    id: CLIENT_ID,
    name: 'Cleo Client',
    email: 'cleo@example.com',
    phone: '(404) 555-1234',
    joinedAt: '2026-10-01T12:00:00.000Z',
    lastVisitAt: '2026-11-18T23:00:00.000Z',
  },
  signupDetails,
  marketingConsent: true,
  waiver: {
    status: 'signed',
    currentVersion: 2,
    signed: {
      signatureId: 'f'.repeat(24),
      version: 2,
      title: 'Liability waiver',
      text: 'I take part at my own risk.',
      terms: [{ value: 'adult', label: 'I am 18 or older' }],
      fullName: 'Cleo Q. Client',
      kind: 'typed',
      signedAt: '2026-10-01T12:05:00.000Z',
    },
  },
  packages: [
    {
      id: 'p'.repeat(24),
      name: '10-Class Pack',
      kind: 'class-pack',
      status: 'active',
      startsOn: '2026-10-01',
      paidUntil: null,
      expiresAt: null,
      remaining: 7,
    },
  ],
  upcoming: {
    total: 1,
    items: [
      {
        id: 'b'.repeat(24),
        classInstanceId: 'c'.repeat(24),
        className: 'Evening Flow',
        studioName: 'Midtown',
        instructorName: 'Indira Patel',
        startsAt: '2026-12-01T23:00:00.000Z',
        timeZone: 'America/New_York',
        status: 'booked',
        cancelledBy: null,
        paidWith: 'class-pack',
        history: [
          {
            at: '2026-11-20T09:00:00.000Z',
            fromStatus: null,
            toStatus: 'booked',
            by: 'Olive Owner',
            reason: null,
          },
        ],
      },
    ],
  },
  past: {
    total: 1,
    items: [
      {
        id: 'd'.repeat(24),
        classInstanceId: 'e'.repeat(24),
        className: 'Power Yoga',
        studioName: 'Midtown',
        instructorName: 'Marco Reyes',
        startsAt: '2026-11-18T23:00:00.000Z',
        timeZone: 'America/New_York',
        status: 'cancelled',
        cancelledBy: 'client',
        paidWith: 'drop-in',
        history: [
          {
            at: '2026-11-10T09:00:00.000Z',
            fromStatus: null,
            toStatus: 'booked',
            by: 'the client',
            reason: null,
          },
          {
            at: '2026-11-12T09:00:00.000Z',
            fromStatus: 'booked',
            toStatus: 'cancelled',
            by: 'the client',
            reason: null,
          },
        ],
      },
    ],
  },
  notes: { items: [note('n'.repeat(24), 'Prefers the back row.', true)] },
  money: { currency: 'USD', balanceOwing: 4500 },
};

const clientAccount = {
  clientId: CLIENT_ID,
  clientName: 'Cleo Client',
  currency: 'USD',
  balanceOwing: 4500,
  payOnline: false,
  savedCard: false,
  deletionRequestedAt: null,
  introOfferAllowed: true,
  today: '2026-11-25',
  packages: [],
  orders: [],
  ledger: [],
};

function serve(
  me: Answer,
  current: () => ClientProfileDto = () => profile,
  write?: (call: Call) => Answer | undefined,
) {
  return stubFetch((call) => {
    if (call.method !== 'GET') return write?.(call) ?? noStub(call);
    if (call.path === 'me') return me;
    if (call.path === `clients/${CLIENT_ID}/profile?userId=${CLIENT_ID}`) return ok(current());
    if (call.path.startsWith(`clients/${CLIENT_ID}/profile?userId=`))
      return { code: 404, body: { status: 0, message: 'We could not find that client.' } };
    if (call.path === `clients/${CLIENT_ID}/account`) return ok(clientAccount);
    if (call.path === `clients/${CLIENT_ID}/signup-details`) return ok(signupDetails);
    return (choiceAnswers as Record<string, Answer>)[call.path] ?? noStub(call);
  });
}

const routes = [{ path: '/app/clients/profile/:clientId/:userId', element: <ClientAccountPage /> }];
const open = (userId = CLIENT_ID) => renderRoutes(routes, `/app/clients/profile/${CLIENT_ID}/${userId}`);

describe("Clients › a client's profile", () => {
  it('shows the name, contact, the signed waiver, bookings with who changed them, and the notes', async () => {
    serve(ok(ownerAccount));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cleo Client' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All clients' }).getAttribute('href')).toBe('/app/clients');
    const nav = within(screen.getByRole('navigation', { name: 'Profile sections' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Overview',
      'Bookings',
      'Packages & credits',
      'Orders & payments',
      'Notes',
    ]);

    const contact = within(screen.getByRole('region', { name: 'Contact' }));
    expect(contact.getByText('(404) 555-1234')).toBeTruthy();
    expect(contact.getByText('Agreed to receive them')).toBeTruthy();

    const waiver = within(screen.getByRole('region', { name: 'Waiver' }));
    expect(waiver.getByText(/Version 2 signed by “Cleo Q. Client” \(typed name\)/)).toBeTruthy();
    fireEvent.click(waiver.getByRole('button', { name: 'Show the signed copy' }));
    expect(waiver.getByText('I take part at my own risk.')).toBeTruthy();
    expect(waiver.getByText('☑ I am 18 or older')).toBeTruthy();

    const upcoming = within(screen.getByRole('region', { name: 'Upcoming bookings (1)' }));
    const next = within(upcoming.getByRole('listitem', { name: /^Evening Flow, / }));
    expect(next.getByText('Booked')).toBeTruthy();
    // On the studio's clock (New York), as the class's own time is, whatever the browser's zone.
    expect(next.getByText('Booked by Olive Owner, 20 Nov 2026, 04:00')).toBeTruthy();
    const past = within(screen.getByRole('region', { name: 'Past bookings (1)' }));
    expect(past.getByText('Cancelled by the client')).toBeTruthy();
    expect(past.getByText(/^Cancelled by the client, 12 Nov 2026/)).toBeTruthy();

    const notes = within(screen.getByRole('region', { name: 'Notes' }));
    expect(notes.getByText('Prefers the back row.')).toBeTruthy();
    const balance = within(screen.getByRole('region', { name: 'Balance owing' }));
    expect(balance.getByText('$45.00')).toBeTruthy();
  });

  it('gives an instructor no money: the account is never asked for, no Orders & payments, packages without prices', async () => {
    const usedUpPack = { ...profile.packages[0]!, id: 'q'.repeat(24), name: '5-Class Pack', remaining: 0 };
    const calls = serve(ok(instructorAccount), () => ({
      ...profile,
      packages: [...profile.packages, usedUpPack],
      money: null,
    }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cleo Client' })).toBeTruthy();
    const packages = within(screen.getByRole('region', { name: 'Packages & credits' }));
    expect(packages.getByText('10-Class Pack')).toBeTruthy();
    expect(packages.getByText('Class pack · 7 credits left')).toBeTruthy();
    expect(packages.getByText('Active')).toBeTruthy();
    // A pack with no credit left is used up, as the owner's account view says, not "Active".
    const usedUp = within(packages.getByText('Class pack · 0 credits left').closest('li') as HTMLElement);
    expect(usedUp.getByText('Used up')).toBeTruthy();
    expect(usedUp.queryByText('Active')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Orders & payments' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Orders & payments' })).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    // Instructors take attendance; by default they do not book, sell or send password links (issue 15 §2).
    expect(screen.queryByRole('button', { name: 'Book into a class' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sell' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/account'))).toBe(false);
  });

  it('says the client was not found when the two address segments name different clients', async () => {
    serve(ok(ownerAccount));
    open(OTHER_ID);
    expect(await screen.findByText('We could not find that client.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Client profile' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
  });

  it('adds a note: an empty one is refused at its field, a written one is sent and the list refreshes', async () => {
    let notes = profile.notes.items;
    const calls = serve(
      ok(ownerAccount),
      () => ({ ...profile, notes: { items: notes } }),
      (call) => {
        if (call.method === 'POST' && call.path === `clients/${CLIENT_ID}/notes`) {
          const added = note('m'.repeat(24), (call.body as { body: string }).body, true);
          notes = [added, ...notes];
          return { body: { status: 1, message: 'Note added.', data: added } };
        }
        return undefined;
      },
    );
    open();
    const region = within(await screen.findByRole('region', { name: 'Notes' }));
    fireEvent.click(region.getByRole('button', { name: 'Add note' }));
    const field = region.getByRole('textbox', { name: 'New note' });
    expect(await region.findByText('Write the note')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Knee injury: offer modifications.' } });
    fireEvent.click(region.getByRole('button', { name: 'Add note' }));
    expect(await region.findByText('Knee injury: offer modifications.')).toBeTruthy();
    expect(region.getByText('Note added.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { body: 'Knee injury: offer modifications.' },
    ]);
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    const items = region.getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Knee injury: offer modifications.')).toBeTruthy();
  });

  it('edits and keeps a note by keyboard without losing the focus to the page', async () => {
    serve(ok(ownerAccount));
    open();
    const region = within(await screen.findByRole('region', { name: 'Notes' }));
    fireEvent.click(region.getByRole('button', { name: 'Edit' }));
    // The Edit button is gone: the keyboard is in the note's text, ready to change it.
    const field = region.getByRole('textbox', { name: 'Edit the note' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect((field as HTMLTextAreaElement).value).toBe('Prefers the back row.');
    fireEvent.click(region.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(region.getByRole('button', { name: 'Edit' })));
    // Delete asks first; "Keep it" takes the question away and gives the keyboard back to Delete.
    fireEvent.click(region.getByRole('button', { name: 'Delete' }));
    expect(region.getByText('Delete this note?')).toBeTruthy();
    fireEvent.click(region.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(document.activeElement).toBe(region.getByRole('button', { name: 'Delete' })));
    expect(region.getByText('Prefers the back row.')).toBeTruthy();
  });

  it('sends a reset link and says what happened', async () => {
    serve(ok(ownerAccount), undefined, (call) =>
      call.method === 'POST' && call.path === `clients/${CLIENT_ID}/reset-link`
        ? ok({
            message:
              'We emailed Cleo Client (cleo@example.com) a link to choose a new password. It works for one hour.',
          })
        : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'We emailed Cleo Client (cleo@example.com) a link to choose a new password. It works for one hour.',
      ),
    ).toBeTruthy();
  });
});
