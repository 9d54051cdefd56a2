import type { RoleId } from './constants/roles.ts';

export type CompanyKind = 'company' | 'solo';

/** The solo client's login page is inside its client group (spec §2). */
export function soloClientLoginPath(companySlug: string): string {
  return `/${companySlug}/solo-client/client/app/login`;
}

/** The login page of a role at a company (spec §2); without a company, the root /login. */
export function loginPathForRole(companySlug: string | null, roleId: RoleId | null): string {
  if (!companySlug || !roleId) return '/login';
  if (roleId === 'solo-client') return soloClientLoginPath(companySlug);
  return `/${companySlug}/${roleId}/login`;
}

/** Clients of a business are `client`s; clients of a solo instructor are `solo-client`s. */
export function clientRoleOf(kind: CompanyKind): 'client' | 'solo-client' {
  return kind === 'solo' ? 'solo-client' : 'client';
}

/** Where a company's clients log in: `/{slug}/client/login`, or the solo client group's login. */
export function clientLoginPath(companySlug: string, kind: CompanyKind): string {
  return loginPathForRole(companySlug, clientRoleOf(kind));
}
