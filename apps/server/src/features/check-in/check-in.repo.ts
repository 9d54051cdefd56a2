import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { RuleOverrides } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import {
  bookingEvents,
  bookings,
  checkInSecrets,
  classInstances,
  classTemplates,
  companies,
  fitnessSessions,
  studioRooms,
  studios,
} from '../../db/schema/index.ts';

/** One class instance as the door screen and the check-in pages read it (classes of a series only). */
export interface DoorClassRow {
  id: string;
  fitnessSessionId: string;
  status: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  studioId: string;
  studioName: string;
  roomName: string | null;
  capacity: number;
  bookedCount: number;
  companyName: string;
  companySlug: string;
  companyKind: string;
  ruleOverrides: RuleOverrides | null;
}

function doorClassQuery(tx: Executor) {
  return tx
    .select({
      id: classInstances.id,
      fitnessSessionId: sql<string>`${classInstances.fitnessSessionId}`,
      status: classInstances.status,
      name: classTemplates.name,
      startsAt: classInstances.startsAt,
      endsAt: classInstances.endsAt,
      timeZone: studios.timeZone,
      studioId: classInstances.studioId,
      studioName: studios.name,
      roomName: studioRooms.name,
      capacity: classInstances.capacity,
      bookedCount: classInstances.bookedCount,
      companyName: companies.name,
      companySlug: companies.slug,
      companyKind: companies.kind,
      ruleOverrides: fitnessSessions.ruleOverrides,
    })
    .from(classInstances)
    .innerJoin(
      classTemplates,
      and(eq(classTemplates.companyId, classInstances.companyId), eq(classTemplates.id, classInstances.templateId)),
    )
    .innerJoin(
      fitnessSessions,
      and(eq(fitnessSessions.companyId, classInstances.companyId), eq(fitnessSessions.id, classInstances.fitnessSessionId)),
    )
    .innerJoin(studios, and(eq(studios.companyId, classInstances.companyId), eq(studios.id, classInstances.studioId)))
    .leftJoin(
      studioRooms,
      and(eq(studioRooms.companyId, classInstances.companyId), eq(studioRooms.id, classInstances.roomId)),
    )
    .innerJoin(companies, eq(companies.id, classInstances.companyId));
}

export async function findDoorClass(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
): Promise<DoorClassRow | undefined> {
  const [row] = await doorClassQuery(tx).where(
    and(
      eq(classInstances.companyId, companyId),
      eq(classInstances.id, classInstanceId),
      isNotNull(classInstances.fitnessSessionId),
    ),
  );
  return row;
}

/**
 * The scheduled class whose check-in has not closed yet and that starts first, in a studio (and room):
 * what a door screen shows. `closedBefore` is now minus the minutes check-in stays open after the start.
 */
export async function nextDoorClass(
  tx: Executor,
  companyId: string,
  place: { studioId: string; roomId?: string | undefined },
  startedAfter: Date,
): Promise<DoorClassRow | undefined> {
  const [row] = await doorClassQuery(tx)
    .where(
      and(
        eq(classInstances.companyId, companyId),
        eq(classInstances.studioId, place.studioId),
        place.roomId ? eq(classInstances.roomId, place.roomId) : undefined,
        eq(classInstances.status, 'scheduled'),
        isNotNull(classInstances.fitnessSessionId),
        gt(classInstances.startsAt, startedAfter),
      ),
    )
    .orderBy(asc(classInstances.startsAt))
    .limit(1);
  return row;
}

export async function studioExists(tx: Executor, companyId: string, studioId: string, roomId?: string) {
  const [studio] = await tx
    .select({ id: studios.id })
    .from(studios)
    .where(and(eq(studios.companyId, companyId), eq(studios.id, studioId)));
  if (!studio) return false;
  if (!roomId) return true;
  const [room] = await tx
    .select({ id: studioRooms.id })
    .from(studioRooms)
    .where(and(eq(studioRooms.companyId, companyId), eq(studioRooms.id, roomId), eq(studioRooms.studioId, studioId)));
  return Boolean(room);
}

export async function checkedInCount(tx: Executor, companyId: string, classInstanceId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.classInstanceId, classInstanceId),
        eq(bookings.status, 'checked_in'),
      ),
    );
  return row?.count ?? 0;
}

export async function findSecret(tx: Executor, companyId: string, classInstanceId: string) {
  const [row] = await tx
    .select({ secret: checkInSecrets.secret })
    .from(checkInSecrets)
    .where(and(eq(checkInSecrets.companyId, companyId), eq(checkInSecrets.classInstanceId, classInstanceId)));
  return row?.secret;
}

/** The class's secret, made now when it has none (two screens opening at once get the same one). */
export async function ensureSecret(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
  fresh: string,
): Promise<string> {
  await tx
    .insert(checkInSecrets)
    .values({ companyId, classInstanceId, secret: fresh })
    .onConflictDoNothing();
  const secret = await findSecret(tx, companyId, classInstanceId);
  if (!secret) throw new Error('A check-in secret was not kept.');
  return secret;
}

/** The client's latest checked-in booking of a series (or of one class of it), with when it was checked in. */
export async function latestCheckIn(
  tx: Executor,
  companyId: string,
  clientId: string,
  fitnessSessionId: string,
  classInstanceId: string | undefined,
) {
  const [row] = await tx
    .select({
      bookingId: bookings.id,
      classInstanceId: bookings.classInstanceId,
      checkedInAt: sql<Date>`coalesce((
        select max(${bookingEvents.at}) from ${bookingEvents}
        where ${bookingEvents.companyId} = ${bookings.companyId}
          and ${bookingEvents.bookingId} = ${bookings.id}
          and ${bookingEvents.toStatus} = 'checked_in'
      ), ${bookings.updatedAt})`,
    })
    .from(bookings)
    .innerJoin(
      classInstances,
      and(eq(classInstances.companyId, bookings.companyId), eq(classInstances.id, bookings.classInstanceId)),
    )
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.clientId, clientId),
        eq(bookings.status, 'checked_in'),
        eq(classInstances.fitnessSessionId, fitnessSessionId),
        classInstanceId ? eq(classInstances.id, classInstanceId) : undefined,
      ),
    )
    .orderBy(desc(classInstances.startsAt))
    .limit(1);
  return row;
}
