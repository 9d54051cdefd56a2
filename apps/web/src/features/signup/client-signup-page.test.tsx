import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PASSWORD_RULE } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { ClientSignupPage } from './client-signup-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COMPANY_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const STUDIO_ID = 'dddddddddddddddddddddddd';
const OTHER_ID = 'eeeeeeeeeeeeeeeeeeeeeeee';

function open(path: string) {
  const calls = stubFetch((call) => {
    if (call.path === 'checkCompany') return ok({ companyId: COMPANY_ID, companyName: 'Acme Yoga', kind: 'company' });
    if (call.path === `public/acme/studios/${STUDIO_ID}`) return ok({ id: STUDIO_ID, name: 'Midtown' });
    return noStub(call);
  });
  const routes = [
    { path: '/:company/:roleId/client/client-signup', element: <ClientSignupPage /> },
    { path: '/:company/:roleId/client/:widgetStudioId/client-signup', element: <ClientSignupPage /> },
  ];
  renderRoutes(routes, path);
  return calls;
}

describe('client sign-up from a widget', () => {
  it('names the studio the client joins', async () => {
    open(`/acme/client/client/${STUDIO_ID}/client-signup`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Yoga at Midtown' })).toBeTruthy();
    expect(screen.getByText(/it becomes your home studio/)).toBeTruthy();
  });

  it('an unknown or another company’s studio, or no id at all, is the plain sign-up', async () => {
    open(`/acme/client/client/${OTHER_ID}/client-signup`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    cleanup();
    open('/acme/client/client/not-a-studio/client-signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
  });
});

describe('client sign-up password', () => {
  it('shows the password rule once: beside the field, then as its error when a password breaks it', async () => {
    open('/acme/client/client/client-signup');
    const field = await screen.findByLabelText(/^Password/);
    expect(screen.getAllByText(PASSWORD_RULE)).toHaveLength(1);
    fireEvent.change(field, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    await screen.findByText(PASSWORD_RULE, { selector: '.mantine-PasswordInput-error' });
    expect(screen.getAllByText(PASSWORD_RULE)).toHaveLength(1);
  });
});

describe('client sign-up refused', () => {
  it('sent empty, the focus goes to the first field to fill, not the button', async () => {
    const calls = open('/acme/client/client/client-signup');
    const button = await screen.findByRole('button', { name: 'Create the account' });
    button.focus();
    fireEvent.click(button);
    const name = screen.getByRole('textbox', { name: /^Your name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.path === 'signup/client')).toHaveLength(0);
  });

  it('an email that already has an account: the focus goes to Email, which says so', async () => {
    const taken = 'nina@example.com already has an account here. Log in or reset your password.';
    stubFetch((call) => {
      if (call.path === 'checkCompany') return ok({ companyId: COMPANY_ID, companyName: 'Acme Yoga', kind: 'company' });
      if (call.path === 'signup/client') return { code: 409, body: { status: 0, message: taken, errors: { email: taken } } };
      return noStub(call);
    });
    renderRoutes([{ path: '/:company/:roleId/client/client-signup', element: <ClientSignupPage /> }], '/acme/client/client/client-signup');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Your name/ }), { target: { value: 'Nina New' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'nina@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long-enough-1' } });
    const button = screen.getByRole('button', { name: 'Create the account' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText(taken)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Email/ })));
  });
});

describe('client sign-up from a deep link', () => {
  it('the log-in link keeps where the visitor was going, and so does the sign-up: after "about you" they land there', async () => {
    const next = '/acme/client/client/settings/payment';
    const session = {
      token: 'new-client',
      user: { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', companyId: COMPANY_ID, soloInstructorId: null, clientSignupDetailsId: null },
      roleId: 'client',
      hostType: 'company',
      company: { id: COMPANY_ID, slug: 'acme', name: 'Acme Yoga', kind: 'company' },
      onBoardingData: [],
      isSpecial: 0,
    };
    stubFetch((call) => {
      if (call.path === 'checkCompany') return ok({ companyId: COMPANY_ID, companyName: 'Acme Yoga', kind: 'company' });
      if (call.path === 'signup/client') return ok(session);
      return noStub(call);
    });
    const { router } = renderRoutes(
      [
        { path: '/:company/:roleId/client/client-signup', element: <ClientSignupPage /> },
        { path: '*', element: <p>Elsewhere</p> },
      ],
      `/acme/client/client/client-signup?next=${encodeURIComponent(next)}`,
    );
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe(
      `/acme/client/login?next=${encodeURIComponent(next)}`,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /^Your name/ }), { target: { value: 'Nina New' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'nina@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/client/client/client-signup/edit/bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(next);
    for (const name of ['token', 'user', 'hosttype']) document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  });
});

