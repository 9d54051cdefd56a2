import { sql, type SQL } from 'drizzle-orm';
import { REMINDER_HOURS_DEFAULT } from '@kinetic/shared';
import { withPlatform, withTenant, type Database } from '../db/client.ts';
import { queuePlaceEmail } from '../features/bookings/booking-email.ts';
import { findBooking, findClient, lockClass, type LockedClass } from '../features/bookings/bookings.repo.ts';
import { effectiveRules } from '../features/class-instances/class-instances.service.ts';
import { sessionRulesOf } from '../features/session-settings/session-settings.service.ts';
import type { Jobs } from './runner.ts';

export interface ReminderDeps {
  db: Database;
  jobs?: Pick<Jobs, 'deliverEmail'> | undefined;
  publicUrl: string;
  log: (error: unknown) => void;
}

/** The longest reminder time a company may choose: bounds the classes the job looks at. */
const MAX_LEAD_HOURS = 168;

/**
 * Which bookings are due a reminder at `now` (aliases: `b` bookings, `ci` class instances, `ss` the
 * company's session settings): still booked and not yet reminded; the class still scheduled, not
 * started, and starting within the company's reminder time; the place taken before that time began (a
 * booking made inside it has its confirmation instead); the studio's "Class reminder" email on
 * (Settings › Email Settings); the client's "Class reminders" switch on and the account not anonymised.
 * A booking skipped because the studio or the client turned reminders off is not marked reminded: it
 * was not, and if the switch comes back on before the class starts, its reminder goes then (once).
 */
function dueReminders(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lead = sql`make_interval(hours => coalesce(ss.reminder_hours_before, ${REMINDER_HOURS_DEFAULT}))`;
  return sql`b.status = 'booked'
    and b.reminder_sent_at is null
    and ci.status = 'scheduled'
    and ci.starts_at > ${at}
    and ci.starts_at <= ${at} + make_interval(hours => ${MAX_LEAD_HOURS})
    and ci.starts_at <= ${at} + ${lead}
    and coalesce(
      (select max(e.at) from booking_events e
        where e.company_id = b.company_id and e.booking_id = b.id and e.to_status = 'booked'),
      b.created_at
    ) < ci.starts_at - ${lead}
    and not exists (select 1 from email_templates t
      where t.company_id = b.company_id and t.trigger = 'classReminder' and not t.enabled)
    and not exists (select 1 from client_preferences cp
      where cp.company_id = b.company_id and cp.client_id = b.client_id and not cp.reminders)
    and not exists (select 1 from users u
      where u.company_id = b.company_id and u.id = b.client_id and u.anonymised_at is not null)`;
}

/**
 * Queues one reminder per due booking, exactly once: for each company, one `UPDATE … SET
 * reminder_sent_at … WHERE reminder_sent_at IS NULL … RETURNING` claims the bookings and the reminders
 * are written to the outbox in the same transaction. A second process running at the same time skips
 * the rows being claimed (`FOR UPDATE SKIP LOCKED`) or, once they are committed, no longer finds them
 * due; a crash before commit leaves them for the next run.
 * Run every five minutes and once when jobs start (a server that was off catches up). Answers how many
 * reminders it queued.
 */
export async function sendClassReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const companies = await withPlatform(deps.db, async (tx) => {
    const result = await tx.execute<{ company_id: string }>(sql`
      select distinct b.company_id from bookings b
        join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
        left join session_settings ss on ss.company_id = b.company_id
      where ${dueReminders(now)}`);
    return result.rows.map((row) => row.company_id);
  });
  let queued = 0;
  for (const companyId of companies) {
    try {
      const emails = await withTenant(deps.db, companyId, async (tx) => {
        // Rows another process is claiming right now are skipped (it sends those), never waited on.
        const claimed = await tx.execute<{ id: string; class_instance_id: string; client_id: string }>(sql`
          update bookings set reminder_sent_at = ${now.toISOString()}::timestamptz
          where company_id = ${companyId}
            and reminder_sent_at is null
            and id in (
              select b.id from bookings b
                join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
                left join session_settings ss on ss.company_id = b.company_id
              where b.company_id = ${companyId} and ${dueReminders(now)}
              for update of b skip locked)
          returning id, class_instance_id, client_id`);
        const company = await sessionRulesOf(tx, companyId);
        const classes = new Map<string, LockedClass | undefined>();
        const ids: string[] = [];
        for (const row of claimed.rows) {
          if (!classes.has(row.class_instance_id))
            classes.set(row.class_instance_id, await lockClass(tx, companyId, row.class_instance_id, { lock: false }));
          const cls = classes.get(row.class_instance_id);
          const client = await findClient(tx, companyId, row.client_id);
          const booking = await findBooking(tx, companyId, row.id);
          if (!cls || !client || !booking) continue;
          const rules = effectiveRules(company, cls.ruleOverrides);
          const id = await queuePlaceEmail(tx, companyId, 'classReminder', client, cls, booking, {
            rules,
            now,
            publicUrl: deps.publicUrl,
          });
          if (id) ids.push(id);
        }
        return ids;
      });
      queued += emails.length;
      for (const id of emails) deps.jobs?.deliverEmail(id).catch(deps.log);
    } catch (error) {
      // One company's failure (rolled back, so retried next run) does not hold up the others.
      deps.log(error);
    }
  }
  return queued;
}
