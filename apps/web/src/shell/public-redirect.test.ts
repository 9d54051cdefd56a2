import { describe, expect, it } from 'vitest';
import { publicPrefixFor } from './login-path.ts';
import { publicRedirectFor, type PublicRedirectInput } from './public-redirect.ts';

const base = 'https://dash.example.com/';
const input = (pathname: string, extra: Partial<PublicRedirectInput> = {}): PublicRedirectInput => ({
  hasSession: true,
  hostType: 'company',
  prefix: publicPrefixFor(pathname),
  dashboardBaseUrl: base,
  ...extra,
});

describe('public route with a stored session (spec §2, §6)', () => {
  it('stays on the page without both a token and a user', () => {
    expect(publicRedirectFor(input('/login', { hasSession: false }))).toEqual({ kind: 'stay' });
  });

  it('sends a solo instructor to the dashboard address: base URL + company + /dashboard', () => {
    expect(publicRedirectFor(input('/jo/solo-instructor/login', { hostType: 'solo-instructor' }))).toEqual({
      kind: 'go',
      to: 'https://dash.example.com/jo/dashboard',
      external: true,
    });
  });

  it('on the root, a solo instructor needs the company from the session', () => {
    expect(publicRedirectFor(input('/login', { hostType: 'solo-instructor' }))).toEqual({
      kind: 'needs-company',
    });
    expect(
      publicRedirectFor(input('/login', { hostType: 'solo-instructor', sessionCompany: 'jo' })),
    ).toMatchObject({
      to: 'https://dash.example.com/jo/dashboard',
    });
  });

  it('sends everyone else to ./app of the prefix', () => {
    expect(publicRedirectFor(input('/login'))).toEqual({ kind: 'go', to: '/app', external: false });
    expect(publicRedirectFor(input('/forgotPassword'))).toMatchObject({ to: '/app' });
    expect(publicRedirectFor(input('/acme/admin/login'))).toMatchObject({ to: '/acme/admin/app' });
    expect(publicRedirectFor(input('/acme/staff/resetPassword/abc'))).toMatchObject({
      to: '/acme/staff/app',
    });
  });

  it("on a client prefix, ./app is the client's area", () => {
    expect(publicRedirectFor(input('/acme/client/login'))).toMatchObject({ to: '/acme/client/client' });
    expect(
      publicRedirectFor(input('/jo/solo-client/client/app/login', { hostType: 'solo-client' })),
    ).toMatchObject({
      to: '/jo/solo-client/client',
    });
  });
});
