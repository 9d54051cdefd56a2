import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderRoutes } from '../test/render-page.tsx';
import { OopsPage } from './oops-page.tsx';

afterEach(cleanup);

/** A page whose button breaks it: the Oops page takes its place, as the router's error boundary does. */
function BreakingPage() {
  const [broken, setBroken] = useState(false);
  return broken ? <OopsPage /> : <button onClick={() => setBroken(true)}>Open my profile</button>;
}

describe('OopsPage', () => {
  it('takes the keyboard to its heading when the page it replaced had it (not the top of an empty body)', async () => {
    renderRoutes([{ path: '/', element: <BreakingPage /> }], '/');
    const button = await screen.findByRole('button', { name: 'Open my profile' });
    button.focus();
    fireEvent.click(button);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong.' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('leaves the focus where it is when something still on the page has it', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <input aria-label="Search" autoFocus />
              <OopsPage />
            </>
          ),
        },
      ],
      '/',
    );
    await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong.' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
  });
});
