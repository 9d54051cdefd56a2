import { isClientRole, type HostType } from '@kinetic/shared';
import { dashboardAddress } from './config.ts';
import { clientAreaPath, type PublicPrefix } from './login-path.ts';

export type PublicRedirect =
  | { kind: 'stay' }
  /** A solo instructor on a root page: the dashboard address needs the company, which only the session knows. */
  | { kind: 'needs-company' }
  | { kind: 'go'; to: string; external: boolean };

export interface PublicRedirectInput {
  hasSession: boolean;
  hostType: HostType | null;
  prefix: PublicPrefix;
  /** The signed-in company's slug when known (from the account). */
  sessionCompany?: string | null;
  dashboardBaseUrl: string;
}

/**
 * Spec §2/§6: a visitor with both a token and a user on a public route does not see it again. A solo
 * instructor goes to the dashboard address; everyone else to `./app` of the page's prefix. Clients have
 * no admin app, so on a client prefix `./app` means their client area.
 */
export function publicRedirectFor(input: PublicRedirectInput): PublicRedirect {
  const { prefix } = input;
  if (!input.hasSession) return { kind: 'stay' };
  if (input.hostType === 'solo-instructor') {
    const company = prefix.company ?? input.sessionCompany ?? null;
    if (!company) return { kind: 'needs-company' };
    return { kind: 'go', to: dashboardAddress(company, input.dashboardBaseUrl), external: true };
  }
  if (prefix.company && prefix.roleId && (prefix.clientApp || isClientRole(prefix.roleId))) {
    return { kind: 'go', to: clientAreaPath(prefix.company, prefix.roleId), external: false };
  }
  return { kind: 'go', to: `${prefix.base}/app`, external: false };
}
