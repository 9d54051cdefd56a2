import { and, asc, count, desc, eq, exists, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { EventCategory, EventDateDto } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  classInstances,
  eventFacilitators,
  eventPackages,
  events,
  facilitators,
  studios,
} from '../../db/schema/index.ts';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export interface EventWithStudio extends EventRow {
  studioName: string;
  timeZone: string;
}

function selectEvents(tx: Executor) {
  return tx
    .select({ event: events, studioName: studios.name, timeZone: studios.timeZone })
    .from(events)
    .innerJoin(studios, and(eq(studios.companyId, events.companyId), eq(studios.id, events.studioId)));
}

const flatten = (row: { event: EventRow; studioName: string; timeZone: string }): EventWithStudio => ({
  ...row.event,
  studioName: row.studioName,
  timeZone: row.timeZone,
});

export async function findEvent(
  tx: Executor,
  companyId: string,
  id: string,
  { lock = false } = {},
): Promise<EventWithStudio | undefined> {
  const query = selectEvents(tx).where(and(eq(events.companyId, companyId), eq(events.id, id)));
  const [row] = lock ? await query.for('update', { of: events }) : await query;
  return row && flatten(row);
}

/**
 * A page of events: upcoming = with a scheduled date still to start (soonest first); past = without
 * (latest first). The team's list (`cancelledToo`) keeps a cancelled event among the upcoming ones until
 * its last date has passed (shown as cancelled there, where its owner looks for it), and so any event
 * with a date still to start, cancelled or not.
 */
export async function pageOfEvents(
  tx: Executor,
  companyId: string,
  query: {
    when: 'upcoming' | 'past';
    category?: EventCategory | undefined;
    visibility?: 'public';
    cancelledToo?: boolean;
    page: number;
    pageSize: number;
  },
  now: Date,
): Promise<{ items: EventWithStudio[]; total: number }> {
  const toCome = query.cancelledToo
    ? sql`${classInstances.startsAt} >= ${now.toISOString()}`
    : sql`${classInstances.startsAt} >= ${now.toISOString()} and ${classInstances.status} = 'scheduled'`;
  const upcoming = exists(
    sql`(select 1 from ${classInstances} where ${classInstances.companyId} = ${companyId} and ${classInstances.eventId} = ${events.id} and ${toCome})`,
  );
  const conditions: SQL[] = [eq(events.companyId, companyId)];
  conditions.push(query.when === 'upcoming' ? upcoming : (sql`not ${upcoming}` as SQL));
  if (query.category) conditions.push(eq(events.category, query.category));
  if (query.visibility) conditions.push(eq(events.visibility, query.visibility));
  const where = and(...conditions);
  const [total] = await tx.select({ total: count() }).from(events).where(where);
  const firstOrLast = sql`(select ${query.when === 'upcoming' ? sql`min` : sql`max`}(${classInstances.startsAt}) from ${classInstances} where ${classInstances.companyId} = ${companyId} and ${classInstances.eventId} = ${events.id} ${query.when === 'upcoming' ? sql`and ${toCome}` : sql``})`;
  const rows = await selectEvents(tx)
    .where(where)
    .orderBy(query.when === 'upcoming' ? asc(firstOrLast) : desc(firstOrLast), asc(events.id))
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
  return { items: rows.map(flatten), total: total?.total ?? 0 };
}

export type EventDateRow = typeof classInstances.$inferSelect;

export async function datesOf(
  tx: Executor,
  companyId: string,
  eventIds: readonly string[],
  options: { from?: Date; onlyScheduled?: boolean; lock?: boolean } = {},
): Promise<EventDateRow[]> {
  if (eventIds.length === 0) return [];
  const conditions = [
    eq(classInstances.companyId, companyId),
    inArray(classInstances.eventId, [...eventIds]),
  ];
  if (options.from) conditions.push(gte(classInstances.startsAt, options.from));
  if (options.onlyScheduled) conditions.push(eq(classInstances.status, 'scheduled'));
  const query = tx
    .select()
    .from(classInstances)
    .where(and(...conditions))
    .orderBy(asc(classInstances.startsAt), asc(classInstances.id));
  // Locked like a booking locks its class, so counts read here stay true until the change is written.
  return options.lock ? query.for('update') : query;
}

