import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { AccountDeletion } from './account-deletion.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Delete my account', () => {
  it('asks for the password, names a wrong one, then says the date and lets the client keep the account', async () => {
    const none = { requestedAt: null, takesEffectAt: null };
    const asked = { requestedAt: '2026-11-22T10:00:00.000Z', takesEffectAt: '2026-12-22T10:00:00.000Z' };
    const calls = stubFetch((call) => {
      if (call.path !== 'my/deletion-request') return noStub(call);
      if (call.method === 'GET') return ok(none);
      if (call.method === 'DELETE') return ok(none);
      return (call.body as { password: string }).password === 'right-one'
        ? ok(asked)
        : { code: 400, body: { status: 0, message: 'The password is incorrect.', errors: { password: 'The password is incorrect.' } } };
    });
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
});
