import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ClientAccountDto } from '@kinetic/shared';
import { noStub, ok, renderRoutes, stubFetch } from '../../test/render-page.tsx';
import { clientAccount, myBooking } from '../schedule/schedule-test-fixtures.ts';
import { MyProfilePage } from './my-profile-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mine: ClientAccountDto = {
  clientId: clientAccount.user.id,
  clientName: 'Ava Adams',
  currency: 'USD',
  balanceOwing: 2500,
  payOnline: false,
  savedCard: false,
  deletionRequestedAt: null,
  packages: [],
  orders: [],
  ledger: [],
};

function serve() {
  stubFetch((call) => {
    const answers: Record<string, ReturnType<typeof ok>> = {
      me: ok(clientAccount),
      'my/bookings': ok({ items: [myBooking('booked')] }),
      'my/account': ok(mine),
      'my/waiver': ok({ waiver: null, signature: null, mustSign: true }),
    };
    return answers[call.path] ?? noStub(call);
  });
}

const route = [{ path: '/:company/:roleId/client/profile/:clientId', element: <MyProfilePage /> }];

describe('client › My Profile', () => {
  it('summarises who they are, the next class, what they owe and the waiver to sign, each linked to its page', async () => {
    serve();
    renderRoutes(route, `/acme/client/client/profile/${clientAccount.user.id}`);
    const me = within(await screen.findByRole('region', { name: 'Ava Adams' }));
    expect(me.getByText('ava@example.com')).toBeTruthy();
    expect(me.getByRole('link', { name: 'Edit my details' }).getAttribute('href')).toBe('/acme/client/client/settings/account-details');
    const coming = within(await screen.findByRole('region', { name: 'Coming up' }));
    expect(await coming.findByText('Booked')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('You owe $25.00.')).toBeTruthy();
    const waiver = within(screen.getByRole('region', { name: 'Waiver' }));
    expect(waiver.getByText('Please sign the studio’s waiver before your next booking.')).toBeTruthy();
    expect(waiver.getByRole('link', { name: 'Sign the waiver' }).getAttribute('href')).toBe('/acme/client/client/settings/waiver');
  });

  it('another client’s id is not theirs to see; the page keeps a heading and the way to their own', async () => {
    serve();
    renderRoutes(route, '/acme/client/client/profile/111111111111111111111111');
    expect(await screen.findByText('This profile is not yours to see.')).toBeTruthy();
    expect(screen.queryByText('ava@example.com')).toBeNull();
    // The page's one heading says where the client is (a screen reader lists headings to find their way).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile not found');
    expect(screen.getByRole('link', { name: 'Open my profile' }).getAttribute('href')).toBe(
      `/acme/client/client/profile/${clientAccount.user.id}`,
    );
  });
});
