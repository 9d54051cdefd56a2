import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import {
  appointmentTypes,
  bookings,
  classInstances,
  instructors,
  studioRooms,
  studios,
  users,
} from '../../db/schema/index.ts';

export type AppointmentTypeRecord = typeof appointmentTypes.$inferSelect;

/** One type, archived ones included (their appointments keep their name); undefined for another company's. */
export async function findTypeRecord(
  tx: Executor,
  companyId: string,
  appointmentTypeId: string,
): Promise<AppointmentTypeRecord | undefined> {
  const [row] = await tx
    .select()
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.companyId, companyId), eq(appointmentTypes.id, appointmentTypeId)));
  return row;
}

/** Instructors of the company among `ids` (another company's ids simply do not match). */
export async function instructorsAmong(tx: Executor, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: instructors.id, name: instructors.name, active: instructors.active })
    .from(instructors)
    .where(and(eq(instructors.companyId, companyId), inArray(instructors.id, [...new Set(ids)])));
}

/** The instructor row a team member's login is (role instructor); undefined when none. */
export async function instructorIdOfUser(
  tx: Executor,
  companyId: string,
  userId: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: instructors.id })
    .from(instructors)
    .where(and(eq(instructors.companyId, companyId), eq(instructors.userId, userId)));
  return row?.id;
}

export async function findStudioOf(tx: Executor, companyId: string, studioId: string) {
  const [row] = await tx
    .select({ id: studios.id, name: studios.name, timeZone: studios.timeZone })
    .from(studios)
    .where(and(eq(studios.companyId, companyId), eq(studios.id, studioId)));
  return row;
}

/**
 * Waits for, and holds until the transaction ends, the booking lock of each instructor and each room
 * (per company) a booking could take, always in one sorted order so two bookings naming overlapping
 * sets cannot deadlock. Bookings that could take the same instructor or room then check and write
 * their free time one after the other; the exclusion constraints stand behind any other writer.
 */
