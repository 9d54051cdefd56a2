import { sql } from 'drizzle-orm';
import type { BookingStatus, ProfileBookingDto } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';

/**
 * One page of a client's bookings with their classes, upcoming (soonest first) or past (latest first).
 * Index-backed: bookings_client_idx (company_id, client_id, …) finds the client's bookings; each class,
 * template, studio and instructor is one primary-key lookup.
 */
export async function bookingsPage(
  tx: Executor,
  companyId: string,
  clientId: string,
  when: 'upcoming' | 'past',
  page: number,
  pageSize: number,
  now: Date,
): Promise<{ items: Omit<ProfileBookingDto, 'history'>[]; total: number }> {
  const upcoming = when === 'upcoming';
  const result = await tx.execute<{
    id: string;
    class_instance_id: string;
    status: BookingStatus;
    cancelled_by: 'client' | 'studio' | null;
    paid_with: string;
    starts_at: Date | string;
    class_name: string;
    studio_name: string;
    time_zone: string;
    instructor_name: string | null;
    total: number;
  }>(sql`
    select b.id, b.class_instance_id, b.status, b.cancelled_by, b.paid_with, ci.starts_at,
           coalesce(ct.name, e.title, at.name, 'Class') as class_name, s.name as studio_name, s.time_zone,
           i.name as instructor_name, count(*) over ()::int as total
    from bookings b
    join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
    join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
    left join class_templates ct on ct.company_id = ci.company_id and ct.id = ci.template_id
    left join events e on e.company_id = ci.company_id and e.id = ci.event_id
    left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id
    left join instructors i on i.company_id = ci.company_id and i.id = ci.instructor_id
    where b.company_id = ${companyId} and b.client_id = ${clientId}
      and ${upcoming ? sql`ci.starts_at >= ${now}` : sql`ci.starts_at < ${now}`}
    order by ${upcoming ? sql`ci.starts_at asc, b.id asc` : sql`ci.starts_at desc, b.id desc`}
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const total =
    result.rows[0]?.total ?? (page > 1 ? await countBookings(tx, companyId, clientId, upcoming, now) : 0);
  return {
    total: Number(total),
    items: result.rows.map((row) => ({
      id: row.id,
      classInstanceId: row.class_instance_id,
      className: row.class_name,
      studioName: row.studio_name,
      instructorName: row.instructor_name,
      startsAt: new Date(row.starts_at).toISOString(),
      timeZone: row.time_zone,
      status: row.status,
      cancelledBy: row.cancelled_by,
      paidWith: row.paid_with,
    })),
  };
}

async function countBookings(
  tx: Executor,
  companyId: string,
  clientId: string,
  upcoming: boolean,
  now: Date,
) {
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from bookings b
    join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
    where b.company_id = ${companyId} and b.client_id = ${clientId}
      and ${upcoming ? sql`ci.starts_at >= ${now}` : sql`ci.starts_at < ${now}`}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * The changes of these bookings, oldest first, with who made them: null actor = the system
 * ("automatic"), the client themself ("the client"), else the person's name (booking_events_booking_idx).
 */
export async function bookingHistories(
  tx: Executor,
  companyId: string,
  clientId: string,
  bookingIds: string[],
) {
  if (bookingIds.length === 0) return new Map<string, ProfileBookingDto['history']>();
  const result = await tx.execute<{
    booking_id: string;
    at: Date | string;
    from_status: BookingStatus | null;
    to_status: BookingStatus;
    actor_id: string | null;
    actor_name: string | null;
    reason: string | null;
  }>(sql`
    select be.booking_id, be.at, be.from_status, be.to_status, be.actor_id, u.name as actor_name, be.reason
    from booking_events be
    left join users u on u.company_id = be.company_id and u.id = be.actor_id
    where be.company_id = ${companyId}
      and be.booking_id in (${sql.join(
        bookingIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    order by be.at asc, be.id asc`);
  const histories = new Map<string, ProfileBookingDto['history']>();
  for (const row of result.rows) {
    const list = histories.get(row.booking_id) ?? [];
    list.push({
      at: new Date(row.at).toISOString(),
      fromStatus: row.from_status,
      toStatus: row.to_status,
      by:
        row.actor_id === null
          ? 'automatic'
          : row.actor_id === clientId
            ? 'the client'
            : (row.actor_name ?? 'a former team member'),
      reason: row.reason,
    });
    histories.set(row.booking_id, list);
  }
  return histories;
}

/** The start of the latest class the client was checked in to (bookings_client_idx). */
export async function lastVisit(tx: Executor, companyId: string, clientId: string): Promise<string | null> {
  const result = await tx.execute<{ at: Date | string | null }>(sql`
    select max(ci.starts_at) as at from bookings b
    join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
    where b.company_id = ${companyId} and b.client_id = ${clientId} and b.status = 'checked_in'`);
  const at = result.rows[0]?.at;
  return at ? new Date(at).toISOString() : null;
}

/** The client's latest signature with the waiver version it signed. */
export async function latestSignedCopy(tx: Executor, companyId: string, clientId: string) {
  const result = await tx.execute<{
    signature_id: string;
    version: number;
    title: string;
    text: string;
    terms: { value: string; label: string }[];
    full_name: string;
    kind: 'drawn' | 'typed';
    signed_at: Date | string;
  }>(sql`
    select s.id as signature_id, s.version, w.title, w.text, w.terms, s.full_name, s.kind, s.signed_at
    from waiver_signatures s
    join waivers w on w.company_id = s.company_id and w.id = s.waiver_id
    where s.company_id = ${companyId} and s.client_id = ${clientId}
    order by s.version desc, s.signed_at desc
    limit 1`);
  const row = result.rows[0];
  return row
    ? {
        signatureId: row.signature_id,
        version: row.version,
        title: row.title,
        text: row.text,
        terms: row.terms,
        fullName: row.full_name,
        kind: row.kind,
        signedAt: new Date(row.signed_at).toISOString(),
      }
    : null;
}

/** What open orders still ask of the client, in minor units (orders' client index). */
export async function balanceOwing(tx: Executor, companyId: string, clientId: string): Promise<number> {
  const result = await tx.execute<{ sum: number }>(sql`
    select coalesce(sum(total - paid), 0)::int as sum from orders
    where company_id = ${companyId} and client_id = ${clientId} and status = 'open'`);
  return Number(result.rows[0]?.sum ?? 0);
}
