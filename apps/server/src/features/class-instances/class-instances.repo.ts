import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { EVENT_CALENDAR_COLOUR, type ClassInstanceDto, type ClassStatus } from '@kinetic/shared';
import {
  appointmentTypes,
  classInstances,
  classTemplates,
  eventFacilitators,
  events,
  facilitators,
  instructors,
  studioRooms,
  studios,
} from '../../db/schema/index.ts';

export type ClassInstanceRow = typeof classInstances.$inferSelect;
export type NewClassInstance = typeof classInstances.$inferInsert;

const assistants = alias(instructors, 'assistants');

/**
 * One query for what the calendar, the Classes page and the details page show beside a class instance of
 * any kind: a class with its template and instructor, an event's date (no series, template or
 * instructor) titled by its event, placed at the event's own address when it has one, with its
 * facilitators where a class names its instructor, or an appointment named by its type (issue 17). The
 * lists (calendar, Classes page) keep to classes (`onlyClasses`): event dates and appointments have their
 * own readers there. Clashes count appointments too.
 */
function selectListed(tx: Executor) {
  const facilitatorNames = sql<
    string | null
  >`(select string_agg(${facilitators.name}, ', ' order by ${facilitators.name}) from ${eventFacilitators} join ${facilitators} on ${facilitators.companyId} = ${eventFacilitators.companyId} and ${facilitators.id} = ${eventFacilitators.facilitatorId} where ${eventFacilitators.companyId} = ${classInstances.companyId} and ${eventFacilitators.eventId} = ${classInstances.eventId})`;
  return tx
    .select({
      id: classInstances.id,
      fitnessSessionId: classInstances.fitnessSessionId,
      templateId: classInstances.templateId,
      templateName: sql<string>`coalesce(${classTemplates.name}, ${events.title}, ${appointmentTypes.name}, '')`,
      colour: sql<string>`coalesce(${classTemplates.colour}, ${EVENT_CALENDAR_COLOUR})`,
      studioId: classInstances.studioId,
      studioName: studios.name,
      roomId: classInstances.roomId,
      roomName: studioRooms.name,
      instructorId: classInstances.instructorId,
      // coalesce stops at the first value: a class never runs the facilitators' subquery.
      instructorName: sql<string>`coalesce(${instructors.name}, ${facilitatorNames}, '')`,
      assistantId: classInstances.assistantId,
      assistantName: assistants.name,
      startsAt: classInstances.startsAt,
      endsAt: classInstances.endsAt,
      timeZone: studios.timeZone,
      capacity: classInstances.capacity,
      bookedCount: classInstances.bookedCount,
      waitlistCount: classInstances.waitlistCount,
      status: classInstances.status,
      notes: classInstances.notes,
      eventId: classInstances.eventId,
      address: events.address,
      appointmentTypeId: classInstances.appointmentTypeId,
    })
    .from(classInstances)
    .innerJoin(
      studios,
      and(eq(studios.companyId, classInstances.companyId), eq(studios.id, classInstances.studioId)),
    )
    .leftJoin(
      classTemplates,
      and(
        eq(classTemplates.companyId, classInstances.companyId),
        eq(classTemplates.id, classInstances.templateId),
      ),
    )
    .leftJoin(
      studioRooms,
      and(eq(studioRooms.companyId, classInstances.companyId), eq(studioRooms.id, classInstances.roomId)),
    )
    .leftJoin(
      instructors,
      and(
        eq(instructors.companyId, classInstances.companyId),
        eq(instructors.id, classInstances.instructorId),
      ),
    )
    .leftJoin(
      assistants,
      and(eq(assistants.companyId, classInstances.companyId), eq(assistants.id, classInstances.assistantId)),
    )
    .leftJoin(
      events,
      and(eq(events.companyId, classInstances.companyId), eq(events.id, classInstances.eventId)),
    )
    .leftJoin(
      appointmentTypes,
      and(
        eq(appointmentTypes.companyId, classInstances.companyId),
        eq(appointmentTypes.id, classInstances.appointmentTypeId),
      ),
    );
}

const onlyClasses = eq(classInstances.kind, 'class');
/** What keeps an instructor or a room busy besides classes: appointments (issue 17), buffers included. */
const classesAndAppointments = inArray(classInstances.kind, ['class', 'appointment']);

type ListedRow = Awaited<ReturnType<ReturnType<typeof selectListed>['execute']>>[number];

export const toListed = (row: ListedRow): ClassInstanceDto => ({
  ...row,
  fitnessSessionId: row.fitnessSessionId ?? '',
  templateId: row.templateId ?? '',
  instructorId: row.instructorId ?? '',
  status: row.status as ClassStatus,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
});

export interface InstanceFilters {
  studioId?: string | undefined;
  instructorId?: string | undefined;
  templateId?: string | undefined;
}

