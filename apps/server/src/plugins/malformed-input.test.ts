import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../test/factories.ts';

/**
 * Walks the whole API as `/api/docs/json` describes it and sends every route a spread of malformed
 * input (wrong types, missing and extra fields, huge and control-character strings, unpaired
 * surrogates, bad ids and encodings, broken headers) as an anonymous visitor, a client and an admin.
 * No answer may be a 5xx or leave the envelope. A route added tomorrow is covered the day it lands.
 */
const { app } = await createTestApp();

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
}

interface Operation {
  method: string;
  path: string;
  body?: JsonSchema;
  query: string[];
}

const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string }[];
      }
    >
  >;
};

const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      body: operation.requestBody?.content?.['application/json']?.schema,
      query: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name),
    })),
);

const LONE_SURROGATE = '\ud800';
const HUGE = 'x'.repeat(200_000);
const CONTROL = 'a\u0001\u0007\u001b[31m\u007f\u2028b';

/** Values of every wrong kind, put in place of one field at a time. */
const BAD_VALUES: unknown[] = [
  null,
  42,
  -1,
  1e308,
  true,
  [],
  {},
  '',
  ' ',
  HUGE,
  CONTROL,
  LONE_SURROGATE,
  `Name ${LONE_SURROGATE} end`,
  '\udc00',
  'a\u0000b',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../../../etc/passwd',
  '%zz',
  '😀'.repeat(50),
];

/** A value the schema accepts, as far as a generic reading of it can tell: the base the bad values go into. */
function plausible(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length)
    return plausible(choice.find((option) => option.type !== 'null') ?? choice[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, plausible(inner, depth + 1)]),
      );
    case 'array':
      return [plausible(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.pattern?.includes('0-9a-f')) return '0123456789abcdef01234567';
      return 'Fuzz value long enough'.padEnd(Math.max(8, schema.minLength ?? 0), 'z');
    default:
      return 'fuzz';
  }
}

/** Every field path of an object schema, nested objects included (`address.line1`). */
function fieldPaths(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema?.properties || depth > 4) return [];
  return Object.entries(schema.properties).flatMap(([key, inner]) => {
    const path = [...prefix, key];
    const nested = inner.properties
      ? inner
      : (inner.anyOf ?? inner.oneOf)?.find((option) => option.properties);
    return [path, ...fieldPaths(nested, path, depth + 1)];
  });
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[path.at(-1) as string] = value;
  return copy;
}

function withoutField(base: unknown, path: string[]): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) return copy;
    target = target[key] as Record<string, unknown>;
  }
  delete target[path.at(-1) as string];
  return copy;
}

/** Bodies: whole-body shapes, then each field missing, then each bad value in each field. */
function bodies(schema: JsonSchema | undefined): InjectOptions[] {
  const json = (payload: unknown): InjectOptions => ({
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  const base = plausible(schema);
  const raw = (payload: string, contentType: string): InjectOptions => ({
    payload,
    headers: { 'content-type': contentType },
  });
  const shapes: InjectOptions[] = [
    {},
    json(base),
    json({}),
    json([]),
    json(null),
    json('text'),
    json(7),
    json({
      ...(base as object),
      unexpected: 'extra',
      __proto__: { admin: true },
      constructor: { prototype: { polluted: 1 } },
    }),
    json({ [LONE_SURROGATE]: 1, 'a\u0000': 2 }),
    raw('{"name":', 'application/json'),
    raw('{"a":"\\ud800"}', 'application/json'),
    raw('{"a":"\\u0000"}', 'application/json'),
    raw('\u0000\u0001', 'application/json'),
    raw('name=x', 'application/x-www-form-urlencoded'),
    raw('plain', 'text/plain'),
    raw(
      '--x\r\ncontent-disposition: form-data; name="file"\r\n\r\n\r\n--x--',
      'multipart/form-data; boundary=x',
    ),
    raw('{}', 'application/json; charset=latin1'),
    raw(`{"a":"${'y'.repeat(1024 * 1024 + 10)}"}`, 'application/json'),
    raw(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'),
  ];
  const perField = fieldPaths(schema).flatMap((path) => [
    json(withoutField(base, path)),
    ...BAD_VALUES.map((value) => json(withValue(base, path, value))),
  ]);
  return [...shapes, ...perField];
}

const BAD_PATH_VALUES = [
  'x',
  '0'.repeat(24),
  'g'.repeat(24),
  'A'.repeat(24),
  '0'.repeat(25),
  'z'.repeat(150),
  '%zz',
  '%00',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%98%80',
  encodeURIComponent(CONTROL),
];

function urls(operation: Operation): string[] {
  const params = operation.path.match(/\{[^}]+\}/g) ?? [];
  const withParams = params.length
    ? BAD_PATH_VALUES.map((value) =>
        params.reduce((path, param) => path.replace(param, value), operation.path),
      )
    : [operation.path];
  const queries = [
    '',
    '?page=-1&pageSize=abc&currentPage=1e400',
    '?%zz=1&a=%',
    `?q=${'q'.repeat(10_000)}`,
    '?from=not-a-date&to[]=1&to[x]=2',
    `?s=%00%ED%A0%80`,
  ];
  return withParams.flatMap((url) => queries.map((query) => `${url}${query}`));
}

const BAD_HEADERS: Record<string, string>[] = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer ' + 't'.repeat(4000) },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer %zz\u00e9' },
  { hosttype: '\u00ff'.repeat(300) },
  { 'content-type': 'application/json', 'content-length': '5' },
  { 'accept-encoding': 'gzip;q=abc, br;q=-1, *' },
  { cookie: 'token=%zz; user=%E0%A4%A' },
];

