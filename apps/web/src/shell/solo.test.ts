import { describe, expect, it } from 'vitest';
import { isSoloUser } from './solo.ts';

const ID = '0123456789abcdef01234567';

describe('solo status (spec §6)', () => {
  it('is solo for the solo-instructor and solo-client host types', () => {
    expect(isSoloUser({ hostType: 'solo-instructor', user: null, pathname: '/app' })).toBe(true);
    expect(isSoloUser({ hostType: 'solo-client', user: null, pathname: '/app' })).toBe(true);
  });

  it('is solo when the stored user has a soloInstructorId', () => {
    expect(isSoloUser({ hostType: 'company', user: { soloInstructorId: ID }, pathname: '/app' })).toBe(true);
  });

  it('is solo when the URL contains solo-instructor or solo-client', () => {
    expect(isSoloUser({ hostType: null, user: null, pathname: '/jo/solo-instructor/app' })).toBe(true);
    expect(isSoloUser({ hostType: null, user: null, pathname: '/jo/solo-client/client' })).toBe(true);
  });

  it('is not solo otherwise', () => {
    expect(
      isSoloUser({ hostType: 'company', user: { soloInstructorId: null }, pathname: '/acme/admin/app' }),
    ).toBe(false);
    expect(isSoloUser({ hostType: 'uber', user: null, pathname: '/app' })).toBe(false);
  });
});
