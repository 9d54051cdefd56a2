import { useSyncExternalStore } from 'react';
import { readHostType, subscribeSession } from '../shell/session.ts';
import { AppRouterProvider, createAppRouter, type AppRouter } from './app-router.tsx';
import { routeSetFor, routesFor, type RouteSet } from './routes.tsx';

let current: { set: RouteSet; router: AppRouter } | null = null;

/** One router per route set; a new set (after a login or logout) replaces and disposes the old one. */
function routerFor(set: RouteSet) {
  if (current?.set !== set) {
    current?.router.dispose();
    current = { set, router: createAppRouter(routesFor(set)) };
  }
  return current.router;
}

// The set changes only when a flow says the session changed, never merely because a cookie was written:
// a login writes `hosttype` before it navigates, and switching routers then would strand the old navigation.
let activeSet = routeSetFor(readHostType());

function subscribe(listener: () => void) {
  return subscribeSession(() => {
    activeSet = routeSetFor(readHostType());
    listener();
  });
}

/**
 * Loads what the first address shows (its route modules) before the app first renders: rendered sooner,
 * the page would show the page loader first and reveal itself at least 300 ms later (React's throttle).
 * `index.html` paints "Loading…" meanwhile; the modules are already on their way (main.tsx).
 */
export function preloadFirstPage(): Promise<void> {
  const router = routerFor(activeSet);
  // Matching the address is a task of its own: with the router's creation it was one long task on a phone.
  return nextTask().then(() => router.preload());
}

/** Resolves in a task of its own, after the browser has had its turn (input, painting). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function AppRouter() {
  const set = useSyncExternalStore(subscribe, () => activeSet);
  // A new key mounts a fresh provider; a reused one would keep showing the old router's last location.
  return <AppRouterProvider key={set} router={routerFor(set)} />;
}
