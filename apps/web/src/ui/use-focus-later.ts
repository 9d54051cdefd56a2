import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Where the keyboard goes after an action whose button goes away (Book, Cancel, Sign, a week button
 * that greys out): a focused button that leaves the page drops focus to `<body>`, and keyboard and
 * screen-reader users start again from the top. `focusLater()` asks; the element given to `ref` (the
 * message the action left, with tabIndex -1, or the control that replaced the button) is focused after
 * the next render that shows it.
 */
export function useFocusLater<T extends HTMLElement = HTMLElement>() {
  const ref = useRef<T | null>(null);
  const pending = useRef(false);
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!pending.current || !ref.current) return;
    pending.current = false;
    ref.current.focus();
  });
  const focusLater = useCallback(() => {
    pending.current = true;
    rerender((count) => count + 1);
  }, []);
  return { ref, focusLater };
}
