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
 * default is Kinetic's own event page in the solo client's group (`event/book-event/{id}` takes an event's
 * date as well as the event), and without a stored date the public list of events.
 */
export const DEFAULT_EVENTS_PAGE_TEMPLATE =
  '/{company}/solo-client/client/app/event/book-event/{classInstanceId}';

export function eventsPageTemplate(): string {
  return import.meta.env.VITE_EVENTS_PAGE_URL || DEFAULT_EVENTS_PAGE_TEMPLATE;
}

export function eventsPageUrl(
  company: string,
  classInstanceId: string | null,
  template: string = eventsPageTemplate(),
): string {
  // Without a stored date the default page has nothing to show; the studio's list of events has them all.
  if (!classInstanceId && template === DEFAULT_EVENTS_PAGE_TEMPLATE) {
    return `/${encodeURIComponent(company)}/solo-client/client/app/events`;
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