function filtersOf(companyId: string, filters: InstanceFilters): SQL[] {
  const conditions = [eq(classInstances.companyId, companyId), onlyClasses];
  if (filters.studioId) conditions.push(eq(classInstances.studioId, filters.studioId));
  if (filters.instructorId)
    conditions.push(
      or(
        eq(classInstances.instructorId, filters.instructorId),
        eq(classInstances.assistantId, filters.instructorId),
      ) as SQL,
    );
  if (filters.templateId) conditions.push(eq(classInstances.templateId, filters.templateId));
  return conditions;
}

/** The classes starting in [from, to): the calendar's range read, served by (company_id, starts_at). */
export async function listInRange(
  tx: Executor,
  companyId: string,
  range: { from: Date; to: Date; onlyScheduled?: boolean },
  filters: InstanceFilters,
): Promise<ClassInstanceDto[]> {
  return (await rangeQuery(tx, companyId, range, filters)).map(toListed);
}

/** The range read as a query (bench/calendar.bench.ts runs its SQL bare, beside the endpoint). */
export function rangeQuery(
  tx: Executor,
  companyId: string,
  range: { from: Date; to: Date; onlyScheduled?: boolean },
  filters: InstanceFilters,
) {
  const conditions = filtersOf(companyId, filters);
  conditions.push(gte(classInstances.startsAt, range.from), lt(classInstances.startsAt, range.to));
  if (range.onlyScheduled) conditions.push(eq(classInstances.status, 'scheduled'));
  return selectListed(tx)
    .where(and(...conditions))
    .orderBy(asc(classInstances.startsAt), asc(classInstances.id));
}

/** One class instance of either kind: the details pages, the client's bookings, cancel. */
export async function findListed(
  tx: Executor,
  companyId: string,
  id: string,
): Promise<ClassInstanceDto | undefined> {
  const [row] = await selectListed(tx).where(
    and(eq(classInstances.companyId, companyId), eq(classInstances.id, id)),
  );
  return row && toListed(row);
}

/** The Classes page: upcoming soonest first, past latest first, searched by class or instructor name. */
export async function pageOfClasses(
  tx: Executor,
  companyId: string,
  query: InstanceFilters & {
    when: 'upcoming' | 'past';
    q?: string | undefined;
    page: number;
    pageSize: number;
  },
  now: Date,
): Promise<{ items: ClassInstanceDto[]; total: number }> {
  const conditions = filtersOf(companyId, query);
  conditions.push(
    query.when === 'upcoming' ? gte(classInstances.startsAt, now) : lt(classInstances.startsAt, now),
  );
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(classTemplates.name, like), ilike(instructors.name, like)) as SQL);
  }
  const where = and(...conditions);
  const [total] = await tx
    .select({ total: count() })
    .from(classInstances)
    .innerJoin(
      classTemplates,
      and(
        eq(classTemplates.companyId, classInstances.companyId),
        eq(classTemplates.id, classInstances.templateId),
      ),
    )
    .innerJoin(
      instructors,
      and(
        eq(instructors.companyId, classInstances.companyId),
        eq(instructors.id, classInstances.instructorId),
      ),
    )
    .where(where);
  const order = query.when === 'upcoming' ? asc(classInstances.startsAt) : desc(classInstances.startsAt);
  const rows = await selectListed(tx)
    .where(where)
    .orderBy(order, asc(classInstances.id))
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
  return { items: rows.map(toListed), total: total?.total ?? 0 };
}

/** What an appointment's page shows of its type (issue 17): its description, price and own rules. */
export async function appointmentTypeFacts(tx: Executor, companyId: string, appointmentTypeId: string) {
  const [row] = await tx
    .select({
      description: appointmentTypes.description,
      price: appointmentTypes.price,
      ruleOverrides: appointmentTypes.ruleOverrides,
    })
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.companyId, companyId), eq(appointmentTypes.id, appointmentTypeId)));
  return row;
}

