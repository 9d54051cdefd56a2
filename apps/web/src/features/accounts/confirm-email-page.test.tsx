import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { ConfirmEmailPage } from './confirm-email-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/confirm-email/{token}', () => {
  it('confirms on the button press (not on opening), then links to the login page; a spent link says so', async () => {
    let spent = false;
    const calls = stubFetch((call) => {
      if (call.method !== 'POST' || call.path !== 'email-confirmations') return noStub(call);
      if (spent) return { code: 400, body: { status: 0, message: 'This link has expired or was already used. Ask for a new one on your account page.' } };
      spent = true;
      return ok({ email: 'new@example.com', loginPath: '/acme/client/login' });
    });
    renderRoutes([{ path: '/confirm-email/:token', element: <ConfirmEmailPage /> }], '/confirm-email/tok-123456789012345678901234');
    const button = await screen.findByRole('button', { name: 'Confirm my new email' });
    expect(calls).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText('Your email is now new@example.com. Use it the next time you log in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe('/acme/client/login');
    expect(calls[0]?.body).toEqual({ token: 'tok-123456789012345678901234' });
    cleanup();

    renderRoutes([{ path: '/confirm-email/:token', element: <ConfirmEmailPage /> }], '/confirm-email/tok-123456789012345678901234');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my new email' }));
    expect(await screen.findByText('This link has expired or was already used. Ask for a new one on your account page.')).toBeTruthy();
  });
});
