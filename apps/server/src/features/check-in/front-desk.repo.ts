import { sql } from 'drizzle-orm';
import type { RuleOverrides } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';

/**
 * One class of a studio's day as the front desk and the kiosk read it (classes, event dates and
 * appointments, named by their type with the type's rules).
 */
export interface DeskClassRow {
  id: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  roomName: string | null;
  capacity: number;
  bookedCount: number;
  checkedIn: number;
  timeZone: string;
  ruleOverrides: RuleOverrides | null;
}

const toRow = (row: Record<string, unknown>): DeskClassRow => ({
  id: String(row.id),
  name: String(row.name),
  startsAt: new Date(row.starts_at as string),
  endsAt: new Date(row.ends_at as string),
  status: String(row.status),
  roomName: (row.room_name as string | null) ?? null,
  capacity: Number(row.capacity),
  bookedCount: Number(row.booked_count),
  checkedIn: Number(row.checked_in),
  timeZone: String(row.time_zone),
  ruleOverrides: (row.rule_overrides as RuleOverrides | null) ?? null,
});

function deskQuery(companyId: string, studioId: string, where: ReturnType<typeof sql>) {
  return sql`
    select ci.id, coalesce(t.name, e.title, at.name, 'Class') as name, ci.starts_at, ci.ends_at, ci.status,
           r.name as room_name, ci.capacity, ci.booked_count, s.time_zone,
           coalesce(fs.rule_overrides, at.rule_overrides) as rule_overrides,
           (select count(*)::int from bookings b
             where b.company_id = ci.company_id and b.class_instance_id = ci.id and b.status = 'checked_in') as checked_in
      from class_instances ci
      join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
      left join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
      left join events e on e.company_id = ci.company_id and e.id = ci.event_id
      left join fitness_sessions fs on fs.company_id = ci.company_id and fs.id = ci.fitness_session_id
      left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id
      left join studio_rooms r on r.company_id = ci.company_id and r.id = ci.room_id
     where ci.company_id = ${companyId} and ci.studio_id = ${studioId} and ${where}
     order by ci.starts_at, name`;
}

/** The studio's classes whose start falls on `date` in the studio's time zone. */
export async function classesOfDay(
  tx: Executor,
  companyId: string,
  studioId: string,
  date: string,
): Promise<DeskClassRow[]> {
  const result = await tx.execute(
    deskQuery(companyId, studioId, sql`(ci.starts_at at time zone s.time_zone)::date = ${date}::date`),
  );
  return result.rows.map(toRow);
}

/** Scheduled classes of the studio that start between the two instants (check-in may be open for them). */
export async function classesStartingBetween(
  tx: Executor,
  companyId: string,
  studioId: string,
  from: Date,
  to: Date,
): Promise<DeskClassRow[]> {
  const result = await tx.execute(
    deskQuery(
      companyId,
      studioId,
      sql`ci.status = 'scheduled' and ci.starts_at > ${from.toISOString()} and ci.starts_at <= ${to.toISOString()}`,
    ),
  );
  return result.rows.map(toRow);
}

export async function findStudio(tx: Executor, companyId: string, studioId: string) {
  const result = await tx.execute<{ id: string; name: string; time_zone: string }>(
    sql`select id, name, time_zone from studios where company_id = ${companyId} and id = ${studioId}`,
  );
  return result.rows[0];
}

/** Clients of the company whose email (any case) or phone (digits only) is what was typed. */
export async function clientsByEmailOrPhone(tx: Executor, companyId: string, identifier: string) {
  const typed = identifier.trim();
  const digits = typed.replace(/\D/g, '');
  const result = await tx.execute<{ id: string; name: string }>(
    typed.includes('@')
      ? sql`select id, name from users where company_id = ${companyId} and role in ('client', 'solo-client')
              and lower(email) = lower(${typed})`
      : sql`select id, name from users where company_id = ${companyId} and role in ('client', 'solo-client')
              and ${digits.length >= 6} and regexp_replace(coalesce(phone, ''), '\\D', '', 'g') = ${digits}`,
  );
  return result.rows;
}

export async function passwordHashOf(tx: Executor, companyId: string, userId: string) {
  const result = await tx.execute<{ password_hash: string }>(
    sql`select password_hash from users where company_id = ${companyId} and id = ${userId}`,
  );
  return result.rows[0]?.password_hash;
}
