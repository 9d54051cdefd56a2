import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../test/render-page.tsx';
import { useDelayedFollow } from './use-delayed-follow.ts';

function Page() {
  const follow = useDelayedFollow();
  return (
    <button type="button" onClick={() => follow({ to: '/there', delayMs: 30 })}>
      Go later
    </button>
  );
}
const routes = [
  { path: '/here', element: <Page /> },
  { path: '/there', element: <p>There</p> },
  { path: '/elsewhere', element: <p>Elsewhere</p> },
];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(cleanup);

describe('following a post-auth target after its delay (spec §4)', () => {
  it('moves on once the delay has passed', async () => {
    renderRoutes(routes, '/here');
    fireEvent.click(screen.getByRole('button', { name: 'Go later' }));
    expect(screen.queryByText('There')).toBeNull();
    expect(await screen.findByText('There')).toBeTruthy();
  });

  it('does nothing once the page is left before the delay ends', async () => {
    const { router } = renderRoutes(routes, '/here');
    fireEvent.click(screen.getByRole('button', { name: 'Go later' }));
    await router.navigate('/elsewhere');
    await wait(80);
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.getByText('Elsewhere')).toBeTruthy();
  });
});
