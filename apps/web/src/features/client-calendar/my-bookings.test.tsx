import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { COMPANY_ID, eventDateDetails, myBooking } from '../schedule/schedule-test-fixtures.ts';
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
        return ok({ items: [myBooking('booked', { classInstance: { ...workshop, id: '444444444444444444444444' } })] });
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
});
