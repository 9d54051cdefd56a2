import { COOKIE, hostTypeForRole, ROLE_IDS, type RoleId } from '@kinetic/shared';
import { readCookie } from './cookies.ts';
import type { NetworkStore } from './network-state.ts';

/** The API base (spec §7): the same host under /api/; development proxies /api/ to the local server. */
export const apiBase = (): string => import.meta.env.VITE_API_BASE ?? '/api/';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** No success toast for this call (reads, background checks). */
  silent?: boolean;
  /** The caller shows the error next to the form instead of a toast. */
  inlineErrors?: boolean;
  /** Spec §7: some calls (the report) suppress the loader. */
  showLoader?: boolean;
  loaderTxt?: string;
  signal?: AbortSignal;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface Envelope<T> {
  status?: number | boolean;
  message?: string;
  data?: T;
  errors?: Record<string, string>;
  inline?: boolean;
}

let networkStore: NetworkStore | undefined;
/** The app's providers connect the global network state once. */
export function connectNetworkState(store: NetworkStore): void {
  networkStore = store;
}

/** `hosttype` from its cookie, otherwise derived from the role in the URL (`/{company}/{roleId}/...`). */
export function currentHostType(pathname: string = location.pathname): string {
  const fromCookie = readCookie(COOKIE.hostType);
  if (fromCookie) return fromCookie;
  const roleId = pathname.split('/')[2];
  return hostTypeForRole(
    (ROLE_IDS as readonly string[]).includes(roleId ?? '') ? (roleId as RoleId) : 'admin',
  );
}

type Payload = { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData } | { kind: 'none' };

/** One path for every call: headers, the envelope, and the network state (spec §7, §4). */
async function send<T>(path: string, payload: Payload, options: RequestOptions): Promise<T> {
  const { method = payload.kind === 'none' ? 'GET' : 'POST', silent, inlineErrors } = options;
  const headers: Record<string, string> = { hosttype: currentHostType() };
  const token = readCookie(COOKIE.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  // A multipart body sets its own content type with the boundary.
  if (payload.kind === 'json') headers['content-type'] = 'application/json';
  const body =
    payload.kind === 'json'
      ? JSON.stringify(payload.value)
      : payload.kind === 'form'
        ? payload.value
        : undefined;

  networkStore?.dispatch({ type: 'REQUEST', showLoader: options.showLoader, loaderTxt: options.loaderTxt });
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path.replace(/^\//, '')}`, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    networkStore?.dispatch({ type: 'FAIL', message, inline: inlineErrors });
    throw new ApiError(message, 0);
  }

  const envelope = (await response.json().catch(() => ({}))) as Envelope<T>;
  if (!envelope.status) {
    const inline = inlineErrors || envelope.inline === true;
    networkStore?.dispatch({ type: 'FAIL', message: envelope.message, inline });
    throw new ApiError(envelope.message || 'Something went wrong', response.status, envelope.errors);
  }
  networkStore?.dispatch({ type: 'SUCCESS', message: envelope.message, silent });
  return envelope.data as T;
}

export function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const payload: Payload =
    options.body === undefined ? { kind: 'none' } : { kind: 'json', value: options.body };
  return send<T>(path, payload, options);
}

/** A multipart upload (files) through the same headers, envelope and network state. */
export function apiUpload<T = unknown>(
  path: string,
  formData: FormData,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  return send<T>(path, { kind: 'form', value: formData }, options);
}
