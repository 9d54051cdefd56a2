import { queryOptions, useQuery } from '@tanstack/react-query';
import { setMoneyLocale, type AccountDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** The signed-in account: the user state (spec §3). Logout empties this key. */
export const ME_QUERY_KEY = ['me'] as const;

export const getMe = async () => {
  const me = await apiRequest<AccountDto>('me', { silent: true, showLoader: false, inlineErrors: true });
  // Prices on every page are written the company's way (its locale), whatever the browser's.
  setMoneyLocale(me.company.locale);
  return me;
};

export const meQueryOptions = () => queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe });

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });
}
