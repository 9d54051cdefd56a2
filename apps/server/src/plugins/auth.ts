import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import {
  abilitiesOf,
  isApiKeyToken,
  ROLE_IDS,
  TEAM_ROLES,
  type Ability,
  type ApiKeyScope,
  type RoleId,
} from '@kinetic/shared';
import {
  APP_ROLE,
  BEGIN_AS_APP,
  ParkedTransaction,
  requestContext,
  type RequestContext,
} from '../db/client.ts';
import { forbidden, unauthorized } from './errors.ts';
import { hashToken } from './tokens.ts';
import {
  API_KEY_PERSONAL_ROUTE,
  apiKeyRefusal,
  authenticateApiKey,
  refuseApiKeyOnPersonalRoute,
  sendApiKeyLimitHeaders,
} from '../features/api-keys/api-key-auth.ts';

export interface Actor {
  sessionId: string;
  userId: string;
  companyId: string;
  roleId: RoleId;
  /** What this person may do (issue 15 §2): their role's defaults or the owner's choice for them. */
  abilities: readonly Ability[];
  /**
   * Set when the request came with an API key (Settings › API Keys) rather than a person's session:
   * the key acts as an admin of its company (every ability but managing staff); `userId` is then the
   * team member who created the key and `sessionId` is empty. See features/api-keys/api-key-auth.ts.
   */
  apiKey?: { id: string; scope: ApiKeyScope };
}

/** The signed-in user and company, read with the session when a route asks for it (`withAccount`). */
export interface SessionAccount {
  user: { id: string; name: string; email: string; phone: string | null; role: RoleId };
  company: {
    id: string;
    slug: string;
    name: string;
    kind: 'company' | 'solo';
    logo: string | null;
    completedOnboarding: string[];
    locale: string;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
    account?: SessionAccount;
  }
}

export const ANY_ROLE: readonly RoleId[] = ROLE_IDS;

const SESSION_EXPIRED = 'Your session has ended. Please log in again.';
/** Last use is recorded at most this often per session: a read-heavy page must not turn every call into a write. */
const TOUCH_AFTER_MS = 60_000;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

interface SessionRow {
  id: string;
  company_id: string;
  user_id: string;
  role: RoleId;
  stale: boolean;
  abilities: string[] | null;
}

interface AccountRow {
  user_id: string;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  user_role: RoleId;
  company_id: string;
  company_slug: string;
  company_name: string;
  company_kind: 'company' | 'solo';
  company_logo: string | null;
  company_locale: string;
  company_completed_onboarding: string[];
}

/**
 * What the session look-up's one message also does:
 * - `look-up`: nothing more (an implicit transaction whose settings end with it);
 * - `open`: begins the request's tenant transaction, scoped to the session's company, and parks it
 *   for the first `withTenant` (for requests whose body is already read or absent);
 * - `account`: also reads the signed-in user and company (GET /api/me), so that route needs no
 *   second round trip and no transaction.
 */
type Mode = 'look-up' | 'open' | 'account';

/**
 * The session behind a token, in one round trip. `kinetic_open_session` (migration 0003) finds it
 * in the platform scope and scopes the rest of the transaction to its company and user. The token's
 * hash is 64 hex characters, so inlining it is safe. Every request reads the row, so a logout or an
 * expiry is seen by the next request in every process.
 */
async function findSession(
  pool: pg.Pool,
  token: string,
  mode: Mode,
): Promise<{ session?: SessionRow; parked?: ParkedTransaction; account?: AccountRow }> {
  const tokenHash = hashToken(token);
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) return {};
  const lookUp = `select * from kinetic_open_session('${tokenHash}', '${TOUCH_AFTER_MS} milliseconds')`;
  if (mode !== 'open') {
    // Without BEGIN the message runs as one implicit transaction: the settings end with it.
    const readAccount = mode === 'account' ? '; select * from kinetic_session_account()' : '';
    const results = (await pool.query(
      `select set_config('role', '${APP_ROLE}', true); ${lookUp}${readAccount}`,
    )) as unknown as pg.QueryResult[];
    return { session: results[1]?.rows[0], account: results[2]?.rows[0] };
  }
  const client = await pool.connect();
  let results: pg.QueryResult[];
  try {
    results = (await client.query(`${BEGIN_AS_APP}; ${lookUp}`)) as unknown as pg.QueryResult[];
  } catch (error) {
    await client.query('rollback').catch(() => {});
    client.release(true);
    throw error;
  }
  const session = results[2]?.rows[0] as SessionRow | undefined;
  const parked = new ParkedTransaction(client, session?.company_id ?? '');
  if (!session) {
    await parked.discard();
    return {};
  }
  return { session, parked };
}

/** A request whose body has been read already, or that has none: holding a connection costs nothing while it arrives. */
function hasNoBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

function toAccount(row: AccountRow): SessionAccount {
  return {
    user: {
      id: row.user_id,
      name: row.user_name,
      email: row.user_email,
      phone: row.user_phone,
      role: row.user_role,
    },
    company: {
      id: row.company_id,
      slug: row.company_slug,
      name: row.company_name,
      kind: row.company_kind,
      logo: row.company_logo,
      completedOnboarding: row.company_completed_onboarding,
      locale: row.company_locale,
    },
  };
}

