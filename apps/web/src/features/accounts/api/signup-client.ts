import { useMutation } from '@tanstack/react-query';
import type { ClientSignupBody, SessionDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const signupClient = (body: ClientSignupBody) =>
  apiRequest<SessionDto>('signup/client', { body, inlineErrors: true, silent: true });

export function useSignupClient() {
  return useMutation({ mutationFn: signupClient });
}
