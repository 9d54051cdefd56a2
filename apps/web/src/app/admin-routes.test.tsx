import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { defaultCan, type AccountDto, type CompanyDetailsDto, type RoleId } from '@kinetic/shared';
import { renderRoutes, stubApi } from '../test/render-page.tsx';
import { adminAppRoute } from './admin-routes.tsx';

const ID = '0123456789abcdef01234567';

function account(roleId: RoleId, can: AccountDto['can']): AccountDto {
  return {
    user: { id: ID, name: 'Sam Staff', email: 'sam@example.com', phone: null, roleId },
    company: { id: ID, slug: 'acme', name: 'Acme Yoga', kind: 'company', logoUrl: null, locale: 'en-US' },
    hostType: 'company',
    onBoardingData: [],
    can,
  };
}
const staff = account('staff', defaultCan('staff'));
const admin = account('admin', defaultCan('admin'));

const details: CompanyDetailsDto = {
  id: ID,
  slug: 'acme',
  kind: 'company',
  name: 'Acme Yoga',
  email: 'hello@acme.test',
  phone: '(404) 555-0100',
  address: {
    line1: '100 Peachtree St',
    line2: null,
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30303',
    country: null,
  },
  timeZone: 'America/New_York',
  currency: 'USD',
  orderCount: 0,
  logo: null,
  logoUrl: null,
  locale: 'en-US',
};

function signedInAs(me: AccountDto) {
  const api = stubApi({
    me: { body: { status: 1, data: me } },
    'company/details': { body: { status: 1, data: details } },
  });
  vi.stubGlobal('fetch', api.fetchStub);
}

beforeEach(() => {
  document.cookie = 'token=t; Path=/';
  document.cookie = `user=${encodeURIComponent(JSON.stringify({ id: ID }))}; Path=/`;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [adminAppRoute('/app')];
const main = async () => within(await screen.findByRole('main'));

describe('a page the role may not use says so before "Coming soon"', () => {
  it.each([
    ['/app/staff', 'You need the “Manage staff” ability. Ask the business owner or an admin.'],
    ['/app/studios', 'You need the “Manage settings” ability. Ask the business owner or an admin.'],
    ['/app/settings/hours', 'You need the “Manage settings” ability. Ask the business owner or an admin.'],
    [
      '/app/settings/staffMembers',
      'You need the “Manage staff” ability. Ask the business owner or an admin.',
    ],
    ['/app/reports', 'You need the “Run reports” ability. Ask the business owner or an admin.'],
  ])('staff opening %s', async (path, whoMay) => {
    signedInAs(staff);
    renderRoutes(routes, path);
    const page = await main();
    await page.findByRole('heading', { level: 1, name: 'You do not have access to this page' });
    expect(page.getByText(whoMay, { exact: false })).toBeTruthy();
    expect(page.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/app');
    expect(page.queryByText(/coming soon/i)).toBeNull();
  });

  it.each(['/app/kiosk', '/app/check-in/door'])(
    'a staff member without “Check in clients” opening the full-screen %s',
    async (path) => {
      signedInAs(account('staff', { ...defaultCan('staff'), checkIn: false }));
      renderRoutes(routes, path);
      // The page may start before the account arrives; then the gate puts the refusal in its place.
      await screen.findByRole(
        'heading',
        { level: 1, name: 'You do not have access to this page' },
        { timeout: 5_000 },
      );
      const page = within(screen.getByRole('main'));
      expect(
        page.getByText('You need the “Check in clients” ability. Ask the business owner or an admin.', {
          exact: false,
        }),
      ).toBeTruthy();
      expect(page.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/app');
    },
  );

  it('an admin opening a settings page staff may not use gets the page', async () => {
    signedInAs(admin);
    renderRoutes(routes, '/app/settings/email');
    const page = await main();
    await page.findByRole('heading', { level: 1, name: 'Email Settings' });
    expect(page.queryByText('You do not have access to this page')).toBeNull();
    expect(page.queryByText(/coming soon/i)).toBeNull();
  });
});

describe('Company Details for staff', () => {
  it('shows the saved details as text, with no field, no Save button and who may change them', async () => {
    signedInAs(staff);
    renderRoutes(routes, '/app/settings/companyDetails');
    const page = await main();
    await page.findByText(
      'To change these details you need the “Manage settings” ability. Ask the business owner or an admin.',
    );
    expect(page.getByText('Acme Yoga')).toBeTruthy();
    expect(page.getByText('hello@acme.test')).toBeTruthy();
    expect(page.getByText('100 Peachtree St, Atlanta GA 30303')).toBeTruthy();
    expect(page.getByText('USD — US Dollar')).toBeTruthy();
    expect(page.queryAllByRole('textbox')).toEqual([]);
    expect(page.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('is offered under Settings in the menu, without the pages staff may not use', async () => {
    signedInAs(staff);
    renderRoutes(routes, '/app/settings/companyDetails');
    const nav = within(await screen.findByRole('navigation', { name: 'Main menu' }));
    const settings = nav.getAllByRole('link').map((link) => link.textContent);
    expect(settings).toContain('Company Details');
    expect(settings).not.toContain('Staff Members');
    expect(settings).not.toContain('Peak/Non Peak Hours');
  });
});

describe('an address the admin application does not have', () => {
  it('says not found inside the shell, not a blank page', async () => {
    signedInAs(admin);
    renderRoutes(routes, '/app/no-such-page');
    const page = await main();
    expect(
      await page.findByText("We can't seem to find the page you're looking for.", {}, { timeout: 4000 }),
    ).toBeTruthy();
  });
});
