import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderRoutes } from '../../test/render-page.tsx';
import { CompanyBrand, CompanyLogo } from './company-branding.tsx';

afterEach(cleanup);

const company = { name: 'Acme Yoga', logoUrl: '/api/uploads/original/logo.png' };

describe('company branding', () => {
  it('beside the written name the logo is decorative, so the name is read once', async () => {
    renderRoutes([{ path: '/', element: <CompanyBrand company={company} /> }], '/');
    const logo = await screen.findByTestId('company-logo');
    expect(logo.getAttribute('alt')).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getAllByText('Acme Yoga')).toHaveLength(1);
  });

  it('a logo on its own keeps the name as its alternative text', async () => {
    renderRoutes([{ path: '/', element: <CompanyLogo company={company} /> }], '/');
    expect(await screen.findByRole('img', { name: 'Acme Yoga logo' })).toBeTruthy();
  });
});
