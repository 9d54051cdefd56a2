import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { ABILITIES, abilitiesOf, type ApiKeyScope, type RoleId } from '@kinetic/shared';
import { APP_ROLE } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../plugins/errors.ts';
import { hashToken } from '../../plugins/tokens.ts';

/**
 * Issue 18 §3: `Authorization: Bearer kin_…` on the company's resource routes.
 *
 * The key's actor: an admin of the key's company (in a solo business its owner's role, `solo-instructor`)
 * with every ability but `manageStaff` (a key cannot invite, change or deactivate people, their abilities,
 * pay rates or payroll) — and never more than the team member who created it may do now (a key whose maker
 * is deactivated stops, 401) — acting as that team member (`userId`: what `booked_by`, ledger actors and `created_by` columns record), with
 * no session (`sessionId` empty). A `read` key may only GET (and HEAD). Routes about a person (their
 * account, password, log-out, a client's own "my" pages, API keys themselves, the platform area) refuse
 * every key with 403, before any look-up.
 */

/** Abilities of a key: an admin's, but no staff management. */
export const API_KEY_ABILITIES = ABILITIES.filter((ability) => ability !== 'manageStaff');

export const API_KEY_PERSONAL_ROUTE =
  'API keys cannot be used here: this is for a person signed in to Kinetic (their account, API keys, staff).';
export const API_KEY_READ_ONLY = 'This API key is read-only: it can only make GET requests.';
export const API_KEY_UNKNOWN = 'This API key is not valid. Check that it was copied whole.';
export const API_KEY_REVOKED = 'This API key has been revoked. Create a new one in Settings › API Keys.';
export const API_KEY_MAKER_DEACTIVATED =
  'This API key stopped working when the team member who created it was deactivated. Create a new one in Settings › API Keys.';
export const API_KEY_SUSPENDED =
  'This business is suspended at the moment: its API keys do not work until it is reactivated.';

export const API_KEY_MAKER_CANNOT =
  'This API key cannot do this: the team member who created it is no longer allowed to.';

/** Why a key is refused a team route lacking `missing` abilities: a staff route, or what its maker lost. */
export const apiKeyRefusal = (missing: readonly string[]): string =>
  missing.length === 0 || missing.includes('manageStaff') ? API_KEY_PERSONAL_ROUTE : API_KEY_MAKER_CANNOT;

/** Last use is written at most this often per key (like sessions): no write per request for it. */
const TOUCH_AFTER_MS = 60_000;
const WINDOW_SECONDS = 60;

/**
 * The route patterns (with their parameters, as registered) a key may never call: a person's own
 * things. A client-only route is refused too, by its role (a key is an admin, no client).
 */
const PERSONAL_ROUTES = [
  /^\/api\/me(?:\/|$)/,
  /^\/api\/logout$/,
  /^\/api\/my\//,
  /^\/api\/api-keys(?:\/|$)/,
  /^\/api\/platform(?:\/|$)/,
  /^\/api\/support-access(?:\/|$)/,
  /^\/api\/support-sessions(?:\/|$)/,
  /^\/api\/kiosk\/unlock$/,
];

/** Whether a route (its registered pattern, e.g. `/api/my/orders`) refuses API keys whatever the guard. */
export const isPersonalRoute = (url: string): boolean => PERSONAL_ROUTES.some((pattern) => pattern.test(url));

export const refuseApiKeyOnPersonalRoute = (request: FastifyRequest): boolean =>
  isPersonalRoute(request.routeOptions.url ?? request.url);

interface ApiKeyRow {
  company_id: string;
  id: string;
  scope: ApiKeyScope;
  user_id: string;
  rate_limit_per_minute: number;
  revoked: boolean;
  suspended: boolean;
  maker_deactivated: boolean;
  maker_role: RoleId | null;
  maker_abilities: string[] | null;
  kind: 'company' | 'solo';
  count: number | null;
  reset_seconds: number | null;
}

export interface ApiKeyLimit {
  limit: number;
  remaining: number;
  resetSeconds: number;
  over: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The rate limit of the API key this request came with (its answer's X-RateLimit-* headers). */
    apiKeyLimit?: ApiKeyLimit;
  }
}

/**
 * One statement, one round trip, committed on its own (a count must outlive a refused request): find the
 * key by its SHA-256 with its company's suspension (platform scope, as the session look-up), count the
 * request in the key's fixed one-minute window in `rate_limits` (the same table and rule as
 * plugins/rate-limit.ts `countEvent`, so every server process shares it), and record last use when it is
 * older than a minute. Revoked keys and suspended companies are neither counted nor touched. The hash is
 * 64 hex characters, checked, so inlining it is safe (the simple protocol carries both statements).
 */
