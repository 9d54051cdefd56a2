/**
 * The client calendar's first two answers (the account and the company's branding), asked for by the
 * entry while the app's chunks are still downloading rather than once they have run: the calendar's first
 * paint waits for them (issue 11 §7). `api/client.ts` takes each answer once, for the same call with the
 * same session, within a few seconds; otherwise it asks again as usual.
 *
 * No imports: this module is part of the entry chunk, which must not wait for the app's chunks. The key and
 * the global it is kept in are written out again in `api/client.ts` (`takeEarlyResponse`).
 */
export const EARLY_RESPONSES = '__kineticEarlyResponses';
export const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

export interface EarlyResponse {
  response: Promise<Response>;
  at: number;
}

function cookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

export function startEarlyRequests(pathname: string, apiBase: string): void {
  const segments = pathname.split('/').filter(Boolean);
  const [company] = segments;
  if (!company || segments.length !== 3 || segments[2] !== 'client') return;
  const token = cookie('token');
  const hostType = cookie('hosttype');
  if (!token || !hostType || !cookie('user')) return;
  const early = new Map<string, EarlyResponse>();
  for (const path of ['me', `public/${encodeURIComponent(company)}`]) {
    const url = `${apiBase}${path}`;
    const response = fetch(url, {
      headers: { hosttype: hostType, Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    // A failure is the taker's to report; until taken it is no unhandled rejection.
    response.catch(() => undefined);
    early.set(`GET ${url} ${hostType} ${token}`, { response, at: Date.now() });
  }
  (globalThis as Record<string, unknown>)[EARLY_RESPONSES] = early;
}
