import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { ROLE_IDS, type RoleId } from '@kinetic/shared';
import { APP_ROLE, BEGIN_AS_APP, ParkedTransaction, requestContext, type RequestContext } from '../db/client.ts';
import { forbidden, unauthorized } from './errors.ts';
import { hashToken } from './tokens.ts';

export interface Actor {
  sessionId: string;
  userId: string;
  companyId: string;
  roleId: RoleId;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
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
}

const SESSION_COLUMNS = `id, company_id, user_id, role, last_used_at < now() - interval '${TOUCH_AFTER_MS} milliseconds' as stale`;

/**
 * The session behind a token, in one round trip. The look-up runs in the platform scope; when
 * `open` is set, the same message begins a transaction and, once the session is found, scopes it to
 * the session's company, ready for the request's first `withTenant`. The token's hash is 64 hex
 * characters, so inlining it is safe. Every request reads the row, so a logout or an expiry is seen
 * by the next request in every process.
 */
async function findSession(
  pool: pg.Pool,
  token: string,
  open: boolean,
): Promise<{ session: SessionRow | undefined; parked?: ParkedTransaction }> {
  const tokenHash = hashToken(token);
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) return { session: undefined };
  const lookUp = `select ${SESSION_COLUMNS} from sessions where token_hash = '${tokenHash}' and expires_at > now()`;
  if (!open) {
    // Without BEGIN the message runs as one implicit transaction: the settings end with it.
    const results = (await pool.query(
      `select set_config('role', '${APP_ROLE}', true), set_config('app.scope', 'platform', true); ${lookUp}`,
    )) as unknown as pg.QueryResult[];
    return { session: results[1]?.rows[0] as SessionRow | undefined };
  }
  const client = await pool.connect();
  let results: pg.QueryResult[];
  try {
    // The unique token hash finds at most one row, whose company the transaction is then scoped to.
    results = (await client.query(
      `${BEGIN_AS_APP}, set_config('app.scope', 'platform', true);
       select ${SESSION_COLUMNS}, set_config('app.company_id', company_id, true)
         from sessions where token_hash = '${tokenHash}' and expires_at > now();
       select set_config('app.scope', '', true)`,
    )) as unknown as pg.QueryResult[];
  } catch (error) {
    await client.query('rollback').catch(() => {});
    client.release(true);
    throw error;
  }
  const session = results[2]?.rows[0] as SessionRow | undefined;
  const parked = new ParkedTransaction(client, session?.company_id ?? '');
  if (!session) {
    await parked.discard();
    return { session };
  }
  return { session, parked };
}

/** A request whose body has been read already, or that has none: holding a connection costs nothing while it arrives. */
function hasNoBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/**
 * The session behind the Authorization header (the only credential the server reads). For a request
 * without a body the answer comes with its tenant transaction already open (one round trip for both).
 */
export async function authenticate(request: FastifyRequest): Promise<Actor> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Please log in to continue.');
  const { db, sessionTouches } = request.server.deps;
  const context = requestContext.getStore();
  const { session, parked } = await findSession(db.pool, token, context !== undefined && hasNoBody(request));
  if (!session) throw unauthorized(SESSION_EXPIRED);
  if (session.stale) sessionTouches.add(session.id);
  if (context && parked) context.parked = parked;
  return { sessionId: session.id, userId: session.user_id, companyId: session.company_id, roleId: session.role };
}

/** onRequest hook (before the body is read or validated): a valid session whose role is one of `roles`; 401 without one, 403 for another role. */
export function requireRole(roles: readonly RoleId[]) {
  return async function checkRole(request: FastifyRequest) {
    const actor = await authenticate(request);
    if (!roles.includes(actor.roleId)) {
      await requestContext.getStore()?.parked?.discard();
      throw forbidden('Your account cannot do this.');
    }
    request.actor = actor;
  };
}

/**
 * Every request runs in its own request context (so the database layer finds a parked transaction),
 * and whatever is still parked when the answer has gone, or the client has gone, is ended.
 */
export function registerRequestContext(app: FastifyInstance): void {
  // Kept beside the request too: response events do not always run in the request's async context.
  const contexts = new WeakMap<FastifyRequest, RequestContext>();
  app.addHook('onRequest', (request, _reply, done) => {
    const context: RequestContext = {};
    contexts.set(request, context);
    requestContext.run(context, done);
  });
  const discardParked = async (request: FastifyRequest) => {
    await contexts.get(request)?.parked?.discard();
  };
  app.addHook('onResponse', discardParked);
  app.addHook('onRequestAbort', discardParked);
}

/** The actor requireRole already settled; routes behind requireRole always have one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
