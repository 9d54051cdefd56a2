import { isClientRole, type RoleId } from '@kinetic/shared';
import { clientAreaPath } from './login-path.ts';

/** What the signed-in account says about where its user belongs (from `me`). */
export interface AccountArea {
  companySlug: string;
  roleId: RoleId;
}

/**
 * The signed-in user's own area, the same base a root login sends them to (spec §4): a solo instructor's
 * app under their company, a client's client area, and `/app` for the company team.
 */
export function ownAreaPath(account: AccountArea): string {
  if (account.roleId === 'solo-instructor') return `/${account.companySlug}/solo-instructor/app`;
  if (isClientRole(account.roleId)) return clientAreaPath(account.companySlug, account.roleId);
  return '/app';
}

/**
 * A protected URL under `/{company}/{roleId}/` belongs to another area when its company is not the
 * session's, or when its role key is solo while the user is not (or the other way round). The server
 * scopes every call to the session's company, so such a page would show this company's data under
 * another company's address.
 */
export function isForeignArea(params: { company?: string; roleId?: string }, account: AccountArea): boolean {
  if (params.company === undefined) return false;
  if (params.company !== account.companySlug) return true;
  const soloKey = params.roleId === 'solo-instructor' || params.roleId === 'solo-client';
  const soloUser = account.roleId === 'solo-instructor' || account.roleId === 'solo-client';
  return soloKey !== soloUser;
}