export const toDateDto = (row: EventDateRow): EventDateDto => ({
  classInstanceId: row.id,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  capacity: row.capacity,
  bookedCount: row.bookedCount,
  waitlistCount: row.waitlistCount,
  placesLeft: row.status === 'scheduled' ? Math.max(0, row.capacity - row.bookedCount) : 0,
  status: row.status as EventDateDto['status'],
});

export async function linksOf(tx: Executor, companyId: string, eventIds: readonly string[]) {
  if (eventIds.length === 0) return { facilitators: [], packages: [] };
  // One after the other: a transaction's client runs one query at a time.
  const people = await tx
    .select({ eventId: eventFacilitators.eventId, id: facilitators.id, name: facilitators.name })
    .from(eventFacilitators)
    .innerJoin(
      facilitators,
      and(
        eq(facilitators.companyId, eventFacilitators.companyId),
        eq(facilitators.id, eventFacilitators.facilitatorId),
      ),
    )
    .where(and(eq(eventFacilitators.companyId, companyId), inArray(eventFacilitators.eventId, [...eventIds])))
    .orderBy(asc(facilitators.name));
  const paying = await tx
    .select({ eventId: eventPackages.eventId, id: eventPackages.packageId })
    .from(eventPackages)
    .where(and(eq(eventPackages.companyId, companyId), inArray(eventPackages.eventId, [...eventIds])))
    .orderBy(asc(eventPackages.packageId));
  return { facilitators: people, packages: paying };
}

export async function replaceLinks(
  tx: Executor,
  companyId: string,
  eventId: string,
  facilitatorIds: readonly string[],
  packageIds: readonly string[],
): Promise<void> {
  await tx
    .delete(eventFacilitators)
    .where(and(eq(eventFacilitators.companyId, companyId), eq(eventFacilitators.eventId, eventId)));
  await tx
    .delete(eventPackages)
    .where(and(eq(eventPackages.companyId, companyId), eq(eventPackages.eventId, eventId)));
  if (facilitatorIds.length > 0)
    await tx
      .insert(eventFacilitators)
      .values(facilitatorIds.map((facilitatorId) => ({ companyId, eventId, facilitatorId })));
  if (packageIds.length > 0)
    await tx.insert(eventPackages).values(packageIds.map((packageId) => ({ companyId, eventId, packageId })));
}

/** How many bookings (of any status) an event's dates hold: an event with any is cancelled, not deleted. */
export async function bookingsOfEvent(tx: Executor, companyId: string, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(bookings)
    .innerJoin(
      classInstances,
      and(eq(classInstances.companyId, bookings.companyId), eq(classInstances.id, bookings.classInstanceId)),
    )
    .where(and(eq(bookings.companyId, companyId), eq(classInstances.eventId, eventId)));
  return row?.total ?? 0;
}

export async function bookingsOfDate(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.classInstanceId, classInstanceId)));
  return row?.total ?? 0;
}

/** Event dates starting in [from, to), with their event's title: the admin calendar's second source. */
export async function eventDatesInRange(
  tx: Executor,
  companyId: string,
  range: { from: Date; to: Date; studioId?: string | undefined },
) {
  const conditions = [
    eq(classInstances.companyId, companyId),
    eq(classInstances.kind, 'event'),
    gte(classInstances.startsAt, range.from),
    lt(classInstances.startsAt, range.to),
  ];
  if (range.studioId) conditions.push(eq(classInstances.studioId, range.studioId));
  return tx
    .select({
      date: classInstances,
      title: events.title,
      category: events.category,
      studioName: studios.name,
      timeZone: studios.timeZone,
    })
    .from(classInstances)
    .innerJoin(
      events,
      and(eq(events.companyId, classInstances.companyId), eq(events.id, classInstances.eventId)),
    )
    .innerJoin(
      studios,
      and(eq(studios.companyId, classInstances.companyId), eq(studios.id, classInstances.studioId)),
    )
    .where(and(...conditions))
    .orderBy(asc(classInstances.startsAt), asc(classInstances.id));
}
