import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * Helmet's headers, worked out once: helmet itself computes them (so they stay what helmet
 * recommends), but against a stand-in response at start-up instead of rebuilding the same
 * Content-Security-Policy string on every request.
 */
export function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

/**
 * API answers are data, never documents: OWASP's REST guidance is a CSP that allows nothing and no
 * framing, plus nosniff, HSTS, no referrer and same-origin reads. Five short headers instead of
 * helmet's twelve for the documents, on the path every page's calls take.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const keep = [
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(keep.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : []))),
    // Answers carry personal data; a route whose answer may be kept (uploaded images) says so itself.
    'cache-control': 'no-store',
  };
}

export const PAGE_SECURITY_HEADERS = securityHeaders();
export const API_SECURITY_HEADERS = apiSecurityHeaders(PAGE_SECURITY_HEADERS);

/**
 * The booking widget's pages (and the login and sign-up it opens) may be framed by the https sites the
 * studio lists in its embedding settings, besides our own origin; every other page keeps
 * `frame-ancestors 'self'`. X-Frame-Options is left out there: it cannot name another origin (browsers
 * follow the CSP when both are present, older ones would refuse the frame).
 */
export function framablePageHeaders(
  origins: readonly string[],
  page = PAGE_SECURITY_HEADERS,
): Record<string, string> {
  if (origins.length === 0) return {};
  const csp = (page['content-security-policy'] ?? '').replace(
    "frame-ancestors 'self'",
    `frame-ancestors 'self' ${origins.join(' ')}`,
  );
  return { 'content-security-policy': csp };
}

/**
 * A page a studio's site may frame: `/{company}/widget…`, and the pages the widget sends a client to
 * (they come back by `?next=`): the company's client login, password pages, and client area (sign-up
 * and its details step, the waiver a booking may need, packages to buy). Team pages never. Answers the
 * company.
 */
export function framableCompanyOf(pathname: string): string | null {
  const widget = /^\/([^/]+)\/widget(?:\/|$)/.exec(pathname);
  if (widget) return widget[1] ?? null;
  const clientPage =
    /^\/([^/]+)\/(?:client|solo-client)\/(?:login|forgotPassword|resetPassword\/[^/]+|client(?:\/.*)?)\/?$/.exec(
      pathname,
    );
  return clientPage ? (clientPage[1] ?? null) : null;
}

/** The documentation pages under /api/docs are documents (HTML, scripts), so they get the page headers. */
const isApiData = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export function registerSecurityHeaders(app: FastifyInstance): void {
  // Callback style, not async: this runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiData(request.url) ? API_SECURITY_HEADERS : PAGE_SECURITY_HEADERS);
    done();
  });
}
