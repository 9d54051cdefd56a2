import { describe, expect, it } from 'vitest';
import {
  isOwnReturnPath,
  loginPathWithReturn,
  returnTarget,
  safeReturnPath,
  withReturn,
} from './return-to.ts';

describe('safeReturnPath: only a path on this site is followed', () => {
  it('keeps a path with its query and hash', () => {
    expect(safeReturnPath('/acme/client/client/settings/payment')).toBe(
      '/acme/client/client/settings/payment',
    );
    expect(safeReturnPath('/acme/client/client?view=mine&layout=week#today')).toBe(
      '/acme/client/client?view=mine&layout=week#today',
    );
  });

  it.each([
    ['an absolute address', 'https://evil.example/acme/client/client'],
    ['a protocol-relative address', '//evil.example/path'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a newline', '/acme\n/client'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'acme/client/client'],
    ['nothing', ''],
    ['a login page (it would only bounce)', '/acme/client/login'],
    ['a sign-up page', '/acme/client/client/client-signup'],
    ['a reset link', '/acme/client/resetPassword/abc'],
    ['an address too long to be real', `/${'a'.repeat(2100)}`],
  ])('refuses %s', (_what, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('keeps a page whose path only mentions a public page (editing sign-up details)', () => {
    expect(safeReturnPath('/acme/client/client/client-signup/edit/0123456789abcdef01234567')).toBe(
      '/acme/client/client/client-signup/edit/0123456789abcdef01234567',
    );
  });
});

describe('loginPathWithReturn and withReturn', () => {
  it('sends a protected client page to its login with the page to come back to', () => {
    expect(
      loginPathWithReturn({ pathname: '/acme/client/client/settings/payment', search: '?paid=12', hash: '' }),
    ).toBe('/acme/client/login?next=%2Facme%2Fclient%2Fclient%2Fsettings%2Fpayment%3Fpaid%3D12');
    expect(loginPathWithReturn({ pathname: '/app/settings/studios' })).toBe(
      '/login?next=%2Fapp%2Fsettings%2Fstudios',
    );
  });

  it('carries a safe return to another public page, and drops an unsafe one', () => {
    const safe = new URLSearchParams({ next: '/acme/client/client/settings/payment' });
    expect(withReturn('/acme/client/client/client-signup', safe)).toBe(
      '/acme/client/client/client-signup?next=%2Facme%2Fclient%2Fclient%2Fsettings%2Fpayment',
    );
    expect(withReturn('/acme/client/login', new URLSearchParams({ next: '//evil.example' }))).toBe(
      '/acme/client/login',
    );
    expect(withReturn('/acme/client/login', new URLSearchParams())).toBe('/acme/client/login');
  });
});

describe('returnTarget: only into the signed-in account’s own pages', () => {
  const client = { companySlug: 'acme', roleId: 'client' as const };
  const admin = { companySlug: 'acme', roleId: 'admin' as const };
  it('a client returns into their client area, public class pages included', () => {
    expect(returnTarget('/acme/client/client/settings/payment', client)).toBe(
      '/acme/client/client/settings/payment',
    );
    expect(isOwnReturnPath('/acme/client/client/app/classes/details/0123456789abcdef01234567', client)).toBe(
      true,
    );
    expect(returnTarget('/other/client/client/settings/payment', client)).toBeNull();
    expect(returnTarget('/acme/client/clientele', client)).toBeNull();
    expect(returnTarget('/app/settings/studios', client)).toBeNull();
  });

  it("a client returns into their studio's booking widget (its log in and sign-up), not another's", () => {
    const page = '/acme/widget/classes/details/0123456789abcdef01234567';
    expect(returnTarget(page, client)).toBe(page);
    expect(returnTarget('/acme/widget', client)).toBe('/acme/widget');
    expect(returnTarget('/other/widget', client)).toBeNull();
    expect(returnTarget('/acme/widgetry', client)).toBeNull();
    expect(returnTarget('/acme/widget', admin)).toBeNull();
  });

  it('the team returns into its app at the root or under its company', () => {
    expect(returnTarget('/app/settings/studios', admin)).toBe('/app/settings/studios');
    expect(returnTarget('/acme/staff/app/calendar', admin)).toBe('/acme/staff/app/calendar');
    expect(returnTarget('/other/admin/app/calendar', admin)).toBeNull();
    expect(returnTarget('/acme/client/client', admin)).toBeNull();
    expect(returnTarget('https://evil.example/app', admin)).toBeNull();
  });
});
