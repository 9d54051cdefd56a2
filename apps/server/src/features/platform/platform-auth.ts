import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { withPlatform } from '../../db/client.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { forbidden, unauthorized } from '../../plugins/errors.ts';
import { hashToken } from '../../plugins/tokens.ts';

/** The signed-in platform (uber) user: no company, no role of one. */
export interface PlatformActor {
  sessionId: string;
  platformUserId: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    platformActor?: PlatformActor;
  }
}

const PLATFORM_SESSION_ENDED = 'Your platform session has ended. Please log in again.';
const NOT_PLATFORM = 'Your account cannot do this: this is the Kinetic platform’s area.';

/**
 * The platform session behind the bearer token (platform_sessions: only the token's SHA-256 is kept).
 * A company session's token is not one: it answers 403 (signed in, not allowed); a platform token answers
 * 401 on company routes (it is no company session).
 */
export async function authenticatePlatform(request: FastifyRequest): Promise<PlatformActor> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Please log in to continue.');
  const tokenHash = hashToken(token);
  const { row, companySession } = await withPlatform(request.server.deps.db.db, async (tx) => {
    const { rows } = await tx.execute<{
      id: string;
      platform_user_id: string;
      email: string;
      name: string;
    }>(sql`
      update platform_sessions s set last_used_at = now()
        from platform_users u
       where s.token_hash = ${tokenHash} and s.expires_at > now() and u.id = s.platform_user_id
      returning s.id, s.platform_user_id, u.email, u.name`);
    if (rows[0]) return { row: rows[0], companySession: false };
    const company = await tx.execute(
      sql`select 1 from sessions where token_hash = ${tokenHash} and expires_at > now() limit 1`,
    );
    return { row: undefined, companySession: company.rows.length > 0 };
  });
  // Someone signed in to a company, whatever their role, is refused here (403), as on any route not theirs.
  if (!row && companySession) throw forbidden(NOT_PLATFORM);
  if (!row) throw unauthorized(PLATFORM_SESSION_ENDED);
  return { sessionId: row.id, platformUserId: row.platform_user_id, email: row.email, name: row.name };
}

export function platformActorOf(request: FastifyRequest): PlatformActor {
  if (!request.platformActor) throw unauthorized();
  return request.platformActor;
}
