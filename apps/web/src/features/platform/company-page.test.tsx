import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PlatformCompanyDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Call } from '../../test/render-page.tsx';
import { CompanyPage } from './company-page.tsx';

// Mantine's autosize Textarea measures with document.fonts, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const ID = '0123456789abcdef01234567';
const company: PlatformCompanyDto = {
  id: ID,
  slug: 'acme',
  name: 'Acme Yoga',
  kind: 'company',
  createdAt: '2026-11-01T10:00:00.000Z',
  activeClients: 12,
  lastActivityAt: '2026-11-26T09:00:00.000Z',
  suspendedAt: null,
  suspendedReason: null,
  timeZone: 'Europe/London',
  studios: 1,
  teamMembers: 3,
  clients: 40,
  supportSessions: [],
};
const page = () =>
  renderRoutes(
    [{ path: '/platform/companies/:companyId', element: <CompanyPage /> }],
    `/platform/companies/${ID}`,
  );

beforeEach(() => {
  document.cookie = 'token=t; Path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the platform’s company page', () => {
  it(
    'suspending: an empty reason puts the focus on the reason; once suspended the focus is on Reactivate',
    { timeout: 20_000 },
    async () => {
      let current = company;
      stubFetch((call: Call) => {
        if (call.path === `platform/companies/${ID}`) return ok(current);
        if (call.method === 'POST' && call.path === `platform/companies/${ID}/suspend`) {
          const reason = (call.body as { reason?: string }).reason ?? '';
          if (reason.trim().length < 3)
            return {
              code: 400,
              body: {
                status: 0,
                message: 'Please correct the request.',
                errors: { reason: 'Say why the company is suspended' },
              },
            };
          current = { ...company, suspendedAt: '2026-11-26T10:00:00.000Z', suspendedReason: reason };
          return ok(current);
        }
        return noStub(call);
      });
      page();
      fireEvent.click(await screen.findByRole('button', { name: 'Suspend…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Suspend Acme Yoga?' });
      expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
      await within(dialog).findByText('Say why the company is suspended');
      const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
      await vi.waitFor(() => expect(document.activeElement).toBe(reason));

      fireEvent.change(reason, { target: { value: 'Unpaid since October' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
      const reactivate = await screen.findByRole('button', { name: 'Reactivate' });
      await vi.waitFor(() => expect(document.activeElement).toBe(reactivate));
      expect(screen.getByText(/Reason: “Unpaid since October”/)).toBeTruthy();
    },
  );

  it(
    'End now on a running support session leaves the focus on the list’s heading',
    { timeout: 20_000 },
    async () => {
      const SESSION = '0123456789abcdef01234568';
      const running = {
        id: SESSION,
        companyId: ID,
        platformUserName: 'Pat Platform',
        platformUserEmail: 'pat@kinetic.example',
        reason: 'Owner asked about a refund',
        startedAt: '2026-11-26T15:00:00.000Z',
        expiresAt: '2026-11-26T15:30:00.000Z',
        endedAt: null,
        endedBy: null,
        status: 'active' as const,
      };
      let current: PlatformCompanyDto = { ...company, supportSessions: [running] };
      stubFetch((call: Call) => {
        if (call.path === `platform/companies/${ID}`) return ok(current);
        if (
          call.method === 'POST' &&
          call.path === `platform/companies/${ID}/support-sessions/${SESSION}/end`
        ) {
          const ended = {
            ...running,
            status: 'ended' as const,
            endedAt: '2026-11-26T15:10:00.000Z',
            endedBy: 'platform',
          };
          current = { ...company, supportSessions: [ended] };
          return ok(ended);
        }
        return noStub(call);
      });
      page();
      fireEvent.click(await screen.findByRole('button', { name: 'End now' }));
      await screen.findByText('Ended');
      const heading = screen.getByRole('heading', { name: 'Support sessions' });
      await vi.waitFor(() => expect(document.activeElement).toBe(heading));
      expect(screen.queryByRole('button', { name: 'End now' })).toBeNull();
    },
  );

  it(
    'an address that names no company says so in words, with the way back',
    { timeout: 20_000 },
    async () => {
      stubFetch((call: Call) =>
        call.path === 'platform/companies/zzz'
          ? {
              code: 400,
              body: {
                status: 0,
                message: 'Please correct the request.',
                errors: { companyId: 'Must be a valid id' },
              },
            }
          : noStub(call),
      );
      renderRoutes(
        [{ path: '/platform/companies/:companyId', element: <CompanyPage /> }],
        '/platform/companies/zzz',
      );
      await screen.findByText('No company has this address. Open it from the list of companies.');
      expect(screen.getByRole('link', { name: 'Back to companies' })).toBeTruthy();
    },
  );
});
