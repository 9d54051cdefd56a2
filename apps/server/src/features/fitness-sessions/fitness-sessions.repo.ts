import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fitnessSessions } from '../../db/schema/index.ts';

export type FitnessSessionRow = typeof fitnessSessions.$inferSelect;
export type NewFitnessSession = typeof fitnessSessions.$inferInsert;

export async function findSeries(
  tx: Executor,
  companyId: string,
  id: string,
  { lock = false } = {},
): Promise<FitnessSessionRow | undefined> {
  const query = tx
    .select()
    .from(fitnessSessions)
    .where(and(eq(fitnessSessions.companyId, companyId), eq(fitnessSessions.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertSeries(tx: Executor, values: NewFitnessSession): Promise<FitnessSessionRow> {
  const [row] = await tx.insert(fitnessSessions).values(values).returning();
  if (!row) throw new Error('Adding the class series returned no row.');
  return row;
}

export async function updateSeries(
  tx: Executor,
  companyId: string,
  id: string,
  values: Partial<NewFitnessSession>,
): Promise<FitnessSessionRow> {
  const [row] = await tx
    .update(fitnessSessions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(fitnessSessions.companyId, companyId), eq(fitnessSessions.id, id)))
    .returning();
  if (!row) throw new Error('The class series vanished while it was being saved.');
  return row;
}

export async function deleteSeries(tx: Executor, companyId: string, id: string): Promise<void> {
  await tx.delete(fitnessSessions).where(and(eq(fitnessSessions.companyId, companyId), eq(fitnessSessions.id, id)));
}

/**
 * Series whose classes are generated less far than `horizon` and that have not ended before it, locked.
 * A series an edit holds is passed over until the next run; without the lock the job could
 * read the rule an edit is replacing and add classes of that old rule once the edit commits.
 */
export async function seriesBehind(tx: Executor, horizon: string, limit: number): Promise<FitnessSessionRow[]> {
  return tx
    .select()
    .from(fitnessSessions)
    .where(
      and(
        lt(fitnessSessions.generatedUntil, horizon),
        or(isNull(fitnessSessions.endedAfter), sql`${fitnessSessions.endedAfter} > ${fitnessSessions.generatedUntil}`),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}
