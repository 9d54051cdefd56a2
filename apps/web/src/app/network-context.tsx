import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@kinetic/shared';
import { connectNetworkState } from '../api/client.ts';
import { createNetworkStore, type NetworkStore } from '../api/network-state.ts';

const store = createNetworkStore((toast) =>
  notifications.show({
    color: toast.kind === 'success' ? 'green' : 'red',
    title: toast.kind === 'success' ? 'Done' : 'Something needs attention',
    message: toast.message,
    autoClose: TOAST_AUTO_CLOSE_MS,
    // Mantine's close button is an icon alone: it needs a name for screen readers (axe: button-name).
    closeButtonProps: { 'aria-label': 'Close message' },
  }),
);
connectNetworkState(store);

const NetworkContext = createContext<NetworkStore>(store);

export function NetworkProvider({ children }: { children: ReactNode }) {
  return <NetworkContext.Provider value={store}>{children}</NetworkContext.Provider>;
}

export function useNetworkState() {
  const current = useContext(NetworkContext);
  return useSyncExternalStore(current.subscribe, current.getState);
}
