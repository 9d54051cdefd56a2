import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageAreaFor, setPageArea } from './page-area.ts';
import { useScrollRestoration } from './use-scroll-restoration.ts';
import { useSessionWatcher } from './use-session-watcher.ts';

/** Every route set hangs from here, so the session watcher runs on every page. */
export function RootLayout() {
  useSessionWatcher();
  useScrollRestoration();
  const { pathname } = useLocation();
  // Before the page paints, so client pages never flash at the team's control sizes.
  useLayoutEffect(() => setPageArea(pageAreaFor(pathname)), [pathname]);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Outlet />
    </>
  );
}
