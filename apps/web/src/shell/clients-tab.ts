import type { QueryClient } from '@tanstack/react-query';

/** The clients tab keeps its filters and page here and in this query (spec §4, §8 clear both). */
export const CLIENTS_TAB_STORAGE_KEY = 'kinetic:clients-tab';
export const CLIENTS_TAB_QUERY_KEY = ['clients-tab'] as const;

export function forgetClientsTab(queryClient: QueryClient): void {
  sessionStorage.removeItem(CLIENTS_TAB_STORAGE_KEY);
  localStorage.removeItem(CLIENTS_TAB_STORAGE_KEY);
  queryClient.removeQueries({ queryKey: CLIENTS_TAB_QUERY_KEY });
}
