import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageAreaFor, setPageArea } from './page-area.ts';
import { useScrollRestoration } from './use-scroll-restoration.ts';
import { useSessionWatcher } from './use-session-watcher.ts';
import { startFramedReports } from '../widget/widget-messages.ts';

/** Every route set hangs from here, so the session watcher runs on every page. */
export function RootLayout() {
  useSessionWatcher();
  useScrollRestoration();
  const { pathname } = useLocation();
  // Before the page paints, so client pages never flash at the team's control sizes.
  useLayoutEffect(() => setPageArea(pageAreaFor(pathname)), [pathname]);
  // The booking widget inside a studio's site: its height and storage, told to the embedding page.
  useEffect(() => startFramedReports(), []);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Outlet />
    </>
  );
}
