import type { QueryClient } from '@tanstack/react-query';
import { isRoleId } from '@kinetic/shared';
import { checkCompanyQueryOptions } from '../features/accounts/api/check-company.ts';
import { meQueryOptions } from '../features/accounts/api/get-me.ts';
import { eventPageQueryOptions } from '../features/event-booking/event-booking-api.ts';
import { publicCompanyQueryOptions } from '../features/public-company/api/get-public-company.ts';
import { hasSession } from '../shell/session.ts';

/**
 * The answers the client group's first pages wait for, asked for as soon as the app runs rather than once
 * the page's chunk has loaded and rendered (issue 11 §7): the login's company check and branding
 * (`usePublicPage`), the client area's branding and account (client shell). The same queries as the
 * pages' hooks, so the pages find the answers in the cache, or already on their way. Only a head start:
 * the routes still decide what the address shows. Settles when the answers are in (whatever they say):
 * the client calendar's first render waits for its account (mount.tsx), or its shell would draw a loader
 * first.
 */
export function prefetchFirstPageData(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const segments = pathname.split('/').filter(Boolean);
  const [company, roleId, area] = segments;
  if (!company || !isRoleId(roleId)) return Promise.resolve();
  if (segments.at(-1) === 'login') {
    // The login draws without its answers: nothing to wait for.
    void queryClient.prefetchQuery(checkCompanyQueryOptions(company, roleId));
    void queryClient.prefetchQuery(publicCompanyQueryOptions(company));
    return Promise.resolve();
  }
  const eventId = eventPageId(segments);
  if (eventId) {
    // A studio's link to one event (often from its own site): the page draws once the event is in.
    return Promise.allSettled([
      queryClient.prefetchQuery(publicCompanyQueryOptions(company)),
      queryClient.prefetchQuery(eventPageQueryOptions(company, eventId)),
      ...(hasSession() ? [queryClient.prefetchQuery(meQueryOptions())] : []),
    ]);
  }
  if (segments.length === 3 && area === 'client' && hasSession()) {
    return Promise.allSettled([
      queryClient.prefetchQuery(publicCompanyQueryOptions(company)),
      queryClient.prefetchQuery(meQueryOptions()),
    ]);
  }
  return Promise.resolve();
}

/** `/{company}/{roleId}/client/app/event/book-event/{eventId}`: the event page's id, or null. */
export function eventPageId(segments: string[]): string | null {
  const [, , group, app, event, book, eventId] = segments;
  return segments.length === 7 &&
    group === 'client' &&
    app === 'app' &&
    event === 'event' &&
    book === 'book-event'
    ? (eventId ?? null)
    : null;
}
