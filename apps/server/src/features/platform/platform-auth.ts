import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { withPlatform } from '../../db/client.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { unauthorized } from '../../plugins/errors.ts';
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

/**
 * The platform session behind the bearer token (platform_sessions: only the token's SHA-256 is kept).
 * A company session's token is not one: it answers 401, as a platform token does on company routes.
 */
export async function authenticatePlatform(request: FastifyRequest): Promise<PlatformActor> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Please log in to continue.');
  const tokenHash = hashToken(token);
  const row = await withPlatform(request.server.deps.db.db, async (tx) => {
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
    return rows[0];
  });
  if (!row) throw unauthorized(PLATFORM_SESSION_ENDED);
  return { sessionId: row.id, platformUserId: row.platform_user_id, email: row.email, name: row.name };
}

export function platformActorOf(request: FastifyRequest): PlatformActor {
  if (!request.platformActor) throw unauthorized();
  return request.platformActor;
}
