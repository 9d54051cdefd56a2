import { sql, type SQL } from 'drizzle-orm';
import type { PayFrequency, PayRateKind, PayrollSettings } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';

export interface ClosedPeriodRow {
  id: string;
  startsOn: string;
  endsOn: string;
  frequency: PayFrequency;
  currency: string;
  totalAmount: number;
  closedAt: Date;
  closedByName: string;
}

/** What a payroll line pays for: a class, or an appointment taught (paid at the `appointment` rate). */
export type PayrollService = 'class' | 'appointment';

/** One class or appointment as pay is computed from it now. */
export interface ClassFacts {
  id: string;
  service: PayrollService;
  status: string;
  localDate: string;
  startsAt: Date;
  minutes: number;
  instructorId: string;
  instructorName: string;
  /** Null for an appointment. */
  templateId: string | null;
  /** The class's template name, or the appointment's type name. */
  className: string;
  studioName: string;
  studioZone: string;
  seriesInstructorId: string | null;
  seriesInstructorName: string | null;
  attendees: number;
}

export interface RateRow {
  id: string;
  service: PayrollService;
  instructorId: string;
  templateId: string | null;
  effectiveFrom: string;
  kind: PayRateKind;
  amount: number;
  peakAmount: number | null;
  baseAmount: number;
  capAmount: number | null;
}

/** A line as frozen in payroll_lines (see the schema); `homePeriodId` is the closed period it pays or corrects. */
export interface FrozenLineRow {
  id: string;
  periodId: string;
  position: number;
  kind: 'class' | 'adjustment';
  /** Read from the paid instance (an appointment or a class); 'class' when it no longer exists. */
  service: PayrollService;
  instructorId: string;
  instructorName: string;
  classInstanceId: string | null;
  className: string;
  startsAt: Date;
  localDate: string;
  localTime: string;
  studioName: string;
  substituteFor: string | null;
  attendees: number;
  minutes: number;
  rateId: string | null;
  rateSummary: string;
  amount: number;
  adjustsPeriodId: string | null;
  note: string | null;
}

export async function findSettings(tx: Executor, companyId: string): Promise<PayrollSettings> {
  const { rows } = await tx.execute<{ frequency: PayFrequency; period_anchor: string }>(
    sql`select frequency, period_anchor::text from payroll_settings where company_id = ${companyId}`,
  );
  const row = rows[0];
  return row
    ? { frequency: row.frequency, periodAnchor: row.period_anchor }
    : { frequency: 'monthly', periodAnchor: '2026-01-05' };
}

export async function saveSettings(tx: Executor, companyId: string, settings: PayrollSettings) {
  await tx.execute(sql`
    insert into payroll_settings (company_id, frequency, period_anchor)
    values (${companyId}, ${settings.frequency}, ${settings.periodAnchor})
    on conflict (company_id) do update
      set frequency = excluded.frequency, period_anchor = excluded.period_anchor, updated_at = now()`);
}

/** Closes (and settings changes) of one company run one at a time. */
export async function lockPayroll(tx: Executor, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll:${companyId}`}))`);
}

export async function closedPeriods(tx: Executor, companyId: string): Promise<ClosedPeriodRow[]> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select id, starts_on::text as "startsOn", ends_on::text as "endsOn", frequency, currency,
      total_amount as "totalAmount", closed_at as "closedAt", closed_by_name as "closedByName"
    from payroll_periods where company_id = ${companyId} order by starts_on`);
  return rows.map((row) => ({ ...row, closedAt: new Date(row.closedAt as string) }) as ClosedPeriodRow);
}

const lineColumns = sql`pl.id, pl.period_id as "periodId", pl.position, pl.kind, pl.instructor_id as "instructorId",
  pl.instructor_name as "instructorName", pl.class_instance_id as "classInstanceId", pl.class_name as "className",
  pl.starts_at as "startsAt", pl.local_date::text as "localDate", pl.local_time as "localTime",
  pl.studio_name as "studioName", pl.substitute_for as "substituteFor", pl.attendees, pl.minutes,
  pl.rate_id as "rateId", pl.rate_summary as "rateSummary", pl.amount, pl.adjusts_period_id as "adjustsPeriodId", pl.note,
  coalesce((select ci.kind from class_instances ci where ci.company_id = pl.company_id and ci.id = pl.class_instance_id
    and ci.kind = 'appointment'), 'class') as service`;

const toLine = (row: Record<string, unknown>) =>
  ({ ...row, startsAt: new Date(row.startsAt as string) }) as FrozenLineRow;

export async function frozenLines(
  tx: Executor,
  companyId: string,
  periodId: string,
): Promise<FrozenLineRow[]> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select ${lineColumns} from payroll_lines pl
    where pl.company_id = ${companyId} and pl.period_id = ${periodId} order by pl.position`);
  return rows.map(toLine);
}

