import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { connectNetworkState } from '../../api/client.ts';
import { createNetworkStore, type Toast } from '../../api/network-state.ts';
import { noStub, ok, renderRoutes, stubApi, stubFetch, type Answer } from '../../test/render-page.tsx';
import { NOT_FOUND_TEXT } from '../not-found/not-found-page.tsx';
import { RequireSession } from '../../shell/require-session.tsx';
import { LoginPage } from './login-page.tsx';

const ID = '0123456789abcdef01234567';
const toasts: Toast[] = [];
connectNetworkState(createNetworkStore((toast) => toasts.push(toast)));

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/:company/:roleId/login', element: <LoginPage /> },
  { path: '*', element: <p>Elsewhere</p> },
];

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /email/i }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^password/i), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  toasts.length = 0;
  for (const name of ['token', 'user', 'hosttype', 'isSpecial']) {
    document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  }
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login form (spec §8)', () => {
  it('shows the shared schema field errors without calling the server', async () => {
    const { calls, fetchStub } = stubApi({});
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(calls).toEqual([]);
    // The focus is on the first field to fix, not left on the button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /email/i })));
  });

  it('an empty password alone puts the focus on the password field', async () => {
    const { fetchStub } = stubApi({});
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, '/login');
    fireEvent.change(screen.getByRole('textbox', { name: /email/i }), { target: { value: 'owner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const password = screen.getByLabelText(/^password/i);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
  });

  it('tells one of a suspended business’s people what happened and what to do', async () => {
    const { fetchStub } = stubApi({
      login: {
        code: 403,
        body: { status: 0, message: 'This business is unavailable at the moment.', errors: { reason: 'companyUnavailable' } },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, '/login');
    fillAndSubmit('owner@example.com', 'the-right-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This business is suspended');
    expect(alert.textContent).toContain('This business is unavailable at the moment. Kinetic has suspended it');
    expect(alert.textContent).toContain('Nothing has been deleted. Contact Kinetic to have it reactivated.');
  });

  it("shows a failed login's server message as the form's submit error, with no toast", async () => {
    const { fetchStub } = stubApi({
      login: { code: 401, body: { status: 0, message: 'The email or password is incorrect.' } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, '/login');
    fillAndSubmit('owner@example.com', 'not-it');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The email or password is incorrect.');
    expect(toasts).toEqual([]);
  });

  it('puts server field errors next to their inputs', async () => {
    const { fetchStub } = stubApi({
      login: {
        code: 400,
        body: { status: 0, message: 'Please correct the form.', errors: { email: 'Unknown domain' } },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, '/login');
    fillAndSubmit('owner@example.com', 'secret');
    expect(await screen.findByText('Unknown domain')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /email/i })));
  });

  it('asks which company when the root login matches several, then logs in to the chosen one', async () => {
    const acme = { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company' as const };
    const other = {
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      slug: 'other',
      name: 'Other Gym',
      kind: 'company' as const,
    };
    const { calls, fetchStub } = stubApi({
      login: { body: { status: 1, data: { chooseCompany: [acme, other] } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, '/login');
    fillAndSubmit('owner@example.com', 'secret-pass');
    fireEvent.click(await screen.findByRole('radio', { name: /Other Gym/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ email: 'owner@example.com', companyId: other.id });
  });

  it('sends the role and the company id on a company login page', async () => {
    const { calls, fetchStub } = stubApi({
      checkCompany: {
        body: { status: 1, data: { companyId: ID, companyName: 'Acme Yoga', kind: 'company' } },
      },
      login: { code: 401, body: { status: 0, message: 'No.' } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, '/acme/client/login');
    expect(await screen.findByText('Acme Yoga')).toBeTruthy();
    fillAndSubmit('client@example.com', 'secret');
    await screen.findByRole('alert');
    expect(calls.find((call) => call.path === 'login')?.body).toMatchObject({
      roleId: 'client',
      companyId: ID,
    });
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/acme/client/client/client-signup',
    );
  });

  it("empties the previous user's cache and spends the booking intent when a login succeeds", async () => {
    localStorage.setItem(
      'kinetic:booking-intent',
      JSON.stringify({ classInstanceId: ID, details: true, event: false }),
    );
    const session = {
      token: 'new-token',
      user: { _id: ID, companyId: ID, soloInstructorId: null, clientSignupDetailsId: null },
      roleId: 'admin',
      hostType: 'company',
      company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company' },
      onBoardingData: [],
      isSpecial: 0,
    };
    const { fetchStub } = stubApi({ login: { body: { status: 1, data: session } } });
    vi.stubGlobal('fetch', fetchStub);
    const { queryClient } = renderRoutes(routes, '/login');
    queryClient.setQueryData(['me'], { user: { name: 'Previous User' } });
    queryClient.setQueryData(['aaaaaaaaaaaaaaaaaaaaaaaa', 'clients-tab'], { page: 3 });
    fillAndSubmit('owner@example.com', 'secret-pass');
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    expect(queryClient.getQueryData(['aaaaaaaaaaaaaaaaaaaaaaaa', 'clients-tab'])).toBeUndefined();
    expect(localStorage.getItem('kinetic:booking-intent')).toBeNull();
    expect(document.cookie).toContain('token=new-token');
  });

  describe('a deep link survives the login', () => {
    const clientSession = {
      token: 'client-token',
      user: { _id: ID, companyId: ID, soloInstructorId: null, clientSignupDetailsId: null },
      roleId: 'client',
      hostType: 'company',
      company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company' },
      onBoardingData: [],
      isSpecial: 0,
    };
    const deepRoutes = [
      { path: '/:company/:roleId/login', element: <LoginPage /> },
      {
        element: <RequireSession />,
        children: [
          { path: '/:company/:roleId/client/settings/payment', element: <p>Payment page</p> },
          { path: '/:company/:roleId/client', element: <p>Calendar page</p> },
        ],
      },
    ];
    const answers = {
      checkCompany: { body: { status: 1, data: { companyId: ID, companyName: 'Acme Yoga', kind: 'company' } } },
      login: { body: { status: 1, data: clientSession } },
    };

    it('a signed-out visitor opening a settings page logs in and lands on it; sign-up keeps it too', async () => {
      const { calls, fetchStub } = stubApi(answers);
      vi.stubGlobal('fetch', fetchStub);
      const { router } = renderRoutes(deepRoutes, '/acme/client/client/settings/payment?paid=7');
      await screen.findByRole('button', { name: 'Log in' });
      expect(router.state.location.pathname).toBe('/acme/client/login');
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/acme/client/client/settings/payment?paid=7');
      expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
        '/acme/client/client/client-signup?next=%2Facme%2Fclient%2Fclient%2Fsettings%2Fpayment%3Fpaid%3D7',
      );
      fillAndSubmit('client@example.com', 'secret-pass');
      expect(await screen.findByText('Payment page')).toBeTruthy();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/acme/client/client/settings/payment?paid=7');
      expect(calls.map((call) => call.path)).toContain('login');
    });

    it('a return address on another site is ignored: the client lands on their calendar', async () => {
      const { fetchStub } = stubApi(answers);
      vi.stubGlobal('fetch', fetchStub);
      for (const next of ['https://evil.example/acme/client/client', '//evil.example/x']) {
        const { router } = renderRoutes(deepRoutes, `/acme/client/login?next=${encodeURIComponent(next)}`);
        await screen.findByRole('button', { name: 'Log in' });
        fillAndSubmit('client@example.com', 'secret-pass');
        expect(await screen.findByText('Calendar page')).toBeTruthy();
        expect(router.state.location.pathname).toBe('/acme/client/client');
        cleanup();
        for (const name of ['token', 'user', 'hosttype']) document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
      }
    });
    it('the root login keeps it through "choose the business": the admin lands on the page they opened', async () => {
      const acme = { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company' as const };
      const other = { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', slug: 'other', name: 'Other Gym', kind: 'company' as const };
      const adminSession = { ...clientSession, roleId: 'admin', company: acme, onBoardingData: ['hours'] };
      let logins = 0;
      vi.stubGlobal('fetch', async () => {
        logins += 1;
        const body = logins === 1 ? { status: 1, data: { chooseCompany: [acme, other] } } : { status: 1, data: adminSession };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      });
      const { router } = renderRoutes(
        [
          { path: '/login', element: <LoginPage /> },
          { path: '/app/settings/studios', element: <p>Studios page</p> },
          { path: '*', element: <p>Elsewhere</p> },
        ],
        `/login?next=${encodeURIComponent('/app/settings/studios')}`,
      );
      fillAndSubmit('owner@example.com', 'secret-pass');
      fireEvent.click(await screen.findByRole('radio', { name: /Acme Yoga/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Studios page')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/app/settings/studios');
    });
  });
});

describe('the login draws before its company is known (issue 11 §7)', () => {
  const acme = {
    id: ID,
    slug: 'acme',
    name: 'Acme Yoga',
    kind: 'company' as const,
    logoUrl: null,
    locale: 'en-US',
    email: 'hello@acme.example',
    phone: null,
    address: { line1: '', line2: '', city: '', state: '', postalCode: '', country: '' },
  };
  /** An answer the test gives when it chooses. */
  function held() {
    let give: (answer: Answer) => void = () => {};
    const answer = new Promise<Answer>((resolve) => (give = resolve));
    return { answer, give };
  }

  it('shows the heading, intro and form at once; a login sent before the company check waits for its id', async () => {
    const check = held();
    const branding = held();
    const calls = stubFetch((call) => {
      if (call.path === 'checkCompany') return check.answer;
      if (call.path === 'public/acme') return branding.answer;
      if (call.path === 'login') return { code: 401, body: { status: 0, message: 'The email or password is incorrect.' } };
      return noStub(call);
    });
    renderRoutes(routes, '/acme/client/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(screen.getByText('Book classes, see your bookings and manage your account.')).toBeTruthy();
    expect(screen.queryByText('Acme Yoga')).toBeNull();

    fillAndSubmit('client@example.com', 'secret-pass');
    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(true));
    expect(calls.map((call) => call.path)).not.toContain('login');

    check.give(ok({ companyId: ID, companyName: 'Acme Yoga', kind: 'company' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The email or password is incorrect.');
    expect(calls.find((call) => call.path === 'login')?.body).toMatchObject({ roleId: 'client', companyId: ID });
    expect(button.hasAttribute('data-loading')).toBe(false);

    // The name and the contact details fill in with the branding, the form as it was.
    branding.give(ok(acme));
    expect(await screen.findByText('Acme Yoga')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact Acme Yoga' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /email/i }) as HTMLInputElement).value).toBe('client@example.com');
  });

  it('someone typing as the answers arrive keeps the field, the text and the focus', async () => {
    const check = held();
    const branding = held();
    stubFetch((call) => {
      if (call.path === 'checkCompany') return check.answer;
      if (call.path === 'public/acme') return branding.answer;
      return noStub(call);
    });
    renderRoutes(routes, '/acme/client/login');
    const email = await screen.findByRole('textbox', { name: /email/i });
    email.focus();
    fireEvent.change(email, { target: { value: 'cli' } });
    check.give(ok({ companyId: ID, companyName: 'Acme Yoga', kind: 'company' }));
    branding.give(ok({ ...acme, logoUrl: '/uploads/logo.png' }));
    expect(await screen.findByTestId('company-logo')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /email/i })).toBe(email);
    expect(document.activeElement).toBe(email);
    expect((email as HTMLInputElement).value).toBe('cli');
  });

  it('an unknown company turns out to be the not-found page', async () => {
    stubFetch((call) =>
      call.path === 'checkCompany'
        ? { code: 404, body: { status: 0, message: 'No such company.' } }
        : noStub(call),
    );
    renderRoutes(routes, '/nobody/client/login');
    // The not-found page's loader first (spec §2), then its message; the form is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull());
    expect(await screen.findByText(NOT_FOUND_TEXT, undefined, { timeout: 3_000 })).toBeTruthy();
  });
});

describe('login fields (spec §8)', () => {
  it("a field's error is linked to it and goes as the person types there; the other stays", async () => {
    const { fetchStub } = stubApi({});
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByRole('textbox', { name: /email/i });
    const password = screen.getByLabelText(/^password/i);
    await screen.findByText('Enter your email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (email.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain('Enter your email address');

    fireEvent.change(email, { target: { value: 'a' } });
    expect(screen.queryByText('Enter your email address')).toBeNull();
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your password')).toBeTruthy();

    // Still checked on the next submit: "a" is no address.
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));
  });
});
