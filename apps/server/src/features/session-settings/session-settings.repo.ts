import { eq, sql } from 'drizzle-orm';
import type { SessionSettingsValues } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { sessionSettings } from '../../db/schema/index.ts';

export type SessionSettingsRow = typeof sessionSettings.$inferSelect;

export async function findSessionSettings(
  tx: Executor,
  companyId: string,
): Promise<SessionSettingsRow | undefined> {
  const [row] = await tx.select().from(sessionSettings).where(eq(sessionSettings.companyId, companyId));
  return row;
}

export async function upsertSessionSettings(
  tx: Executor,
  companyId: string,
  values: SessionSettingsValues,
): Promise<SessionSettingsRow> {
  const [row] = await tx
    .insert(sessionSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: sessionSettings.companyId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('Saving the session rules returned no row.');
  return row;
}
