import { describe, expect, it } from 'vitest';
import { isForeignArea, ownAreaPath } from './own-area.ts';

describe("the signed-in user's own area", () => {
  it('is the base a root login sends each role to', () => {
    expect(ownAreaPath({ companySlug: 'acme', roleId: 'admin' })).toBe('/app');
    expect(ownAreaPath({ companySlug: 'acme', roleId: 'instructor' })).toBe('/app');
    expect(ownAreaPath({ companySlug: 'jo', roleId: 'solo-instructor' })).toBe('/jo/solo-instructor/app');
    expect(ownAreaPath({ companySlug: 'acme', roleId: 'client' })).toBe('/acme/client/client');
    expect(ownAreaPath({ companySlug: 'jo', roleId: 'solo-client' })).toBe('/jo/solo-client/client');
  });
});

describe('a protected URL of another area', () => {
  const admin = { companySlug: 'acme', roleId: 'admin' as const };
  const solo = { companySlug: 'jo', roleId: 'solo-instructor' as const };

  it('is not foreign without a company in the URL, or with the same company and kind of role', () => {
    expect(isForeignArea({}, admin)).toBe(false);
    expect(isForeignArea({ company: 'acme', roleId: 'admin' }, admin)).toBe(false);
    expect(isForeignArea({ company: 'acme', roleId: 'staff' }, admin)).toBe(false);
    expect(isForeignArea({ company: 'jo', roleId: 'solo-instructor' }, solo)).toBe(false);
    expect(
      isForeignArea({ company: 'acme', roleId: 'client' }, { companySlug: 'acme', roleId: 'client' }),
    ).toBe(false);
  });

  it("is foreign under another company's address", () => {
    expect(isForeignArea({ company: 'other', roleId: 'admin' }, admin)).toBe(true);
    expect(isForeignArea({ company: 'ann', roleId: 'solo-instructor' }, solo)).toBe(true);
  });

  it('is foreign when the role key is solo and the user is not, or the other way round', () => {
    expect(isForeignArea({ company: 'acme', roleId: 'solo-instructor' }, admin)).toBe(true);
    expect(isForeignArea({ company: 'jo', roleId: 'admin' }, solo)).toBe(true);
    expect(
      isForeignArea({ company: 'acme', roleId: 'solo-client' }, { companySlug: 'acme', roleId: 'client' }),
    ).toBe(true);
  });
});