export async function findInstance(
  tx: Executor,
  companyId: string,
  id: string,
  { lock = false } = {},
): Promise<ClassInstanceRow | undefined> {
  const query = tx
    .select()
    .from(classInstances)
    .where(and(eq(classInstances.companyId, companyId), eq(classInstances.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A series' classes on or after a local date that have not started yet: what an edit may change. */
export async function futureInstancesOf(
  tx: Executor,
  companyId: string,
  fitnessSessionId: string,
  fromDate: string,
  now: Date,
): Promise<ClassInstanceRow[]> {
  return tx
    .select()
    .from(classInstances)
    .where(
      and(
        eq(classInstances.companyId, companyId),
        eq(classInstances.fitnessSessionId, fitnessSessionId),
        gte(classInstances.localDate, fromDate),
        gt(classInstances.startsAt, now),
      ),
    )
    .orderBy(asc(classInstances.localDate))
    .for('update');
}

export interface Clash {
  id: string;
  templateName: string;
  startsAt: Date;
  timeZone: string;
  /** A person of the new class (its instructor or assistant) is already teaching or assisting then. */
  sameInstructor: boolean;
  /** Which of the new class's fields names that person, their name, and their part in the other class. */
  personField: 'instructorId' | 'assistantId';
  personName: string;
  personTeaches: boolean;
  instructorName: string;
  roomName: string | null;
}

/**
 * The first scheduled class or appointment (with its buffers) that would overlap one of `slots` for this
 * instructor, or in this room unless double-booking is allowed; `except` are the classes being moved. The exclusion constraints
 * stay the last word (a race answers the same 409 from the constraint).
 */
export async function findClash(
  tx: Executor,
  companyId: string,
  slots: { startsAt: Date; endsAt: Date }[],
  who: {
    instructorId: string;
    assistantId?: string | null;
    roomId: string | null;
    allowRoomOverlap: boolean;
  },
  except: string[],
): Promise<Clash | undefined> {
  if (slots.length === 0) return undefined;
  // Array literals as one parameter each (drizzle would spread a JS array into a row of parameters);
  // ISO instants and hex ids hold no character that needs quoting in one.
  const literal = (values: string[]) => `{${values.join(',')}}`;
  const starts = literal(slots.map((slot) => slot.startsAt.toISOString()));
  const ends = literal(slots.map((slot) => slot.endsAt.toISOString()));
  const roomClash =
    who.roomId && !who.allowRoomOverlap
      ? sql`(${classInstances.roomId} = ${who.roomId} and not ${classInstances.allowRoomOverlap})`
      : sql`false`;
  // One person is never in two classes at once, whether teaching or assisting in either.
  const people = [who.instructorId, who.assistantId].filter((id): id is string => Boolean(id));
  const personClash = people.length
    ? sql`(${classInstances.instructorId} = any(${literal(people)}::char(24)[]) or ${classInstances.assistantId} = any(${literal(people)}::char(24)[]))`
    : sql`false`;
  const [row] = await selectListed(tx)
    .innerJoin(
      sql`unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) as wanted(starts_at, ends_at)`,
      // The blocked range: an appointment's buffers keep its instructor and room busy (a class has none).
      sql`tstzrange(${classInstances.blockedFrom}, ${classInstances.blockedUntil}) && tstzrange(wanted.starts_at, wanted.ends_at)`,
    )
    .where(
      and(
        eq(classInstances.companyId, companyId),
        classesAndAppointments,
        eq(classInstances.status, 'scheduled'),
        or(personClash, roomClash),
        except.length ? sql`${classInstances.id} <> all(${literal(except)}::char(24)[])` : undefined,
      ),
    )
    .orderBy(asc(classInstances.startsAt))
    .limit(1);
  if (!row) return undefined;
  const busy = (id: string | null | undefined) =>
    Boolean(id) && (row.instructorId === id || row.assistantId === id);
  const personField = busy(who.instructorId) ? 'instructorId' : 'assistantId';
  const personId = personField === 'instructorId' ? who.instructorId : who.assistantId;
  const personTeaches = row.instructorId === personId;
  return {
    id: row.id,
    templateName: row.templateName,
    startsAt: row.startsAt,
    timeZone: row.timeZone,
    sameInstructor: busy(who.instructorId) || busy(who.assistantId),
    personField,
    personName: personTeaches ? row.instructorName : (row.assistantName ?? row.instructorName),
    personTeaches,
    instructorName: row.instructorName,
    roomName: row.roomName,
  };
}

export async function insertInstances(tx: Executor, rows: NewClassInstance[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500)
    await tx.insert(classInstances).values(rows.slice(start, start + 500));
}

/** For the horizon job: a class that would clash with one scheduled since is skipped, not forced. */
export async function insertInstancesSkippingClashes(
  tx: Executor,
  rows: NewClassInstance[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += 500) {
    const done = await tx
      .insert(classInstances)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing()
      .returning({ id: classInstances.id });
    inserted += done.length;
  }
  return inserted;
}

export async function updateInstance(
  tx: Executor,
  companyId: string,
  id: string,
  values: Partial<NewClassInstance>,
): Promise<void> {
  await tx
    .update(classInstances)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(classInstances.companyId, companyId), eq(classInstances.id, id)));
}

export async function deleteInstances(tx: Executor, companyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(classInstances)
    .where(and(eq(classInstances.companyId, companyId), inArray(classInstances.id, ids)));
}

/** Scheduled classes still to come in a studio or in any of some rooms (studio and room deletes). */
export async function countUpcoming(
  tx: Executor,
  companyId: string,
  target: { studioId: string } | { roomIds: readonly string[] },
  now: Date,
): Promise<number> {
  const place =
    'studioId' in target
      ? eq(classInstances.studioId, target.studioId)
      : target.roomIds.length
        ? inArray(classInstances.roomId, [...target.roomIds])
        : sql`false`;
  const [row] = await tx
    .select({ total: count() })
    .from(classInstances)
    .where(
      and(
        eq(classInstances.companyId, companyId),
        eq(classInstances.status, 'scheduled'),
        gt(classInstances.startsAt, now),
        place,
      ),
    );
  return row?.total ?? 0;
}
