import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultCan, type AccountDto } from '@kinetic/shared';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const ID = '0123456789abcdef01234567';
const owner: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard', () => {
  it("offers the clients' login address to copy (a button, announced), not as a link", async () => {
    vi.stubGlobal('fetch', stubApi({ me: { body: { status: 1, data: owner } } }).fetchStub);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoutes([{ path: '/app', element: <DashboardPage /> }], '/app');

    const address = await screen.findByTestId('client-login-address');
    expect(address.textContent).toBe(`${location.host}/acme/client/login`);
    expect(address.closest('a')).toBeNull();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    const copy = screen.getByRole('button', { name: 'Copy address' });
    expect(copy.tagName).toBe('BUTTON');
    await act(async () => {
      fireEvent.click(copy);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/acme/client/login`);
    await waitFor(() => expect(status.textContent).toBe('Copied'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBe(copy);
  });
});
