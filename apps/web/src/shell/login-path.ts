import { isRoleId, soloClientLoginPath, type RoleId } from '@kinetic/shared';

// One rule for "where does this role log in", shared with the server's login hints.
export { clientLoginPath, loginPathForRole, soloClientLoginPath } from '@kinetic/shared';

const SOLO_INSTRUCTOR = 'solo-instructor';
const SOLO_CLIENT = 'solo-client';

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

function asRoleId(value: string | undefined): RoleId | null {
  return isRoleId(value) ? value : null;
}

/**
 * The login page for a protected URL (spec §2): the solo markers win, built from the path segment
 * before the marker; then a company's role area; otherwise the root /login.
 */
export function loginPathFor(pathname: string): string {
  const segments = segmentsOf(pathname);
  const soloClientAt = segments.indexOf(SOLO_CLIENT);
  if (soloClientAt > 0) return soloClientLoginPath(segments[soloClientAt - 1] as string);
  const soloInstructorAt = segments.indexOf(SOLO_INSTRUCTOR);
  if (soloInstructorAt > 0) return `/${segments[soloInstructorAt - 1]}/${SOLO_INSTRUCTOR}/login`;

  const [company, second, area] = segments;
  const roleId = asRoleId(second);
  if (company && roleId && (area === 'app' || area === 'client')) return `/${company}/${roleId}/login`;
  if (company && second === 'dashboard') return `/${company}/${SOLO_INSTRUCTOR}/login`;
  return '/login';
}

/**
 * Where a public page sits: the root, `/{company}/{roleId}`, or the client group's
 * `/{company}/{roleId}/client/app`. Its login, forgotPassword and resetPassword pages share the base.
 */
export interface PublicPrefix {
  base: string;
  company: string | null;
  roleId: RoleId | null;
  clientApp: boolean;
}

export const ROOT_PREFIX: PublicPrefix = { base: '', company: null, roleId: null, clientApp: false };

export function publicPrefixFor(pathname: string): PublicPrefix {
  const [company, second, third, fourth] = segmentsOf(pathname);
  const roleId = asRoleId(second);
  if (!company || !roleId) return ROOT_PREFIX;
  const clientApp = third === 'client' && fourth === 'app';
  return {
    base: clientApp ? `/${company}/${roleId}/client/app` : `/${company}/${roleId}`,
    company,
    roleId,
    clientApp,
  };
}

/** The client group's calendar: its index (spec §2). */
export function clientAreaPath(company: string, roleId: RoleId): string {
  return `/${company}/${roleId}/client`;
}
