import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The insights' queries. Every one starts from the period's classes (class_instances_starts_idx:
 * company_id, starts_at) and reaches their bookings by class (bookings_class_idx), a client's details by
 * primary key, and a client's other bookings by client (bookings_client_idx). They return exact counts:
 * the service publishes them (client-insights.service.ts), never this file.
 */

/** A place taken in a class: the client booked it, whatever happened at the door. */
const TAKEN = sql`('booked', 'offered', 'checked_in', 'no_show', 'late_cancelled')`;

export interface Scope {
  companyId: string;
  studioId: string | null;
  from: Date;
  to: Date;
  timeZone: string;
  now: Date;
}

const studioIs = (scope: Scope, column: SQL) =>
  scope.studioId === null ? sql`true` : sql`${column} = ${scope.studioId}`;

/** The period's places taken (at the studio): the population of every chart is their clients. */
const places = (scope: Scope) => sql`
  select b.client_id, b.status
  from class_instances ci
  join bookings b on b.company_id = ci.company_id and b.class_instance_id = ci.id
  where ci.company_id = ${scope.companyId}
    and ci.starts_at >= ${scope.from.toISOString()}::timestamptz and ci.starts_at < ${scope.to.toISOString()}::timestamptz
    and ${studioIs(scope, sql`ci.studio_id`)}
    and b.status in ${TAKEN}`;

export interface CountRow {
  dimension: string;
  value: string | null;
  n: number;
}

/**
 * One pass over the population: each §9 answer (null = not answered), visits in the period by band,
 * and sign-ups in the period by month of the company's calendar.
 */
export async function populationCounts(tx: Executor, scope: Scope): Promise<CountRow[]> {
  const result = await tx.execute<{ dimension: string; value: string | null; n: string }>(sql`
    with per_client as materialized (
      select client_id, count(*) filter (where status = 'checked_in') as visits from (${places(scope)}) p group by client_id
    ), described as materialized (
      select p.visits, u.created_at, d.age, d.race_ethnicity, d.industry, d.planning_unit,
             d.income_band_to_200k, d.income_band_to_120k
      from per_client p
      join users u on u.company_id = ${scope.companyId} and u.id = p.client_id
      left join client_signup_details d on d.company_id = ${scope.companyId} and d.id = p.client_id
    )
    select 'clients' as dimension, null as value, count(*) as n from described
    union all select 'age', age, count(*) from described group by age
    union all select 'raceEthnicity', race_ethnicity, count(*) from described group by race_ethnicity
    union all select 'industry', industry, count(*) from described group by industry
    union all select 'planningUnit', planning_unit, count(*) from described group by planning_unit
    union all select 'incomeBandTo200k', income_band_to_200k, count(*) from described group by income_band_to_200k
    union all select 'incomeBandTo120k', income_band_to_120k, count(*) from described group by income_band_to_120k
    union all select 'visitsPerClient', band, count(*) from (
      select case when visits = 0 then '0' when visits = 1 then '1' when visits <= 3 then '2-3'
                  when visits <= 7 then '4-7' else '8+' end as band from described) v group by band
    union all select 'month', to_char(created_at at time zone ${scope.timeZone}, 'YYYY-MM'), count(*) from described
      where created_at >= ${scope.from.toISOString()}::timestamptz and created_at < ${scope.to.toISOString()}::timestamptz
      group by 2`);
  return result.rows.map((row) => ({ dimension: row.dimension, value: row.value, n: Number(row.n) }));
}

export interface RetentionRow {
  days: 30 | 90;
  cohort: number;
  retained: number;
}

/**
 * Clients whose first visit ever (at the studio) was in the period and at least `days` ago, and of them
 * those who took a place in a class starting `days` or more after that first visit. One pass over the
 * population's places (bookings_client_idx): "a place that late exists" is "their latest place is that late".
 */
export async function retention(tx: Executor, scope: Scope): Promise<RetentionRow[]> {
  const due = (days: number) =>
    sql`first_visit <= ${scope.now.toISOString()}::timestamptz - make_interval(days => ${days})`;
  const kept = (days: number) =>
    sql`${due(days)} and last_place >= first_visit + make_interval(days => ${days})`;
  const result = await tx.execute<Record<'cohort30' | 'retained30' | 'cohort90' | 'retained90', string>>(sql`
    with pop as (select distinct client_id from (${places(scope)}) p),
    per_client as (
      select b.client_id,
             min(ci.starts_at) filter (where b.status = 'checked_in') as first_visit,
             max(ci.starts_at) as last_place
      from pop
      join bookings b on b.company_id = ${scope.companyId} and b.client_id = pop.client_id and b.status in ${TAKEN}
      join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
      where ${studioIs(scope, sql`ci.studio_id`)}
      group by b.client_id
    )
    select count(*) filter (where ${due(30)}) as cohort30,
           count(*) filter (where ${kept(30)}) as retained30,
           count(*) filter (where ${due(90)}) as cohort90,
           count(*) filter (where ${kept(90)}) as retained90
    from per_client
    where first_visit >= ${scope.from.toISOString()}::timestamptz and first_visit < ${scope.to.toISOString()}::timestamptz`);
  const row = result.rows[0];
  return [
    { days: 30, cohort: Number(row?.cohort30 ?? 0), retained: Number(row?.retained30 ?? 0) },
    { days: 90, cohort: Number(row?.cohort90 ?? 0), retained: Number(row?.retained90 ?? 0) },
  ];
}

