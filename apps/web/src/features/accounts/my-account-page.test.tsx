import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { MyAccountPage } from './my-account-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My account / Account details', () => {
  it('changes name and phone; a bad phone is named at its field and nothing is sent', async () => {
    let me = { ...account, user: { ...account.user, name: 'Ada Owner', phone: null as string | null } };
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(me);
      if (call.method === 'GET' && call.path === 'me/email') return ok({ email: me.user.email, pendingEmail: null, pendingUntil: null });
      if (call.method === 'PUT' && call.path === 'me') {
        const body = call.body as { name: string; phone: string };
        me = { ...me, user: { ...me.user, name: body.name, phone: body.phone || null } };
        return { code: 200, body: { status: 1, message: 'Your details are saved.' } };
      }
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <MyAccountPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit name and phone' }));
    const form = within(screen.getByRole('form', { name: 'Your name and phone' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Phone' }), { target: { value: '404555' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Enter a 10-digit phone number')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(form.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Phone' }), { target: { value: '4045550123' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Your name and phone' })).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({ name: 'Ada Lovelace', phone: '(404) 555-0123' });
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('(404) 555-0123')).toBeTruthy();
  });

  it('changes the email by a link: asks for the password, then says where the link went', async () => {
    let pending: string | null = null;
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'me/email') return ok({ email: account.user.email, pendingEmail: pending, pendingUntil: null });
      if (call.method === 'PUT' && call.path === 'me/email') {
        const body = call.body as { email: string; password: string };
        if (body.password !== 'right-one')
          return { code: 400, body: { status: 0, message: 'The password is incorrect.', errors: { password: 'The password is incorrect.' } } };
        pending = body.email;
        return ok({ email: account.user.email, pendingEmail: body.email, pendingUntil: '2026-11-24T00:00:00.000Z' });
      }
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <MyAccountPage /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Change email' }));
    const form = within(screen.getByRole('form', { name: 'Change your email' }));
    fireEvent.change(form.getByRole('textbox', { name: /^New email/ }), { target: { value: 'new@example.com' } });
    fireEvent.change(form.getByLabelText(/^Your password/), { target: { value: 'wrong' } });
    fireEvent.click(form.getByRole('button', { name: 'Send the link' }));
    expect(await form.findByText('The password is incorrect.')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Your password/), { target: { value: 'right-one' } });
    fireEvent.click(form.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(`Open the link we sent to new@example.com to start using it. Until then, keep using ${account.user.email}.`)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it('sends the link again (saying when it is too soon) and cancels a waiting change, keeping the focus', async () => {
    let pending: string | null = 'typo@exmaple.com';
    let resends = 0;
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(account);
      if (call.method === 'GET' && call.path === 'me/email') return ok({ email: account.user.email, pendingEmail: pending, pendingUntil: null });
      if (call.method === 'POST' && call.path === 'me/email/resend') {
        resends += 1;
        if (resends === 1)
          return { code: 429, body: { status: 0, message: 'We sent the link less than a minute ago. Check your inbox and spam folder, then try again.' } };
        return ok({ email: account.user.email, pendingEmail: pending, pendingUntil: '2026-11-24T00:00:00.000Z' });
      }
      if (call.method === 'DELETE' && call.path === 'me/email') {
        pending = null;
        return ok({ email: account.user.email, pendingEmail: null, pendingUntil: null });
      }
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <MyAccountPage /> }], '/');
    const again = await screen.findByRole('button', { name: 'Send the link again' });
    fireEvent.click(again);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We sent the link less than a minute ago. Check your inbox and spam folder, then try again.',
    );
    fireEvent.click(again);
    expect(await screen.findByText('We sent a new link to typo@exmaple.com. The earlier link no longer works.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the change' }));
    const said = await screen.findByText(`The change to typo@exmaple.com is cancelled. Your email stays ${account.user.email}.`);
    expect(screen.queryByText(/Open the link we sent to/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the change' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(calls.filter((call) => call.method === 'DELETE' && call.path === 'me/email')).toHaveLength(1);
  });
});
