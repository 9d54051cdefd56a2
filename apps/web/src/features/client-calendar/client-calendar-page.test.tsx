import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ClassInstanceDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { account, details } from '../schedule/schedule-test-fixtures.ts';
import { ClientCalendarPage } from './client-calendar-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const { description: _d, dropInPrice: _p, currency: _c, rules: _r, series: _s, ...evening } = details;
const waiting: ClassInstanceDto = {
  ...evening,
  id: '555555555555555555555555',
  templateName: 'Late Stretch',
  startsAt: '2030-01-10T01:00:00.000Z',
  endsAt: '2030-01-10T02:00:00.000Z',
};

describe('Client calendar', () => {
  it('marks the client’s own classes: booked, and their place on a waitlist', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const mine = (classInstance: ClassInstanceDto, status: string, waitlistPosition: number | null) => ({
      id: `b${classInstance.id.slice(1)}`,
      classInstanceId: classInstance.id,
      clientId: 'c',
      clientName: 'Casey',
      status,
      waitlistPosition,
      offerExpiresAt: null,
      paidWith: 'free',
      cancelledBy: null,
      fee: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
      classInstance,
    });
    stubFetch((call) => {
      if (call.path === 'me') return ok(account);
      if (call.path === 'my/bookings')
        return ok({ items: [mine(evening, 'booked', null), mine(waiting, 'waitlisted', 3)] });
      if (call.path.startsWith('public/acme/class-instances?')) return ok({ items: [evening, waiting] });
      return noStub(call);
    });
    renderRoutes(
      [{ path: '/:company/:roleId/client', element: <ClientCalendarPage /> }],
      '/acme/client/client',
    );
    const tuesday = within(await screen.findByRole('region', { name: 'Tuesday 8 January' }));
    expect(await tuesday.findByText('Booked')).toBeTruthy();
    const wednesday = within(screen.getByRole('region', { name: 'Wednesday 9 January' }));
    expect(await wednesday.findByText('Waitlist #3')).toBeTruthy();
    // Each class card is one real link and one tab stop, with nothing interactive inside another.
    for (const card of screen.getAllByRole('listitem')) {
      const focusable = card.querySelectorAll('a[href], button, input, select, textarea, [tabindex]');
      expect(focusable).toHaveLength(1);
      expect(focusable[0]?.tagName).toBe('A');
      expect(focusable[0]?.querySelector('a, button')).toBeNull();
    }

    // The week grid: the same days as columns, each class a tile with its link and the client's mark.
    fireEvent.click(screen.getByRole('radio', { name: 'Week grid' }));
    const gridTuesday = within(await screen.findByRole('region', { name: 'Tuesday 8 January' }));
    expect(gridTuesday.getByRole('link', { name: evening.templateName }).getAttribute('href')).toBe(`/acme/client/client/classes/details/${evening.id}`);
    expect(gridTuesday.getByText('Booked')).toBeTruthy();
    expect(screen.getAllByRole('region', { name: /January$/ })).toHaveLength(7);
    expect((screen.getByRole('radio', { name: 'Week grid' }) as HTMLInputElement).checked).toBe(true);
  });

  it('My bookings: what is coming up with its status, and past classes; kept in the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-07T12:00:00Z'));
    const booking = (classInstance: ClassInstanceDto, status: string, extra: Record<string, unknown> = {}) => ({
      id: `b${classInstance.id.slice(1)}`,
      classInstanceId: classInstance.id,
      clientId: 'c',
      clientName: 'Casey',
      status,
      waitlistPosition: null,
      offerExpiresAt: null,
      paidWith: 'free',
      cancelledBy: null,
      fee: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
      classInstance,
      ...extra,
    });
    const lastWeek: ClassInstanceDto = { ...evening, id: '666666666666666666666666', templateName: 'Power Yoga', startsAt: '2030-01-02T23:00:00.000Z', endsAt: '2030-01-03T00:00:00.000Z' };
    stubFetch((call) => {
      if (call.path === 'me') return ok(account);
      if (call.path === 'my/bookings')
        return ok({ items: [booking(evening, 'offered', { offerExpiresAt: '2030-01-08T17:00:00.000Z' }), booking(waiting, 'cancelled', { cancelledBy: 'client' })] });
      if (call.path === 'my/bookings?when=past') return ok({ items: [booking(lastWeek, 'checked_in')] });
      if (call.path.startsWith('public/acme/class-instances?')) return ok({ items: [evening, waiting] });
      return noStub(call);
    });
    const { router } = renderRoutes(
      [{ path: '/:company/:roleId/client', element: <ClientCalendarPage /> }],
      '/acme/client/client',
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'My bookings' }));
    const coming = within(await screen.findByRole('region', { name: 'Coming up' }));
    expect(await coming.findByRole('link', { name: 'Evening Flow' })).toBeTruthy();
    expect(coming.getByText('Place held until Tue 8 Jan, 12:00')).toBeTruthy();
    // A booking the client cancelled is not "coming up".
    expect(coming.queryByRole('link', { name: 'Late Stretch' })).toBeNull();
    const past = within(screen.getByRole('region', { name: 'Past classes' }));
    expect(await past.findByText('Attended')).toBeTruthy();
    expect(past.getByRole('link', { name: 'Power Yoga' }).getAttribute('href')).toBe(
      '/acme/client/client/classes/details/666666666666666666666666',
    );
    expect(router.state.location.search).toBe('?view=mine');
  });
});
