import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResultDto, SessionDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

// Errors show on the form (spec §8), so no toast; the page moves on instead of a success toast.
export const login = (body: LoginBody) =>
  apiRequest<LoginResultDto>('login', { body, inlineErrors: true, silent: true });

export function isSession(result: LoginResultDto): result is SessionDto {
  return 'token' in result;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
