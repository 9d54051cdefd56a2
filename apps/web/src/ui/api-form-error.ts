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
