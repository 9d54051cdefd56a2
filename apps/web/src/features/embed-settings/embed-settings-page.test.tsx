import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultCan, type AccountDto } from '@kinetic/shared';
import { renderRoutes } from '../../test/render-page.tsx';
import { EmbedSettingsPage } from './embed-settings-page.tsx';

// Mantine's autosize Textarea (the widget code) listens for web fonts, which jsdom does not have.
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API as the server answers it: the saved sites, a PUT answering `put` (or echoing the list). */
function stubApi(origins: string[], put?: { code: number; body: unknown }) {
  const sent: unknown[] = [];
  const answer = (code: number, body: unknown) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\//, '');
    if (path === 'me') return answer(200, { status: 1, data: admin });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { embedOrigins: string[] };
      sent.push(body);
      return put ? answer(put.code, put.body) : answer(200, { status: 1, data: { slug: 'acme', ...body } });
    }
    return answer(200, { status: 1, data: { slug: 'acme', embedOrigins: origins } });
  });
  return sent;
}

describe('Website Widget settings', () => {
  it('shows the line to paste with this company, the listed sites and the preview of its widget', async () => {
    stubApi(['https://www.acme.example']);
    renderRoutes([{ path: '/', element: <EmbedSettingsPage /> }], '/');
    const code = (await screen.findByRole('textbox', { name: 'Widget code' })) as HTMLTextAreaElement;
    expect(code.value).toBe(`<script src="${window.location.origin}/embed.js" data-company="acme"></script>`);
    expect(screen.getByRole('button', { name: 'Copy the line' })).toBeTruthy();
    expect(screen.getByText('https://www.acme.example')).toBeTruthy();
    expect(screen.getByTitle('Widget preview').getAttribute('src')).toBe('/acme/widget');
  });

  it('adds a site as its origin and removes one; refuses a plain-http address at the field without sending', async () => {
    const sent = stubApi(['https://old.example']);
    renderRoutes([{ path: '/', element: <EmbedSettingsPage /> }], '/');
    const field = await screen.findByRole('textbox', { name: 'Add a site' });
    fireEvent.change(field, { target: { value: 'http://www.acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/Enter an https site address without a path/)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(field, { target: { value: 'https://WWW.acme.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('https://www.acme.example may now show the widget.');
    expect(sent).toEqual([{ embedOrigins: ['https://old.example', 'https://www.acme.example'] }]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove https://old.example' }));
    await screen.findByText('https://old.example was removed.');
    expect(sent.at(-1)).toEqual({ embedOrigins: ['https://www.acme.example'] });
  });

  it("shows the server's refusal at the field", async () => {
    stubApi([], {
      code: 400,
      body: {
        status: 0,
        message: 'Check the highlighted fields',
        errors: { 'embedOrigins.0': 'List at most 20 sites' },
      },
    });
    renderRoutes([{ path: '/', element: <EmbedSettingsPage /> }], '/');
    const field = await screen.findByRole('textbox', { name: 'Add a site' });
    fireEvent.change(field, { target: { value: 'https://www.acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByText('List at most 20 sites')).toBeTruthy());
  });
});