/**
 * Visits in the period by class type (an event's dates count under its title, an appointment under its
 * type's name), with their distinct clients.
 */
export async function visitsByClass(tx: Executor, scope: Scope) {
  const result = await tx.execute<{ name: string; visits: string; clients: string }>(sql`
    select coalesce(t.name, e.title, at.name, 'Class') as name, count(*) as visits, count(distinct b.client_id) as clients
    from class_instances ci
    join bookings b on b.company_id = ci.company_id and b.class_instance_id = ci.id and b.status = 'checked_in'
    left join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
    left join events e on e.company_id = ci.company_id and e.id = ci.event_id
    left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id
    where ci.company_id = ${scope.companyId}
      and ci.starts_at >= ${scope.from.toISOString()}::timestamptz and ci.starts_at < ${scope.to.toISOString()}::timestamptz
      and ${studioIs(scope, sql`ci.studio_id`)}
    group by 1`);
  return result.rows.map((row) => ({
    name: row.name,
    visits: Number(row.visits),
    clients: Number(row.clients),
  }));
}

/** Visits in the period by the studio's local weekday (1 = Monday) and hour, with their distinct clients. */
export async function visitsByTime(tx: Executor, scope: Scope) {
  const result = await tx.execute<{ weekday: number; hour: number; visits: string; clients: string }>(sql`
    select extract(isodow from ci.starts_at at time zone s.time_zone)::int as weekday,
           extract(hour from ci.starts_at at time zone s.time_zone)::int as hour,
           count(*) as visits, count(distinct b.client_id) as clients
    from class_instances ci
    join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
    join bookings b on b.company_id = ci.company_id and b.class_instance_id = ci.id and b.status = 'checked_in'
    where ci.company_id = ${scope.companyId}
      and ci.starts_at >= ${scope.from.toISOString()}::timestamptz and ci.starts_at < ${scope.to.toISOString()}::timestamptz
      and ${studioIs(scope, sql`ci.studio_id`)}
    group by 1, 2`);
  return result.rows.map((row) => ({
    weekday: Number(row.weekday),
    hour: Number(row.hour),
    visits: Number(row.visits),
    clients: Number(row.clients),
  }));
}

/**
 * The period's classes (and event dates) that have started (not cancelled), with their places taken on
 * the day. Appointments are left out: a private session is full by being booked, not a class's fill.
 */
export async function pastClasses(tx: Executor, scope: Scope) {
  const result = await tx.execute<{
    id: string;
    starts_at: string;
    time_zone: string;
    capacity: number;
    taken: string;
  }>(sql`
    select ci.id, ci.starts_at, s.time_zone, ci.capacity,
           (select count(*) from bookings b where b.company_id = ci.company_id and b.class_instance_id = ci.id
              and b.status in ('booked', 'offered', 'checked_in', 'no_show')) as taken
    from class_instances ci
    join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
    where ci.company_id = ${scope.companyId} and ci.status = 'scheduled' and ci.kind <> 'appointment'
      and ci.starts_at >= ${scope.from.toISOString()}::timestamptz and ci.starts_at < ${scope.to.toISOString()}::timestamptz
      and ci.starts_at <= ${scope.now.toISOString()}::timestamptz
      and ${studioIs(scope, sql`ci.studio_id`)}`);
  return result.rows.map((row) => ({
    id: row.id,
    startsAt: new Date(row.starts_at),
    timeZone: row.time_zone,
    capacity: Number(row.capacity),
    taken: Number(row.taken),
  }));
}

/** Distinct clients holding places in each band's classes (ids and bands side by side). */
export async function clientsByBand(tx: Executor, companyId: string, ids: string[], bands: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  // Array literals as one parameter each (drizzle would spread a JS array); hex ids and band names need no quoting.
  const literal = (values: string[]) => `{${values.join(',')}}`;
  const result = await tx.execute<{ band: string; clients: string }>(sql`
    select c.band, count(distinct b.client_id) as clients
    from unnest(${literal(ids)}::text[], ${literal(bands)}::text[]) as c(id, band)
    join bookings b on b.company_id = ${companyId} and b.class_instance_id = c.id::char(24)
      and b.status in ('booked', 'offered', 'checked_in', 'no_show')
    group by c.band`);
  return new Map(result.rows.map((row) => [row.band, Number(row.clients)]));
}

export async function companyTimeZone(tx: Executor, companyId: string): Promise<string | undefined> {
  const result = await tx.execute<{ time_zone: string }>(
    sql`select time_zone from companies where id = ${companyId}`,
  );
  return result.rows[0]?.time_zone;
}

export async function studioExists(tx: Executor, companyId: string, studioId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select 1 from studios where company_id = ${companyId} and id = ${studioId}`,
  );
  return result.rows.length > 0;
}
