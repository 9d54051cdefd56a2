import { useMutation } from '@tanstack/react-query';
import type { AuthResetPasswordBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/**
 * Change the password while signed in. No toast: the form says it in its own line (a phone shows one
 * toast at a time, so the confirmation waited behind an earlier one).
 */
export const authResetPassword = (body: AuthResetPasswordBody) =>
  apiRequest<unknown>('authResetpassword', { body, inlineErrors: true, silent: true });

export function useAuthResetPassword() {
  return useMutation({ mutationFn: authResetPassword });
}
