import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { ME_QUERY_KEY } from '../features/accounts/api/get-me.ts';
import { withAllMantineStyles } from './mantine-styles.ts';
import { theme } from './theme.ts';
import { NetworkProvider } from './network-context.tsx';
import { NetworkLoader } from '../ui/network-loader.tsx';
import { useLeaveQuestion } from '../ui/use-unsaved-changes-guard.ts';

// Kinetic is light only, so the colour scheme is not kept anywhere: Mantine's default manager would read
// localStorage while the first page renders (a synchronous disk read on a cold start) to learn 'light'.
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

// A 4xx answer will not change on a second try (a missing company, an expired session).
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500);

/**
 * A 401 on any call means the server no longer knows this session (logged out elsewhere, or the person was
 * deactivated: their sessions end at once). The account is asked for again at once, so the shell ends the
 * session here too (useAccount) instead of every page saying "Your session has ended" until it goes stale.
 */
const sessionGone = (error: unknown, queryKey?: readonly unknown[]) => {
  if (!(error instanceof ApiError) || error.statusCode !== 401) return;
  if (queryKey?.[0] === ME_QUERY_KEY[0]) return;
  void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
};

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => sessionGone(error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => sessionGone(error) }),
  defaultOptions: { queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// The toast container (with its transitions) and the leave dialog (a Modal) are loaded the first time
// they have something to show, not with the first paint. `notifications.show()` only writes to the store,
// so a toast shown before its container has loaded waits there and appears once it has.
// Both wait for all of Mantine's styles: the first paint carries only those its pages draw (mantine-styles.ts).
const LazyToasts = lazy(
  withAllMantineStyles(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts }))),
);
const LazyUnsavedChangesDialog = lazy(
  withAllMantineStyles(() =>
    import('../ui/unsaved-changes-dialog.tsx').then((m) => ({ default: m.UnsavedChangesDialog })),
  ),
);

/** True from the first render where `needed` holds: once loaded, a piece stays mounted (and animates). */
function useLatched(needed: boolean): boolean {
  const [latched, setLatched] = useState(needed);
  useEffect(() => {
    if (needed) setLatched(true);
  }, [needed]);
  return latched || needed;
}

function DeferredToasts() {
  const { notifications, queue } = useNotifications();
  const wanted = useLatched(notifications.length > 0 || queue.length > 0);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToasts />
    </Suspense>
  ) : null;
}

function DeferredUnsavedChangesDialog() {
  const wanted = useLatched(useLeaveQuestion() !== null);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyUnsavedChangesDialog />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={lightOnly}
      // The theme's variables are a stylesheet (theme-variables.css, mount.tsx), not computed on each load.
      withCssVariables={false}
    >
      <DeferredToasts />
      <DeferredUnsavedChangesDialog />
      <QueryClientProvider client={queryClient}>
        <NetworkProvider>
          <NetworkLoader />
          {children}
        </NetworkProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
