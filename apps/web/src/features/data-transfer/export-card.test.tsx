import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { defaultCan, type AccountDto } from '@kinetic/shared';
import { renderRoutes, stubFetch, type Call } from '../../test/render-page.tsx';
import { fileNameOf } from './export-api.ts';
import { ExportCard, sizeLabel } from './export-card.tsx';

const ID = '0123456789abcdef01234567';
const account = (can: AccountDto['can']): AccountDto => ({
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can,
});
const routes = [{ path: '/app/settings/importExport', element: <ExportCard /> }];

beforeEach(() => {
  document.cookie = 'token=t; Path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExportCard', () => {
  it('shows the server’s refusal when the download is refused, with the bearer token sent', async () => {
    const calls = stubFetch((call: Call) => {
      if (call.path === 'me') return { body: { status: 1, data: account(defaultCan('admin')) } };
      return {
        code: 403,
        body: { status: 0, message: 'You do not have permission to do this.', data: null },
      };
    });
    renderRoutes(routes, '/app/settings/importExport');
    fireEvent.click(await screen.findByRole('button', { name: 'Download archive (.zip)' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You do not have permission to do this.',
    );
    const sent = calls.find((call) => call.path === 'exports/archive')!;
    expect(sent.headers.Authorization).toBe('Bearer t');
  });

  it('offers no button to a front-desk member without settings, and says which abilities it needs', async () => {
    stubFetch(() => ({ body: { status: 1, data: account(defaultCan('staff')) } }));
    renderRoutes(routes, '/app/settings/importExport');
    expect(
      await screen.findByText(
        /needs the “Manage settings”, “See\s+financials” and “Manage clients” abilities/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download archive (.zip)' })).toBeNull();
  });

  it('names the file as the server does and sizes read plainly', () => {
    expect(fileNameOf('attachment; filename="kinetic-export-acme-2026-11-26.zip"')).toBe(
      'kinetic-export-acme-2026-11-26.zip',
    );
    expect(fileNameOf(null)).toBe('kinetic-export.zip');
    expect(sizeLabel(840_000)).toBe('840 KB');
    expect(sizeLabel(12_400_000)).toBe('12.4 MB');
  });
});
