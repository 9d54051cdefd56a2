import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { connectNetworkState } from '../api/client.ts';
import { createNetworkStore, type NetworkStore } from '../api/network-state.ts';
import { showToast } from './show-toast.ts';

const store = createNetworkStore(showToast);
connectNetworkState(store);

const NetworkContext = createContext<NetworkStore>(store);

export function NetworkProvider({ children }: { children: ReactNode }) {
  return <NetworkContext.Provider value={store}>{children}</NetworkContext.Provider>;
}

/**
 * The global loader's text while it is shown (`''` when it has none), `null` while it is hidden. Only
 * what the loader draws is read: every call that starts or ends changes the store (its pending count),
 * and a page's first calls start as it first renders, so reading the whole state made React draw the
 * page twice in one long task (a store changed between render and commit is re-read synchronously).
 */
export function useNetworkLoader(): string | null {
  const current = useContext(NetworkContext);
  return useSyncExternalStore(current.subscribe, () => {
    const { showLoader, loaderTxt } = current.getState();
    return showLoader ? loaderTxt : null;
  });
}
