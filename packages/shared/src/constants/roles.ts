// No zod here (the schemas are in role-schemas.ts): the web app's first paint reads roles and host types,
// and a module that builds a schema would bring zod along (docs/architecture.md, "Client bundle").

/** Role keys as they appear in URLs and in the login payload's roleId. */
export const ROLE_IDS = ['admin', 'staff', 'instructor', 'client', 'solo-instructor', 'solo-client'] as const;
export type RoleId = (typeof ROLE_IDS)[number];

export const HOST_TYPES = ['company', 'solo-instructor', 'solo-client', 'uber'] as const;
export type HostType = (typeof HOST_TYPES)[number];

export function isRoleId(value: unknown): value is RoleId {
  return (ROLE_IDS as readonly unknown[]).includes(value);
}

export function isHostType(value: unknown): value is HostType {
  return (HOST_TYPES as readonly unknown[]).includes(value);
}

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

/** The business's team; they use the admin (or solo-instructor) app. */
export const TEAM_ROLES: readonly RoleId[] = ['admin', 'staff', 'instructor', 'solo-instructor'];
/** Owners: they run settings and onboarding. */
export const MANAGER_ROLES: readonly RoleId[] = ['admin', 'solo-instructor'];
export const CLIENT_ROLES: readonly RoleId[] = ['client', 'solo-client'];

/** The roles each kind of company has. */
export const COMPANY_KIND_ROLES: Record<'company' | 'solo', readonly RoleId[]> = {
  company: ['admin', 'staff', 'instructor', 'client'],
  solo: ['solo-instructor', 'solo-client'],
};

/** Which accounts a login (or forgot-password) page admits; `root` is the page without a role key. */
export const PAGE_ROLES: Record<RoleId | 'root', readonly RoleId[]> = {
  root: ['admin', 'staff', 'instructor', 'solo-instructor'],
  admin: ['admin', 'staff', 'instructor'],
  staff: ['admin', 'staff', 'instructor'],
  instructor: ['admin', 'staff', 'instructor'],
  client: ['client'],
  'solo-instructor': ['solo-instructor'],
  'solo-client': ['solo-client'],
};

export const isManagerRole = (roleId: RoleId) => MANAGER_ROLES.includes(roleId);
export const isClientRole = (roleId: RoleId) => CLIENT_ROLES.includes(roleId);
