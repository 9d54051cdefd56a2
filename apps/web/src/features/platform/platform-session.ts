import {
  COOKIE,
  type PlatformSessionDto,
  type PlatformUserDto,
  type StartedSupportSessionDto,
} from '@kinetic/shared';
import { deleteCookie, readCookie, writeCookie } from '../../api/cookies.ts';
import { notifySessionChanged, saveSession } from '../../shell/session.ts';

/**
 * The platform (uber) session lives in the same cookies as a company's (`token`, `hosttype` "uber",
 * `user` with no company), so the session watcher and the route sets read it as any other. While a
 * support session runs, the company's session takes those cookies and the platform's waits in
 * `platformSession`; `supportSession` says which company and until when (the banner).
 */
const PLATFORM_SESSION = 'platformSession';
const SUPPORT_SESSION = 'supportSession';
/** The platform session lasts 12 hours on the server; the cookie no longer. */
const PLATFORM_DAYS = 0.5;

export interface SupportSessionCookie {
  id: string;
  companyId: string;
  companyName: string;
  expiresAt: string;
}

interface StoredPlatformSession {
  token: string;
  platformUser: PlatformUserDto;
}

function writePlatformCookies(session: StoredPlatformSession): void {
  writeCookie(COOKIE.token, session.token, { days: PLATFORM_DAYS });
  writeCookie(COOKIE.hostType, 'uber', { days: PLATFORM_DAYS });
  writeCookie(
    COOKIE.user,
    JSON.stringify({
      _id: session.platformUser.id,
      companyId: null,
      soloInstructorId: null,
      clientSignupDetailsId: null,
    }),
    { days: PLATFORM_DAYS },
  );
  // The platform user's name and email, for the platform area's header before `me` answers.
  writeCookie(PLATFORM_SESSION, JSON.stringify(session), { days: PLATFORM_DAYS });
}

export function savePlatformSession(session: PlatformSessionDto): void {
  deleteCookie(COOKIE.isSpecial);
  deleteCookie(COOKIE.dashboardToken);
  deleteCookie(SUPPORT_SESSION);
  writePlatformCookies({ token: session.token, platformUser: session.platformUser });
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export const readStoredPlatformSession = (): StoredPlatformSession | null =>
  parse<StoredPlatformSession>(readCookie(PLATFORM_SESSION));

export const readSupportSession = (): SupportSessionCookie | null =>
  parse<SupportSessionCookie>(readCookie(SUPPORT_SESSION));

/** Opens the company's admin app as the support login; the platform session waits in its cookie. */
export function enterSupportSession(started: StartedSupportSessionDto): void {
  const { supportSession, companySession } = started;
  const days = Math.max(1 / 24, (Date.parse(supportSession.expiresAt) - Date.now()) / 86_400_000);
  saveSession(companySession);
  const support: SupportSessionCookie = {
    id: supportSession.id,
    companyId: companySession.company.id,
    companyName: companySession.company.name,
    expiresAt: supportSession.expiresAt,
  };
  writeCookie(SUPPORT_SESSION, JSON.stringify(support), { days });
}

/** Back to the platform area: the company's cookies give way to the platform session again. */
export function leaveSupportSession(): boolean {
  deleteCookie(SUPPORT_SESSION);
  deleteCookie(COOKIE.dashboardToken);
  const stored = readStoredPlatformSession();
  if (!stored) return false;
  writePlatformCookies(stored);
  return true;
}

/** The platform area's logout: every session cookie goes. */
export function clearPlatformSession(): void {
  deleteCookie(PLATFORM_SESSION);
  deleteCookie(SUPPORT_SESSION);
}

/** Where a company's support session opens: the solo instructor's app or the admin app. */
export function supportAppPath(started: StartedSupportSessionDto): string {
  const { companySession } = started;
  return companySession.roleId === 'solo-instructor'
    ? `/${companySession.company.slug}/solo-instructor/app`
    : '/app';
}

/**
 * Moves to `path` in the route set of the session just stored (platform ↔ company): the address is set
 * first, so the new set's router starts there instead of the old one redirecting an address it lacks.
 */
export function openInNewRouteSet(path: string): void {
  // A history entry with a key of its own: the new set's shell takes it for a navigation, not the page the
  // document was loaded on, and moves the focus to its <main> (use-route-focus.ts) instead of leaving it
  // on <body>, where keyboard and screen-reader users would start again from the top, unaware of the move.
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ usr: null, key, idx: 0 }, '', path);
  notifySessionChanged();
}
