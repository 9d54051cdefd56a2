import { sql, type SQL } from 'drizzle-orm';
import type { AttendanceReportQuery, RevenueReportQuery } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';

/**
 * The report queries (issue 14 §5). Each is one statement that answers the groups and, last, the
 * totals row (grouping sets; its `key` is null), so the JSON answer and the streamed CSV read the very
 * same rows. Both run in a tenant transaction: row-level security holds as well as the WHERE.
 */

/** The period's first and last instants on the company's calendar, with its currency. */
export interface ReportFrame {
  timeZone: string;
  currency: string;
  fromInstant: Date;
  /** Exclusive: midnight after the last day. */
  toInstant: Date;
}

export async function reportFrame(
  tx: Executor,
  companyId: string,
  from: string,
  to: string,
): Promise<ReportFrame> {
  const { rows } = await tx.execute<{
    time_zone: string;
    currency: string;
    from_instant: Date;
    to_instant: Date;
  }>(sql`
    select time_zone, currency,
      (${from}::date)::timestamp at time zone time_zone as from_instant,
      (${to}::date + 1)::timestamp at time zone time_zone as to_instant
    from companies where id = ${companyId}`);
  const row = rows[0];
  if (!row) throw new Error('The signed-in company has no row.');
  return {
    timeZone: row.time_zone,
    currency: row.currency,
    fromInstant: new Date(row.from_instant),
    toInstant: new Date(row.to_instant),
  };
}

/** Which of the named ids are not the company's (row-level security hides another company's rows too). */
export async function missingIds(
  tx: Executor,
  companyId: string,
  ids: { studioId?: string | undefined; instructorId?: string | undefined; templateId?: string | undefined },
): Promise<('studioId' | 'instructorId' | 'templateId')[]> {
  const { rows } = await tx.execute<{ studio: boolean; instructor: boolean; template: boolean }>(sql`
    select
      exists (select 1 from studios where company_id = ${companyId} and id = ${ids.studioId ?? null}) as studio,
      exists (select 1 from instructors where company_id = ${companyId} and id = ${ids.instructorId ?? null}) as instructor,
      exists (select 1 from class_templates where company_id = ${companyId} and id = ${ids.templateId ?? null}) as template`);
  const found = rows[0];
  const missing: ('studioId' | 'instructorId' | 'templateId')[] = [];
  if (ids.studioId && !found?.studio) missing.push('studioId');
  if (ids.instructorId && !found?.instructor) missing.push('instructorId');
  if (ids.templateId && !found?.template) missing.push('templateId');
  return missing;
}

/** Period groups sort by date; the others by name. */
const byDate = (groupBy: string) => groupBy === 'day' || groupBy === 'week' || groupBy === 'month';

function periodKey(groupBy: 'day' | 'week' | 'month', localDate: SQL): SQL {
  if (groupBy === 'day') return sql`${localDate}::text`;
  // ISO weeks, Monday first.
  return groupBy === 'week'
    ? sql`date_trunc('week', ${localDate})::date::text`
    : sql`date_trunc('month', ${localDate})::date::text`;
}

/** What a spreadsheet reader sees: "2026-11-02", "Week of 2026-11-02", "November 2026". */
function periodLabel(groupBy: 'day' | 'week' | 'month', localDate: SQL): SQL {
  if (groupBy === 'day') return sql`${localDate}::text`;
  return groupBy === 'week'
    ? sql`'Week of ' || date_trunc('week', ${localDate})::date::text`
    : sql`to_char(date_trunc('month', ${localDate}), 'FMMonth YYYY')`;
}

function attendanceGroup(groupBy: AttendanceReportQuery['groupBy']): { key: SQL; label: SQL } {
  switch (groupBy) {
    case 'class':
      // An event's dates are one group, named after the event; an appointment type's sessions another.
      return {
        key: sql`coalesce(ci.template_id, ci.event_id, ci.appointment_type_id)`,
        label: sql`coalesce(t.name, e.title || ' (event)', at.name || ' (appointment)')`,
      };
    case 'instructor':
      // Event dates have facilitators, not an instructor: they make one group of their own.
      return {
        key: sql`coalesce(ci.instructor_id, 'events')`,
        label: sql`coalesce(i.name, 'Events (no instructor)')`,
      };
    case 'studio':
      return { key: sql`ci.studio_id`, label: sql`s.name` };
    default:
      // The class's date on its studio's calendar.
      return { key: periodKey(groupBy, sql`ci.local_date`), label: periodLabel(groupBy, sql`ci.local_date`) };
  }
}