/** The body as a browser reads it: a large answer comes compressed when the request accepts that. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? '');
  const raw = response.rawPayload;
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  return response.body;
}

/** What every answer of `/api/...` must look like: never a 5xx, always the envelope. */
function problemWith(response: LightMyRequestResponse, label: string): string | null {
  if (response.statusCode >= 500) return `${label} → ${response.statusCode} ${response.body.slice(0, 160)}`;
  const type = String(response.headers['content-type'] ?? '');
  // Files (uploads) and the documentation pages are not envelope answers.
  if (!type.startsWith('application/json')) {
    return response.statusCode < 400
      ? null
      : `${label} → ${response.statusCode} ${type} outside the envelope`;
  }
  const text = decoded(response);
  let body: { status?: unknown; message?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `${label} → ${response.statusCode} body is not JSON`;
  }
  if (body.status !== 0 && body.status !== 1)
    return `${label} → ${response.statusCode} no envelope: ${text.slice(0, 160)}`;
  if (
    response.statusCode >= 400 &&
    (body.status !== 0 || typeof body.message !== 'string' || body.message === '')
  ) {
    return `${label} → ${response.statusCode} error without a message: ${text.slice(0, 160)}`;
  }
  if (/FST_ERR|statusCode|stack|at \//.test(text))
    return `${label} → framework or internal detail leaked: ${text.slice(0, 160)}`;
  return null;
}

let addressSequence = 0;
/** Each request from its own documentation address, so rate limits answer 429 to the limit tests, not here. */
const remoteAddress = () => `203.0.113.${(addressSequence++ % 250) + 1}`;

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ remoteAddress: remoteAddress(), ...options });
}

describe('malformed input on every route of /api/docs/json', () => {
  it('the walk covers the whole API (sanity: it found the routes it must)', () => {
    const paths = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'PUT /api/company/details',
        'GET /api/me',
        'POST /api/uploads',
      ]),
    );
    expect(operations.length).toBeGreaterThan(12);
  });

  for (const actor of ['anonymous', 'client', 'admin'] as const) {
    it(`as ${actor}: no 5xx and no answer outside the envelope`, async () => {
      const problems: string[] = [];
      let sent = 0;
      for (const operation of operations) {
        // A fresh session per route: a logout or a password change by the walk must not end the next route's.
        const headers =
          actor === 'anonymous'
            ? {}
            : actor === 'admin'
              ? bearer((await signUpCompany(app)).session.token)
              : bearer((await signUpClient(app, (await signUpCompany(app)).slug)).session.token);
        const requests: InjectOptions[] = [
          ...urls(operation).map((url) => ({ method: operation.method, url, headers })),
          ...(['GET', 'DELETE'].includes(operation.method) ? [] : bodies(operation.body)).map((body) => ({
            ...body,
            method: operation.method,
            url: urls(operation)[1] ?? operation.path,
            headers: { ...headers, ...body.headers },
          })),
          ...BAD_HEADERS.map((extra) => ({
            method: operation.method,
            url: urls(operation)[0] ?? operation.path,
            headers: { ...headers, ...extra },
          })),
        ] as InjectOptions[];
        for (const request of requests) {
          const response = await send(request);
          sent += 1;
          const label = `${actor} ${request.method} ${String(request.url).slice(0, 80)} ${typeof request.payload === 'string' ? request.payload.slice(0, 60) : ''}`;
          const problem = problemWith(response, label);
          if (problem) problems.push(problem);
        }
      }
      expect(problems.slice(0, 20)).toEqual([]);
      expect(sent).toBeGreaterThan(operations.length * 20);
    }, 240_000);
  }

  it('URLs the router cannot read answer the envelope without echoing the URL', async () => {
    const badEscape = await send({ method: 'GET', url: '/api/me%zz' });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({
      status: 0,
      message: 'The address is not valid: it has a malformed %-escape. Check the link.',
    });
    const long = await send({ method: 'GET', url: `/api/public/${'b'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ status: 0, message: 'The address is too long. Check the link.' });
    expect(long.body).not.toContain('bbbb');
    // No hook runs for these answers; they still carry the API's security headers.
    for (const response of [badEscape, long]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('an unpaired surrogate in a saved address answers 400 and changes nothing', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const before = (await send({ method: 'GET', url: '/api/company/details', headers })).json().data;
    const payload = {
      name: before.name,
      email: null,
      phone: null,
      timeZone: before.timeZone,
      currency: before.currency,
      logo: null,
      address: {
        line1: `12 Main St ${LONE_SURROGATE}`,
        line2: null,
        city: 'Atlanta',
        state: null,
        postalCode: null,
        country: null,
      },
    };
    const response = await send({ method: 'PUT', url: '/api/company/details', headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 0,
      message: 'Text cannot contain the NUL character or other invalid characters.',
    });
    const after = (await send({ method: 'GET', url: '/api/company/details', headers })).json().data;
    expect(after).toEqual(before);
    // A paired surrogate (an emoji) is ordinary text and is kept.
    const emoji = await send({
      method: 'PUT',
      url: '/api/company/details',
      headers,
      payload: { ...payload, address: { ...payload.address, line1: '12 Main St 🧘' } },
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().data.address.line1).toBe('12 Main St 🧘');
  });

  it('requests that are not valid HTTP answer the envelope too (malformed and oversized headers)', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const malformed = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header line\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(malformed.split('\r\n\r\n')[1] ?? '')).toEqual({
      status: 0,
      message: 'The request could not be read: it is not valid HTTP.',
    });
    const oversized = await raw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(oversized.split('\r\n\r\n')[1] ?? '')).toEqual({
      status: 0,
      message: 'The request headers are too large.',
    });
  });
});
