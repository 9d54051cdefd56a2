import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type ApiKeyDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { ApiKeysPage } from './api-keys-page.tsx';

// Mantine's autosize Textarea (the key shown once) listens for web fonts, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ID = '0123456789abcdef01234567';
const admin: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};
const KEY = `kin_${'A'.repeat(43)}`;
const zapier: ApiKeyDto = {
  id: '0123456789abcdef0123456a',
  name: 'Zapier',
  scope: 'write',
  prefix: 'kin_AAAAAAAA',
  rateLimitPerMinute: 120,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: { id: ID, name: 'Olive Owner' },
  lastUsedAt: null,
  revokedAt: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings › API Keys', () => {
  it('names a refused rate limit at its field, then shows the created key once in full', async () => {
    let listed: ApiKeyDto[] = [];
    const calls = stubFetch((call) => {
      if (call.path === 'me') return ok(admin);
      if (call.path === 'api-keys' && call.method === 'GET') return ok({ items: listed });
      if (call.path === 'api-keys' && call.method === 'POST') {
        const body = call.body as { rateLimitPerMinute: number };
        if (body.rateLimitPerMinute > 6000)
          return {
            code: 400,
            body: {
              status: 0,
              message: 'Please correct the request.',
              errors: { rateLimitPerMinute: 'Allow at most 6,000 requests a minute' },
            },
          };
        listed = [zapier];
        return { code: 201, body: { status: 1, data: { apiKey: zapier, key: KEY } } };
      }
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <ApiKeysPage /> }], '/');
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Zapier' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Read and write/ }));
    const rate = within(dialog).getByRole('textbox', { name: 'Requests a minute' });
    fireEvent.change(rate, { target: { value: '9000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Allow at most 6,000 requests a minute')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(rate));

    fireEvent.change(rate, { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = (await screen.findByRole('textbox', { name: 'API key' })) as HTMLTextAreaElement;
    expect(shown.value).toBe(KEY);
    // The form (and its focused Create key button) is gone: the focus moves to the key, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(shown));
    expect(screen.getByText(/only time the whole key is shown/)).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posts.at(-1)).toEqual({ name: 'Zapier', scope: 'write', rateLimitPerMinute: 120 });

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('Zapier')).toBeTruthy();
    expect(within(list).getByText('kin_AAAAAAAA…')).toBeTruthy();
    expect(document.body.textContent).not.toContain(KEY);
  });
});
