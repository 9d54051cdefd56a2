import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The Dashboard's statements (issue 18). Each reads one company through an index that starts with
 * company_id (EXPLAINed at 100,000 clients in dashboard.explain.test.ts; figures in docs/architecture.md),
 * so none grows with the size of the client list except the small answers they return.
 */

export type ClassRow = {
  id: string;
  kind: 'class' | 'event' | 'appointment';
  name: string;
  studio_id: string;
  studio_name: string;
  studio_time_zone: string;
  local_date: string;
  starts_at: Date | string;
  ends_at: Date | string;
  instructor_name: string | null;
  booked: number;
  capacity: number;
  waitlist: number;
  checked_in: number;
  cancelled: boolean;
  client_name: string | null;
};

const iso = (instant: Date) => instant.toISOString();

/**
 * Classes, event dates and appointments whose start falls in [from, to) and, when `dates` is given, whose
 * local date (the studio's calendar) is one of them; `instructorId`: only those they teach or assist.
 * Check-ins are counted from the class's bookings (bookings_class_idx); an appointment names its client.
 */
export async function classesBetween(
  tx: Executor,
  companyId: string,
  range: { from: Date; to: Date; dates?: { first: string; last: string } },
  options: { instructorId?: string | null; kinds?: readonly string[]; limit?: number } = {},
): Promise<ClassRow[]> {
  const dates = range.dates
    ? sql`and ci.local_date between ${range.dates.first}::date and ${range.dates.last}::date`
    : sql``;
  const mine =
    options.instructorId !== undefined
      ? sql`and (ci.instructor_id = ${options.instructorId} or ci.assistant_id = ${options.instructorId})`
      : sql``;
  const kinds = options.kinds
    ? sql`and ci.kind in (${sql.join(
        options.kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )}) and ci.status = 'scheduled'`
    : sql``;
  const limit: SQL = options.limit ? sql`limit ${options.limit}` : sql``;
  const result = await tx.execute<ClassRow>(sql`
    select ci.id, ci.kind,
      coalesce(t.name, e.title, at.name, 'Class') as name,
      ci.studio_id, s.name as studio_name, s.time_zone as studio_time_zone,
      to_char(ci.local_date, 'YYYY-MM-DD') as local_date, ci.starts_at, ci.ends_at,
      i.name as instructor_name,
      ci.booked_count as booked, ci.capacity, ci.waitlist_count as waitlist,
      (select count(*)::int from bookings b
        where b.company_id = ci.company_id and b.class_instance_id = ci.id and b.status = 'checked_in') as checked_in,
      ci.status = 'cancelled' as cancelled,
      case when ci.kind = 'appointment' then (
        select u.name from bookings b join users u on u.company_id = b.company_id and u.id = b.client_id
        where b.company_id = ci.company_id and b.class_instance_id = ci.id
          and b.status in ('booked', 'offered', 'checked_in')
        order by b.created_at limit 1) end as client_name
    from class_instances ci
    join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
    left join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
    left join events e on e.company_id = ci.company_id and e.id = ci.event_id
    left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id
    left join instructors i on i.company_id = ci.company_id and i.id = ci.instructor_id
    where ci.company_id = ${companyId}
      and ci.starts_at >= ${iso(range.from)}::timestamptz and ci.starts_at < ${iso(range.to)}::timestamptz
      ${dates} ${mine} ${kinds}
    order by ci.starts_at, s.name, ci.id
    ${limit}`);
  return result.rows;
}

export async function studiosOf(tx: Executor, companyId: string) {
  const result = await tx.execute<{ id: string; name: string; time_zone: string }>(sql`
    select id, name, time_zone from studios where company_id = ${companyId} order by name, id`);
  return result.rows;
}

/** The instructor row linked to a login (instructors_user_key). */
export async function instructorOfUser(
  tx: Executor,
  companyId: string,
  userId: string,
): Promise<string | null> {
  const result = await tx.execute<{ id: string }>(sql`
    select id from instructors where company_id = ${companyId} and user_id = ${userId}`);
  return result.rows[0]?.id ?? null;
}

/**
 * Places taken (booked, offered, checked in) in the scheduled classes, events and appointments of the
 * local dates first..last: the sum of the live counts (class_instances_starts_idx over the instants).
 */
export async function placesTaken(
  tx: Executor,
  companyId: string,
  range: { from: Date; to: Date; first: string; last: string },
): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select coalesce(sum(booked_count), 0)::int as n from class_instances
    where company_id = ${companyId}
      and starts_at >= ${iso(range.from)}::timestamptz and starts_at < ${iso(range.to)}::timestamptz
      and local_date between ${range.first}::date and ${range.last}::date
      and status = 'scheduled'`);
  return Number(result.rows[0]?.n ?? 0);
}

/** Clients who joined in [from, to): real clients only (no hidden support logins). users_company_created_idx. */
export async function newClients(tx: Executor, companyId: string, from: Date, to: Date): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from users
    where company_id = ${companyId} and role in ('client', 'solo-client') and platform_user_id is null
      and created_at >= ${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz`);
  return Number(result.rows[0]?.n ?? 0);
}

