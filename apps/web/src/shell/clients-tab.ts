import type { QueryClient } from '@tanstack/react-query';

/** The clients tab keeps its filters and page here and in this query (spec §4, §8 clear both). */
export const CLIENTS_TAB_STORAGE_KEY = 'kinetic:clients-tab';
const CLIENTS_TAB = 'clients-tab';

/** Query keys start with the company id (STYLE 7). */
export const clientsTabQueryKey = (companyId: string) => [companyId, CLIENTS_TAB] as const;

/** Every company's clients tab: the key's second part names it, whatever the company. */
export function forgetClientsTab(queryClient: QueryClient): void {
  sessionStorage.removeItem(CLIENTS_TAB_STORAGE_KEY);
  localStorage.removeItem(CLIENTS_TAB_STORAGE_KEY);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[1] === CLIENTS_TAB });
}
