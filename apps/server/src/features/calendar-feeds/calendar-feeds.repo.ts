import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calendarFeeds, companies, users } from '../../db/schema/index.ts';
import type { CompanyAddress } from '../../db/schema/companies.ts';
import { BOOKING_SEQUENCE_SQL } from './calendar-sequence.ts';

/** A feed holds at most this many entries (a year of daily classes and then some). */
const MAX_ENTRIES = 1000;

export interface FeedRow {
  companyId: string;
  userId: string;
  createdAt: Date;
  lastReadAt: Date | null;
}

export async function findFeedOf(
  tx: Executor,
  companyId: string,
  userId: string,
): Promise<FeedRow | undefined> {
  const [row] = await tx
    .select({
      companyId: calendarFeeds.companyId,
      userId: calendarFeeds.userId,
      createdAt: calendarFeeds.createdAt,
      lastReadAt: calendarFeeds.lastReadAt,
    })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)));
  return row;
}

/** The person's one live feed becomes `tokenHash`: the old one is gone in the same statement. */
export async function replaceFeed(
  tx: Executor,
  companyId: string,
  userId: string,
  tokenHash: string,
): Promise<FeedRow> {
  const [row] = await tx
    .insert(calendarFeeds)
    .values({ companyId, userId, tokenHash })
    .onConflictDoUpdate({
      target: [calendarFeeds.companyId, calendarFeeds.userId],
      set: { tokenHash, createdAt: sql`now()`, lastReadAt: null },
    })
    .returning({
      companyId: calendarFeeds.companyId,
      userId: calendarFeeds.userId,
      createdAt: calendarFeeds.createdAt,
      lastReadAt: calendarFeeds.lastReadAt,
    });
  if (!row) throw new Error('calendar feed not written');
  return row;
}

export async function deleteFeed(tx: Executor, companyId: string, userId: string): Promise<void> {
  await tx
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)));
}

/**
 * The feed a secret's hash opens (platform path: the company is not known yet). Notes the read on the
 * row, at most every five minutes, so a calendar polling often costs no write each time.
 */
export async function openFeedByHash(
  tx: Executor,
  tokenHash: string,
): Promise<{ companyId: string; userId: string } | undefined> {
  const result = await tx.execute<{ company_id: string; user_id: string }>(sql`
    with feed as (
      select company_id, user_id, last_read_at from calendar_feeds where token_hash = ${tokenHash}
    ), noted as (
      update calendar_feeds f set last_read_at = now()
        from feed
       where f.company_id = feed.company_id and f.user_id = feed.user_id
         and (feed.last_read_at is null or feed.last_read_at < now() - interval '5 minutes')
    )
    select company_id, user_id from feed`);
  const row = result.rows[0];
  return row ? { companyId: row.company_id, userId: row.user_id } : undefined;
}

/**
 * The feed's owner while they may still have one (not deactivated, not anonymised, their company not
 * suspended, issue 18 §2), and their company.
 */
export async function feedOwner(tx: Executor, companyId: string, userId: string) {
  const [row] = await tx
    .select({
      role: users.role,
      companyName: companies.name,
      companySlug: companies.slug,
      companyKind: companies.kind,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.id, userId),
        sql`${users.deactivatedAt} is null`,
        sql`${users.anonymisedAt} is null`,
        sql`${companies.suspendedAt} is null`,
      ),
    );
  return row;
}

/** What a feed entry needs of its class (or event date) and where it happens. */
export interface ClassPlace {
  classInstanceId: string;
  /** 'class', 'event' (an event's date) or 'appointment' (named by its type, issue 17). */
  kind: string;
  eventId: string | null;
  name: string;
  startsAt: Date;
  endsAt: Date;
  classStatus: string;
  cancelledAt: Date | null;
  studioName: string;
  studioAddress: CompanyAddress;
  roomName: string | null;
  /** An event's outside address, when it is not at the studio. */
  eventAddress: string | null;
}

export interface BookingEntryRow extends ClassPlace {
  bookingId: string;
  status: string;
  /** BOOKING_SEQUENCE_SQL: the class's revision plus the booking's status changes. */
  sequence: number;
  /** The booking's last status change (its cancellation, for a cancelled one). */
  changedAt: Date | null;
}

export interface TaughtEntryRow extends ClassPlace {
  /** class_instances.revision. */
  sequence: number;
  part: 'instructor' | 'assistant' | 'facilitator';
  bookedCount: number;
  capacity: number;
  waitlistCount: number;
}

