import { useMutation } from '@tanstack/react-query';
import type { AuthResetPasswordBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Change the password while signed in; the server's message confirms it as a toast. */
export const authResetPassword = (body: AuthResetPasswordBody) =>
  apiRequest<unknown>('authResetpassword', { body, inlineErrors: true });

export function useAuthResetPassword() {
  return useMutation({ mutationFn: authResetPassword });
}
