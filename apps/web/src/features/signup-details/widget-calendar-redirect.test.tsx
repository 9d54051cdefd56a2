import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render-page.tsx';
import { WidgetCalendarRedirect } from './widget-calendar-redirect.tsx';

afterEach(cleanup);

const STUDIO_ID = 'dddddddddddddddddddddddd';
const routes = [
  { path: '/:company/:roleId/client', element: <p>The calendar</p> },
  { path: '/:company/:roleId/client/:widgetStudioId/calendar', element: <WidgetCalendarRedirect /> },
];

describe('{widgetStudioId}/calendar', () => {
  it('opens the client calendar filtered to that studio', async () => {
    const { router } = renderRoutes(routes, `/acme/client/client/${STUDIO_ID}/calendar`);
    expect(await screen.findByText('The calendar')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/client/client');
    expect(router.state.location.search).toBe(`?studioId=${STUDIO_ID}`);
  });

  it('a studio id that is not one opens the whole calendar', async () => {
    const { router } = renderRoutes(routes, '/acme/client/client/nope/calendar');
    expect(await screen.findByText('The calendar')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
