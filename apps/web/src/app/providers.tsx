import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_AUTO_CLOSE_MS } from '@kinetic/shared';
import { ApiError } from '../api/client.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { NetworkProvider } from './network-context.tsx';
import { NetworkLoader } from '../ui/network-loader.tsx';
import { UnsavedChangesDialog } from '../ui/unsaved-changes-dialog.tsx';

// A 4xx answer will not change on a second try (a missing company, an expired session).
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/**
 * Toasts sit at the bottom, away from the header, the menu button and the page's title and actions at
 * the top: in the right corner on wide screens (forms keep their buttons on the left), centred on phones.
 */
function Toasts() {
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  return (
    <Notifications position={wide ? 'bottom-right' : 'bottom-center'} autoClose={TOAST_AUTO_CLOSE_MS} />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Toasts />
      <UnsavedChangesDialog />
      <QueryClientProvider client={queryClient}>
        <NetworkProvider>
          <NetworkLoader />
          {children}
        </NetworkProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
