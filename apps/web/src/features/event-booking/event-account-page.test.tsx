import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { COOKIE, type EventPageDto } from '@kinetic/shared';
import { deleteCookie, readCookie, writeCookie } from '../../api/cookies.ts';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { clientAccount, COMPANY_ID } from '../schedule/schedule-test-fixtures.ts';
import { EventAccountPage } from './event-account-page.tsx';

/** The account step against stubbed API answers: sign-up inline, then the free place is booked; refusals said. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of Object.values(COOKIE)) deleteCookie(name);
});

const EVENT_ID = '6b0000000000000000000e03';
const DATE_ID = '6b0000000000000000000d21';
const PATH = `/acme/client/client/app/book-event/account-details/${EVENT_ID}?date=${DATE_ID}`;

const event: EventPageDto = {
  id: EVENT_ID,
  title: 'Community Open Day',
  category: 'CommunityEvents',
  description: null,
  image: null,
  studioId: '6b0000000000000000000503',
  studioName: 'Midtown',
  timeZone: 'America/New_York',
  address: null,
  capacity: 30,
  price: 0,
  currency: 'USD',
  waitlist: true,
  dates: [
    {
      classInstanceId: DATE_ID,
      startsAt: '2030-02-02T15:00:00.000Z',
      endsAt: '2030-02-02T17:00:00.000Z',
      capacity: 30,
      bookedCount: 0,
      waitlistCount: 0,
      placesLeft: 30,
      status: 'scheduled',
    },
  ],
  facilitators: [],
  state: 'open',
  studioAddress: null,
  place: 'Midtown',
  acceptsPackages: false,
  payOnline: false,
  companyName: 'Acme Yoga',
  locale: 'en-US',
  dateId: null,
};

const session = {
  token: 'new-token',
  hostType: 'company',
  roleId: 'client',
  isSpecial: 0,
  onBoardingData: [],
  user: {
    _id: clientAccount.user.id,
    companyId: COMPANY_ID,
    soloInstructorId: null,
    clientSignupDetailsId: null,
  },
  company: { id: COMPANY_ID, slug: 'acme', name: 'Acme Yoga', kind: 'company' },
};

function open(post: (call: Call) => Answer | undefined, page: EventPageDto = event) {
  const calls = stubFetch((call) => {
    if (call.method !== 'GET') return post(call) ?? noStub(call);
    if (call.path === 'public/acme')
      return ok({ id: COMPANY_ID, name: 'Acme Yoga', slug: 'acme', logoUrl: null, locale: 'en-US' });
    if (call.path === `public/acme/events/${EVENT_ID}/page`) return ok(page);
    if (call.path === 'me') return ok(clientAccount);
    return noStub(call);
  });
  const rendered = renderRoutes(
    [
      {
        path: '/:company/:roleId/client/app/book-event/account-details/:eventId',
        element: <EventAccountPage />,
      },
      { path: '/:company/:roleId/client/app/event/booked-event/:eventId', element: <p>Booked page</p> },
      { path: '/:company/:roleId/client/app/event/book-event/:eventId', element: <p>Event page</p> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    PATH,
  );
  return { calls, ...rendered };
}

describe('event account step', () => {
  it('says what is missing before sending, then creates the account inline and books the free place', async () => {
    const { calls } = open((call) => {
      if (call.path === 'signup/client') return ok(session);
      if (call.path === `class-instances/${DATE_ID}/bookings`)
        return ok({ id: '6b0000000000000000000b21', status: 'booked' });
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Create the account and continue' }));
    await screen.findByText('Enter your email address');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Your name/ }), {
      target: { value: 'Vera Visitor' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), {
      target: { value: 'vera@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-strong-pass-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the account and continue' }));
    await screen.findByText('Booked page');
    expect(readCookie(COOKIE.token)).toBe('new-token');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual(['signup/client', `class-instances/${DATE_ID}/bookings`]);
    expect(posts[0]?.body).toMatchObject({
      company: 'acme',
      roleId: 'client',
      name: 'Vera Visitor',
      email: 'vera@example.com',
    });
  });

  it('a signed-in client skips the step; a booking refused for the waiver says so with the way to sign it', async () => {
    writeCookie(COOKIE.token, 'client-token');
    writeCookie(COOKIE.hostType, 'company');
    writeCookie(COOKIE.user, JSON.stringify(session.user));
    open((call) =>
      call.path === `class-instances/${DATE_ID}/bookings`
        ? {
            code: 409,
            body: {
              status: 0,
              message: 'Sign the studio’s waiver before you book: it is in Settings › Waiver.',
              errors: { waiver: 'Sign the waiver first' },
            },
          }
        : undefined,
    );
    const link = await screen.findByRole('link', { name: 'Sign the waiver' });
    expect(screen.getByText(/Sign the studio’s waiver before you book/)).toBeTruthy();
    expect(link.getAttribute('href')).toBe(
      `/acme/client/client/settings/waiver?next=${encodeURIComponent(PATH)}`,
    );
    expect(screen.queryByRole('button', { name: 'Create the account and continue' })).toBeNull();
    // The keyboard is on the refusal, not dropped to <body> with the form that went.
    await waitFor(() => {
      expect(document.activeElement).not.toBe(document.body);
      expect(document.activeElement?.textContent).toMatch(/^Not booked yet/);
    });
  });

  it('a new visitor whose booking is refused after the inline sign-up is signed in on the page: My calendar is offered', async () => {
    open((call) => {
      if (call.path === 'signup/client') return ok(session);
      if (call.path === `class-instances/${DATE_ID}/bookings`)
        return {
          code: 409,
          body: {
            status: 0,
            message: 'Sign the studio’s waiver before you book: it is in Settings › Waiver.',
            errors: { waiver: 'Sign the waiver first' },
          },
        };
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Your account' });
    expect(screen.queryByRole('link', { name: 'My calendar' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Your name/ }), { target: { value: 'Vera Visitor' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'vera@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-strong-pass-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the account and continue' }));
    await screen.findByRole('link', { name: 'Sign the waiver' });
    expect((await screen.findByRole('link', { name: 'My calendar' })).getAttribute('href')).toBe('/acme/client/client');
  });

  it('a cancelled event asks for no account: the visitor is sent to its page, which says why', async () => {
    const { calls, router } = open(() => undefined, { ...event, state: 'cancelled', dates: [] });
    await screen.findByText('Event page');
    expect(router.state.location.pathname).toBe(`/acme/client/client/app/event/book-event/${EVENT_ID}`);
    expect(screen.queryByRole('button', { name: 'Create the account and continue' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
