import { describe, expect, it } from 'vitest';
import { clientLoginPath, loginPathFor, loginPathForRole, publicPrefixFor } from './login-path.ts';

describe('login page for a protected URL (spec §2 guards)', () => {
  it.each([
    ['/app', '/login'],
    ['/app/settings/companyDetails', '/login'],
    ['/', '/login'],
    ['/acme/admin/app', '/acme/admin/login'],
    ['/acme/staff/app/calendar', '/acme/staff/login'],
    ['/acme/client/client', '/acme/client/login'],
    ['/acme/client/client/settings/account-details', '/acme/client/login'],
  ])('a company URL %s uses %s', (pathname, login) => {
    expect(loginPathFor(pathname)).toBe(login);
  });

  it.each([
    ['/jo/solo-instructor/app', '/jo/solo-instructor/login'],
    ['/jo/solo-instructor/app/settings/companyDetails', '/jo/solo-instructor/login'],
    ['/jo/dashboard', '/jo/solo-instructor/login'],
  ])('a solo-instructor URL %s is built from the segment before the marker: %s', (pathname, login) => {
    expect(loginPathFor(pathname)).toBe(login);
  });

  it.each([
    ['/jo/solo-client/client', '/jo/solo-client/client/app/login'],
    ['/jo/solo-client/client/settings/account-details', '/jo/solo-client/client/app/login'],
    [
      '/jo/solo-client/client/app/classes/details/0123456789abcdef01234567',
      '/jo/solo-client/client/app/login',
    ],
  ])('a solo-client URL %s is built from the segment before the marker: %s', (pathname, login) => {
    expect(loginPathFor(pathname)).toBe(login);
  });

  it('an unknown role key falls back to the root login', () => {
    expect(loginPathFor('/acme/owner/app')).toBe('/login');
  });
});

describe('login page for a role', () => {
  it('names the role page, the solo-client page, or the root', () => {
    expect(loginPathForRole('acme', 'admin')).toBe('/acme/admin/login');
    expect(loginPathForRole('acme', 'client')).toBe('/acme/client/login');
    expect(loginPathForRole('jo', 'solo-client')).toBe('/jo/solo-client/client/app/login');
    expect(loginPathForRole(null, null)).toBe('/login');
  });
});

describe('public page prefixes (spec §2: root and /{company}/{roleId}/)', () => {
  it('reads the root, the company prefix and the client group prefix', () => {
    expect(publicPrefixFor('/login')).toEqual({ base: '', company: null, roleId: null, clientApp: false });
    expect(publicPrefixFor('/acme/admin/forgotPassword')).toEqual({
      base: '/acme/admin',
      company: 'acme',
      roleId: 'admin',
      clientApp: false,
    });
    expect(publicPrefixFor('/jo/solo-client/client/app/login')).toEqual({
      base: '/jo/solo-client/client/app',
      company: 'jo',
      roleId: 'solo-client',
      clientApp: true,
    });
  });
});

describe("a company's client login page", () => {
  it('is /{slug}/client/login for a business and the solo client group login for a solo instructor', () => {
    expect(clientLoginPath('acme', 'company')).toBe('/acme/client/login');
    expect(clientLoginPath('jo', 'solo')).toBe('/jo/solo-client/client/app/login');
  });

  it('is a page the router serves: the guard of the client area sends there too', () => {
    expect(loginPathFor('/acme/client/client')).toBe(clientLoginPath('acme', 'company'));
    expect(loginPathFor('/jo/solo-client/client')).toBe(clientLoginPath('jo', 'solo'));
  });
});
