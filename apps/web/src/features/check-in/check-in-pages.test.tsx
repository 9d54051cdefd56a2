import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { COOKIE, type CheckInClassDto, type CheckInDto } from '@kinetic/shared';
import { deleteCookie, readCookie, writeCookie } from '../../api/cookies.ts';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { account, clientAccount, COMPANY_ID } from '../schedule/schedule-test-fixtures.ts';
import { AccountSignUpPage } from './account-sign-up-page.tsx';
import { keepPass } from './check-in-pass.ts';
import { CheckInPage } from './check-in-page.tsx';
import { AccountCheckedInPage, CheckedInPage } from './checked-in-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  deleteCookie(COOKIE.token);
  deleteCookie(COOKIE.user);
  deleteCookie(COOKIE.hostType);
});

const SERIES = '6650f0a1b2c3d4e5f6a7b8c9';
const CLASS = '6650f0a1b2c3d4e5f6a7b8ca';
const BASE = '/acme/client/client/app';

const item: CheckInClassDto = {
  classInstanceId: CLASS,
  fitnessSessionId: SERIES,
  name: 'Power Yoga',
  startsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  timeZone: 'America/New_York',
  studioName: 'Midtown',
  companyName: 'Acme Yoga',
  placesLeft: 4,
};

const publicAcme = ok({ id: COMPANY_ID, name: 'Acme Yoga', slug: 'acme', logoUrl: null, locale: 'en-US' });

/** The session cookies of a signed-in client of the studio (the pages read them, as the app does). */
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

