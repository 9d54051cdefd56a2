import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes, stubApi } from '../../test/render-page.tsx';
import { SignupPage } from './signup-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('business sign-up', () => {
  it('says a taken web address once, at the field, not again above the button', async () => {
    const taken = 'This address is taken; choose another.';
    const { fetchStub } = stubApi({
      'signup/company': { code: 409, body: { status: 0, message: taken, errors: { slug: taken } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes([{ path: '/signup', element: <SignupPage /> }], '/signup');
    const type = (name: string | RegExp, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    type(/Business name/, 'Acme Yoga');
    type(/Your name/, 'Olive Owner');
    type(/Email/, 'olive@example.com');
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'kinetic-e2e-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }));

    const slug = screen.getByRole('textbox', { name: /Web address/ });
    expect(await screen.findByText(taken, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getAllByText(taken)).toHaveLength(1);
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    // The focus is on the field to change, not left on the button below it.
    await waitFor(() => expect(document.activeElement).toBe(slug));
  }, 20_000);
});