function lookUpSql(tokenHash: string): string {
  return `select set_config('role', '${APP_ROLE}', true), set_config('app.scope', 'platform', true);
with found as (
  select k.company_id, k.id, k.scope, coalesce(k.created_by, '') as user_id, k.rate_limit_per_minute,
         k.revoked_at is not null as revoked, c.suspended_at is not null as suspended, c.kind,
         coalesce(u.deactivated_at is not null, true) as maker_deactivated, u.role as maker_role,
         u.abilities as maker_abilities,
         (k.last_used_at is null or k.last_used_at < now() - interval '${TOUCH_AFTER_MS} milliseconds') as stale
    from api_keys k join companies c on c.id = k.company_id
    left join users u on u.company_id = k.company_id and u.id = k.created_by
   where k.token_hash = '${tokenHash}'
), usable as (
  select * from found where not revoked and not suspended and not maker_deactivated
), counted as (
  insert into rate_limits (key, count, window_started_at)
  select 'api-key:' || company_id || ':' || id, 1, now() from usable
  on conflict (key) do update set
    count = case when rate_limits.window_started_at <= now() - interval '${WINDOW_SECONDS} seconds'
                 then 1 else rate_limits.count + 1 end,
    window_started_at = case when rate_limits.window_started_at <= now() - interval '${WINDOW_SECONDS} seconds'
                 then now() else rate_limits.window_started_at end
  returning count, window_started_at
), touched as (
  update api_keys k set last_used_at = now() from usable u
   where k.company_id = u.company_id and k.id = u.id and u.stale
  returning k.id
)
select f.company_id, f.id, f.scope, f.user_id, f.rate_limit_per_minute, f.revoked, f.suspended,
       f.maker_deactivated, f.maker_role, f.maker_abilities, f.kind, c.count,
       greatest(1, ceil(extract(epoch from c.window_started_at + interval '${WINDOW_SECONDS} seconds' - now())))::int
         as reset_seconds
  from found f left join counted c on true`;
}

/**
 * The actor behind an API key, or 401 (unknown, revoked, suspended company), 429 (over the key's
 * limit) or 403 (a read-only key on anything but GET/HEAD). The request's tenant transaction is not
 * parked (as a session look-up's is): the first `withTenant` opens it.
 */
export async function authenticateApiKey(request: FastifyRequest, token: string): Promise<Actor> {
  const tokenHash = hashToken(token);
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) throw unauthorized(API_KEY_UNKNOWN);
  const pool: pg.Pool = request.server.deps.db.pool;
  const results = (await pool.query(lookUpSql(tokenHash))) as unknown as pg.QueryResult<ApiKeyRow>[];
  const row = results[1]?.rows[0];
  if (!row) throw unauthorized(API_KEY_UNKNOWN);
  if (row.revoked) throw unauthorized(API_KEY_REVOKED);
  if (row.suspended) throw unauthorized(API_KEY_SUSPENDED);
  if (row.maker_deactivated || !row.maker_role) throw unauthorized(API_KEY_MAKER_DEACTIVATED);
  const count = Number(row.count ?? 0);
  const limit = row.rate_limit_per_minute;
  const resetSeconds = row.reset_seconds ?? WINDOW_SECONDS;
  request.apiKeyLimit = { limit, remaining: Math.max(0, limit - count), resetSeconds, over: count > limit };
  if (count > limit)
    throw tooManyRequests(
      `This API key made more than ${limit} requests in a minute. Try again in ${resetSeconds} second${resetSeconds === 1 ? '' : 's'}.`,
    );
  if (row.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD')
    throw forbidden(API_KEY_READ_ONLY);
  return {
    sessionId: '',
    userId: row.user_id,
    companyId: row.company_id,
    // The owner's role: a solo business has no admin, and a key may do no more than its owner.
    roleId: row.kind === 'solo' ? 'solo-instructor' : 'admin',
    // Never more than its maker may do now (a maker since given fewer abilities takes them from the key).
    abilities: API_KEY_ABILITIES.filter((ability) =>
      abilitiesOf(row.maker_role as RoleId, row.maker_abilities).includes(ability),
    ),
    apiKey: { id: row.id, scope: row.scope },
  };
}

/** X-RateLimit-Limit / -Remaining / -Reset on every answer to a key, and Retry-After on its 429. */
export function sendApiKeyLimitHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const limit = request.apiKeyLimit;
  if (!limit) return;
  reply.header('x-ratelimit-limit', String(limit.limit));
  reply.header('x-ratelimit-remaining', String(limit.remaining));
  reply.header('x-ratelimit-reset', String(limit.resetSeconds));
  if (limit.over) reply.header('retry-after', String(limit.resetSeconds));
}
