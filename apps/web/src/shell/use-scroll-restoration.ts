import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'kinetic-scroll-positions';
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (positions) return positions;
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
  return positions;
}

/**
 * Scrolls on to `y` as the page grows, when it was too short at first (its data still on the way after a
 * reload), for a few seconds or until the person scrolls themselves. Answers the clean-up.
 */
function untilReached(y: number): (() => void) | undefined {
  if (Math.abs(window.scrollY - y) < 2) return undefined;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.removeEventListener(type, stop);
  };
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2) stop();
  });
  observer.observe(document.body);
  const timer = setTimeout(stop, 3000);
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * What the browser does for whole pages, for the app's in-page navigations: a new page starts at its top
 * (or at the `#target` it names), Back and Forward return to where the page was scrolled, also after a
 * reload of the tab.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Private mode or a full storage: positions are kept for this page's life only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const key = location.key;
    const remember = () => {
      savedPositions()[key] = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

  useLayoutEffect(() => {
    if (action === 'POP') {
      const y = savedPositions()[location.key];
      if (y !== undefined) {
        window.scrollTo(0, y);
        return untilReached(y);
      }
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [action, location.key, location.hash]);
}
