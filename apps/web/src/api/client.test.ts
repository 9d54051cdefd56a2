import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRequests } from '../early-requests.ts';
import { ApiError, apiBase, apiRequest, apiUpload, connectNetworkState, TIMEOUT_MESSAGE } from './client.ts';
import { createNetworkStore, type Toast } from './network-state.ts';

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let seen: Seen;
const hits: string[] = [];
let reply: { code: number; body: string };
const server = createServer((request, response) => {
  // This address never answers: the client's deadline has to end the wait.
  if (request.url?.startsWith('/api/hang')) return;
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    hits.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    seen = { method: request.method, url: request.url, headers: request.headers, body };
    response.writeHead(reply.code, { 'content-type': 'application/json' }).end(reply.body);
  });
});

const toasts: Toast[] = [];
const store = createNetworkStore((toast) => toasts.push(toast));
connectNetworkState(store);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`);
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  toasts.length = 0;
  store.dispatch({ type: 'RESET' });
  for (const name of ['token', 'hosttype'])
    document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
});

describe('API client (spec §7)', () => {
  it('sends the bearer token from the token cookie and the hosttype cookie', async () => {
    document.cookie = 'token=abc123; Path=/';
    document.cookie = 'hosttype=solo-instructor; Path=/';
    reply = { code: 200, body: JSON.stringify({ status: 1, data: { ok: true } }) };
    const data = await apiRequest<{ ok: boolean }>('studios', { silent: true });
    expect(data).toEqual({ ok: true });
    expect(seen.url).toBe('/api/studios');
    expect(seen.headers.authorization).toBe('Bearer abc123');
    expect(seen.headers.hosttype).toBe('solo-instructor');
  });

  it('derives hosttype from the role in the URL when there is no cookie', async () => {
    window.history.pushState({}, '', '/demo/solo-client/client/app/login');
    reply = { code: 200, body: JSON.stringify({ status: 1 }) };
    await apiRequest('checkCompany', { body: { company: 'demo', roleId: 'solo-client' }, silent: true });
    expect(seen.headers.hosttype).toBe('solo-client');
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.method).toBe('POST');
    expect(JSON.parse(seen.body)).toEqual({ company: 'demo', roleId: 'solo-client' });
  });

  it('shows the server message as a success toast unless the call opts out', async () => {
    reply = { code: 200, body: JSON.stringify({ status: 1, message: 'Company details saved.' }) };
    await apiRequest('companies/current', { method: 'PUT', body: {} });
    expect(toasts).toEqual([{ kind: 'success', message: 'Company details saved.' }]);
  });

  it('counts a falsy status as failure even with HTTP 200, and toasts its message', async () => {
    reply = { code: 200, body: JSON.stringify({ status: 0, message: 'This class is full.' }) };
    await expect(apiRequest('bookings', { body: {} })).rejects.toThrow('This class is full.');
    expect(toasts).toEqual([{ kind: 'error', message: 'This class is full.' }]);
  });

  it('says "Something went wrong" when the server gives no message', async () => {
    reply = { code: 500, body: 'not json' };
    await expect(apiRequest('anything')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([{ kind: 'error', message: 'Something went wrong' }]);
  });

  it('keeps field errors for the form and shows no toast when the caller handles errors inline', async () => {
    reply = {
      code: 400,
      body: JSON.stringify({
        status: 0,
        message: 'Please correct the request.',
        errors: { email: 'Enter an email' },
      }),
    };
    const failure = await apiRequest('login', { body: {}, inlineErrors: true }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errors).toEqual({ email: 'Enter an email' });
    expect((failure as ApiError).statusCode).toBe(400);
    expect(toasts).toEqual([]);
  });

  it('toasts the transport error message when the server cannot be reached', async () => {
    vi.stubEnv('VITE_API_BASE', 'http://127.0.0.1:1/api/');
    await expect(apiRequest('health')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.kind).toBe('error');
    expect(toasts[0]?.message).toMatch(/fetch failed|ECONNREFUSED/);
    vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`);
  });
});

describe('answers the entry asked for early (early-requests.ts)', () => {
  it('the client calendar takes the account and branding answers once, for the same session only', async () => {
    document.cookie = 'token=early1; Path=/';
    document.cookie = 'hosttype=company; Path=/';
    document.cookie = `user=${encodeURIComponent('{"id":"u1"}')}; Path=/`;
    reply = { code: 200, body: JSON.stringify({ status: 1, data: { name: 'first answer' } }) };
    hits.length = 0;
    startEarlyRequests('/demo/client/client', apiBase());
    await vi.waitFor(() => expect(hits).toHaveLength(2));
    expect(hits).toEqual(
      expect.arrayContaining(['GET /api/me Bearer early1', 'GET /api/public/demo Bearer early1']),
    );
    reply = { code: 200, body: JSON.stringify({ status: 1, data: { name: 'second answer' } }) };
    // Taken: no second request, and the answer is the one the entry received.
    expect(await apiRequest('me', { silent: true })).toEqual({ name: 'first answer' });
    expect(hits).toHaveLength(2);
    // Once only: the next call asks the server.
    expect(await apiRequest('me', { silent: true })).toEqual({ name: 'second answer' });
    expect(hits).toHaveLength(3);
    // Another session (a login in between) does not take the other session's answer.
    document.cookie = 'token=other; Path=/';
    expect(await apiRequest('public/demo', { silent: true })).toEqual({ name: 'second answer' });
    expect(hits.at(-1)).toBe('GET /api/public/demo Bearer other');
    document.cookie = 'user=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
  });

  it('asks nothing early on other pages or without a session', async () => {
    hits.length = 0;
    startEarlyRequests('/demo/client/client', apiBase());
    document.cookie = 'token=early2; Path=/';
    document.cookie = 'hosttype=company; Path=/';
    startEarlyRequests('/demo/admin/app', apiBase());
    startEarlyRequests('/demo/client/login', apiBase());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hits).toHaveLength(0);
  });
});

describe('a server that does not answer', () => {
  it('gives up after the deadline, lowers the loader and says so', async () => {
    const started = Date.now();
    const failure = await apiRequest('hang', { timeoutMs: 150 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(TIMEOUT_MESSAGE);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(store.getState().count).toBe(0);
    expect(store.getState().loading).toBe(false);
    expect(toasts).toEqual([
      { kind: 'error', message: 'The server did not answer in time. Please try again.' },
    ]);
  });

  it("still stops when the caller's own signal aborts first, with the caller's reason", async () => {
    const controller = new AbortController();
    const pending = apiRequest('hang', { timeoutMs: 10_000, signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    setTimeout(() => controller.abort(new Error('Left the page')), 30);
    const failure = await pending;
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).not.toBe(TIMEOUT_MESSAGE);
    expect(store.getState().count).toBe(0);
  });
});

describe('uploads', () => {
  it('sends multipart form data with the same headers and reads the envelope', async () => {
    document.cookie = 'token=abc123; Path=/';
    reply = {
      code: 200,
      body: JSON.stringify({ status: 1, data: { file: 'a.png', url: '/api/uploads/original/a.png' } }),
    };
    const form = new FormData();
    // A text part: Node's fetch cannot stream jsdom's Blob, and the multipart framing is what is under test.
    form.append('file', 'image bytes');
    const data = await apiUpload<{ file: string }>('uploads', form, { silent: true });
    expect(data.file).toBe('a.png');
    expect(seen.method).toBe('POST');
    expect(seen.headers.authorization).toBe('Bearer abc123');
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('name="file"');
    expect(seen.body).toContain('image bytes');
  });
});
