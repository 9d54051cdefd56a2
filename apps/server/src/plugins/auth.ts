import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLE_IDS, type RoleId } from '@kinetic/shared';
import { withPlatform, type Database } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
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

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The session behind the Authorization header (the only credential the server reads). */
export async function authenticate(db: Database, request: FastifyRequest): Promise<Actor> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Please log in to continue.');
  const tokenHash = hashToken(token);
  const session = await withPlatform(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)));
    // Touch at most once a minute: a read-heavy page must not turn every call into a write.
    if (row && Date.now() - row.lastUsedAt.getTime() > 60_000) {
      await tx.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, row.id));
    }
    return row;
  });
  if (!session) throw unauthorized(SESSION_EXPIRED);
  return { sessionId: session.id, userId: session.userId, companyId: session.companyId, roleId: session.role };
}

/** onRequest hook (before the body is read or validated): a valid session whose role is one of `roles`; 401 without one, 403 for another role. */
export function requireRole(roles: readonly RoleId[]) {
  return async function checkRole(request: FastifyRequest) {
    const actor = await authenticate(request.server.deps.db.db, request);
    if (!roles.includes(actor.roleId)) throw forbidden('Your account cannot do this.');
    request.actor = actor;
  };
}

/** The actor requireRole already settled; routes behind requireRole always have one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
