import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderRoutes } from '../test/render-page.tsx';
import { ClientAppAlias, clientOwnPageFor } from './client-app-alias.tsx';

afterEach(cleanup);

describe('the client group written with `app/` opens the client’s own page', () => {
  it('drops the `app` segment (settings, profile); `app/calendar` is the calendar', () => {
    expect(clientOwnPageFor('/demo/client/client/app/settings/payment')).toBe('/demo/client/client/settings/payment');
    expect(clientOwnPageFor('/jo/solo-client/client/app/profile/0123456789abcdef01234567')).toBe(
      '/jo/solo-client/client/profile/0123456789abcdef01234567',
    );
    expect(clientOwnPageFor('/demo/client/client/app/calendar')).toBe('/demo/client/client');
  });

  it('keeps the query on the way', async () => {
    const { router } = renderRoutes(
      [
        { path: '/:company/:roleId/client/app/*', element: <ClientAppAlias /> },
        { path: '/:company/:roleId/client/settings/payment', element: <p>Payment page</p> },
      ],
      '/demo/client/client/app/settings/payment?paid=3',
    );
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(router.state.location.search).toBe('?paid=3');
  });
});
