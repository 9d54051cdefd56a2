import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordTokenDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const passwordTokenValidate = (token: string) =>
  apiRequest<PasswordTokenDto>('passwordTokenValidate', {
    body: { token },
    silent: true,
    inlineErrors: true,
    showLoader: false,
  });

export const passwordTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-token', token],
    queryFn: () => passwordTokenValidate(token),
    retry: false,
    staleTime: Infinity,
  });

export function usePasswordToken(token: string) {
  return useQuery(passwordTokenQueryOptions(token));
}