type PlaceColumns = {
  class_instance_id: string;
  kind: string;
  event_id: string | null;
  name: string;
  starts_at: Date | string;
  ends_at: Date | string;
  class_status: string;
  cancelled_at: Date | string | null;
  studio_name: string;
  studio_address: CompanyAddress;
  room_name: string | null;
  event_address: string | null;
};

const PLACE_SELECT = sql`ci.id as class_instance_id, ci.kind, ci.event_id, coalesce(ev.title, ct.name, at.name, 'Class') as name,
  ci.starts_at, ci.ends_at, ci.status as class_status, ci.cancelled_at,
  s.name as studio_name, s.address as studio_address, r.name as room_name, nullif(trim(ev.address), '') as event_address`;

const PLACE_JOINS = sql`join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
  left join studio_rooms r on r.company_id = ci.company_id and r.id = ci.room_id
  left join class_templates ct on ct.company_id = ci.company_id and ct.id = ci.template_id
  left join events ev on ev.company_id = ci.company_id and ev.id = ci.event_id
  left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id`;

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const placeOf = (row: PlaceColumns): ClassPlace => ({
  classInstanceId: row.class_instance_id,
  kind: row.kind,
  eventId: row.event_id,
  name: row.name,
  startsAt: date(row.starts_at),
  endsAt: date(row.ends_at),
  classStatus: row.class_status,
  cancelledAt: row.cancelled_at === null ? null : date(row.cancelled_at),
  studioName: row.studio_name,
  studioAddress: row.studio_address,
  roomName: row.room_name,
  eventAddress: row.event_address,
});

/**
 * A client's bookings of classes and event dates starting from `from` on, with each entry's SEQUENCE
 * computed in the same query. Waitlist places are left out (the client holds no place yet).
 */
export async function bookingEntries(
  tx: Executor,
  companyId: string,
  clientId: string,
  from: Date,
  to: Date,
): Promise<BookingEntryRow[]> {
  const result = await tx.execute<
    PlaceColumns & { booking_id: string; status: string; sequence: number; changed_at: Date | string | null }
  >(sql`
    select b.id as booking_id, b.status, ${BOOKING_SEQUENCE_SQL} as sequence,
           (select max(e.at) from booking_events e where e.company_id = b.company_id and e.booking_id = b.id)
             as changed_at,
           ${PLACE_SELECT}
      from bookings b
      join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
      ${PLACE_JOINS}
     where b.company_id = ${companyId} and b.client_id = ${clientId}
       and b.status <> 'waitlisted'
       and ci.starts_at >= ${from.toISOString()} and ci.starts_at < ${to.toISOString()}
     order by ci.starts_at, b.id
     limit ${MAX_ENTRIES}`);
  return result.rows.map((row) => ({
    ...placeOf(row),
    bookingId: row.booking_id,
    status: row.status,
    sequence: Number(row.sequence),
    changedAt: row.changed_at === null ? null : date(row.changed_at),
  }));
}

/**
 * The classes a team member teaches or assists (through the instructors row linked to their login) and
 * the event dates they facilitate, starting from `from` on.
 */
export async function taughtEntries(
  tx: Executor,
  companyId: string,
  userId: string,
  from: Date,
  to: Date,
): Promise<TaughtEntryRow[]> {
  const result = await tx.execute<
    PlaceColumns & {
      sequence: number;
      part: TaughtEntryRow['part'];
      booked_count: number;
      capacity: number;
      waitlist_count: number;
    }
  >(sql`
    with mine as (
      select id from instructors where company_id = ${companyId} and user_id = ${userId}
    ), led as (
      select ef.event_id from event_facilitators ef
        join facilitators f on f.company_id = ef.company_id and f.id = ef.facilitator_id
       where ef.company_id = ${companyId} and f.user_id = ${userId}
    )
    select ci.revision as sequence, ci.booked_count, ci.capacity, ci.waitlist_count,
           case when ci.instructor_id in (select id from mine) then 'instructor'
                when ci.assistant_id in (select id from mine) then 'assistant'
                else 'facilitator' end as part,
           ${PLACE_SELECT}
      from class_instances ci
      ${PLACE_JOINS}
     where ci.company_id = ${companyId}
       and ci.starts_at >= ${from.toISOString()} and ci.starts_at < ${to.toISOString()}
       and (ci.instructor_id in (select id from mine) or ci.assistant_id in (select id from mine)
            or ci.event_id in (select event_id from led))
     order by ci.starts_at, ci.id
     limit ${MAX_ENTRIES}`);
  return result.rows.map((row) => ({
    ...placeOf(row),
    sequence: Number(row.sequence),
    part: row.part,
    bookedCount: Number(row.booked_count),
    capacity: Number(row.capacity),
    waitlistCount: Number(row.waitlist_count),
  }));
}
