import { useEffect, useState } from 'react';

/** A refused or failed call, with the server's message (the response envelope's) when it gave one. */
export class WidgetApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/**
 * `GET /api/{path}` for the widget's public reads, without the main app's client (no session, loader or
 * toasts): the envelope's `data`, or a WidgetApiError with its `message`.
 */
export async function getPublic<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new WidgetApiError(
      'The booking page could not be reached. Check your connection and try again.',
      0,
    );
  }
  const body = (await response.json().catch(() => null)) as {
    status?: unknown;
    message?: unknown;
    data?: T;
  } | null;
  if (!response.ok || !body || !body.status) {
    const message = typeof body?.message === 'string' && body.message ? body.message : 'Something went wrong';
    throw new WidgetApiError(message, response.status);
  }
  return body.data as T;
}

export type Loaded<T> =
  | { state: 'loading'; data?: undefined; error?: undefined }
  | { state: 'done'; data: T; error?: undefined }
  | { state: 'failed'; data?: undefined; error: WidgetApiError };

/**
 * Reads `path` (null: nothing to read) and again every `refreshMs` while the page is shown, keeping the
 * last answer on screen while the next one comes.
 */
export function usePublicRead<T>(path: string | null, refreshMs?: number): Loaded<T> {
  const [result, setResult] = useState<{ path: string | null; loaded: Loaded<T> }>({
    path,
    loaded: { state: 'loading' },
  });
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    const read = () =>
      getPublic<T>(path, controller.signal).then(
        (data) => setResult({ path, loaded: { state: 'done', data } }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setResult((previous) =>
            // A failed refresh keeps what is on screen.
            previous.path === path && previous.loaded.state === 'done'
              ? previous
              : {
                  path,
                  loaded: {
                    state: 'failed',
                    error:
                      error instanceof WidgetApiError ? error : new WidgetApiError('Something went wrong', 0),
                  },
                },
          );
        },
      );
    void read();
    const timer = refreshMs ? setInterval(() => void read(), refreshMs) : undefined;
    return () => {
      controller.abort();
      if (timer) clearInterval(timer);
    };
  }, [path, refreshMs]);
  return result.path === path ? result.loaded : { state: 'loading' };
}
