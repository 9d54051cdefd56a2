import { clientsListQuery, type ClientsListParams } from '@kinetic/shared';
import { CLIENTS_TAB_STORAGE_KEY } from '../../shell/clients-tab.ts';

/** The Clients page's search, filters, sort and page: the server's defaults (spec §3) until changed. */
export const DEFAULT_CLIENTS_TAB: ClientsListParams = clientsListQuery.parse({});

/**
 * Read back from sessionStorage (spec §4/§8: logout and the session watcher remove it); anything unreadable
 * or no longer valid gives the defaults.
 */
export function readClientsTab(): ClientsListParams {
  try {
    const stored = sessionStorage.getItem(CLIENTS_TAB_STORAGE_KEY);
    if (!stored) return DEFAULT_CLIENTS_TAB;
    const raw = JSON.parse(stored) as Record<string, unknown>;
    const asText = Object.fromEntries(
      Object.entries(raw)
        .filter(([, value]) => value !== undefined && value !== null && value !== false && value !== '')
        .map(([key, value]) => [key, String(value)]),
    );
    const parsed = clientsListQuery.safeParse(asText);
    return parsed.success ? parsed.data : DEFAULT_CLIENTS_TAB;
  } catch {
    return DEFAULT_CLIENTS_TAB;
  }
}

export function saveClientsTab(state: ClientsListParams): void {
  try {
    sessionStorage.setItem(CLIENTS_TAB_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private mode or a full storage: the page still works, it just forgets on reload.
  }
}

export const hasNarrowing = (state: ClientsListParams) =>
  Boolean(
    state.searchString ||
    state.activeMembership ||
    state.packHolder ||
    state.noRecentVisit ||
    state.waiverUnsigned ||
    state.studioId,
  );
