import { eq, sql } from 'drizzle-orm';
import type { SaveSessionSettingsValues } from '@kinetic/shared';
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
  values: SaveSessionSettingsValues,
): Promise<SessionSettingsRow> {
  // Without a reminder time the saved one stays (the column's default on a first save).
  const { reminderHoursBefore, ...rules } = values;
  const set = reminderHoursBefore === undefined ? rules : { ...rules, reminderHoursBefore };
  const [row] = await tx
    .insert(sessionSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: sessionSettings.companyId, set: { ...set, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('Saving the session rules returned no row.');
  return row;
}
