import { useSyncExternalStore } from 'react';
import { CLIENT_ROLES } from '@kinetic/shared';

/**
 * Which part of the app the page belongs to: the client pages (`/{company}/client/…`,
 * `/{company}/solo-client/…`, their login and sign-up included), mostly used on phones, or the rest.
 * It is written on `<html data-area="client">` so the theme's client rules (44 px tap targets) reach
 * dialogs, menus and toasts drawn outside the page too, and read by the toasts (outside the router).
 */
export type PageArea = 'client' | 'other';

export function pageAreaFor(pathname: string): PageArea {
  const roleSegment = pathname.split('/').filter(Boolean)[1];
  return roleSegment && (CLIENT_ROLES as readonly string[]).includes(roleSegment) ? 'client' : 'other';
}

// The first page's area from the start, so the root layout's first `setPageArea` changes nothing and no
// reader renders again as the first page commits.
let current: PageArea = typeof location === 'undefined' ? 'other' : pageAreaFor(location.pathname);
const listeners = new Set<() => void>();

export function setPageArea(area: PageArea): void {
  document.documentElement.dataset.area = area;
  if (area === current) return;
  current = area;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePageArea(): PageArea {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
