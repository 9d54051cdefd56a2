import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { WeekRanges } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { availabilityExceptions, instructors, instructorWorkingHours } from '../../db/schema/index.ts';

export type ExceptionRow = typeof availabilityExceptions.$inferSelect;

const person = { id: instructors.id, name: instructors.name, userId: instructors.userId };

export async function findInstructor(tx: Executor, companyId: string, instructorId: string) {
  const [row] = await tx
    .select(person)
    .from(instructors)
    .where(and(eq(instructors.companyId, companyId), eq(instructors.id, instructorId)));
  return row;
}

/** The instructor row a login is (an instructor invited with their login, or an owner who teaches). */
export async function instructorOfUser(tx: Executor, companyId: string, userId: string) {
  const [row] = await tx
    .select(person)
    .from(instructors)
    .where(and(eq(instructors.companyId, companyId), eq(instructors.userId, userId)));
  return row;
}

export async function activeInstructors(tx: Executor, companyId: string) {
  return tx
    .select(person)
    .from(instructors)
    .where(and(eq(instructors.companyId, companyId), eq(instructors.active, true)))
    .orderBy(asc(sql`lower(${instructors.name})`), asc(instructors.id));
}

export async function weeklyOf(tx: Executor, companyId: string, instructorId: string) {
  return tx
    .select({ studioId: instructorWorkingHours.studioId, hours: instructorWorkingHours.hours })
    .from(instructorWorkingHours)
    .where(
      and(
        eq(instructorWorkingHours.companyId, companyId),
        eq(instructorWorkingHours.instructorId, instructorId),
      ),
    )
    .orderBy(asc(instructorWorkingHours.studioId));
}

/** The instructor's whole week, replaced: studios left out lose their hours. */
export async function replaceWeekly(
  tx: Executor,
  companyId: string,
  instructorId: string,
  studios: readonly { studioId: string; hours: WeekRanges }[],
): Promise<void> {
  await tx
    .delete(instructorWorkingHours)
    .where(
      and(
        eq(instructorWorkingHours.companyId, companyId),
        eq(instructorWorkingHours.instructorId, instructorId),
      ),
    );
  if (studios.length === 0) return;
  await tx
    .insert(instructorWorkingHours)
    .values(studios.map((row) => ({ companyId, instructorId, studioId: row.studioId, hours: row.hours })));
}

export async function exceptionsFrom(tx: Executor, companyId: string, instructorId: string, from: string) {
  return tx
    .select()
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.companyId, companyId),
        eq(availabilityExceptions.instructorId, instructorId),
        gte(availabilityExceptions.date, from),
      ),
    )
    .orderBy(
      asc(availabilityExceptions.date),
      asc(sql`coalesce(${availabilityExceptions.startTime}, '')`),
      asc(availabilityExceptions.id),
    );
}

export async function insertException(
  tx: Executor,
  values: typeof availabilityExceptions.$inferInsert,
): Promise<ExceptionRow> {
  const [row] = await tx.insert(availabilityExceptions).values(values).returning();
  return row!;
}

/** Deletes one of the instructor's exceptions; false when there was none by that id. */
export async function deleteException(
  tx: Executor,
  companyId: string,
  instructorId: string,
  exceptionId: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.companyId, companyId),
        eq(availabilityExceptions.instructorId, instructorId),
        eq(availabilityExceptions.id, exceptionId),
      ),
    )
    .returning({ id: availabilityExceptions.id });
  return deleted.length > 0;
}
