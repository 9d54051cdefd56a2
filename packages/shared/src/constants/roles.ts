import { z } from 'zod';

/** Role keys as they appear in URLs and in the login payload's roleId. */
export const ROLE_IDS = ['admin', 'staff', 'instructor', 'client', 'solo-instructor', 'solo-client'] as const;

export const roleIdSchema = z.enum(ROLE_IDS);
export type RoleId = z.infer<typeof roleIdSchema>;

export const HOST_TYPES = ['company', 'solo-instructor', 'solo-client', 'uber'] as const;

export const hostTypeSchema = z.enum(HOST_TYPES);
export type HostType = z.infer<typeof hostTypeSchema>;

export function hostTypeForRole(roleId: string | null | undefined): HostType {
  switch (roleId) {
    case 'admin':
    case 'staff':
    case 'instructor':
    case 'client':
      return 'company';
    case 'solo-instructor':
      return 'solo-instructor';
    case 'solo-client':
      return 'solo-client';
    default:
      return 'uber';
  }
}

export function isSoloRole(roleId: string | null | undefined): boolean {
  return roleId === 'solo-instructor' || roleId === 'solo-client';
}
