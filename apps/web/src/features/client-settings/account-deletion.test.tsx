import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { AccountDeletion } from './account-deletion.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The deletion request: none at first; the password 'right-one' asks for it, DELETE withdraws it. */
function stubDeletion() {
  const none = { requestedAt: null, takesEffectAt: null };
  const asked = { requestedAt: '2026-11-22T10:00:00.000Z', takesEffectAt: '2026-12-22T10:00:00.000Z' };
  return stubFetch((call) => {
    if (call.path !== 'my/deletion-request') return noStub(call);
    if (call.method === 'GET') return ok(none);
    if (call.method === 'DELETE') return ok(none);
    return (call.body as { password: string }).password === 'right-one'
      ? ok(asked)
      : { code: 400, body: { status: 0, message: 'The password is incorrect.', errors: { password: 'The password is incorrect.' } } };
  });
}

describe('Delete my account', () => {
  it('asks for the password, names a wrong one, then says the date and lets the client keep the account', async () => {
    const calls = stubDeletion();
    renderRoutes([{ path: '/', element: <AccountDeletion /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Enter your password to confirm')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('The password is incorrect.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: 'right-one' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/^On 22 December 2026 your name, email, phone/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByRole('button', { name: 'Delete my account…' })).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => call.method)).toEqual(['POST', 'POST', 'DELETE']);
  });

  it('keeps the keyboard’s place: a refused password keeps the focus in its field; the answer takes it when its button goes', async () => {
    stubDeletion();
    renderRoutes([{ path: '/', element: <AccountDeletion /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    const password = dialog.getByLabelText(/^Password/);
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    confirm.focus();
    fireEvent.click(confirm);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(password, { target: { value: 'wrong' } });
    confirm.focus();
    fireEvent.click(confirm);
    expect(await dialog.findByText('The password is incorrect.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));

    // Confirmed: the dialog and the button that opened it are gone; the answer has the focus.
    fireEvent.change(password, { target: { value: 'right-one' } });
    fireEvent.click(confirm);
    const asked = 'Your account is to be deleted on 22 December 2026. Until then you can keep it.';
    await waitFor(() => expect(document.activeElement?.textContent).toBe(asked));
    expect(document.activeElement?.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Delete my account…' })).toBeNull();

    // Kept: "Keep my account" goes too; the answer has the focus and the earlier one is gone.
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('You keep your account: nothing will be deleted.'));
    expect(screen.queryByText(asked)).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete my account…' })).toBeTruthy();
  });
});
