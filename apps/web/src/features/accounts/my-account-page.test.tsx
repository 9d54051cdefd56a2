import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch, type Answer, type Call } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { MyAccountPage } from './my-account-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noPendingEmail = ok({ email: account.user.email, pendingEmail: null, pendingUntil: null });
const focused = () => document.activeElement;
/** The line a part of the page says its result in (always on the page, so it is announced). */
const resultLine = (text: string) => screen.getAllByRole('status').find((line) => line.textContent === text);

/** The page with the account and no waiting email; `more` answers the rest. */
function renderPage(more: (call: Call) => Answer | undefined = () => undefined) {
  const calls = stubFetch((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === 'me') return ok(account);
    if (call.method === 'GET' && call.path === 'me/email') return noPendingEmail;
    return noStub(call);
  });
  renderRoutes([{ path: '/', element: <MyAccountPage /> }], '/');
  return calls;
}

describe('My account / Account details', () => {
  it('changes name and phone; a bad phone is named at its field and nothing is sent', async () => {
    let me = { ...account, user: { ...account.user, name: 'Ada Owner', phone: null as string | null } };
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === 'me') return ok(me);
      if (call.method === 'GET' && call.path === 'me/email') return noPendingEmail;
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

  it('keeps the keyboard’s place: Edit starts at Name, a refused Save at the field in error, Save at its result, Cancel at Edit', async () => {
    renderPage((call) =>
      call.method === 'PUT' && call.path === 'me' ? { code: 200, body: { status: 1, message: 'Your details are saved.' } } : undefined,
    );
    const edit = await screen.findByRole('button', { name: 'Edit name and phone' });
    edit.focus();
    fireEvent.click(edit);
    const form = within(screen.getByRole('form', { name: 'Your name and phone' }));
    await waitFor(() => expect(focused()).toBe(form.getByRole('textbox', { name: /^Name/ })));

    // Refused here: the phone, not the Save button, has the focus.
    const phone = form.getByRole('textbox', { name: 'Phone' });
    fireEvent.change(phone, { target: { value: '404555' } });
    const save = form.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(focused()).toBe(phone));
    expect(phone.getAttribute('aria-invalid')).toBe('true');

    // Cancel: back on the button that opened the form.
    fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Edit name and phone' })));

    // Saved: the form goes, its result line says so and has the focus.
    fireEvent.click(screen.getByRole('button', { name: 'Edit name and phone' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Your name and phone' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(focused()).toBe(resultLine('Your details are saved.')));
    expect(focused()?.getAttribute('tabindex')).toBe('-1');

    // Opening the form again clears the line: it was about the last save.
    fireEvent.click(screen.getByRole('button', { name: 'Edit name and phone' }));
    expect(screen.queryByText('Your details are saved.')).toBeNull();
  });

  it('changes the email by a link: starts at New email, a wrong password takes the focus, then says where the link went', async () => {
    let pending: string | null = null;
    const calls = renderPage((call) => {
      if (call.method === 'GET' && call.path === 'me/email') return ok({ email: account.user.email, pendingEmail: pending, pendingUntil: null });
      if (call.method === 'PUT' && call.path === 'me/email') {
        const body = call.body as { email: string; password: string };
        if (body.password !== 'right-one')
          return { code: 400, body: { status: 0, message: 'The password is incorrect.', errors: { password: 'The password is incorrect.' } } };
        pending = body.email;
        return ok({ email: account.user.email, pendingEmail: body.email, pendingUntil: '2026-11-24T00:00:00.000Z' });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change email' }));
    const form = within(screen.getByRole('form', { name: 'Change your email' }));
    await waitFor(() => expect(focused()).toBe(form.getByRole('textbox', { name: /^New email/ })));
    fireEvent.change(form.getByRole('textbox', { name: /^New email/ }), { target: { value: 'new@example.com' } });
    const password = form.getByLabelText(/^Your password/);
    fireEvent.change(password, { target: { value: 'wrong' } });
    const send = form.getByRole('button', { name: 'Send the link' });
    send.focus();
    fireEvent.click(send);
    expect(await form.findByText('The password is incorrect.')).toBeTruthy();
    await waitFor(() => expect(focused()).toBe(password));

    fireEvent.change(password, { target: { value: 'right-one' } });
    fireEvent.click(send);
    const sent = `We sent a link to new@example.com. Your email changes when you open it; until then, keep using ${account.user.email}.`;
    await waitFor(() => expect(focused()).toBe(resultLine(sent)));
    expect(await screen.findByText(`Open the link we sent to new@example.com to start using it. Until then, keep using ${account.user.email}.`)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);

    // Cancel on a fresh form goes back to Change email.
    fireEvent.click(screen.getByRole('button', { name: 'Change email' }));
    expect(screen.queryByText(sent)).toBeNull();
    fireEvent.click(within(screen.getByRole('form', { name: 'Change your email' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Change email' })));
  });

  it('sends the link again (saying when it is too soon) and cancels a waiting change, keeping the focus', async () => {
    let pending: string | null = 'typo@exmaple.com';
    let resends = 0;
    const calls = renderPage((call) => {
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
      return undefined;
    });
    const again = await screen.findByRole('button', { name: 'Send the link again' });
    fireEvent.click(again);
    const tooSoon = 'We sent the link less than a minute ago. Check your inbox and spam folder, then try again.';
    await waitFor(() => expect(focused()).toBe(resultLine(tooSoon)));
    fireEvent.click(again);
    await waitFor(() => expect(focused()).toBe(resultLine('We sent a new link to typo@exmaple.com. The earlier link no longer works.')));
    expect(screen.queryByText(tooSoon)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel the change' }));
    const said = `The change to typo@exmaple.com is cancelled. Your email stays ${account.user.email}.`;
    await waitFor(() => expect(focused()).toBe(resultLine(said)));
    expect(screen.queryByText(/Open the link we sent to/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the change' })).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE' && call.path === 'me/email')).toHaveLength(1);
  });

  it('changes the password: empty or wrong, focus goes to the field; changed, its own line says so; typing again clears the page’s lines', async () => {
    const calls = renderPage((call) => {
      if (call.method === 'PUT' && call.path === 'me') return { code: 200, body: { status: 1, message: 'Your details are saved.' } };
      if (call.path !== 'authResetpassword') return undefined;
      return (call.body as { currentPassword: string }).currentPassword === 'old-secret-1'
        ? { code: 200, body: { status: 1, message: 'Your password has been changed.' } }
        : { code: 400, body: { status: 0, message: 'The current password is incorrect.', errors: { currentPassword: 'The current password is incorrect.' } } };
    });
    // An earlier result on the page: name and phone saved.
    fireEvent.click(await screen.findByRole('button', { name: 'Edit name and phone' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Your name and phone' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(focused()).toBe(resultLine('Your details are saved.')));

    const form = within(screen.getByRole('form', { name: 'Change your password' }));
    const current = form.getByLabelText(/^Current password/);
    const submit = form.getByRole('button', { name: 'Change the password' });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(focused()).toBe(current));
    expect(calls.filter((call) => call.path === 'authResetpassword')).toHaveLength(0);

    // Starting on the password, the line about name and phone goes.
    fireEvent.change(current, { target: { value: 'not-it-1234' } });
    expect(screen.queryByText('Your details are saved.')).toBeNull();
    fireEvent.change(form.getByLabelText(/^New password/), { target: { value: 'new-secret-22' } });
    fireEvent.change(form.getByLabelText(/^Repeat the new password/), { target: { value: 'new-secret-22' } });
    submit.focus();
    fireEvent.click(submit);
    expect(await form.findByText('The current password is incorrect.')).toBeTruthy();
    await waitFor(() => expect(focused()).toBe(current));

    fireEvent.change(current, { target: { value: 'old-secret-1' } });
    submit.focus();
    fireEvent.click(submit);
    const changed = 'Your password has been changed. Use the new one the next time you log in.';
    await waitFor(() => expect(focused()).toBe(resultLine(changed)));
    expect((current as HTMLInputElement).value).toBe('');

    fireEvent.change(current, { target: { value: 'x' } });
    expect(screen.queryByText(changed)).toBeNull();
  });
});
