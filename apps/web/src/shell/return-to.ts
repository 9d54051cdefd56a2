import { isClientRole, TEAM_ROLES, type RoleId } from '@kinetic/shared';
import { clientAreaPath, loginPathFor } from './login-path.ts';

/**
 * Where a signed-out visitor was going when a protected page sent them to log in. It rides along in the
 * login (and sign-up) address as `?next=/acme/client/client/settings/payment`, so a reload, the sign-up
 * link or the company chooser keeps it, and it is followed after the login.
 */
export const RETURN_TO_PARAM = 'next';

const LONGEST = 2000;
// Any base works: only whether the address stays on it matters.
const BASE = 'https://kinetic.invalid';
/** Public pages a return would only bounce off (a signed-in visitor is sent on from them). */
const PUBLIC_PAGE = /\/(?:login|forgotPassword|signup|client-signup)\/?$|\/resetPassword\//;

/**
 * A return address is followed only when it is a path on this site: it starts with one `/`, has no
 * backslash or control character (browsers read `/\evil.com` and `/\t/evil.com` as another host), and
 * still names this site once resolved. `https://evil.example`, `//evil.example` and `javascript:` are
 * refused, so a crafted login link cannot send anyone away from the app after they log in.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > LONGEST || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (PUBLIC_PAGE.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page for a protected address, carrying the address back. */
export function loginPathWithReturn(location: { pathname: string; search?: string; hash?: string }): string {
  const login = loginPathFor(location.pathname);
  const back = safeReturnPath(`${location.pathname}${location.search ?? ''}${location.hash ?? ''}`);
  return back ? `${login}?${new URLSearchParams({ [RETURN_TO_PARAM]: back }).toString()}` : login;
}

/** Adds the return address of the current page's `?next=` to a link to another public page (sign-up, log in). */
export function withReturn(path: string, search: URLSearchParams): string {
  const back = safeReturnPath(search.get(RETURN_TO_PARAM));
  if (!back) return path;
  const [bare, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(RETURN_TO_PARAM, back);
  return `${bare}?${params.toString()}`;
}

const startsArea = (path: string, area: string) =>
  path === area || path.startsWith(`${area}/`) || path.startsWith(`${area}?`) || path.startsWith(`${area}#`);

/**
 * Whether the signed-in account may be sent to `path`: its own company's pages for its kind of role
 * (a client's client area, a solo instructor's app, the team's `/app` or `/{company}/{teamRole}/app`).
 * Anything else (another company's page, a client sent to the admin app) falls back to the usual rule.
 */
export function isOwnReturnPath(path: string, account: { companySlug: string; roleId: RoleId }): boolean {
  const slug = account.companySlug.toLowerCase();
  const lower = path.toLowerCase();
  // A client goes back to their client area, or to their studio's booking widget (issue 12 §3: the
  // widget's log in and sign-up come back to the class being booked, inside the studio's site).
  if (isClientRole(account.roleId))
    return startsArea(lower, clientAreaPath(slug, account.roleId)) || startsArea(lower, `/${slug}/widget`);
  if (account.roleId === 'solo-instructor') return startsArea(lower, `/${slug}/solo-instructor/app`);
  if (!TEAM_ROLES.includes(account.roleId)) return false;
  if (startsArea(lower, '/app')) return true;
  return TEAM_ROLES.filter((role) => role !== 'solo-instructor').some((role) =>
    startsArea(lower, `/${slug}/${role}/app`),
  );
}

/** The return address to follow after a login, or null for the usual post-login rule. */
export function returnTarget(
  raw: string | null | undefined,
  account: { companySlug: string; roleId: RoleId },
): string | null {
  const path = safeReturnPath(raw);
  return path && isOwnReturnPath(path, account) ? path : null;
}
