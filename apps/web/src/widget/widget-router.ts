import { useEffect, useSyncExternalStore } from 'react';

/**
 * The widget's own router (its entry carries no React Router). The widget's addresses, all under
 * `/{company}/widget`: the schedule and one studio's schedule, drawn by this entry (`widget.html`), and a
 * class with booking, which is the main app's page (`index.html`: booking, log in, sign up, waiver and
 * packages are its pages already). The server serves each address its document (`widgetDocumentOf`
 * in apps/server/src/plugins/web-pages.ts, the same rule). Anything else the widget links to (an
 * event's page) is the main app's too; those open with a page load, inside the same frame.
 */
export type WidgetRoute =
  | { page: 'schedule'; company: string; studioId: string | null }
  | { page: 'class'; company: string; classInstanceId: string }
  | { page: 'not-found'; company: string | null };

const decode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * What a widget address shows: `/{company}/widget` (the schedule), `/{company}/widget/{widgetStudioId}`
 * (the schedule of one studio) and `/{company}/widget/classes/details/{classInstanceId}` (a class with
 * booking). A trailing slash is the same page.
 */
export function matchWidgetRoute(pathname: string): WidgetRoute {
  const segments = pathname.split('/').filter(Boolean).map(decode);
  if (segments.some((segment) => segment === null)) return { page: 'not-found', company: null };
  const [company, widget, ...rest] = segments as string[];
  if (!company || widget !== 'widget') return { page: 'not-found', company: null };
  if (rest.length === 0) return { page: 'schedule', company, studioId: null };
  if (rest.length === 1) return { page: 'schedule', company, studioId: rest[0] ?? null };
  if (rest.length === 3 && rest[0] === 'classes' && rest[1] === 'details' && rest[2]) {
    return { page: 'class', company, classInstanceId: rest[2] };
  }
  return { page: 'not-found', company };
}

/** Whether an address is drawn by this entry (a schedule), so it is followed without a page load. */
export function isWidgetPath(path: string, origin: string = location.origin): boolean {
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return false;
  }
  return url.origin === origin && matchWidgetRoute(url.pathname).page === 'schedule';
}

// The current address, as a store React can subscribe to (Back and Forward fire `popstate`).
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
};
const currentHref = () => `${location.pathname}${location.search}${location.hash}`;

/** The address the widget shows (path, query and hash), re-rendering on every navigation. */
export function useWidgetHref(): string {
  return useSyncExternalStore(subscribe, currentHref, currentHref);
}

/**
 * Goes to `to`: a schedule in place (history entry, top of the page), anything else with a page load in
 * this frame.
 */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (!isWidgetPath(to)) {
    if (replace) window.location.replace(to);
    else window.location.assign(to);
    return;
  }
  const url = new URL(to, location.origin);
  const next = `${url.pathname}${url.search}${url.hash}`;
  if (next === currentHref()) return;
  if (replace) history.replaceState(null, '', next);
  else history.pushState(null, '', next);
  notify();
  if (!replace) window.scrollTo(0, 0);
}

/** Sets the document title while a page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
