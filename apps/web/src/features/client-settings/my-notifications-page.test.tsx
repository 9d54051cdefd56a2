import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { MyNotificationsPage } from './my-notifications-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('client › Settings › Notifications', () => {
  it('shows the choices (marketing off until asked) and saves what the client switches', async () => {
    const current = { bookingConfirmations: true, reminders: true, waitlist: true, marketing: false, reminderHoursBefore: 12 };
    const calls = stubFetch((call) => {
      if (call.path === 'me') return ok({ ...account, user: { ...account.user, roleId: 'client' } });
      if (call.path === 'my/notifications')
        return call.method === 'GET' ? ok(current) : ok({ ...(call.body as object), reminderHoursBefore: 12 });
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <MyNotificationsPage /> }], '/');
    const marketing = (await screen.findByRole('switch', { name: /News and offers/ })) as HTMLInputElement;
    expect(marketing.checked).toBe(false);
    // The studio's reminder time, from its Sessions Settings.
    expect(screen.getByText(/^12 hours before each class you booked/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Waitlist news/ }));
    fireEvent.click(marketing);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your email choices are saved.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        bookingConfirmations: true,
        reminders: true,
        waitlist: false,
        marketing: true,
      }),
    );
  });
});
