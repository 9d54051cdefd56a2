import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyBookingDto } from '@kinetic/shared';
import { connectNetworkState } from '../../api/client.ts';
import { createNetworkStore, type Toast } from '../../api/network-state.ts';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { dayTimeLabel } from '../schedule/class-labels.ts';
import { COMPANY_ID, details, eventDateDetails, myBooking } from '../schedule/schedule-test-fixtures.ts';
import { MyBookings } from './my-bookings.tsx';

const toasts: Toast[] = [];
connectNetworkState(createNetworkStore((toast) => toasts.push(toast)));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.length = 0;
});

const TYPE_ID = '6b0000000000000000000a01';
/** The studio's public private-session types: the rule My bookings says before cancelling. */
const personalTraining = {
  id: TYPE_ID,
  name: 'Personal Training',
  description: null,
  durationMinutes: 60,
  price: 9500,
  currency: 'USD',
  maxAttendees: 1,
  instructors: [],
  studios: [],
  packageNames: ['10-Class Pack'],
  cancellation: { freeCancellationHoursBefore: 24, lateCancelFee: 4000 },
};
const sessionBooking = (
  extra: Partial<MyBookingDto['classInstance']> = {},
  id = '6b0000000000000000000c01',
) =>
  myBooking('booked', {
    classInstance: {
      ...details,
      id,
      templateName: 'Personal Training',
      fitnessSessionId: '',
      templateId: '',
      appointmentTypeId: TYPE_ID,
      ...extra,
    },
    paidWith: 'class-pack',
    payment: { packageName: '10-Class Pack', dropIn: null },
  });

function openMine(answer: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch((call) =>
    call.path === 'public/acme/appointment-types' ? ok({ items: [personalTraining] }) : answer(call),
  );
  renderRoutes(
    [
      {
        path: '/:company/:roleId/client',
        element: <MyBookings companyId={COMPANY_ID} detailsPath={(id) => `/details/${id}`} />,
      },
    ],
    '/acme/client/client',
  );
  return calls;
}

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

  it('a private session is named by its type, has no class page, and is cancelled from here after asking: free, said once', async () => {
    const booked = sessionBooking();
    let cancelled = false;
    const calls = openMine((call) => {
      if (call.path === 'my/bookings') return ok({ items: cancelled ? [] : [booked] });
      if (call.path === 'my/bookings?when=past') return ok({ items: [] });
      if (call.method === 'POST' && call.path === `bookings/${booked.id}/cancel`) {
        cancelled = true;
        // The server's envelope says it too; the page says it once, where the focus goes.
        return {
          body: {
            status: 1,
            message: 'Booking cancelled.',
            data: { ...booked, status: 'cancelled', cancelledBy: 'client' },
          },
        };
      }
      return noStub(call);
    });
    const upcoming = within(await screen.findByRole('region', { name: 'Coming up' }));
    expect(await upcoming.findByText('Personal Training')).toBeTruthy();
    expect(upcoming.getByText('· Private session')).toBeTruthy();
    expect(upcoming.queryByRole('link', { name: 'Personal Training' })).toBeNull();

    fireEvent.click(upcoming.getByRole('button', { name: /^Cancel Personal Training/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel your private session?' }));
    // Free until 24 hours before, on the studio's clock (the session is on Tue 8 Jan 2030, 18:00 in New York).
    await dialog.findByText(
      /Cancelling now is free \(until Mon 7 Jan, 18:00\): your credit goes back to 10-Class Pack\.$/,
    );
    // The safe answer changes nothing.
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel my booking' }));
    const said = await screen.findByText(
      'Personal Training cancelled: your credit went back to 10-Class Pack.',
    );
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `bookings/${booked.id}/cancel`,
    ]);
    expect(await screen.findByText('No classes booked. Choose one in the timetable.')).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('inside the cancellation window the dialog says it is late and the fee; a type no longer offered keeps the general warning', async () => {
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const late = sessionBooking({
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    });
    const gone = sessionBooking(
      { appointmentTypeId: '6b0000000000000000000a09', templateName: 'Old Session' },
      '6b0000000000000000000c02',
    );
    openMine((call) => {
      if (call.path === 'my/bookings') return ok({ items: [late, gone] });
      if (call.path === 'my/bookings?when=past') return ok({ items: [] });
      return noStub(call);
    });
    const upcoming = within(await screen.findByRole('region', { name: 'Coming up' }));
    fireEvent.click(await upcoming.findByRole('button', { name: /^Cancel Personal Training/ }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Cancel your private session?' }));
    const until = dayTimeLabel(
      new Date(Date.parse(startsAt) - 24 * 3_600_000).toISOString(),
      details.timeZone,
    );
    await dialog.findByText(
      new RegExp(
        `Free cancellation ended ${until}: cancelling now costs a \\$40\\.00 fee and the session counts as used\\.$`,
      ),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Keep my booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(upcoming.getByRole('button', { name: /^Cancel Old Session/ }));
    dialog = within(await screen.findByRole('dialog', { name: 'Cancel your private session?' }));
    expect(dialog.getByText(/a fee may be owed\.$/)).toBeTruthy();
  });
});
