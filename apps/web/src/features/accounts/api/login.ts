import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResultDto, PlatformSessionDto, SessionDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

// Errors show on the form (spec §8), so no toast; the page moves on instead of a success toast.
export const login = (body: LoginBody) =>
  apiRequest<LoginResultDto>('login', { body, inlineErrors: true, silent: true });

export function isSession(result: LoginResultDto): result is SessionDto {
  return 'token' in result && 'company' in result;
}

/** The root login matched a platform (uber) user: no company (issue 18 §2). */
export function isPlatformSession(result: LoginResultDto): result is PlatformSessionDto {
  return 'token' in result && result.hostType === 'uber';
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
