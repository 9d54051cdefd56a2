/**
 * Addresses outside the app's own route table (spec §2, §4, §9). Both are configuration so a deployment
 * can point them at a separate dashboard or events site; by default they are Kinetic's own pages.
 */

/** `VITE_DASHBOARD_BASE_URL`, or this site's origin: `/{company}/dashboard` then leads into the solo app. */
export function dashboardBaseUrl(): string {
  return import.meta.env.VITE_DASHBOARD_BASE_URL || `${location.origin}/`;
}

/** Dashboard base URL + company + `/dashboard` (spec §2). */
export function dashboardAddress(company: string, base: string = dashboardBaseUrl()): string {
  return `${base.endsWith('/') ? base : `${base}/`}${encodeURIComponent(company)}/dashboard`;
}

/**
 * Where an events page lives. A template with `{company}` and `{classInstanceId}` placeholders; the
 * default is the solo client's class details page, which is where event booking will live.
 */
export const DEFAULT_EVENTS_PAGE_TEMPLATE =
  '/{company}/solo-client/client/app/classes/details/{classInstanceId}';

export function eventsPageTemplate(): string {
  return import.meta.env.VITE_EVENTS_PAGE_URL || DEFAULT_EVENTS_PAGE_TEMPLATE;
}

export function eventsPageUrl(
  company: string,
  classInstanceId: string | null,
  template: string = eventsPageTemplate(),
): string {
  // Without a stored class instance the default page has nothing to show; the client calendar lists them.
  if (!classInstanceId && template === DEFAULT_EVENTS_PAGE_TEMPLATE) {
    return `/${encodeURIComponent(company)}/solo-client/client`;
  }
  return template
    .replaceAll('{company}', encodeURIComponent(company))
    .replaceAll('{classInstanceId}', encodeURIComponent(classInstanceId ?? ''));
}

/** A target on this site is followed inside the app; anything else needs a full page load. */
export function isSameSite(url: string, origin: string = location.origin): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
