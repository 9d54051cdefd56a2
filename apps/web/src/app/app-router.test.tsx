import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Outlet } from 'react-router';
import { renderRoutes } from '../test/render-page.tsx';
import { AppRouterProvider, createMemoryAppRouter, useRouteHandles } from './app-router.tsx';
import { theme } from './theme.ts';

afterEach(cleanup);

function Broken(): never {
  throw new Error('render failed');
}

function Titles() {
  const handles = useRouteHandles();
  return <p>{handles.map((match) => `${String(match.handle ?? '-')}:${match.params.id ?? ''}`).join(' ')}</p>;
}

describe('the app router', () => {
  it('shows the Oops page when a page fails to render, and the next address renders again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderRoutes(
      [
        { path: '/broken', element: <Broken /> },
        { path: '/fine', element: <p>A working page</p> },
      ],
      '/broken',
    );
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeTruthy();
    await act(() => router.navigate('/fine'));
    expect(await screen.findByText('A working page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Oops! Something went wrong.' })).toBeNull();
    error.mockRestore();
  });

  it('loads a lazy route and shows it, with the handles of every matched route', async () => {
    renderRoutes(
      [
        {
          path: '/clients',
          handle: 'clients',
          element: <Outlet />,
          children: [
            {
              path: ':id',
              handle: 'profile',
              lazy: () => Promise.resolve({ Component: Titles }),
            },
          ],
        },
      ],
      '/clients/42',
    );
    expect(await screen.findByText('clients:42 profile:42')).toBeTruthy();
  });

  it('renders a preloaded lazy page in its first render, with no loader before it', async () => {
    const load = vi.fn(() => Promise.resolve({ Component: () => <p>The calendar</p> }));
    const router = createMemoryAppRouter([{ path: '/calendar', lazy: load }], ['/calendar']);
    await router.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <MantineProvider theme={theme}>
        <AppRouterProvider router={router} />
      </MantineProvider>,
    );
    // Synchronously: not found later, after a loader.
    expect(screen.getByText('The calendar')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the page loader while a page that was not preloaded loads', async () => {
    const router = createMemoryAppRouter(
      [{ path: '/later', lazy: () => Promise.resolve({ Component: () => <p>Loaded later</p> }) }],
      ['/later'],
    );
    render(
      <MantineProvider theme={theme}>
        <AppRouterProvider router={router} />
      </MantineProvider>,
    );
    expect(screen.queryByText('Loaded later')).toBeNull();
    expect(screen.getByTestId('page-loader')).toBeTruthy();
    expect(await screen.findByText('Loaded later')).toBeTruthy();
  });
});
