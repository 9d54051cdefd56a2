import { useMutation } from '@tanstack/react-query';
import type { CompanySignupBody, SessionDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const signupCompany = (body: CompanySignupBody) =>
  apiRequest<SessionDto>('signup/company', { body, inlineErrors: true, silent: true });

export function useSignupCompany() {
  return useMutation({ mutationFn: signupCompany });
}
