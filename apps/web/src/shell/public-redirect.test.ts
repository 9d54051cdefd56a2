import { describe, expect, it } from 'vitest';
import { publicPrefixFor } from './login-path.ts';
import type { AccountArea } from './own-area.ts';
import { publicRedirectFor, type PublicRedirectInput } from './public-redirect.ts';

const base = 'https://dash.example.com/';
const admin: AccountArea = { companySlug: 'acme', roleId: 'admin' };
const input = (pathname: string, extra: Partial<PublicRedirectInput> = {}): PublicRedirectInput => ({
  hasSession: true,
  hostType: 'company',
  prefix: publicPrefixFor(pathname),
  account: admin,
  dashboardBaseUrl: base,
  ...extra,
});

describe('public route with a stored session (spec §2, §6)', () => {
  it('stays on the page without both a token and a user', () => {
    expect(publicRedirectFor(input('/login', { hasSession: false }))).toEqual({ kind: 'stay' });
  });

  it('waits for the account: the cookies do not say which company or whether the user is a client', () => {
    expect(publicRedirectFor(input('/login', { account: null }))).toEqual({ kind: 'needs-account' });
    expect(publicRedirectFor(input('/acme/admin/login', { account: undefined }))).toEqual({
      kind: 'needs-account',
    });
  });

  it("sends a solo instructor to the dashboard address of the session's company", () => {
    const jo: AccountArea = { companySlug: 'jo', roleId: 'solo-instructor' };
    const solo = { hostType: 'solo-instructor' as const, account: jo };
    expect(publicRedirectFor(input('/jo/solo-instructor/login', solo))).toEqual({
      kind: 'go',
      to: 'https://dash.example.com/jo/dashboard',
      external: true,
    });
    expect(publicRedirectFor(input('/login', solo))).toMatchObject({
      to: 'https://dash.example.com/jo/dashboard',
    });
    expect(publicRedirectFor(input('/other/solo-instructor/login', solo))).toMatchObject({
      to: 'https://dash.example.com/jo/dashboard',
    });
  });

  it('sends the company team to ./app of the page, under their own company', () => {
    expect(publicRedirectFor(input('/login'))).toEqual({ kind: 'go', to: '/app', external: false });
    expect(publicRedirectFor(input('/forgotPassword'))).toMatchObject({ to: '/app' });
    expect(publicRedirectFor(input('/signup'))).toMatchObject({ to: '/app' });
    expect(publicRedirectFor(input('/acme/admin/login'))).toMatchObject({ to: '/acme/admin/app' });
    expect(publicRedirectFor(input('/acme/staff/resetPassword/abc'))).toMatchObject({
      to: '/acme/staff/app',
    });
    expect(publicRedirectFor(input('/other/admin/login'))).toMatchObject({ to: '/acme/admin/app' });
    expect(publicRedirectFor(input('/x/solo-instructor/login'))).toMatchObject({ to: '/app' });
  });

  it('sends a company client from any public page, the root ones included, to their client area', () => {
    const client = { account: { companySlug: 'acme', roleId: 'client' as const } };
    for (const path of ['/login', '/forgotPassword', '/resetPassword/abc', '/signup', '/acme/client/login']) {
      expect(publicRedirectFor(input(path, client))).toEqual({
        kind: 'go',
        to: '/acme/client/client',
        external: false,
      });
    }
    expect(publicRedirectFor(input('/other/client/login', client))).toMatchObject({
      to: '/acme/client/client',
    });
  });

  it('sends a solo client from any public page to their client area, never to /app', () => {
    const soloClient = {
      hostType: 'solo-client' as const,
      account: { companySlug: 'jo', roleId: 'solo-client' as const },
    };
    for (const path of [
      '/login',
      '/forgotPassword',
      '/resetPassword/abc',
      '/signup',
      '/jo/solo-client/client/app/login',
    ]) {
      expect(publicRedirectFor(input(path, soloClient))).toMatchObject({ to: '/jo/solo-client/client' });
    }
    expect(publicRedirectFor(input('/ann/solo-client/client/app/login', soloClient))).toMatchObject({
      to: '/jo/solo-client/client',
    });
  });
});