/** Money taken minus money refunded in [from, to), minor units (payments_at_idx). */
export async function moneyTaken(tx: Executor, companyId: string, from: Date, to: Date): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select coalesce(sum(case when kind = 'refund' then -amount else amount end), 0)::float8 as n from payments
    where company_id = ${companyId}
      and at >= ${iso(from)}::timestamptz and at < ${iso(to)}::timestamptz`);
  return Number(result.rows[0]?.n ?? 0);
}

type MembershipRow = {
  id: string;
  client_id: string;
  client_name: string;
  package_name: string;
  date: string | null;
  failures: number;
  paused: boolean;
  total: number;
};

/**
 * Auto-renewing memberships whose paid period ends between `today` and `until` (they renew on that day),
 * not cancelled at its end; the first `limit` by date, with the count of all.
 */
export async function renewingSoon(
  tx: Executor,
  companyId: string,
  today: string,
  until: string,
  limit: number,
): Promise<MembershipRow[]> {
  // client_packages_auto_renewal_idx holds exactly these rows in date order: the count is read from the
  // index and the few shown are its first entries, joined to their clients' names one by one (joining
  // every due membership's client first made the planner hash all 100,000 clients: 150 ms).
  const due = sql`cp.company_id = ${companyId} and cp.status = 'active' and cp.paid_until is not null
    and cp.ends_on is null and (cp.terms ->> 'autoRenew')::boolean
    and cp.paid_until between ${today}::date and ${until}::date`;
  const result = await tx.execute<MembershipRow>(sql`
    select cp.id, cp.client_id, u.name as client_name, cp.terms ->> 'name' as package_name,
      to_char(cp.paid_until, 'YYYY-MM-DD') as date, cp.renewal_failures as failures, false as paused,
      (select count(*) from client_packages cp where ${due})::int as total
    from client_packages cp
    join users u on u.company_id = cp.company_id and u.id = cp.client_id
    where ${due}
    order by cp.paid_until, cp.id
    limit ${limit}`);
  return result.rows;
}

/**
 * Memberships whose card renewal failed (still retrying, or paused after the last try) until someone
 * acts: a successful renewal or a resume puts renewal_failures back to 0 (client_packages_failed_idx).
 */
export async function failedRenewals(
  tx: Executor,
  companyId: string,
  limit: number,
): Promise<MembershipRow[]> {
  const result = await tx.execute<MembershipRow>(sql`
    select cp.id, cp.client_id, u.name as client_name, cp.terms ->> 'name' as package_name,
      to_char(cp.paid_until, 'YYYY-MM-DD') as date, cp.renewal_failures as failures,
      cp.status = 'paused' as paused, count(*) over ()::int as total
    from client_packages cp
    join users u on u.company_id = cp.company_id and u.id = cp.client_id
    where cp.company_id = ${companyId} and cp.renewal_failures > 0 and cp.status in ('active', 'paused')
    order by cp.updated_at desc, cp.id
    limit ${limit}`);
  return result.rows;
}

type UnsignedRow = {
  client_id: string;
  client_name: string;
  class_instance_id: string;
  class_name: string;
  starts_at: Date | string;
  time_zone: string;
  total: number;
};

/**
 * Clients holding a place (booked, offered, checked in) in a scheduled class, event or appointment of the
 * day who have not signed the current waiver (no signature of version `fromVersion` or later), each with
 * their first class of the day; the first `limit` by time and the count of all.
 */
export async function unsignedToday(
  tx: Executor,
  companyId: string,
  range: { from: Date; to: Date; date: string },
  fromVersion: number,
  limit: number,
): Promise<UnsignedRow[]> {
  const result = await tx.execute<UnsignedRow>(sql`
    with booked as (
      select distinct on (b.client_id) b.client_id, ci.id as class_instance_id, ci.starts_at, s.time_zone,
        coalesce(t.name, e.title, at.name, 'Class') as class_name
      from class_instances ci
      join bookings b on b.company_id = ci.company_id and b.class_instance_id = ci.id
        and b.status in ('booked', 'offered', 'checked_in')
      join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
      left join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
      left join events e on e.company_id = ci.company_id and e.id = ci.event_id
      left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id
      where ci.company_id = ${companyId} and ci.status = 'scheduled'
        and ci.starts_at >= ${iso(range.from)}::timestamptz and ci.starts_at < ${iso(range.to)}::timestamptz
        and ci.local_date = ${range.date}::date
      order by b.client_id, ci.starts_at
    )
    select booked.client_id, u.name as client_name, booked.class_instance_id, booked.class_name,
      booked.starts_at, booked.time_zone, count(*) over ()::int as total
    from booked
    join users u on u.company_id = ${companyId} and u.id = booked.client_id
    where not exists (
      select 1 from waiver_signatures ws
      where ws.company_id = ${companyId} and ws.client_id = booked.client_id and ws.version >= ${fromVersion})
    order by booked.starts_at, u.name, booked.client_id
    limit ${limit}`);
  return result.rows;
}

/**
 * What open orders still ask, per client (orders_open_owing_idx): the clients owing the most first, with the
 * count of clients and the total of all.
 */
export async function balancesOwing(tx: Executor, companyId: string, limit: number) {
  const result = await tx.execute<{
    client_id: string;
    client_name: string;
    amount: number;
    clients: number;
    total: number;
  }>(sql`
    with owing as (
      select client_id, sum(total - paid)::float8 as amount from orders
      where company_id = ${companyId} and status = 'open'
      group by client_id having sum(total - paid) > 0
    ),
    -- The few shown are picked before their names are joined (not a hash of every client).
    shown as (select * from owing order by amount desc, client_id limit ${limit})
    select shown.client_id, u.name as client_name, shown.amount,
      (select count(*) from owing)::int as clients, (select coalesce(sum(amount), 0) from owing)::float8 as total
    from shown join users u on u.company_id = ${companyId} and u.id = shown.client_id
    order by shown.amount desc, shown.client_id`);
  const rows = result.rows;
  return {
    count: Number(rows[0]?.clients ?? 0),
    total: Number(rows[0]?.total ?? 0),
    clients: rows.map((row) => ({
      clientId: row.client_id,
      clientName: row.client_name,
      amount: Number(row.amount),
    })),
  };
}
