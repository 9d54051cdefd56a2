import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useBlocker, type BlockerFunction } from '../app/app-router.tsx';

/** What the one confirm dialog (`UnsavedChangesDialog`, mounted in the app's providers) acts on. */
export interface LeaveQuestion {
  stay: () => void;
  leave: () => void;
}

// A router consults only its most recently registered blocker, so every guard answers for all dirty
// forms on the page: whichever guard the router asks, a dirty form anywhere blocks.
const dirtyGuards = new Map<string, boolean>();
let passNextNavigation = false;
let question: { owner: string; value: LeaveQuestion } | null = null;
const listeners = new Set<() => void>();

function setQuestion(next: typeof question) {
  question = next;
  for (const listener of listeners) listener();
}

function anyDirty() {
  for (const dirty of dirtyGuards.values()) if (dirty) return true;
  return false;
}

/** Once the dialog has closed, focus goes back to the element, when it is still there to take it. */
function returnFocusTo(element: Element | null) {
  if (!(element instanceof HTMLElement)) return;
  window.setTimeout(() => {
    if (element.isConnected) element.focus();
  }, 0);
}

/** The open question, for the dialog. */
export function useLeaveQuestion(): LeaveQuestion | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => question?.value ?? null,
  );
}

const blockLeavingDirtyPage: BlockerFunction = ({ currentLocation, nextLocation }) => {
  if (passNextNavigation) {
    passNextNavigation = false;
    return false;
  }
  return anyDirty() && currentLocation.pathname !== nextLocation.pathname;
};

/**
 * Asks before an in-app navigation leaves a page with unsaved changes ("Leave without saving?"), and
 * lets the browser warn on reload or tab close. Pass the form's dirty state; reset it on a successful
 * save (`form.resetDirty(saved)`), and call the returned `allowNextNavigation()` just before a form
 * navigates away itself after submitting (its dirty state is not re-rendered yet at that moment).
 * Needs the app router (app-router.tsx) and `UnsavedChangesDialog` mounted once above it.
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const id = useId();
  // Updated during render too, so a navigation right after a state change reads the newest value; only
  // once mounted, so a render React throws away cannot leave a dirty entry behind.
  if (dirtyGuards.has(id)) dirtyGuards.set(id, isDirty);
  useEffect(() => {
    dirtyGuards.set(id, isDirty);
    return () => {
      dirtyGuards.delete(id);
      if (dirtyGuards.size === 0) passNextNavigation = false;
    };
  }, [id, isDirty]);

  const blocker = useBlocker(blockLeavingDirtyPage);
  const blocked = blocker.state === 'blocked';
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (!blocked) return;
    // What the user was on when they tried to leave (the link or menu item): Stay puts focus back there.
    const trigger = document.activeElement;
    const settle = (action: 'reset' | 'proceed') => () => {
      setQuestion(null);
      const current = blockerRef.current;
      if (current.state === 'blocked') current[action]();
      // Leave is followed by the new page, whose shell moves focus to its main region.
      if (action === 'reset') returnFocusTo(trigger);
    };
    setQuestion({ owner: id, value: { stay: settle('reset'), leave: settle('proceed') } });
    return () => {
      if (question?.owner === id) setQuestion(null);
    };
  }, [blocked, id]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (passNextNavigation) return;
      event.preventDefault();
      // Older Chromium and Safari show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const allowNextNavigation = useCallback(() => {
    passNextNavigation = true;
  }, []);
  return { allowNextNavigation };
}
