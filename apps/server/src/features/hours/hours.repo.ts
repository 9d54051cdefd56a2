import { eq, sql } from 'drizzle-orm';
import type { WeekRanges } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { companyHours } from '../../db/schema/index.ts';

export type CompanyHoursRow = typeof companyHours.$inferSelect;

export async function findHours(tx: Executor, companyId: string): Promise<CompanyHoursRow | undefined> {
  const [row] = await tx.select().from(companyHours).where(eq(companyHours.companyId, companyId));
  return row;
}

/** The company's hours row, created empty if missing, locked until the transaction ends: changes are read-check-write. */
export async function lockHours(tx: Executor, companyId: string): Promise<CompanyHoursRow> {
  await tx.insert(companyHours).values({ companyId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(companyHours)
    .where(eq(companyHours.companyId, companyId))
    .for('update');
  if (!row) throw new Error('The hours row vanished inside its own transaction.');
  return row;
}

export async function saveHours(
  tx: Executor,
  companyId: string,
  values: { peakHour: WeekRanges; nonPeakHour: WeekRanges; peakNonPeakAllowed: boolean },
): Promise<CompanyHoursRow> {
  const [row] = await tx
    .update(companyHours)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companyHours.companyId, companyId))
    .returning();
  if (!row) throw new Error('Saving the hours returned no row.');
  return row;
}
