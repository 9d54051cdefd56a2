import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The iCalendar SEQUENCE of a booking's entry (UID `{bookingId}@kinetic`), the same in the email's
 * `.ics` and in the client's feed: the class's revision (raised by every change of time, place,
 * instructor or status, migration 0038) plus the booking's recorded status changes. Both only grow, so
 * every later message outranks the earlier ones and a calendar app replaces or removes its copy.
 * Call it after the change's booking event is recorded.
 */
export async function bookingSequence(tx: Executor, companyId: string, bookingId: string): Promise<number> {
  const result = await tx.execute<{ sequence: number }>(sql`
    select (ci.revision + (select count(*) from booking_events e
        where e.company_id = b.company_id and e.booking_id = b.id))::int as sequence
      from bookings b
      join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
     where b.company_id = ${companyId} and b.id = ${bookingId}`);
  return Number(result.rows[0]?.sequence ?? 0);
}
