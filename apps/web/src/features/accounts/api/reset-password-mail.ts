import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordMailBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const resetPasswordMail = (body: ResetPasswordMailBody) =>
  apiRequest<unknown>('resetPasswordMail', { body, inlineErrors: true, silent: true });

export function useResetPasswordMail() {
  return useMutation({ mutationFn: resetPasswordMail });
}
