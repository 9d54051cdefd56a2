import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { renderRoutes } from '../test/render-page.tsx';
import { useRouteFocus } from './use-route-focus.ts';

function Shell() {
  const mainRef = useRouteFocus<HTMLElement>();
  return (
    <main ref={mainRef} tabIndex={-1} aria-label="Page">
      <Outlet />
    </main>
  );
}

/** A shell that shows a loader first, as the admin shell does while its account loads. */
function SlowShell() {
  const mainRef = useRouteFocus<HTMLElement>();
  const [ready, setReady] = useState(false);
  if (!ready)
    return (
      <button type="button" onClick={() => setReady(true)}>
        Account loaded
      </button>
    );
  return (
    <main ref={mainRef} tabIndex={-1} aria-label="Page">
      <Outlet />
    </main>
  );
}

const routes = [
  { path: '/login', element: <p>Log in</p> },
  { element: <SlowShell />, children: [{ path: '/slow', element: <p>Slow page</p> }] },
  {
    element: <Shell />,
    children: [
      { path: '/calendar', element: <p>Calendar</p> },
      { path: '/settings', element: <p>Settings</p> },
    ],
  },
];

afterEach(cleanup);

describe('focus after a navigation', () => {
  it('leaves the page the document opened on alone', async () => {
    renderRoutes(routes, '/calendar');
    await screen.findByText('Calendar');
    expect(document.activeElement).toBe(document.body);
  });

  it('goes to the main region when the shell appears through a navigation (after a login)', async () => {
    const { router } = renderRoutes(routes, '/login');
    await screen.findByText('Log in');
    await act(() => router.navigate('/calendar'));
    await screen.findByText('Calendar');
    expect(document.activeElement).toBe(screen.getByRole('main', { name: 'Page' }));
  });

  it('goes to the main region once a shell that showed a loader first shows it', async () => {
    const { router } = renderRoutes(routes, '/login');
    await screen.findByText('Log in');
    await act(() => router.navigate('/slow'));
    act(() => screen.getByRole('button', { name: 'Account loaded' }).click());
    await screen.findByText('Slow page');
    expect(document.activeElement).toBe(screen.getByRole('main', { name: 'Page' }));
  });

  it('goes to the main region on every page change inside the shell', async () => {
    const { router } = renderRoutes(routes, '/calendar');
    await screen.findByText('Calendar');
    await act(() => router.navigate('/settings'));
    await screen.findByText('Settings');
    expect(document.activeElement).toBe(screen.getByRole('main', { name: 'Page' }));
  });
});