export async function lockForBooking(
  tx: Executor,
  companyId: string,
  what: { instructorIds: readonly string[]; roomIds: readonly string[] },
): Promise<void> {
  const keys = [
    ...what.instructorIds.map((id) => `appointment:${companyId}:instructor:${id}`),
    ...what.roomIds.map((id) => `appointment:${companyId}:room:${id}`),
  ];
  for (const key of [...new Set(keys)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** A new appointment: a class instance of kind `appointment` (its blocked range is set by the trigger). */
export async function insertAppointment(
  tx: Executor,
  row: {
    companyId: string;
    id: string;
    appointmentTypeId: string;
    studioId: string;
    roomId: string | null;
    instructorId: string;
    localDate: string;
    startsAt: Date;
    endsAt: Date;
    capacity: number;
    bufferBeforeMinutes: number;
    bufferAfterMinutes: number;
    notes: string | null;
    now: Date;
  },
): Promise<void> {
  const { now, ...values } = row;
  await tx.insert(classInstances).values({
    ...values,
    kind: 'appointment',
    fitnessSessionId: null,
    templateId: null,
    eventId: null,
    status: 'scheduled',
    createdAt: now,
    updatedAt: now,
  });
}

export interface AppointmentFilters {
  ids?: readonly string[];
  from?: string;
  to?: string;
  instructorId?: string | undefined;
  studioId?: string | undefined;
  includeCancelled?: boolean;
}

/** Appointments (kind `appointment`) with their type, instructor, studio and room names, soonest first. */
export async function appointmentRows(tx: Executor, companyId: string, filters: AppointmentFilters) {
  const conditions: SQL[] = [eq(classInstances.companyId, companyId), eq(classInstances.kind, 'appointment')];
  if (filters.ids) conditions.push(inArray(classInstances.id, [...filters.ids]));
  if (filters.from) conditions.push(gte(classInstances.localDate, filters.from));
  if (filters.to) conditions.push(lte(classInstances.localDate, filters.to));
  if (filters.instructorId) conditions.push(eq(classInstances.instructorId, filters.instructorId));
  if (filters.studioId) conditions.push(eq(classInstances.studioId, filters.studioId));
  if (!filters.includeCancelled) conditions.push(eq(classInstances.status, 'scheduled'));
  if (filters.ids?.length === 0) return [];
  return tx
    .select({
      id: classInstances.id,
      appointmentTypeId: sql<string>`${classInstances.appointmentTypeId}`,
      typeName: appointmentTypes.name,
      instructorId: sql<string>`${classInstances.instructorId}`,
      instructorName: sql<string>`coalesce(${instructors.name}, '')`,
      studioId: classInstances.studioId,
      studioName: studios.name,
      roomId: classInstances.roomId,
      roomName: studioRooms.name,
      timeZone: studios.timeZone,
      startsAt: classInstances.startsAt,
      endsAt: classInstances.endsAt,
      bufferBeforeMinutes: classInstances.bufferBeforeMinutes,
      bufferAfterMinutes: classInstances.bufferAfterMinutes,
      capacity: classInstances.capacity,
      bookedCount: classInstances.bookedCount,
      status: classInstances.status,
      notes: classInstances.notes,
    })
    .from(classInstances)
    .innerJoin(
      appointmentTypes,
      and(
        eq(appointmentTypes.companyId, classInstances.companyId),
        eq(appointmentTypes.id, classInstances.appointmentTypeId),
      ),
    )
    .innerJoin(
      studios,
      and(eq(studios.companyId, classInstances.companyId), eq(studios.id, classInstances.studioId)),
    )
    .leftJoin(
      instructors,
      and(
        eq(instructors.companyId, classInstances.companyId),
        eq(instructors.id, classInstances.instructorId),
      ),
    )
    .leftJoin(
      studioRooms,
      and(eq(studioRooms.companyId, classInstances.companyId), eq(studioRooms.id, classInstances.roomId)),
    )
    .where(and(...conditions))
    .orderBy(asc(classInstances.startsAt), asc(classInstances.id));
}

export type AppointmentRow = Awaited<ReturnType<typeof appointmentRows>>[number];

/** The bookings of these appointments with their clients: places first, then ended ones. */
export async function attendeesOf(tx: Executor, companyId: string, classInstanceIds: readonly string[]) {
  if (classInstanceIds.length === 0) return [];
  const rank = sql`case ${bookings.status} when 'checked_in' then 0 when 'booked' then 0 when 'offered' then 1 when 'waitlisted' then 2 else 3 end`;
  return tx
    .select({
      classInstanceId: bookings.classInstanceId,
      bookingId: bookings.id,
      clientId: bookings.clientId,
      clientName: users.name,
      status: sql<BookingStatus>`${bookings.status}`,
      paidWith: bookings.paidWith,
    })
    .from(bookings)
    .innerJoin(users, and(eq(users.companyId, bookings.companyId), eq(users.id, bookings.clientId)))
    .where(and(eq(bookings.companyId, companyId), inArray(bookings.classInstanceId, [...classInstanceIds])))
    .orderBy(rank, asc(users.name), asc(bookings.id));
}

/**
 * The client's own place in another scheduled class, event date or appointment overlapping [from, until)
 * (booked, offered or checked in), by its name and start: nobody is in two places at once.
 */
export async function clientBusyAt(
  tx: Executor,
  companyId: string,
  clientId: string,
  from: Date,
  until: Date,
): Promise<{ name: string; startsAt: Date } | undefined> {
  const rows = await tx.execute<{ name: string; starts_at: Date | string }>(sql`
    select coalesce(t.name, e.title, a.name) as name, ci.starts_at
      from bookings b
      join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
      left join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
      left join events e on e.company_id = ci.company_id and e.id = ci.event_id
      left join appointment_types a on a.company_id = ci.company_id and a.id = ci.appointment_type_id
     where b.company_id = ${companyId} and b.client_id = ${clientId}
       and b.status in ('booked', 'offered', 'checked_in') and ci.status = 'scheduled'
       and ci.starts_at < ${until.toISOString()}::timestamptz and ci.ends_at > ${from.toISOString()}::timestamptz
     order by ci.starts_at
     limit 1`);
  const [row] = rows.rows;
  return row ? { name: row.name, startsAt: new Date(row.starts_at) } : undefined;
}

/**
 * Whether one of `instructorIds` got a scheduled instance over [from, until) in the last `withinMs`:
 * a slot that was free a moment ago and is not now was just taken (rather than never offered).
 */
export async function takenMeanwhile(
  tx: Executor,
  companyId: string,
  instructorIds: readonly string[],
  from: Date,
  until: Date,
  since: Date,
): Promise<boolean> {
  if (instructorIds.length === 0) return false;
  const rows = await tx.execute(sql`
    select 1 from class_instances
     where company_id = ${companyId} and status = 'scheduled'
       and instructor_id = any(${`{${instructorIds.join(',')}}`}::char(24)[])
       and blocked_from < ${until.toISOString()}::timestamptz and blocked_until > ${from.toISOString()}::timestamptz
       and created_at >= ${since.toISOString()}::timestamptz
     limit 1`);
  return rows.rows.length > 0;
}
