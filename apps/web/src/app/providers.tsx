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
 * Toasts never cover the header or the menu button. On wide screens they sit in the bottom right corner
 * (forms keep their buttons on the left). On phones a toast spans the width, so at the bottom it would
 * hide what the user just acted on (Save and the "saved / Next" box by it) for five seconds: there it
 * sits at the top, just below the admin header (60 px; `global.css`).
 */
function Toasts() {
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  // On a phone one toast at a time (the newest waits its turn): a stack of three covered the page's title.
  return (
    <Notifications position={wide ? 'bottom-right' : 'top-center'} autoClose={TOAST_AUTO_CLOSE_MS} limit={wide ? 5 : 1} />
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
