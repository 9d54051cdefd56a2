import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The iCalendar SEQUENCE of a booking's entry (UID `{bookingId}@kinetic`), the same in the email's
 * `.ics` and in the client's feed: the class's revision (raised by every change of time, place,
 * instructor or status, migration 0038) plus the booking's recorded status changes. Both only grow, so
 * every later message outranks the earlier ones and a calendar app replaces or removes its copy.
 * As SQL over a booking `b` joined to its class `ci`, so a feed computes it for every row in one query.
 */
export const BOOKING_SEQUENCE_SQL: SQL = sql`(ci.revision + (select count(*) from booking_events e
    where e.company_id = b.company_id and e.booking_id = b.id))::int`;

/** {@link BOOKING_SEQUENCE_SQL} of one booking. Call it after the change's booking event is recorded. */
export async function bookingSequence(tx: Executor, companyId: string, bookingId: string): Promise<number> {
  const result = await tx.execute<{ sequence: number }>(sql`
    select ${BOOKING_SEQUENCE_SQL} as sequence
      from bookings b
      join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
     where b.company_id = ${companyId} and b.id = ${bookingId}`);
  return Number(result.rows[0]?.sequence ?? 0);
}
