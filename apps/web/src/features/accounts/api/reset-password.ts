import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, RoleId } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<{ companySlug: string | null; roleId: RoleId | null }>('resetpassword', {
    body,
    inlineErrors: true,
    silent: true,
  });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
