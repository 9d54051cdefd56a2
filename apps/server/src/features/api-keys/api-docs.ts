import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_RATE_LIMIT } from '@kinetic/shared';
import { guardOf } from '../../plugins/guards.ts';
import { isPersonalRoute } from './api-key-auth.ts';

/**
 * Issue 18 §3: what /api/docs says about calling the API: the two bearer schemes (a person's session
 * token, an API key), scopes, rate limits, the envelope, paging, and webhook signatures.
 */
export const API_DOCS_DESCRIPTION = `
Kinetic's HTTP API: the same routes the web app uses.

## Authentication

Send \`Authorization: Bearer <token>\` with every request. Two kinds of token work:

- **API key** (\`apiKey\` below): \`kin_\` followed by 43 characters, created by an owner or admin in
  **Settings › API Keys** and shown once. A key acts as an admin of its company (in a solo business, as
  its owner) with every ability but managing staff; what it does is recorded as done by the person who created it. A **read** key may
  only make \`GET\` requests (anything else answers \`403 This API key is read-only\`); a **write** key
  may also add and change things. Keys cannot be used on the routes about a person (\`/api/me\`,
  \`/api/logout\`, a client's own \`/api/my/…\` routes, \`/api/api-keys\`, the platform area): those
  answer 403. A revoked key, an unknown key, or a key of a suspended business answers 401.
- **Session token** (\`session\` below): what \`POST /api/login\` answers as \`data.token\` for a person.

Each operation lists the schemes it accepts; operations without any are public.

## Rate limits

Each key has its own limit of requests per minute (${API_KEY_RATE_LIMIT.default} unless its creator chose
between ${API_KEY_RATE_LIMIT.min} and ${API_KEY_RATE_LIMIT.max}), counted in fixed one-minute windows shared by every
server process. Every answer to a key carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and
\`X-RateLimit-Reset\` (seconds until the window ends). Over the limit the answer is \`429\` with
\`Retry-After\` (seconds).

## Answers

Every answer is the envelope \`{ "status": 1, "message"?: string, "data": … }\` on success, or
\`{ "status": 0, "message": string, "errors"?: { "<field>": "<problem>" } }\` with a 4xx code when the
request is refused (400 names each invalid field; 404 for anything not found, including another
company's ids). Lists that page take \`page\` (from 1) and \`pageSize\` (50 unless asked, at
most 100) and answer \`{ items, total }\`. Times are ISO 8601; money is in minor units (cents) of the
company's currency.

## Webhooks

Endpoints registered in **Settings › Webhooks** receive \`POST\` requests with a JSON event
(\`{ id, type, createdAt, companyId, data }\`; events \`booking.created\`, \`booking.cancelled\`,
\`waitlist.promoted\`, \`check_in.created\`, \`purchase.created\`, \`refund.created\`,
\`client.created\`), with \`Kinetic-Event-Id\` and \`Kinetic-Event-Type\` headers. Each carries the header
\`Kinetic-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret>\`.
To verify: compute the HMAC over the timestamp, a dot and the raw request body exactly as received,
compare it with \`v1\` in constant time, and refuse a timestamp more than 5 minutes from your clock.
The same event id may arrive more than once (retries, re-sends): de-duplicate on it.
`.trim();

export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'kin_…',
    description: 'An API key from Settings › API Keys (read or write scope).',
  },
  session: {
    type: 'http',
    scheme: 'bearer',
    description: 'A person’s session token (POST /api/login answers it as data.token).',
  },
} as const;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route?: { onRequest?: unknown };
};

/**
 * The zod schemas as JSON Schema (fastify-type-provider-zod), plus each operation's `security`: a
 * guarded route accepts a session; an API key too unless the route is about a person or needs an
 * ability a key lacks (staff management) or a client.
 */
export function transformWithSecurity(input: TransformInput) {
  const transformed = jsonSchemaTransform(input);
  const hooks = input.route?.onRequest;
  const guard = (Array.isArray(hooks) ? hooks : [hooks]).map(guardOf).find((found) => found !== undefined);
  if (!guard) return transformed;
  const keyAllowed =
    !isPersonalRoute(input.url) &&
    guard.roles.includes('admin') &&
    !guard.abilities.includes('manageStaff');
  const security: Record<string, string[]>[] = keyAllowed ? [{ apiKey: [] }, { session: [] }] : [{ session: [] }];
  return { ...transformed, schema: { ...transformed.schema, security } };
}
