export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      // A value another site or a hand edit left malformed is no value, not a crash on every page.
      return null;
    }
  }
  return null;
}

/** Whether this document is shown inside another page's frame (the booking widget on a studio's site). */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent refuses the comparison in some browsers
  }
}

/**
 * The cookie attributes for this document. Top-level: `SameSite=Lax` (and `Secure` over https). Inside
 * a frame over https (the widget embedded on a studio's site, another site than ours), a Lax cookie is
 * neither sent nor kept, so the session is written `SameSite=None; Secure; Partitioned`: kept for this
 * site-inside-that-site only (CHIPS), never sent to third parties. Plain http (but loopback, which
 * browsers count as secure) cannot use `None`.
 */
export function cookieAttributes(
  protocol: string = location.protocol,
  framed: boolean = isFramed(),
  secureContext: boolean = window.isSecureContext,
): string {
  const https = protocol === 'https:';
  // Loopback over http is a secure context too (a widget tried on this machine).
  if (framed && (https || secureContext)) return 'Path=/; SameSite=None; Secure; Partitioned';
  return `Path=/; SameSite=Lax${https ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, { days = 30 }: { days?: number } = {}): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value)}; Expires=${expires}; ${cookieAttributes()}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes()}`;
}

/**
 * Whether this document may keep a cookie at all (a browser blocking third-party storage refuses it in
 * a frame): writes a probe and reads it back. The widget tells the embedding page when it may not, so
 * the page offers the booking page in a new tab instead.
 */
export function canKeepCookies(): boolean {
  try {
    document.cookie = `kinetic_probe=1; ${cookieAttributes()}`;
    const kept = readCookie('kinetic_probe') === '1';
    document.cookie = `kinetic_probe=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes()}`;
    return kept;
  } catch {
    return false; // a sandboxed frame throws on document.cookie
  }
}