/**
 * Attendance by group. A class counts in the period when it starts inside it (company calendar) and
 * is not cancelled; event dates (kind 'event') and appointments (issue 17; grouped by class under their
 * type's name) count like classes. Bookings are counted per class
 * through `bookings_class_idx`; the classes come from `class_instances_starts_idx`.
 */
export function attendanceQuery(companyId: string, query: AttendanceReportQuery, frame: ReportFrame): SQL {
  const { key, label } = attendanceGroup(query.groupBy);
  const filters: SQL[] = [];
  if (query.studioId) filters.push(sql`and ci.studio_id = ${query.studioId}`);
  if (query.instructorId) filters.push(sql`and ci.instructor_id = ${query.instructorId}`);
  if (query.templateId) filters.push(sql`and ci.template_id = ${query.templateId}`);
  const order = byDate(query.groupBy) ? sql`key` : sql`label, key`;
  return sql`
    select key, coalesce(label, 'Total') as label, grouping(key, label) <> 0 as is_total,
      count(*)::int as classes,
      coalesce(sum(booked), 0)::int as booked,
      coalesce(sum(checked_in), 0)::int as checked_in,
      coalesce(sum(no_shows), 0)::int as no_shows,
      coalesce(sum(late_cancels), 0)::int as late_cancels,
      coalesce(sum(cancellations), 0)::int as cancellations,
      coalesce(sum(capacity), 0)::int as capacity,
      round(sum(booked)::numeric / nullif(sum(capacity), 0), 4)::float8 as fill_rate
    from (
      select ${key} as key, ${label} as label, ci.capacity, b.*
      from class_instances ci
      left join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
      left join events e on e.company_id = ci.company_id and e.id = ci.event_id
      left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id
      left join instructors i on i.company_id = ci.company_id and i.id = ci.instructor_id
      join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
      cross join lateral (
        select
          count(*) filter (where status in ('booked', 'offered', 'checked_in', 'no_show')) as booked,
          count(*) filter (where status = 'checked_in') as checked_in,
          count(*) filter (where status = 'no_show') as no_shows,
          count(*) filter (where status = 'late_cancelled') as late_cancels,
          count(*) filter (where status = 'cancelled') as cancellations
        from bookings
        where bookings.company_id = ci.company_id and bookings.class_instance_id = ci.id
      ) b
      where ci.company_id = ${companyId}
        and ci.starts_at >= ${frame.fromInstant.toISOString()}::timestamptz
        and ci.starts_at < ${frame.toInstant.toISOString()}::timestamptz
        and ci.status <> 'cancelled'
        ${sql.join(filters, sql` `)}
    ) per_class
    group by grouping sets ((key, label), ())
    order by grouping(key, label), ${order}`;
}

const TYPE_OF_LINE = sql`case l.kind
    when 'package' then pk.kind
    when 'renewal' then 'membership'
    when 'product' then pr.kind
    else l.kind end`;

/** Names of the kinds of sale (`package-type` groups, and what is not a package or product). */
const TYPE_LABEL = sql`case ${TYPE_OF_LINE}
    when 'membership' then 'Memberships'
    when 'class-pack' then 'Class packs'
    when 'signup-fee' then 'Membership sign-up fees'
    when 'drop-in' then 'Drop-ins'
    when 'fee' then 'Late-cancel and no-show fees'
    when 'product' then 'Products'
    when 'service' then 'Services'
    else l.kind end`;

function revenueGroup(groupBy: RevenueReportQuery['groupBy'], timeZone: string): { key: SQL; label: SQL } {
  switch (groupBy) {
    case 'package-type':
      return { key: TYPE_OF_LINE, label: TYPE_LABEL };
    case 'package':
      // Sign-up fees and renewals count with their package; other sales by their kind.
      return {
        key: sql`coalesce(l.package_id, ${TYPE_OF_LINE})`,
        label: sql`coalesce(pk.name, ${TYPE_LABEL})`,
      };
    case 'product':
      return {
        key: sql`coalesce(l.product_id, ${TYPE_OF_LINE})`,
        label: sql`coalesce(pr.name, ${TYPE_LABEL})`,
      };
    default: {
      const localDate = sql`(l.at at time zone ${timeZone})::date`;
      return { key: periodKey(groupBy, localDate), label: periodLabel(groupBy, localDate) };
    }
  }
}

