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

/**
 * Runs a form's submission: a failure puts the server's field errors next to the inputs and its
 * message above the button (spec §8), and the next attempt starts clean.
 */
export function useFormSubmit(form: { setErrors(errors: FormErrors): void }) {
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { setErrors } = form;
  const runSubmit = useCallback(
    /** Answers whether the work succeeded. */
    async (work: () => Promise<void>): Promise<boolean> => {
      setSubmitError(null);
      try {
        await work();
        return true;
      } catch (error) {
        const { fieldErrors, message } = apiFormError(error);
        setErrors(fieldErrors);
        setSubmitError(message);
        return false;
      }
    },
    [setErrors],
  );
  return { submitError, runSubmit };
}
