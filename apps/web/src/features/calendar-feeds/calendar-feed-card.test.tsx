import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CalendarFeedDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { account } from '../schedule/schedule-test-fixtures.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none: CalendarFeedDto = { url: null, webcalUrl: null, createdAt: null, lastReadAt: null };
const address = (n: number) => `https://kinetic.test/api/calendar-feeds/secret${n}.ics`;

describe('Add my classes to my calendar', () => {
  it('gets an address to copy and open; a new one is asked for first; stopping it says so', async () => {
    let made = 0;
    let current: CalendarFeedDto = none;
    const calls = stubFetch((call) => {
      if (call.path === 'me') return ok({ ...account, user: { ...account.user, roleId: 'client' } });
      if (call.path === 'my/calendar-feed') {
        if (call.method === 'POST') {
          made += 1;
          current = { ...none, createdAt: '2026-11-20T10:00:00.000Z' };
          return ok({ ...current, url: address(made), webcalUrl: address(made).replace('https:', 'webcal:') });
        }
        if (call.method === 'DELETE') current = none;
        return ok(current);
      }
      return noStub(call);
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoutes([{ path: '/', element: <CalendarFeedCard /> }], '/');

    expect(await screen.findByText(/subscribe to a private address of the classes you book/)).toBeTruthy();
    expect(screen.getByText(/Anyone with the address can see your classes/)).toBeTruthy();
    const get = await screen.findByRole('button', { name: 'Get my calendar address' });
    await waitFor(() => expect(get.hasAttribute('disabled')).toBe(false));
    fireEvent.click(get);

    const field = (await screen.findByLabelText('Your calendar address')) as HTMLInputElement;
    expect(field.value).toBe(address(1));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href')).toBe(
      'webcal://kinetic.test/api/calendar-feeds/secret1.ics',
    );
    expect(screen.getByText(/Other calendars/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(address(1)));
    expect(screen.getByTestId('calendar-feed-status').textContent).toBe(
      'The address is copied. Paste it into your calendar app.',
    );

    // A new address is asked for first: the dialog opens on the answer that changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Make a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new calendar address?' });
    expect(within(dialog).getByText(/The old address stops working at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect((screen.getByLabelText('Your calendar address') as HTMLInputElement).value).toBe(address(2)));
    expect(screen.getByTestId('calendar-feed-status').textContent).toBe(
      'Your new calendar address is ready. The old one no longer works.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Stop my address' }));
    const stop = await screen.findByRole('dialog', { name: 'Stop your calendar address?' });
    fireEvent.click(within(stop).getByRole('button', { name: 'Stop the address' }));
    const again = await screen.findByRole('button', { name: 'Get my calendar address' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(screen.queryByLabelText('Your calendar address')).toBeNull();
    expect(screen.getByTestId('calendar-feed-status').textContent).toBe('Your calendar address no longer works.');
    expect(calls.filter((call) => call.path === 'my/calendar-feed').map((call) => call.method)).toEqual([
      'GET',
      'POST',
      'POST',
      'DELETE',
    ]);
  });

  it('an address made earlier is not shown again: the card says when it was made and last read', async () => {
    stubFetch((call) => {
      if (call.path === 'me') return ok(account);
      if (call.path === 'my/calendar-feed')
        return ok({ ...none, createdAt: '2026-11-20T10:00:00.000Z', lastReadAt: '2026-11-25T08:00:00.000Z' });
      return noStub(call);
    });
    renderRoutes([{ path: '/', element: <CalendarFeedCard /> }], '/');
    expect(await screen.findByText(/You made your calendar address on/)).toBeTruthy();
    expect(screen.getByText(/A calendar app last read it on/)).toBeTruthy();
    expect(screen.getByText(/the classes you teach/)).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar address')).toBeNull();
    expect(screen.getByRole('button', { name: 'Make a new address' })).toBeTruthy();
  });
});
