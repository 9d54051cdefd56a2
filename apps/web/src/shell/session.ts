import {
  COOKIE,
  isHostType,
  parseCookieUser,
  type CookieUserDto,
  type HostType,
  type SessionDto,
} from '@kinetic/shared';
import { deleteCookie, readCookie, writeCookie } from '../api/cookies.ts';
import { clearBookingIntent } from './booking-intent.ts';

/**
 * The session lives in cookies (spec §3, §7, §9): `token` (sent as the bearer token), `hosttype`
 * (chooses the route set), `user` (the cookie user object, JSON, URI-encoded), `isSpecial` when the
 * flow sets it, and `dashboardToken` when a solo instructor goes to the dashboard address.
 */
export function saveSession(session: SessionDto): void {
  writeCookie(COOKIE.token, session.token);
  writeCookie(COOKIE.hostType, session.hostType);
  writeCookie(COOKIE.user, JSON.stringify(session.user));
  if (session.isSpecial === 1) writeCookie(COOKIE.isSpecial, '1');
  else deleteCookie(COOKIE.isSpecial);
}

/** The dashboard address may live on another site; it reads the session from this cookie. */
export function markDashboardSession(): void {
  const token = readCookie(COOKIE.token);
  if (token) writeCookie(COOKIE.dashboardToken, token);
}

/** Logout (spec §4): every session cookie goes, and the booking intent the session was carrying. */
export function clearSession(): void {
  for (const name of Object.values(COOKIE)) deleteCookie(name);
  clearBookingIntent();
}

/**
 * The session watcher (spec §8) clears the session's cookies; `isSpecial` stays so the page knows to
 * reload, and the booking intent stays so an embedded view can still open the events page for it.
 * `dashboardToken` goes too: it is a copy of the token the watcher just judged broken.
 */
export function clearBrokenSession(): void {
  deleteCookie(COOKIE.token);
  deleteCookie(COOKIE.user);
  deleteCookie(COOKIE.hostType);
  deleteCookie(COOKIE.dashboardToken);
}

export function readSessionUser(): CookieUserDto | null {
  const raw = readCookie(COOKIE.user);
  if (!raw) return null;
  try {
    return parseCookieUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function readHostType(): HostType | null {
  const hostType = readCookie(COOKIE.hostType);
  return isHostType(hostType) ? hostType : null;
}

/** Protected areas need both cookies (spec §2, §6). */
export function hasSession(): boolean {
  return Boolean(readCookie(COOKIE.token)) && Boolean(readCookie(COOKIE.user));
}

export function isSpecialFlagSet(): boolean {
  return readCookie(COOKIE.isSpecial) === '1';
}

// Cookies have no change events; the router listens here to rebuild its route set after a login or logout.
const listeners = new Set<() => void>();

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}
