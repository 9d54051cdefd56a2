import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionWatcher } from './use-session-watcher.ts';

/** Every route set hangs from here, so the session watcher runs on every page. */
export function RootLayout() {
  useSessionWatcher();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
