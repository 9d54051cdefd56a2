import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render-page.tsx';
import { LogoField } from './logo-field.tsx';

afterEach(cleanup);

describe('logo field', () => {
  it('names its group "Logo" and describes the upload button with the hint and the error', async () => {
    renderRoutes(
      [{ path: '/', element: <LogoField value={null} onChange={() => {}} error="Upload a smaller image" /> }],
      '/',
    );
    expect(await screen.findByRole('group', { name: 'Logo' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Upload a logo' });
    const described = (button.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['PNG, JPEG, WebP or GIF, at most 2 MB.', 'Upload a smaller image']);
  });
});
