import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { COMPANY_ID, details, eventDateDetails, myBooking } from '../schedule/schedule-test-fixtures.ts';
import { MyBookings } from './my-bookings.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const workshop = eventDateDetails;

describe('My bookings', () => {
  it('lists an event booking by the event’s title and place, with the waitlist position, upcoming and past', async () => {
    stubFetch((call) => {
      if (call.path === 'my/bookings')
        return ok({ items: [myBooking('waitlisted', { classInstance: workshop, waitlistPosition: 2 })] });
      if (call.path === 'my/bookings?when=past')
        return ok({
          items: [myBooking('booked', { classInstance: { ...workshop, id: '444444444444444444444444' } })],
        });
      return noStub(call);
    });
    renderRoutes(
      [{ path: '/', element: <MyBookings companyId={COMPANY_ID} detailsPath={(id) => `/details/${id}`} /> }],
      '/',
    );
    const upcoming = within(await screen.findByRole('region', { name: 'Coming up' }));
    const link = await upcoming.findByRole('link', { name: 'Pottery Workshop' });
    expect(link.getAttribute('href')).toBe(`/details/${workshop.id}`);
    expect(upcoming.getByText('Ana Ruiz · 22 Mill Lane, Decatur')).toBeTruthy();
    expect(upcoming.getByText('Waitlist #2')).toBeTruthy();
    const past = within(screen.getByRole('region', { name: 'Past classes' }));
    expect(await past.findByRole('link', { name: 'Pottery Workshop' })).toBeTruthy();
  });

  it('a private session is named by its type, has no class page, and is cancelled from here after asking', async () => {
    const session = {
      ...details,
      id: '6b0000000000000000000c01',
      templateName: 'Personal Training',
      fitnessSessionId: '',
      templateId: '',
      appointmentTypeId: '6b0000000000000000000a01',
    };
    const booked = myBooking('booked', { classInstance: session });
    let cancelled = false;
    const calls = stubFetch((call) => {
      if (call.path === 'my/bookings') return ok({ items: cancelled ? [] : [booked] });
      if (call.path === 'my/bookings?when=past') return ok({ items: [] });
      if (call.method === 'POST' && call.path === `bookings/${booked.id}/cancel`) {
        cancelled = true;
        return ok({ ...booked, status: 'cancelled', cancelledBy: 'client' });
      }
      return noStub(call);
    });
    renderRoutes(
      [{ path: '/', element: <MyBookings companyId={COMPANY_ID} detailsPath={(id) => `/details/${id}`} /> }],
      '/',
    );
    const upcoming = within(await screen.findByRole('region', { name: 'Coming up' }));
    expect(await upcoming.findByText('Personal Training')).toBeTruthy();
    expect(upcoming.getByText('· Private session')).toBeTruthy();
    expect(upcoming.queryByRole('link', { name: 'Personal Training' })).toBeNull();

    fireEvent.click(upcoming.getByRole('button', { name: /^Cancel Personal Training/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel your private session?' }));
    // The safe answer changes nothing.
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel my booking' }));
    const said = await screen.findByText('Personal Training cancelled.');
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `bookings/${booked.id}/cancel`,
    ]);
    expect(await screen.findByText('No classes booked. Choose one in the timetable.')).toBeTruthy();
  });
});
