import { useCallback, useState } from 'react';
import type { FormErrors } from '@mantine/form';
import { ApiError } from '../api/client.ts';

/**
 * Splits a failed call into what goes next to the inputs (the server's field errors) and the form's
 * submit error (its message).
 */
export function apiFormError(error: unknown): { fieldErrors: FormErrors; message: string } {
  if (error instanceof ApiError) return { fieldErrors: error.errors, message: error.message };
  return { fieldErrors: {}, message: 'Something went wrong' };
}

/** Whether the form has a field at this path (`name`, `address.city`), so an error there is shown. */
function hasField(values: unknown, path: string): boolean {
  let current = values;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * The submit error to show above the button: none when the message only repeats an error already shown
 * at one of the form's fields (a taken web address is said once, where it can be fixed).
 */
export function submitMessage(message: string, fieldErrors: FormErrors, values: unknown): string | null {
  const shownAtField = Object.entries(fieldErrors).some(
    ([path, text]) => text === message && hasField(values, path),
  );
  return shownAtField ? null : message;
}

/** Puts focus back on what started the work if it was lost meanwhile (a button that re-rendered). */
function returnFocus(trigger: Element | null) {
  if (!(trigger instanceof HTMLElement)) return;
  const restore = () => {
    const active = document.activeElement;
    if (trigger.isConnected && (active === null || active === document.body)) trigger.focus();
  };
  restore();
  // A loading button is enabled again only when React renders the settled state.
  requestAnimationFrame(restore);
}

/**
 * Runs a form's submission: a failure puts the server's field errors next to the inputs and its
 * message above the button (spec §8), unless a field already says it, and the next attempt starts clean.
 * Focus stays where the submission started (use `BusyButton` for the submit button, which stays focusable
 * while the request runs) and is put back there should it have dropped to the page meanwhile.
 */
export function useFormSubmit(form: { setErrors(errors: FormErrors): void; getValues?: () => unknown }) {
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { setErrors, getValues } = form;
  const runSubmit = useCallback(
    /** Answers whether the work succeeded. */
    async (work: () => Promise<void>): Promise<boolean> => {
      const trigger = document.activeElement;
      setSubmitError(null);
      try {
        await work();
        return true;
      } catch (error) {
        const { fieldErrors, message } = apiFormError(error);
        setErrors(fieldErrors);
        setSubmitError(submitMessage(message, fieldErrors, getValues?.()));
        return false;
      } finally {
        returnFocus(trigger);
      }
    },
    [setErrors, getValues],
  );
  return { submitError, runSubmit };
}
