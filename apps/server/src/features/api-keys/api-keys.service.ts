import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARACTERS,
  type ApiKeyDto,
  type ApiKeyListDto,
  type CreatedApiKeyDto,
} from '@kinetic/shared';
import type { z } from 'zod';
import type { createApiKeyBody } from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { apiKeys, users } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { hashToken } from '../../plugins/tokens.ts';
import { API_KEY_ABILITIES } from './api-key-auth.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;
const API_KEY_NOT_FOUND = 'We could not find that API key.';
export const ADMINS_MAKE_KEYS =
  'Only an admin can create API keys: a key can do everything but manage staff, more than your account may.';
export const SUPPORT_LOGIN_NO_KEYS =
  'A Kinetic support session cannot create API keys: a key would keep working after the session ends. Ask the business’s admin to create it.';

/** A new key: `kin_` + 32 random bytes, URL-safe. Only its SHA-256 is stored. */
export const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

function dtoOf(row: ApiKeyRow, creatorName: string | null): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy && creatorName !== null ? { id: row.createdBy, name: creatorName } : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

async function keysOf(tx: Executor, companyId: string, apiKeyId?: string): Promise<ApiKeyDto[]> {
  const rows = await tx
    .select({ key: apiKeys, creatorName: users.name })
    .from(apiKeys)
    .leftJoin(users, and(eq(users.companyId, apiKeys.companyId), eq(users.id, apiKeys.createdBy)))
    .where(and(eq(apiKeys.companyId, companyId), apiKeyId ? eq(apiKeys.id, apiKeyId) : undefined))
    // Working keys first, each group newest first.
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => dtoOf(row.key, row.creatorName));
}

export function listApiKeys(db: Database, actor: Actor): Promise<ApiKeyListDto> {
  return withTenant(db, actor.companyId, async (tx) => ({ items: await keysOf(tx, actor.companyId) }));
}

export function createApiKey(
  db: Database,
  actor: Actor,
  body: z.output<typeof createApiKeyBody>,
): Promise<CreatedApiKeyDto> {
  // A key acts with every ability but manageStaff: whoever makes one must hold them all (no escalation).
  if (!API_KEY_ABILITIES.every((ability) => actor.abilities.includes(ability))) throw forbidden(ADMINS_MAKE_KEYS);
  const key = newApiKey();
  return withTenant(db, actor.companyId, async (tx) => {
    // A platform user's hidden support login (issue 18 §2) acts only while its support session runs.
    const [creator] = await tx
      .select({ platformUserId: users.platformUserId })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    if (creator?.platformUserId) throw forbidden(SUPPORT_LOGIN_NO_KEYS);
    const id = generateId();
    await tx.insert(apiKeys).values({
      companyId: actor.companyId,
      id,
      name: body.name,
      scope: body.scope,
      prefix: key.slice(0, API_KEY_SHOWN_CHARACTERS),
      tokenHash: hashToken(key),
      rateLimitPerMinute: body.rateLimitPerMinute,
      createdBy: actor.userId,
    });
    const [apiKey] = await keysOf(tx, actor.companyId, id);
    if (!apiKey) throw new Error('the new API key was not found');
    return { apiKey, key };
  });
}

/** Revokes a key (kept, with when it was revoked, so the list still tells its history). Idempotent. */
export function revokeApiKey(db: Database, actor: Actor, apiKeyId: string): Promise<ApiKeyDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [existing] = await keysOf(tx, actor.companyId, apiKeyId);
    if (!existing) throw notFound(API_KEY_NOT_FOUND);
    if (existing.revokedAt) return existing;
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.companyId, actor.companyId), eq(apiKeys.id, apiKeyId), isNull(apiKeys.revokedAt)));
    const [revoked] = await keysOf(tx, actor.companyId, apiKeyId);
    if (!revoked) throw notFound(API_KEY_NOT_FOUND);
    return revoked;
  });
}
