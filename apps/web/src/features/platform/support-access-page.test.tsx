import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type SupportSessionDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch, type Call } from '../../test/render-page.tsx';
import { RoleGate } from '../../shell/role-gate.tsx';
import { SupportAccessPage } from './support-access-page.tsx';

const ID = '0123456789abcdef01234567';
const SUPPORT_ID = '0123456789abcdef01234568';
const account: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: [],
  can: defaultCan('admin'),
};
const running: SupportSessionDto = {
  id: SUPPORT_ID,
  companyId: ID,
  platformUserName: 'Pat Platform',
  platformUserEmail: 'pat@kinetic.example',
  reason: 'Owner asked about a refund',
  startedAt: '2026-11-26T15:00:00.000Z',
  expiresAt: '2026-11-26T15:30:00.000Z',
  endedAt: null,
  endedBy: null,
  status: 'active',
};

beforeEach(() => {
  document.cookie = 'token=t; Path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings › Support Access', () => {
  it('shows who, why and until when, and End now ends it and says so', { timeout: 20_000 }, async () => {
    let ended = false;
    const calls = stubFetch((call: Call) => {
      if (call.path === 'me') return ok(account);
      if (call.path.startsWith('support-sessions?'))
        return ok({
          items: [
            ended
              ? { ...running, status: 'ended', endedAt: '2026-11-26T15:10:00.000Z', endedBy: 'Olive Owner' }
              : running,
          ],
          total: 1,
        });
      if (call.method === 'POST' && call.path === `support-sessions/${SUPPORT_ID}/end`) {
        ended = true;
        return ok({ ...running, status: 'ended' });
      }
      return noStub(call);
    });
    renderRoutes(
      [{ path: '/app/settings/supportAccess', element: <SupportAccessPage /> }],
      '/app/settings/supportAccess',
    );
    const list = await screen.findByRole('list', { name: 'Support sessions' });
    expect(within(list).getByText('Pat Platform')).toBeTruthy();
    expect(within(list).getByText('Why: “Owner asked about a refund”')).toBeTruthy();
    expect(within(list).getByText('Running now')).toBeTruthy();
    expect(screen.getByText('What Kinetic support can see')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'End Pat Platform’s support session now' }));
    const said = await screen.findByText('Pat Platform’s support session has ended: their access stopped.');
    // The End button is gone with the session: the focus is on what happened, not lost to the page.
    await vi.waitFor(() => expect(document.activeElement).toBe(said));
    expect(
      calls.some((call) => call.method === 'POST' && call.path === `support-sessions/${SUPPORT_ID}/end`),
    ).toBe(true);
    await within(list).findByText('Ended');
    expect(within(list).getByText(/ended by Olive Owner/)).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /End .* now/ })).toBeNull();
  });

  it('says plainly when support never accessed the account', { timeout: 20_000 }, async () => {
    stubFetch((call: Call) => {
      if (call.path === 'me') return ok(account);
      if (call.path.startsWith('support-sessions?')) return ok({ items: [], total: 0 });
      return noStub(call);
    });
    renderRoutes(
      [{ path: '/app/settings/supportAccess', element: <SupportAccessPage /> }],
      '/app/settings/supportAccess',
    );
    await screen.findByText('No support session yet. Kinetic support has never accessed your account.');
  });
});

describe('a suspended company’s pages', () => {
  it('say the business is unavailable instead of the page', { timeout: 20_000 }, async () => {
    stubFetch((call: Call) =>
      call.path === 'public/acme'
        ? {
            code: 403,
            body: {
              status: 0,
              message: 'This business is unavailable at the moment.',
              errors: { reason: 'companyUnavailable' },
            },
          }
        : noStub(call),
    );
    renderRoutes(
      [
        {
          path: '/:company/:roleId',
          element: <RoleGate />,
          children: [{ path: 'login', element: <p>The login form</p> }],
        },
      ],
      '/acme/client/login',
    );
    await screen.findByRole('heading', { name: 'This business is unavailable at the moment.' });
    expect(screen.queryByText('The login form')).toBeNull();
  });
});
