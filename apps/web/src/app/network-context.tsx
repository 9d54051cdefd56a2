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

export function useNetworkState() {
  const current = useContext(NetworkContext);
  return useSyncExternalStore(current.subscribe, current.getState);
}
