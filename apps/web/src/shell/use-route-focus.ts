import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isDocumentEntry } from '../app/app-router.tsx';

/**
 * After a navigation inside a shell, focus moves to its `<main>` (which needs `tabIndex={-1}`): a client
 * side route change does not move focus by itself, and keyboard and screen-reader users would otherwise
 * stay on the link they used, or on `<body>` once it unmounts. Also when the shell itself appears through
 * a navigation (after a login or a sign-up). Only the page the document was loaded on keeps the browser's
 * own starting point.
 */
export function useRouteFocus<T extends HTMLElement>() {
  const mainRef = useRef<T>(null);
  const location = useLocation();
  const { pathname } = location;
  const shownPath = useRef<string | null>(null);
  const firstLocation = useRef(location);
  // After every render: a shell may show a loader before its <main> (its account still loading, as after
  // a support session opens the company's app); the address counts as shown once <main> is there.
  useEffect(() => {
    const main = mainRef.current;
    if (!main) return;
    const first = shownPath.current === null;
    if (!first && shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (first && isDocumentEntry(firstLocation.current)) return;
    main.focus({ preventScroll: true });
  });
  return mainRef;
}