/**
 * Revenue by group, in minor units. Sales count when the order was made (an open order at the desk is
 * a sale: the client has the package; a Stripe checkout only once paid; cancelled orders never);
 * refunds count when they were given, whatever period the sale was in. A refund is an order's: it is
 * shared between the order's lines in proportion to their totals (the remainder to the first line, so
 * the shares add up), and each share's tax part in proportion to its line's tax.
 */
export function revenueQuery(companyId: string, query: RevenueReportQuery, frame: ReportFrame): SQL {
  const { key, label } = revenueGroup(query.groupBy, frame.timeZone);
  const from = frame.fromInstant.toISOString();
  const to = frame.toInstant.toISOString();
  // Orders carry no studio: a studio's revenue is what was sold for its classes (drop-ins, fees) and
  // packages limited to it.
  const studio = query.studioId
    ? sql`and (ci.studio_id = ${query.studioId} or (ci.id is null and ${query.studioId} = any(pk.studio_ids)))`
    : sql``;
  const order = byDate(query.groupBy) ? sql`key` : sql`label, key`;
  return sql`
    -- Sums are float8, not int: two busy years pass 2^31 minor units (21 million dollars), and float8
    -- holds every whole number up to 2^53 exactly while pg hands it over as a number (bigint comes as text).
    with movements as (
      select o.company_id, l.kind, l.package_id, l.product_id, l.booking_id, o.created_at as at,
        l.net + l.discount as gross, l.discount, 0 as refunds, l.tax
      from orders o
      -- The period's orders come from orders_created_idx and their lines from order_lines_order_idx;
      -- OFFSET 0 keeps the planner from hashing every line of the company instead (it did, at 210,000
      -- lines, for a month holding 9,000 of them).
      cross join lateral (
        select * from order_lines where order_lines.company_id = o.company_id and order_lines.order_id = o.id offset 0
      ) l
      where o.company_id = ${companyId}
        and o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz
        and o.status <> 'cancelled' and (o.provider <> 'stripe' or o.paid_at is not null)
      union all
      select company_id, kind, package_id, product_id, booking_id, at, 0, 0, share - share_tax, -share_tax
      from (
        select company_id, kind, package_id, product_id, booking_id, at, share,
          round(share::numeric * line_tax / nullif(line_total, 0))::int as share_tax
        from (
          select p.company_id, l.kind, l.package_id, l.product_id, l.booking_id, p.at, l.tax as line_tax, l.total as line_total,
            floor(p.amount::numeric * l.total / o.total)::int
              + case when row_number() over (partition by p.id order by l.position) = 1
                  then p.amount - sum(floor(p.amount::numeric * l.total / o.total)::int) over (partition by p.id)
                  else 0 end as share
          from payments p
          join orders o on o.company_id = p.company_id and o.id = p.order_id
          join order_lines l on l.company_id = p.company_id and l.order_id = p.order_id
          where p.company_id = ${companyId} and p.kind = 'refund'
            and p.at >= ${from}::timestamptz and p.at < ${to}::timestamptz
            and o.total > 0
        ) shares
      ) refunded
    )
    select key, coalesce(label, 'Total') as label, grouping(key, label) <> 0 as is_total,
      coalesce(sum(gross), 0)::float8 as gross_sales,
      coalesce(sum(discount), 0)::float8 as discounts,
      coalesce(sum(refunds), 0)::float8 as refunds,
      coalesce(sum(gross - discount - refunds), 0)::float8 as net,
      coalesce(sum(tax), 0)::float8 as tax,
      coalesce(sum(gross - discount - refunds + tax), 0)::float8 as total
    from (
      select ${key} as key, ${label} as label, l.gross, l.discount, l.refunds, l.tax
      -- Each movement carries its line's kind and ids: named l like the line it comes from.
      from movements l
      left join packages pk on pk.company_id = l.company_id and pk.id = l.package_id
      left join products pr on pr.company_id = l.company_id and pr.id = l.product_id
      left join bookings b on b.company_id = l.company_id and b.id = l.booking_id
      left join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
      where true ${studio}
    ) lines
    group by grouping sets ((key, label), ())
    order by grouping(key, label), ${order}`;
}
