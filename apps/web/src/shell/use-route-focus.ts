import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside a shell, focus moves to its `<main>` (which needs `tabIndex={-1}`): a client
 * side route change does not move focus by itself, and keyboard and screen-reader users would otherwise
 * stay on the link they used, or on `<body>` once it unmounts. The first page of a visit keeps the
 * browser's own starting point.
 */
export function useRouteFocus<T extends HTMLElement>() {
  const mainRef = useRef<T>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}
