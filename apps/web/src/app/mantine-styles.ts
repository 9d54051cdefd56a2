/**
 * The first paint of the client group carries only the Mantine styles its pages draw
 * (`mantine-first-paint.css`); every other page, and the toasts and dialogs loaded later, wait for all of
 * Mantine's styles (`mantine-all-styles.ts`, one stylesheet, fetched once) so nothing appears unstyled.
 */
let loading: Promise<unknown> | undefined;

export function loadAllMantineStyles(): Promise<unknown> {
  loading ??= import('./mantine-all-styles.ts').catch((error: unknown) => {
    loading = undefined; // a later page may try again
    throw error;
  });
  return loading;
}

/** A route's `lazy` that also waits for all of Mantine's styles. */
export function withAllMantineStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllMantineStyles()]).then(([module]) => module);
}
