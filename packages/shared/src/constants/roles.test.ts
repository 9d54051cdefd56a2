import { describe, it, expect } from 'vitest';
import { hostTypeSchema, roleIdSchema } from './role-schemas.ts';
import { HOST_TYPES, ROLE_IDS, hostTypeForRole, isHostType, isRoleId, isSoloRole } from './roles.ts';

describe('roles', () => {
  it('lists the URL role keys', () => {
    expect(ROLE_IDS).toEqual(['admin', 'staff', 'instructor', 'client', 'solo-instructor', 'solo-client']);
    expect(roleIdSchema.safeParse('admin').success).toBe(true);
    expect(roleIdSchema.safeParse('uber').success).toBe(false);
    expect(isRoleId('admin')).toBe(true);
    expect(isRoleId('uber')).toBe(false);
  });

  it('lists the host types', () => {
    expect(HOST_TYPES).toEqual(['company', 'solo-instructor', 'solo-client', 'uber']);
    expect(hostTypeSchema.safeParse('uber').success).toBe(true);
    expect(hostTypeSchema.safeParse('admin').success).toBe(false);
    expect(isHostType('uber')).toBe(true);
    expect(isHostType('admin')).toBe(false);
  });

  it.each([
    ['admin', 'company'],
    ['staff', 'company'],
    ['instructor', 'company'],
    ['client', 'company'],
    ['solo-instructor', 'solo-instructor'],
    ['solo-client', 'solo-client'],
    ['superuser', 'uber'],
    ['', 'uber'],
    [null, 'uber'],
    [undefined, 'uber'],
  ])('role %s uses host type %s', (roleId, hostType) => {
    expect(hostTypeForRole(roleId)).toBe(hostType);
  });

  it('calls only the two solo roles solo', () => {
    expect(ROLE_IDS.filter(isSoloRole)).toEqual(['solo-instructor', 'solo-client']);
    expect(isSoloRole('uber')).toBe(false);
    expect(isSoloRole(undefined)).toBe(false);
  });
});
