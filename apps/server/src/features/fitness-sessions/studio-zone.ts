import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { postgresErrorCode } from '../../db/errors.ts';
import { classInstances, fitnessSessions } from '../../db/schema/index.ts';
import { conflict } from '../../plugins/errors.ts';
import { classesBeforeChange, notifyClassChanges } from './class-changes.ts';
import { localTimeOf, zonedInstant } from './zoned-time.ts';

/**
 * A studio's time zone changed (typically a zone corrected after classes were entered): its series take
 * the new zone, and its classes still to come keep their wall clock — 18:00 on their date stays 18:00,
 * now in the new zone. Past classes keep their instants. Runs in the studio save's transaction; clients
 * booked into a class that moved are emailed the corrected time and calendar entry ("Class changed").
 *
 * The exclusion constraints are checked row by row, so shifting one class could collide with a
 * neighbour not yet shifted: the scheduled classes leave the constraints (status `cancelled`) while
 * their times change, then come back in one statement, which refuses only a real overlap (an instructor
 * who also teaches in another studio at the new time) — answered 409, and nothing is saved.
 */
export async function keepClassesOnTheWallClock(
  tx: Executor,
  companyId: string,
  studioId: string,
  zones: { from: string; to: string },
  now = new Date(),
  publicUrl = '',
): Promise<number> {
  if (zones.from === zones.to) return 0;
  // Booked classes as they were: their clients get the corrected time and calendar entry (class-changes.ts).
  const before = await classesBeforeChange(tx, companyId, { studioId, after: now });
  // The studio row may already carry the new zone: the classes were on the old one's clock.
  for (const cls of before.values()) cls.timeZone = zones.from;
  await tx
    .update(fitnessSessions)
    .set({ timeZone: zones.to, updatedAt: sql`now()` })
    .where(
      and(
        eq(fitnessSessions.companyId, companyId),
        eq(fitnessSessions.studioId, studioId),
        ne(fitnessSessions.timeZone, zones.to),
      ),
    );
  const rows = await tx
    .select({
      id: classInstances.id,
      status: classInstances.status,
      localDate: classInstances.localDate,
      startsAt: classInstances.startsAt,
      endsAt: classInstances.endsAt,
    })
    .from(classInstances)
    .where(
      and(
        eq(classInstances.companyId, companyId),
        eq(classInstances.studioId, studioId),
        gt(classInstances.startsAt, now),
      ),
    )
    .for('update');
  if (rows.length === 0) return 0;
  const scheduled = rows.filter((row) => row.status === 'scheduled').map((row) => row.id);
  const mine = (ids: string[]) =>
    and(eq(classInstances.companyId, companyId), inArray(classInstances.id, ids));
  if (scheduled.length > 0)
    await tx.update(classInstances).set({ status: 'cancelled' }).where(mine(scheduled));
  for (const row of rows) {
    const startsAt = zonedInstant(row.localDate, localTimeOf(row.startsAt, zones.from), zones.to);
    const endsAt = new Date(startsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime()));
    await tx
      .update(classInstances)
      .set({ startsAt, endsAt, updatedAt: sql`now()` })
      .where(mine([row.id]));
  }
  if (scheduled.length > 0) {
    try {
      await tx.update(classInstances).set({ status: 'scheduled' }).where(mine(scheduled));
    } catch (error) {
      if (postgresErrorCode(error) !== '23P01') throw error;
      throw conflict(
        `In ${zones.to} time, a class of this studio would overlap another class of the same instructor or room. Move that class first, then change the time zone.`,
      );
    }
  }
  await notifyClassChanges(tx, companyId, before, { publicUrl, now });
  return rows.length;
}
