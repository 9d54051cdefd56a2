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
    const current = {
      bookingConfirmations: true,
      reminders: true,
      waitlist: true,
      packageReminders: true,
      marketing: false,
      reminderHoursBefore: 12,
      notSentByStudio: [],
    };
    const calls = stubFetch((call) => {
      if (call.path === 'me') return ok({ ...account, user: { ...account.user, roleId: 'client' } });
      if (call.path === 'my/notifications')
        return call.method === 'GET'
          ? ok(current)
          : ok({ ...(call.body as object), reminderHoursBefore: 12, notSentByStudio: [] });
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <MyNotificationsPage /> }], '/');
    const marketing = (await screen.findByRole('switch', { name: /News and offers/ })) as HTMLInputElement;
    expect(marketing.checked).toBe(false);
    // The studio's reminder time, from its Sessions Settings.
    expect(screen.getByText(/^12 hours before each class you booked/)).toBeTruthy();
    // Membership and pack reminders: on until the client turns them off, and says what stays on.
    const packages = screen.getByRole('switch', {
      name: /Membership and pack reminders/,
    }) as HTMLInputElement;
    expect(packages.checked).toBe(true);
    expect(packages.getAttribute('aria-describedby')).toBeTruthy();
    const described = document.getElementById(packages.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(described?.textContent).toMatch(
      /before your membership renews.*class pack with credits left expires/,
    );
    fireEvent.click(packages);
    fireEvent.click(screen.getByRole('switch', { name: /Waitlist news/ }));
    fireEvent.click(marketing);
    // The line that says "saved" is on the page before it says it, so a screen reader announces it.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status.textContent).toBe('Your email choices are saved.'));
    // Switching again: the line is no longer true, and goes.
    fireEvent.click(marketing);
    expect(status.textContent).toBe('');
    fireEvent.click(marketing);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        bookingConfirmations: true,
        reminders: true,
        waitlist: false,
        packageReminders: false,
        marketing: true,
      }),
    );
  });

  it('says so, instead of offering a switch, when the studio sends none of an email', async () => {
    stubFetch((call) => {
      if (call.path === 'me') return ok({ ...account, user: { ...account.user, roleId: 'client' } });
      if (call.path === 'my/notifications')
        return ok({
          bookingConfirmations: true,
          reminders: true,
          waitlist: true,
          packageReminders: true,
          marketing: false,
          reminderHoursBefore: 24,
          notSentByStudio: ['reminders'],
        });
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <MyNotificationsPage /> }], '/');
    const reminders = (await screen.findByRole('switch', { name: /Class reminders/ })) as HTMLInputElement;
    expect(reminders.disabled).toBe(true);
    expect(screen.getByText('Your studio does not send these emails at the moment.')).toBeTruthy();
    expect((screen.getByRole('switch', { name: /Waitlist news/ }) as HTMLInputElement).disabled).toBe(false);
  });
});