describe('the check-in pages, as a visitor first meets them', () => {
  it('a refused code still names the studio at the top (not "Kinetic")', async () => {
    stubFetch((call) => {
      if (call.path === 'public/acme') return publicAcme;
      if (call.path === 'public/acme/check-in/pass')
        return {
          code: 400,
          body: {
            status: 0,
            message: 'This code has expired. Scan the code on the door screen again.',
            errors: { code: 'expired' },
          },
        };
      return noStub(call);
    });
    renderRoutes(
      [{ path: `${BASE}/check-in/:fitnessSessionId`, element: <CheckInPage /> }],
      `${BASE}/check-in/${SERIES}?i=${CLASS}&c=abcdef012345&t=1`,
    );
    await screen.findByText('This code has expired. Scan the code on the door screen again.');
    await waitFor(() => expect(screen.getByText('Acme Yoga')).toBeTruthy());
    expect(screen.queryByText('Kinetic')).toBeNull();
  });

  it('the sign-up at the door puts the focus in its first field, "Your name"', async () => {
    keepPass(SERIES, {
      pass: 'p',
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      classInstance: item,
    });
    stubFetch((call) => (call.path === 'public/acme' ? publicAcme : noStub(call)));
    renderRoutes(
      [
        {
          path: `${BASE}/account-sign-up/:fitnessSessionId/:classInstanceId/:emailId`,
          element: <AccountSignUpPage />,
        },
      ],
      `${BASE}/account-sign-up/${SERIES}/${CLASS}/${btoa('nora@example.com').replace(/=+$/, '')}`,
    );
    const name = await screen.findByRole('textbox', { name: 'Your name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('once checked in, the focus is on who is checked in, not lost to the page', async () => {
    signInAsClient();
    const mine: CheckInDto = {
      bookingId: 'b1',
      clientName: 'Nora Keller',
      checkedInAt: new Date().toISOString(),
      classInstance: item,
    };
    stubFetch((call) => {
      if (call.path === 'me') return ok(clientAccount);
      if (call.path.startsWith(`my/check-ins/${SERIES}`)) return ok(mine);
      return noStub(call);
    });
    renderRoutes(
      [
        {
          path: `${BASE}/account-checked-in/:fitnessSessionId/:classInstanceId`,
          element: <AccountCheckedInPage />,
        },
      ],
      `${BASE}/account-checked-in/${SERIES}/${CLASS}`,
    );
    const heading = await screen.findByRole('heading', { name: 'Nora Keller' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('a place held from the waitlist is taken at the door, then the client is checked in', async () => {
    signInAsClient();
    keepPass(SERIES, {
      pass: 'p',
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      classInstance: item,
    });
    let accepted = false;
    const mine: CheckInDto = {
      bookingId: 'held-1',
      clientName: 'Nora Keller',
      checkedInAt: new Date().toISOString(),
      classInstance: item,
    };
    const calls = stubFetch((call) => {
      if (call.path === 'me') return ok(clientAccount);
      if (call.path === 'public/acme') return publicAcme;
      if (call.path === 'bookings/held-1/accept') {
        accepted = true;
        return ok({ id: 'held-1', status: 'booked' });
      }
      if (call.path === 'check-in')
        return accepted
          ? ok(mine)
          : {
              code: 409,
              body: {
                status: 0,
                message: 'A place in Power Yoga is held for you: take it and you are checked in.',
                errors: { checkIn: 'offered', bookingId: 'held-1' },
              },
            };
      if (call.path.startsWith(`my/check-ins/${SERIES}`)) return ok(mine);
      return noStub(call);
    });
    renderRoutes(
      [
        { path: `${BASE}/check-in/:fitnessSessionId`, element: <CheckInPage /> },
        {
          path: `${BASE}/account-checked-in/:fitnessSessionId/:classInstanceId`,
          element: <AccountCheckedInPage />,
        },
      ],
      `${BASE}/check-in/${SERIES}?i=${CLASS}`,
    );
    const heading = await screen.findByRole('heading', { name: 'A place is held for you' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    screen.getByText('A place in Power Yoga is held for you: take it and you are checked in.');
    fireEvent.click(screen.getByRole('button', { name: 'Take the place and check in' }));
    await screen.findByRole('heading', { name: 'Nora Keller' });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      'check-in',
      'bookings/held-1/accept',
      'check-in',
    ]);
  });

  it('an address cut or altered (not a whole code) answers one plain sentence, not the request’s field list', async () => {
    stubFetch((call) => {
      if (call.path === 'public/acme') return publicAcme;
      if (call.path === 'public/acme/check-in/pass')
        return {
          code: 400,
          body: {
            status: 0,
            message:
              'Please correct the request. fitnessSessionId: Must be a valid id; code: This is not a check-in code',
            errors: { fitnessSessionId: 'Must be a valid id', code: 'This is not a check-in code' },
          },
        };
      return noStub(call);
    });
    renderRoutes(
      [{ path: `${BASE}/check-in/:fitnessSessionId`, element: <CheckInPage /> }],
      `${BASE}/check-in/zzz?i=zzz&c=zz&t=abc`,
    );
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toContain(
        'This address is not a whole check-in code. Scan the code on the door screen at the studio again.',
      ),
    );
    expect(alert.textContent).not.toContain('Please correct the request');
  });

  it('signed out, the checked-in page’s "Log in" goes to the studio’s client login and comes back here', async () => {
    stubFetch((call) => (call.path === 'public/acme' ? publicAcme : noStub(call)));
    renderRoutes(
      [{ path: `${BASE}/checked-in/:fitnessSessionId`, element: <CheckedInPage /> }],
      `${BASE}/checked-in/${SERIES}`,
    );
    const login = await screen.findByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe(
      `/acme/client/login?next=${encodeURIComponent(`${BASE}/checked-in/${SERIES}`)}`,
    );
    await waitFor(() => expect(screen.getByText('Acme Yoga')).toBeTruthy());
  });

  it('signed in as someone else (the owner’s own phone), one button logs out and the visitor’s choices follow, focused', async () => {
    writeCookie(COOKIE.token, 'owner-token');
    writeCookie(COOKIE.hostType, 'company');
    writeCookie(
      COOKIE.user,
      JSON.stringify({
        _id: account.user.id,
        companyId: COMPANY_ID,
        soloInstructorId: null,
        clientSignupDetailsId: null,
      }),
    );
    keepPass(SERIES, {
      pass: 'p',
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      classInstance: item,
    });
    const calls = stubFetch((call) => {
      if (call.path === 'me') return ok(account);
      if (call.path === 'public/acme') return publicAcme;
      if (call.path === 'logout') return ok({});
      return noStub(call);
    });
    renderRoutes(
      [{ path: `${BASE}/check-in/:fitnessSessionId`, element: <CheckInPage /> }],
      `${BASE}/check-in/${SERIES}?i=${CLASS}`,
    );
    await screen.findByText(/You are signed in as Olive Owner \(Acme Yoga\)/);
    const logOut = screen.getByRole('button', { name: 'Log out' });
    logOut.focus();
    fireEvent.click(logOut);
    const question = await screen.findByRole('heading', { name: 'Have an account here?' });
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(screen.getByRole('link', { name: 'Log in to check in' })).toBeTruthy();
    expect(calls.some((call) => call.path === 'logout' && call.method === 'POST')).toBe(true);
    expect(readCookie(COOKIE.token)).toBeFalsy();
  });
});
