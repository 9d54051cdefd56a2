import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { noStub, ok, renderRoutes, stubFetch, type Answer } from '../../test/render-page.tsx';
import { CLASS_ID, details } from './schedule-test-fixtures.ts';
import { ClientClassDetailsPage, PublicClassDetailsPage } from './public-class-details-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OTHER_ID = '0123456789abcdef01234567';

function serve() {
  const reads: Record<string, Answer> = {
    'public/acme': ok({ name: 'Acme Yoga', slug: 'acme', logoUrl: null }),
    [`public/acme/class-instances/${CLASS_ID}`]: ok(details),
    [`public/acme/class-instances/${OTHER_ID}`]: {
      code: 404,
      body: { status: 0, message: 'We could not find that class.' },
    },
  };
  return stubFetch((call) => reads[call.path] ?? noStub(call));
}

const routes = [
  { path: '/:company/:roleId/client/classes/details/:classInstanceId', element: <ClientClassDetailsPage /> },
  {
    path: '/:company/:roleId/client/app/classes/details/:classInstanceId',
    element: <PublicClassDetailsPage />,
  },
];

describe('a class page at an address that leads nowhere', () => {
  it('a mistyped or cut link says the class could not be found, in words, as the page’s heading; nothing is asked of the server', async () => {
    const calls = serve();
    renderRoutes(routes, '/acme/client/client/classes/details/6b0747cdf121d6d2');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('This class could not be found');
    expect(screen.getByText(/The link may be mistyped or cut short/)).toBeTruthy();
    // Not the server's words for a malformed id.
    expect(screen.queryByText(/classInstanceId|Must be a valid id|correct the request/)).toBeNull();
    expect(calls.some((call) => call.path.includes('class-instances'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to the calendar' }).getAttribute('href')).toBe(
      '/acme/client/client',
    );
  });

  it('a class that is not there (another studio’s, or gone) reads the same on the public page', async () => {
    serve();
    renderRoutes(routes, `/acme/client/client/app/classes/details/${OTHER_ID}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'This class could not be found' });
    expect(heading).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a class that is there still shows as before', async () => {
    serve();
    renderRoutes(routes, `/acme/client/client/app/classes/details/${CLASS_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: details.templateName })).toBeTruthy();
  });
});
