import { COOKIE, hostTypeForRole, ROLE_IDS, type RoleId } from '@kinetic/shared';
import { readCookie } from './cookies.ts';
import type { EarlyResponse } from '../early-requests.ts';
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
  /** How long to wait for the whole answer before giving up (tests shorten it). */
  timeoutMs?: number;
  /** Sent as `Idempotency-Key`: a retry with the same key gets the first answer instead of acting twice. */
  idempotencyKey?: string;
}

/** A request that hangs would keep the global loader up for good (spec §4 network state). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const TIMEOUT_MESSAGE = 'The server did not answer in time. Please try again.';

/**
 * One signal that aborts when the caller's does or when the time is up. Built by hand rather than with
 * `AbortSignal.any`, which older browsers (Safari before 17.4) do not have.
 */
function deadlineSignal(callerSignal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const abortFromCaller = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) abortFromCaller();
  else callerSignal?.addEventListener('abort', abortFromCaller, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(TIMEOUT_MESSAGE, 'TimeoutError'));
  }, timeoutMs);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortFromCaller);
    },
  };
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

// As in early-requests.ts, which this module must not import (it belongs to the entry chunk).
const EARLY_RESPONSES = '__kineticEarlyResponses';
const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

/** The answer the entry already asked for with this call and session (early-requests.ts), taken once. */
function takeEarlyResponse(method: string, url: string, headers: Record<string, string>) {
  const early = (globalThis as Record<string, unknown>)[EARLY_RESPONSES] as
    Map<string, EarlyResponse> | undefined;
  if (!early || method !== 'GET') return undefined;
  const token = headers.Authorization?.replace(/^Bearer /, '') ?? '';
  const key = `${method} ${url} ${headers.hosttype} ${token}`;
  const found = early.get(key);
  early.delete(key);
  return found && Date.now() - found.at < EARLY_RESPONSE_MAX_AGE_MS ? found.response : undefined;
}

/** The promise, or a rejection when the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

type Payload = { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData } | { kind: 'none' };

/** One path for every call: headers, the envelope, and the network state (spec §7, §4). */
async function send<T>(path: string, payload: Payload, options: RequestOptions): Promise<T> {
  const { method = payload.kind === 'none' ? 'GET' : 'POST', silent, inlineErrors } = options;
  const headers: Record<string, string> = { hosttype: currentHostType() };
  const token = readCookie(COOKIE.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  // A multipart body sets its own content type with the boundary.
  if (payload.kind === 'json') headers['content-type'] = 'application/json';
  const body =
    payload.kind === 'json'
      ? JSON.stringify(payload.value)
      : payload.kind === 'form'
        ? payload.value
        : undefined;

  networkStore?.dispatch({ type: 'REQUEST', showLoader: options.showLoader, loaderTxt: options.loaderTxt });
  const deadline = deadlineSignal(options.signal, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  let envelope: Envelope<T>;
  try {
    const url = `${apiBase()}${path.replace(/^\//, '')}`;
    const early = payload.kind === 'none' ? takeEarlyResponse(method, url, headers) : undefined;
    response = early
      ? await untilAborted(early, deadline.signal)
      : await fetch(url, { method, headers, body, credentials: 'include', signal: deadline.signal });
    // The deadline covers the body too: a server may send its headers and then stall.
    envelope = (await response.json().catch((error: unknown) => {
      if (deadline.timedOut()) throw error;
      return {};
    })) as Envelope<T>;
  } catch (error) {
    const message = deadline.timedOut()
      ? TIMEOUT_MESSAGE
      : error instanceof Error
        ? error.message
        : String(error);
    networkStore?.dispatch({ type: 'FAIL', message, inline: inlineErrors });
    throw new ApiError(message, 0);
  } finally {
    deadline.dispose();
  }

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

/**
 * A file the API sends (a signed PDF, a report): fetched with the session's token, then saved under
 * `filename`. A refusal comes back in the envelope and is thrown as an ApiError.
 */
export async function apiDownload(path: string, filename: string): Promise<void> {
  const headers: Record<string, string> = { hosttype: currentHostType() };
  const token = readCookie(COOKIE.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${apiBase()}${path.replace(/^\//, '')}`, { headers, credentials: 'include' });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as Envelope<unknown>;
    throw new ApiError(
      envelope.message || 'The file could not be downloaded',
      response.status,
      envelope.errors,
    );
  }
  saveFile(await response.blob(), filename);
}

/** Hands bytes the page holds to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A fresh key for one user action (works on plain http too, where `crypto.randomUUID` is missing). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
