import { and, asc, between, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  availabilityExceptions,
  classInstances,
  instructors,
  instructorWorkingHours,
} from '../../db/schema/index.ts';
import type { Interval } from './slot-computation.ts';

/** Rows the free-slot computation reads; every query is scoped by company and reads with the caller's `tx`. */

export async function workingHoursOf(
  tx: Executor,
  companyId: string,
  instructorIds: readonly string[],
  studioIds: readonly string[],
) {
  if (instructorIds.length === 0 || studioIds.length === 0) return [];
  return tx
    .select({
      instructorId: instructorWorkingHours.instructorId,
      studioId: instructorWorkingHours.studioId,
      hours: instructorWorkingHours.hours,
    })
    .from(instructorWorkingHours)
    .where(
      and(
        eq(instructorWorkingHours.companyId, companyId),
        inArray(instructorWorkingHours.instructorId, [...instructorIds]),
        inArray(instructorWorkingHours.studioId, [...studioIds]),
      ),
    );
}

export async function exceptionsBetween(
  tx: Executor,
  companyId: string,
  instructorIds: readonly string[],
  from: string,
  to: string,
) {
  if (instructorIds.length === 0) return [];
  return tx
    .select({
      instructorId: availabilityExceptions.instructorId,
      date: availabilityExceptions.date,
      kind: availabilityExceptions.kind,
      studioId: availabilityExceptions.studioId,
      start: availabilityExceptions.startTime,
      end: availabilityExceptions.endTime,
    })
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.companyId, companyId),
        inArray(availabilityExceptions.instructorId, [...instructorIds]),
        between(availabilityExceptions.date, from, to),
      ),
    );
}

/**
 * How far an instance's blocked range reaches from its start: a class or event date lasts at most 24 hours
 * (fitnessSessionBody, eventDateBody), an appointment at most 8, and buffers add at most 4 hours on each
 * side (CHECK class_instances_buffers).
 */
const REACH_BEFORE_START_MS = 4 * 3_600_000;
const REACH_AFTER_START_MS = (24 + 4) * 3_600_000;

const scheduledOverlapping = (companyId: string, range: Interval) =>
  and(
    eq(classInstances.companyId, companyId),
    eq(classInstances.status, 'scheduled'),
    lt(classInstances.blockedFrom, new Date(range.until)),
    gt(classInstances.blockedUntil, new Date(range.from)),
    // The same condition on starts_at, which the (company, starts_at) and (company, instructor, starts_at)
    // indexes serve: without it each look-up read an instructor's (or the company's) whole history.
    gt(classInstances.startsAt, new Date(range.from - REACH_AFTER_START_MS)),
    lt(classInstances.startsAt, new Date(range.until + REACH_BEFORE_START_MS)),
  );

/**
 * Each instructor's busy time in `range`: every scheduled class, event date or appointment they teach or
 * assist, widened by its buffers (the blocked range the exclusion constraints compare).
 */
export async function instructorBusy(
  tx: Executor,
  companyId: string,
  instructorIds: readonly string[],
  range: Interval,
): Promise<Map<string, Interval[]>> {
  const busy = new Map<string, Interval[]>(instructorIds.map((id) => [id, []]));
  if (instructorIds.length === 0) return busy;
  const rows = await tx
    .select({
      instructorId: classInstances.instructorId,
      assistantId: classInstances.assistantId,
      from: classInstances.blockedFrom,
      until: classInstances.blockedUntil,
    })
    .from(classInstances)
    .where(
      and(
        scheduledOverlapping(companyId, range),
        or(
          inArray(classInstances.instructorId, [...instructorIds]),
          inArray(classInstances.assistantId, [...instructorIds]),
        ),
      ),
    );
  for (const row of rows) {
    const interval = { from: row.from.getTime(), until: row.until.getTime() };
    for (const id of new Set([row.instructorId, row.assistantId]))
      if (id !== null) busy.get(id)?.push(interval);
  }
  return busy;
}

/** Each room's busy time in `range`: every scheduled instance in it, double-booked classes included. */
export async function roomBusy(
  tx: Executor,
  companyId: string,
  roomIds: readonly string[],
  range: Interval,
): Promise<Map<string, Interval[]>> {
  const busy = new Map<string, Interval[]>(roomIds.map((id) => [id, []]));
  if (roomIds.length === 0) return busy;
  const rows = await tx
    .select({
      roomId: classInstances.roomId,
      from: classInstances.blockedFrom,
      until: classInstances.blockedUntil,
    })
    .from(classInstances)
    .where(
      and(
        scheduledOverlapping(companyId, range),
        inArray(classInstances.roomId, [...roomIds]),
        // A class the owner double-booked into the room ("book the room anyway") still fills it: the
        // room exclusion constraint leaves such classes out, so this check is what keeps appointments off them.
      ),
    );
  for (const row of rows)
    if (row.roomId !== null)
      busy.get(row.roomId)?.push({ from: row.from.getTime(), until: row.until.getTime() });
  return busy;
}

/**
 * Scheduled appointments of a type with places left on local dates `from`–`to` at `studioIds` (a new
 * client may join a semi-private session), with their instructor's name.
 */
export async function appointmentsWithPlaces(
  tx: Executor,
  companyId: string,
  appointmentTypeId: string,
  studioIds: readonly string[],
  from: string,
  to: string,
) {
  if (studioIds.length === 0) return [];
  return tx
    .select({
      id: classInstances.id,
      instructorId: classInstances.instructorId,
      instructorName: instructors.name,
      studioId: classInstances.studioId,
      roomId: classInstances.roomId,
      startsAt: classInstances.startsAt,
      endsAt: classInstances.endsAt,
      localDate: classInstances.localDate,
      placesLeft: sql<number>`(${classInstances.capacity} - ${classInstances.bookedCount})::int`,
    })
    .from(classInstances)
    .innerJoin(
      instructors,
      and(
        eq(instructors.companyId, classInstances.companyId),
        eq(instructors.id, classInstances.instructorId),
      ),
    )
    .where(
      and(
        eq(classInstances.companyId, companyId),
        eq(classInstances.kind, 'appointment'),
        eq(classInstances.status, 'scheduled'),
        eq(classInstances.appointmentTypeId, appointmentTypeId),
        inArray(classInstances.studioId, [...studioIds]),
        between(classInstances.localDate, from, to),
        lt(classInstances.bookedCount, classInstances.capacity),
      ),
    )
    .orderBy(asc(classInstances.startsAt), asc(classInstances.id));
}
