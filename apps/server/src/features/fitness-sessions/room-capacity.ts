import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { classInstances, fitnessSessions } from '../../db/schema/index.ts';
import { conflict } from '../../plugins/errors.ts';

/**
 * A room now holds fewer people: classes still to come in it, and the series that make them, take at
 * most the new capacity (a class is never above its room's). Refused with 409 while a class to come has
 * more people booked than the room will hold. Runs in the studio save's transaction.
 */
export async function fitClassesToRoom(
  tx: Executor,
  companyId: string,
  room: { id: string; name: string; capacity: number },
  now = new Date(),
): Promise<void> {
  const inRoom = and(
    eq(classInstances.companyId, companyId),
    eq(classInstances.roomId, room.id),
    gt(classInstances.startsAt, now),
    gt(classInstances.capacity, room.capacity),
  );
  const [fullest] = await tx
    .select({ booked: classInstances.bookedCount })
    .from(classInstances)
    .where(and(inRoom, eq(classInstances.status, 'scheduled'), gt(classInstances.bookedCount, room.capacity)))
    .orderBy(sql`${classInstances.bookedCount} desc`)
    .limit(1);
  if (fullest)
    throw conflict(
      `${fullest.booked} people are booked in a class to come in ${room.name}, so it cannot hold fewer than ${fullest.booked}.`,
    );
  await tx
    .update(classInstances)
    .set({ capacity: room.capacity, updatedAt: sql`now()` })
    .where(and(inRoom, sql`${classInstances.bookedCount} <= ${room.capacity}`));
  await tx
    .update(fitnessSessions)
    .set({ capacity: room.capacity, updatedAt: sql`now()` })
    .where(
      and(
        eq(fitnessSessions.companyId, companyId),
        eq(fitnessSessions.roomId, room.id),
        gt(fitnessSessions.capacity, room.capacity),
      ),
    );
}
