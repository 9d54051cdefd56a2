import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_AUTO_CLOSE_MS } from '@kinetic/shared';
import { cssVariablesResolver, theme } from './theme.ts';
import { NetworkProvider } from './network-context.tsx';
import { NetworkLoader } from '../ui/network-loader.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>
        <NetworkProvider>
          <NetworkLoader />
          {children}
        </NetworkProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
