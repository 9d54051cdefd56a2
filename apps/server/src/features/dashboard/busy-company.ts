/**
 * A busy studio for the Dashboard's EXPLAIN test and benchmark (issue 18): the statements, run as the
 * tables' owner after a company, studio, template, instructor, class series and membership were made
 * through the API. About 100,000 clients joined over three years, 20 classes a day for 400 days back and
 * 30 ahead (about 20 places each, checked in when past), 300,000 orders with their payments (1 in 20
 * refunded in part, 1 in 40 left open), 30,000 auto-renewing memberships renewing over the next 30 days
 * (200 whose renewal failed) and a waiver signed by 9 clients in 10.
 */
export interface BusyCompanyIds {
  companyId: string;
  studioId: string;
  templateId: string;
  instructorId: string;
  seriesId: string;
  packageId: string;
  timeZone: string;
}

export const BUSY_CLIENTS = 100_000;

/** Ids are hex with a prefix, 24 characters, like the app's. */
const hex = (prefix: string, n: string) => `'${prefix}' || lpad(to_hex(${n}), ${24 - prefix.length}, '0')`;

export function busyCompanyStatements(ids: BusyCompanyIds): string[] {
  const { companyId: c, timeZone: tz } = ids;
  const q = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const N = BUSY_CLIENTS;
  return [
    `insert into users (company_id, id, role, name, email, password_hash, created_at, updated_at)
     select ${q(c)}, ${hex('c1', 'n')}, 'client', 'Client ' || n, 'client' || n || '@busy.test', 'x',
       now() - n * interval '15 minutes', now()
     from generate_series(1, ${N}) n`,
    // 20 classes a day, 40 minutes each, every 45 minutes from 06:00: one instructor never overlaps.
    `insert into class_instances (company_id, id, fitness_session_id, kind, template_id, studio_id, instructor_id,
       local_date, starts_at, ends_at, capacity)
     select ${q(c)}, ${hex('k1', '(d + 400) * 20 + s + 10000')}, ${q(ids.seriesId)}, 'class', ${q(ids.templateId)},
       ${q(ids.studioId)}, ${q(ids.instructorId)}, day,
       (day + time '06:00' + s * interval '45 minutes') at time zone ${q(tz)},
       (day + time '06:40' + s * interval '45 minutes') at time zone ${q(tz)}, 30
     from generate_series(-400, 30) d, generate_series(0, 19) s,
       lateral (select ((now() at time zone ${q(tz)})::date + d) as day) days`,
    `insert into bookings (company_id, id, class_instance_id, client_id, status, created_at)
     select ${q(c)}, ${hex('b1', 'n')}, ${hex('k1', '(n / 20) + 10000')},
       ${hex('c1', `1 + (n::bigint * 7919) % ${N}`)},
       case when ci.starts_at < now() then 'checked_in' else 'booked' end, ci.starts_at - interval '3 days'
     from generate_series(0, 431 * 20 * 20 - 1) n
     join class_instances ci on ci.company_id = ${q(c)} and ci.id = ${hex('k1', '(n / 20) + 10000')}
     on conflict do nothing`,
    `update class_instances ci set booked_count = b.n
     from (select class_instance_id, count(*)::int as n from bookings where company_id = ${q(c)}
           group by class_instance_id) b
     where ci.company_id = ${q(c)} and ci.id = b.class_instance_id`,
    `insert into orders (company_id, id, number, client_id, status, provider, currency, subtotal, discount, tax,
       total, paid, refunded, created_at, paid_at)
     select ${q(c)}, ${hex('o1', 'n')}, n + 1000, ${hex('c1', `1 + (n::bigint * 104729) % ${N}`)},
       case when n % 40 = 0 then 'open' when n % 20 = 0 then 'partly-refunded' else 'paid' end, 'studio', 'USD',
       2500, 0, 0, 2500, case when n % 40 = 0 then 0 else 2500 end, case when n % 40 <> 0 and n % 20 = 0 then 500 else 0 end,
       now() - n * interval '5 minutes', case when n % 40 = 0 then null else now() - n * interval '5 minutes' end
     from generate_series(1, 300000) n`,
    `insert into payments (company_id, id, order_id, kind, amount, method, at)
     select ${q(c)}, ${hex('y1', 'n')}, ${hex('o1', 'n')}, 'payment', 2500, 'card', now() - n * interval '5 minutes'
     from generate_series(1, 300000) n where n % 40 <> 0`,
    `insert into payments (company_id, id, order_id, kind, amount, method, at)
     select ${q(c)}, ${hex('r1', 'n')}, ${hex('o1', 'n')}, 'refund', 500, 'card', now() - n * interval '5 minutes' + interval '1 day'
     from generate_series(1, 300000) n where n % 40 <> 0 and n % 20 = 0`,
    `insert into orders (company_id, id, number, client_id, status, provider, currency, subtotal, discount, tax,
       total, paid, created_at, paid_at)
     select ${q(c)}, ${hex('m1', 'n')}, n + 400000, ${hex('c1', 'n * 3')}, 'paid', 'studio', 'USD', 12000, 0, 0,
       12000, 12000, now() - interval '40 days', now() - interval '40 days'
     from generate_series(1, 30000) n`,
    `insert into client_packages (company_id, id, client_id, package_id, order_id, terms, status, starts_on,
       paid_until, renewal_failures)
     select ${q(c)}, ${hex('p1', 'n')}, ${hex('c1', 'n * 3')}, ${q(ids.packageId)}, ${hex('m1', 'n')},
       '{"kind":"membership","name":"Unlimited Monthly","autoRenew":true,"period":"month","price":12000}'::jsonb,
       case when n <= 100 then 'paused' else 'active' end,
       (now() at time zone ${q(tz)})::date - 40, (now() at time zone ${q(tz)})::date + (n % 30),
       case when n <= 200 then 1 + n % 3 else 0 end
     from generate_series(1, 30000) n`,
    `insert into waiver_signatures (company_id, id, client_id, waiver_id, version, full_name, kind, accepted_terms)
     select w.company_id, ${hex('s1', 'n')}, ${hex('c1', 'n')}, w.id, w.version, 'S', 'typed', '[]'::jsonb
     from waivers w, generate_series(1, ${N}) n where w.company_id = ${q(c)} and n % 10 <> 0`,
  ];
}
