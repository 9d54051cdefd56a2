import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** The signed-in account: the user state (spec §3). Logout empties this key. */
export const ME_QUERY_KEY = ['me'] as const;

export const getMe = () =>
  apiRequest<AccountDto>('me', { silent: true, showLoader: false, inlineErrors: true });

export const meQueryOptions = () => queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe });

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });
}