/** The session behind the Authorization header (the only credential the server reads). */
export async function authenticate(
  request: FastifyRequest,
  { withAccount = false, park = true }: AuthOptions = {},
): Promise<Actor> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Please log in to continue.');
  // An API key (`kin_` + 43 characters; a session token is 43 characters, so the two never mix).
  if (isApiKeyToken(token)) {
    if (withAccount || refuseApiKeyOnPersonalRoute(request)) throw forbidden(API_KEY_PERSONAL_ROUTE);
    return authenticateApiKey(request, token);
  }
  const { db, sessionTouches } = request.server.deps;
  const context = requestContext.getStore();
  const mode: Mode = withAccount
    ? 'account'
    : park && context !== undefined && hasNoBody(request)
      ? 'open'
      : 'look-up';
  const { session, parked, account } = await findSession(db.pool, token, mode);
  if (!session) throw unauthorized(SESSION_EXPIRED);
  if (session.stale) sessionTouches.add(session.id);
  if (parked) {
    // The client may have gone while the look-up ran: then no hook is left to end this transaction.
    if (!context || context.ended || request.raw.destroyed) await parked.discard();
    else context.parked = parked;
  }
  if (account) request.account = toAccount(account);
  return {
    sessionId: session.id,
    userId: session.user_id,
    companyId: session.company_id,
    roleId: session.role,
    abilities: abilitiesOf(session.role, session.abilities),
  };
}

export interface AuthOptions {
  /** Also read the signed-in user and company with the session (GET /api/me). */
  withAccount?: boolean;
  /**
   * Open the tenant transaction with the look-up (default). Routes that stream an answer or wait on
   * slow work before their first query (argon2, a payment provider) pass `false`, so no connection is
   * held idle while they do.
   */
  park?: boolean;
}

/**
 * onRequest hook (before the body is read or validated): a valid session whose role is one of
 * `roles`; 401 without one, 403 for another role.
 */
export function requireRole(roles: readonly RoleId[], options: AuthOptions = {}) {
  return async function checkRole(request: FastifyRequest) {
    const actor = await authenticate(request, options);
    if (!roles.includes(actor.roleId)) {
      await requestContext.getStore()?.parked?.discard();
      // A key is no client: the routes of a client acting for themselves are not for it.
      throw forbidden(actor.apiKey ? API_KEY_PERSONAL_ROUTE : 'Your account cannot do this.');
    }
    request.actor = actor;
  };
}

/**
 * The sentence a refused team member reads. A solo instructor owns their account: what they may not do is
 * not part of it (the staff pages), and there is no one else to ask.
 */
export function refusalFor(roleId: RoleId): string {
  return roleId === 'solo-instructor'
    ? 'This is not part of a solo instructor’s account.'
    : 'Your account cannot do this. Ask the business owner or an admin for access.';
}

/**
 * onRequest hook: a member of the team (admin, staff, instructor, solo instructor) who has every one of
 * `abilities` (issue 15 §2); 401 without a session, 403 otherwise, naming what is missing.
 */
export function requireAbility(abilities: Ability | readonly Ability[], options: AuthOptions = {}) {
  const needed: readonly Ability[] = typeof abilities === 'string' ? [abilities] : abilities;
  return async function checkAbility(request: FastifyRequest) {
    const actor = await authenticate(request, options);
    const missing = needed.filter((ability) => !actor.abilities.includes(ability));
    if (!TEAM_ROLES.includes(actor.roleId) || missing.length > 0) {
      await requestContext.getStore()?.parked?.discard();
      throw forbidden(actor.apiKey ? apiKeyRefusal(missing) : refusalFor(actor.roleId));
    }
    request.actor = actor;
  };
}

/** Whether the signed-in person has an ability (for answers that show more to some, e.g. money). */
export const actorCan = (actor: Actor, ability: Ability): boolean => actor.abilities.includes(ability);

/**
 * Every request runs in its own request context (so the database layer finds a parked transaction),
 * and whatever is still parked when the answer has gone, or the client has gone, is ended.
 */
export function registerRequestContext(app: FastifyInstance): void {
  // Kept beside the request too: response events do not always run in the request's async context.
  const contexts = new WeakMap<FastifyRequest, RequestContext>();
  app.addHook('onRequest', (request, reply, done) => {
    const context: RequestContext = {};
    contexts.set(request, context);
    // 'close' comes for every answer, also when the client went away and 'finish' never will.
    reply.raw.once('close', () => {
      context.ended = true;
      void context.parked?.discard();
    });
    requestContext.run(context, done);
  });
  // Callback style, not async: these run on every answer, and most have nothing parked.
  const discardParked = (request: FastifyRequest, done: () => void) => {
    const context = contexts.get(request);
    if (context) context.ended = true;
    const parked = context?.parked;
    if (parked) void parked.discard().finally(done);
    else done();
  };
  app.addHook('onResponse', (request, _reply, done) => discardParked(request, done));
  // An API key's rate-limit headers (X-RateLimit-*, Retry-After on a 429), on its answers only.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.apiKeyLimit) sendApiKeyLimitHeaders(request, reply);
    done(null, payload);
  });
  app.addHook('onRequestAbort', discardParked);
}

/** The actor requireRole already settled; routes behind requireRole always have one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
