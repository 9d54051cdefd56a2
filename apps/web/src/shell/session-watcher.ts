import { eventsPageUrl } from './config.ts';
import { loginPathFor } from './login-path.ts';

export interface SessionWatchInput {
  hasToken: boolean;
  hasUser: boolean;
  /** The `isSpecial` cookie's value. */
  isSpecial: string | null;
  /** An embedded event view: this page is framed by another (window.top !== window.self). */
  embedded: boolean;
  pathname: string;
  /** The signed-in company's slug when the account was loaded (from `me`). */
  sessionCompany?: string | null;
  classInstanceId: string | null;
  eventsPageTemplate: string;
}

export type SessionWatchDecision =
  { kind: 'keep' } | { kind: 'reload' } | { kind: 'top-window'; url: string } | { kind: 'login'; to: string };

/**
 * Spec §8, checked every second: one of `token`/`user` without the other is a broken session. Both are
 * cleared (with `hosttype` and the cached clients tab) and the visitor goes to the login page; an
 * embedded event view sends its top window to the events page; with `isSpecial` = "1" the page reloads
 * instead of either.
 */
export function decideSessionWatch(input: SessionWatchInput): SessionWatchDecision {
  if (input.hasToken === input.hasUser) return { kind: 'keep' };
  if (input.isSpecial === '1') return { kind: 'reload' };
  const company = embeddedEventCompany(input);
  if (company) {
    return {
      kind: 'top-window',
      url: eventsPageUrl(company, input.classInstanceId, input.eventsPageTemplate),
    };
  }
  return { kind: 'login', to: loginPathFor(input.pathname) };
}

const SOLO_CLIENT_PATH = /^\/([^/]+)\/solo-client(?:\/|$)/;

/**
 * Embedded event views live under `/{company}/solo-client/`; any other framed page is just a page.
 * The session's company wins over the URL's; the URL's segment is still percent-encoded, and
 * `eventsPageUrl` encodes it again, so it is decoded first.
 */
function embeddedEventCompany(input: SessionWatchInput): string | null {
  if (!input.embedded) return null;
  const match = SOLO_CLIENT_PATH.exec(input.pathname);
  if (!match) return null;
  if (input.sessionCompany) return input.sessionCompany;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
}
