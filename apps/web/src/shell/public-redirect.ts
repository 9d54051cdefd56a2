import { isClientRole, TEAM_ROLES, type HostType } from '@kinetic/shared';
import { dashboardAddress } from './config.ts';
import type { PublicPrefix } from './login-path.ts';
import { ownAreaPath, type AccountArea } from './own-area.ts';

export type PublicRedirect =
  | { kind: 'stay' }
  /** Where to go depends on the signed-in company and role, which only the account (`me`) knows. */
  | { kind: 'needs-account' }
  | { kind: 'go'; to: string; external: boolean };

export interface PublicRedirectInput {
  hasSession: boolean;
  hostType: HostType | null;
  prefix: PublicPrefix;
  /** The signed-in company and role, once the account is loaded. */
  account?: AccountArea | null;
  dashboardBaseUrl: string;
}

/**
 * Spec §2/§6: a visitor with both a token and a user on a public route does not see it again. A solo
 * instructor goes to the dashboard address; everyone else to `./app`. Clients have no admin app, so for
 * them `./app` means their client area. The company and role come from the session, never from the
 * page's URL: the cookies do not say whether a company user is a client, and a page of another company
 * would otherwise send the user into an area their session does not belong to.
 */
export function publicRedirectFor(input: PublicRedirectInput): PublicRedirect {
  const { prefix, account } = input;
  if (!input.hasSession) return { kind: 'stay' };
  if (!account) return { kind: 'needs-account' };
  if (input.hostType === 'solo-instructor' || account.roleId === 'solo-instructor') {
    return { kind: 'go', to: dashboardAddress(account.companySlug, input.dashboardBaseUrl), external: true };
  }
  if (isClientRole(account.roleId)) return { kind: 'go', to: ownAreaPath(account), external: false };
  // A team member on a company team page keeps the page's role area (the post-login rule of that page).
  const teamPage =
    prefix.company &&
    prefix.roleId &&
    TEAM_ROLES.includes(prefix.roleId) &&
    prefix.roleId !== 'solo-instructor' &&
    !prefix.clientApp;
  const to = teamPage ? `/${account.companySlug}/${prefix.roleId}/app` : ownAreaPath(account);
  return { kind: 'go', to, external: false };
}
