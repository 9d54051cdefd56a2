import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderRoutes } from '../test/render-page.tsx';
import { StatusNote } from './status-note.tsx';

afterEach(cleanup);

describe('StatusNote', () => {
  it('says the note once, in its polite live region, not also as an assertive alert', async () => {
    renderRoutes([{ path: '/', element: <StatusNote note="Nina New added." /> }], '/');
    expect((await screen.findByRole('status')).textContent).toContain('Nina New added.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
