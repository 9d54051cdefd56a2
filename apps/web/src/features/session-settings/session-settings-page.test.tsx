import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultCan, SESSION_SETTINGS_DEFAULTS, type AccountDto } from '@kinetic/shared';
import { renderRoutes } from '../../test/render-page.tsx';
import { SessionSettingsPage } from './session-settings-page.tsx';

const ID = '0123456789abcdef01234567';
const admin: AccountDto = {
  user: { id: ID, name: 'Olive Owner', email: 'olive@example.com', phone: null, roleId: 'admin' },
  company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
  hostType: 'company',
  onBoardingData: ['classesSettings'],
  can: defaultCan('admin'),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** GET answers the rules; PUT answers the given 400 and records what was sent. */
function stubSessions(put: { code: number; body: unknown }, account: AccountDto = admin) {
  const sent: unknown[] = [];
  const answer = (code: number, body: unknown) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\//, '');
    if (path === 'me') return answer(200, { status: 1, data: account });
    if (init?.method === 'PUT') {
      sent.push(JSON.parse(String(init.body)));
      return answer(put.code, put.body);
    }
    return answer(200, {
      status: 1,
      data: {
        ...SESSION_SETTINGS_DEFAULTS,
        noShowFee: 1250,
        reminderHoursBefore: 24,
        saved: false,
        currency: 'EUR',
      },
    });
  });
  return sent;
}

describe('Sessions Settings', () => {
  it(
    "sends fees in minor units and shows the server's 400 errors at their fields",
    { timeout: 20_000 },
    async () => {
      const sent = stubSessions({
        code: 400,
        body: {
          status: 0,
          message: 'Check the highlighted fields',
          errors: { bookingClosesMinutesBefore: 'Booking must close before it opens' },
        },
      });
      renderRoutes([{ path: '/', element: <SessionSettingsPage /> }], '/');
      const fee = await screen.findByRole('textbox', { name: /No-show fee \(EUR\)/ });
      expect((fee as HTMLInputElement).value).toBe('12.50');
      fireEvent.change(screen.getByRole('textbox', { name: /Late cancellation fee/ }), {
        target: { value: '3.25' },
      });
      fireEvent.change(screen.getByRole('textbox', { name: /Send class reminders \(hours before\)/ }), {
        target: { value: '6' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Booking must close before it opens')).toBeTruthy();
      const closes = screen.getByRole('textbox', { name: /Booking closes/ });
      await waitFor(() => expect(closes.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText('Check the highlighted fields')).toBeTruthy();
      expect(sent[0]).toMatchObject({
        lateCancelFee: 325,
        noShowFee: 1250,
        bookingOpensDaysBefore: 14,
        reminderHoursBefore: 6,
      });
    },
  );

  it(
    'shows the rules without a Save button to a team member who may not change them',
    { timeout: 20_000 },
    async () => {
      stubSessions(
        { code: 403, body: { status: 0, message: 'No' } },
        {
          ...admin,
          can: { ...admin.can, manageSettings: false },
        },
      );
      renderRoutes([{ path: '/', element: <SessionSettingsPage /> }], '/');
      await screen.findByText(
        'You need the “Manage settings” ability to change these rules. Ask the business owner or an admin.',
      );
      expect((screen.getByRole('textbox', { name: /Booking opens/ }) as HTMLInputElement).disabled).toBe(
        true,
      );
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    },
  );
});