/** Every frozen line that pays or corrects a class of the given closed periods, oldest close first. */
export async function linesOfHomePeriods(
  tx: Executor,
  companyId: string,
  periodIds: string[],
): Promise<FrozenLineRow[]> {
  if (periodIds.length === 0) return [];
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select ${lineColumns} from payroll_lines pl
    join payroll_periods pp on pp.company_id = pl.company_id and pp.id = pl.period_id
    where pl.company_id = ${companyId} and pl.class_instance_id is not null
      and coalesce(pl.adjusts_period_id, pl.period_id) in (${sql.join(
        periodIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    order by pp.starts_on, pl.position`);
  return rows.map(toLine);
}

const notFrozen = sql`not exists (select 1 from payroll_lines pl
  where pl.company_id = ci.company_id and pl.class_instance_id = ci.id)`;

async function classFacts(tx: Executor, companyId: string, where: SQL): Promise<ClassFacts[]> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select ci.id, ci.kind as service, ci.status, ci.local_date::text as "localDate", ci.starts_at as "startsAt",
      (extract(epoch from (ci.ends_at - ci.starts_at)) / 60)::int as minutes,
      ci.instructor_id as "instructorId", i.name as "instructorName", ci.template_id as "templateId",
      coalesce(t.name, at.name) as "className", s.name as "studioName", s.time_zone as "studioZone",
      fs.instructor_id as "seriesInstructorId", si.name as "seriesInstructorName",
      (select count(*) from bookings b
        where b.company_id = ci.company_id and b.class_instance_id = ci.id and b.status = 'checked_in')::int as attendees
    from class_instances ci
    join instructors i on i.company_id = ci.company_id and i.id = ci.instructor_id
    left join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
    left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id
    join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
    left join fitness_sessions fs on fs.company_id = ci.company_id and fs.id = ci.fitness_session_id
    left join instructors si on si.company_id = fs.company_id and si.id = fs.instructor_id
    where ci.company_id = ${companyId} and ci.kind in ('class', 'appointment') and ${where}
    order by ci.starts_at, ci.id`);
  return rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt as string) }) as ClassFacts);
}

/**
 * Scheduled classes and appointments dated in the span (studio calendar) that no closed period has paid
 * yet. An appointment stays scheduled while it has a client (it is cancelled with its last booking).
 */
export const unpaidClassesIn = (tx: Executor, companyId: string, startsOn: string, endsOn: string) =>
  classFacts(
    tx,
    companyId,
    sql`ci.status = 'scheduled' and ci.local_date between ${startsOn} and ${endsOn} and ${notFrozen}`,
  );

/** The classes with these ids as they are now, whatever their status. */
export const classesById = (tx: Executor, companyId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : classFacts(
        tx,
        companyId,
        sql`ci.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );

/** Every pay rate of the company, for classes and for appointments (`service`). */
export async function classRates(tx: Executor, companyId: string): Promise<RateRow[]> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select id, service, instructor_id as "instructorId", template_id as "templateId", effective_from::text as "effectiveFrom",
      kind, amount, peak_amount as "peakAmount", base_amount as "baseAmount", cap_amount as "capAmount"
    from pay_rates where company_id = ${companyId} and service in ('class', 'appointment')`);
  return rows as unknown as RateRow[];
}

/** The time zones of the company's studios (classes are dated on their studio's clock). */
export async function studioZones(tx: Executor, companyId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ time_zone: string }>(
    sql`select distinct time_zone from studios where company_id = ${companyId}`,
  );
  return rows.map((row) => row.time_zone);
}

export async function userName(tx: Executor, companyId: string, userId: string): Promise<string> {
  const { rows } = await tx.execute<{ name: string }>(
    sql`select name from users where company_id = ${companyId} and id = ${userId}`,
  );
  return rows[0]?.name ?? 'Unknown';
}

export type NewLine = Omit<FrozenLineRow, 'id' | 'periodId' | 'position'>;

export async function insertClosedPeriod(
  tx: Executor,
  companyId: string,
  period: Omit<ClosedPeriodRow, 'id' | 'closedAt'> & { closedBy: string | null; closedAt: Date },
  lines: NewLine[],
): Promise<string> {
  const id = generateId();
  await tx.execute(sql`
    insert into payroll_periods
      (company_id, id, starts_on, ends_on, frequency, currency, total_amount, closed_at, closed_by, closed_by_name)
    values (${companyId}, ${id}, ${period.startsOn}, ${period.endsOn}, ${period.frequency}, ${period.currency},
      ${period.totalAmount}, ${period.closedAt.toISOString()}, ${period.closedBy}, ${period.closedByName})`);
  for (let start = 0; start < lines.length; start += 500) {
    const values = lines.slice(start, start + 500).map(
      (line, index) => sql`(${companyId}, ${generateId()}, ${id}, ${start + index}, ${line.kind},
        ${line.instructorId}, ${line.instructorName}, ${line.classInstanceId}, ${line.className},
        ${line.startsAt.toISOString()}, ${line.localDate}, ${line.localTime}, ${line.studioName},
        ${line.substituteFor}, ${line.attendees}, ${line.minutes}, ${line.rateId}, ${line.rateSummary},
        ${line.amount}, ${line.adjustsPeriodId}, ${line.note})`,
    );
    await tx.execute(sql`
      insert into payroll_lines (company_id, id, period_id, position, kind, instructor_id, instructor_name,
        class_instance_id, class_name, starts_at, local_date, local_time, studio_name, substitute_for, attendees,
        minutes, rate_id, rate_summary, amount, adjusts_period_id, note)
      values ${sql.join(values, sql`, `)}`);
  }
  return id;
}
