import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { AppRouterProvider, createMemoryAppRouter } from '../app/app-router.tsx';
import { theme } from '../app/theme.ts';

// Mantine reads these browser APIs, which jsdom does not have.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// Mantine's Combobox scrolls the selected option into view after a timeout; jsdom has no layout.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Renders routes in the app's router over an in-memory history, with the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryAppRouter(routes, [path]);
  const wrap = (children: ReactNode) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return { router, queryClient, ...render(wrap(<AppRouterProvider router={router} />)) };
}

/** Answers fetch calls by API path with the spec's envelope. */
export function stubApi(answers: Record<string, { code?: number; body: unknown }>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\//, '');
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[path] ?? { code: 404, body: { status: 0, message: `No stub for ${path}` } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.code ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetchStub };
}

export type Answer = { code?: number; body: unknown };
export type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };

/** A call as method, path and body, for tests that compare what was sent and not how. */
export function withoutHeaders({ method, path, body }: Call) {
  return { method, path, body };
}

/** Answers fetch by method and path; an answer may be a promise the test settles later. */
export function stubFetch(answer: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      path: String(input).replace(/^.*\/api\//, ''),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const { code = 200, body } = await answer(call);
    return new Response(JSON.stringify(body), {
      status: code,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export const ok = (data: unknown): Answer => ({ body: { status: 1, data } });
export const noStub = (call: Call): Answer => ({
  code: 404,
  body: { status: 0, message: `No stub for ${call.method} ${call.path}` },
});
