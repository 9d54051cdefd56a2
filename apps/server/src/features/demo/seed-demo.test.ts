import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { ensurePlatformAdmin } from './platform-admin.ts';
import { seedDemo } from './seed-demo.ts';
import { DEMO_REGULARS } from './seed-bookings.ts';

const db = await createTestDatabase();

const count = async (table: string) =>
  (await db.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;

describe('demo data', () => {
  it('seeds demo and solo-demo with every role (the logins; regulars have none), and a second run changes nothing', async () => {
    expect(await seedDemo(db.db)).toEqual({ created: true, platformAdmin: true });
    const { rows } = await db.pool.query(
      `select c.slug, c.kind, u.role, u.email from users u join companies c on c.id = u.company_id
        where u.password_hash <> '' order by c.slug, u.email`,
    );
    expect(rows).toEqual([
      { slug: 'demo', kind: 'company', role: 'admin', email: 'admin@demo.test' },
      // The demo team (seed-staff.ts): Aisha logs in, Dana is deactivated (Marco, invited, has no password yet).
      { slug: 'demo', kind: 'company', role: 'instructor', email: 'aisha@demo.test' },
      { slug: 'demo', kind: 'company', role: 'client', email: 'client@demo.test' },
      { slug: 'demo', kind: 'company', role: 'staff', email: 'dana@demo.test' },
      { slug: 'demo', kind: 'company', role: 'instructor', email: 'instructor@demo.test' },
      { slug: 'demo', kind: 'company', role: 'staff', email: 'staff@demo.test' },
      { slug: 'solo-demo', kind: 'solo', role: 'solo-client', email: 'client@solo-demo.test' },
      { slug: 'solo-demo', kind: 'solo', role: 'solo-instructor', email: 'instructor@solo-demo.test' },
    ]);
    // The demo's platform (uber) admin (issue 18 §2), in no company; a second run keeps the one row.
    const platformAdmins = async () =>
      (await db.pool.query("select email from platform_users where email = 'platform@demo.test'")).rows;
    expect(await platformAdmins()).toHaveLength(1);
    expect(await seedDemo(db.db)).toEqual({ created: false, platformAdmin: true });
    expect(await platformAdmins()).toHaveLength(1);
    // Six demo logins, three more of the demo team, and the studios' regulars (150 at demo, 12 at
    // solo-demo), every one a different person.
    expect(await count('users')).toBe(6 + 3 + 150 + 12);
    expect(await count('pay_rates')).toBeGreaterThan(0);
    expect(await count('payroll_periods')).toBe(1);
    // Email Settings: each company's sender and look, and the demo's own booking confirmation.
    expect(await count('email_settings')).toBe(2);
    expect(await count('email_templates')).toBe(2);
    expect(new Set(DEMO_REGULARS).size).toBe(150);
    expect(await count('companies')).toBe(2);
    // Every onboarding step's settings are there: the owner's first login lands on the Dashboard.
    const onboarding = await db.pool.query('select slug, completed_onboarding from companies order by slug');
    expect(onboarding.rows).toEqual([
      {
        slug: 'demo',
        completed_onboarding: [
          'companyDetails',
          'studios',
          'classesSettings',
          'hours',
          'clientWaiver',
          'contractTerms',
        ],
      },
      {
        slug: 'solo-demo',
        completed_onboarding: ['companyDetails', 'classesSettings', 'hours', 'clientWaiver', 'contractTerms'],
      },
    ]);
    expect(await count('studios')).toBe(3);
    expect(await count('studio_rooms')).toBe(3);
    expect(await count('session_settings')).toBe(2);
    expect(await count('company_hours')).toBe(1);
    expect(await count('class_templates')).toBe(8);
    expect(await count('instructors')).toBe(5);
    expect(await count('facilitators')).toBe(2);
    expect(await count('fitness_sessions')).toBe(22);
  });

  it('shows issue 18 at work in the demo business: API keys, a paused webhook endpoint with its log, the past import, a support session in the audit log', async () => {
    await seedDemo(db.db);
    await seedDemo(db.db);
    const keys = await db.pool.query(
      `select k.name, k.scope, k.revoked_at is not null as revoked, length(k.token_hash) as hash
         from api_keys k join companies c on c.id = k.company_id where c.slug = 'demo' order by k.name`,
    );
    expect(keys.rows).toEqual([
      { name: 'Old newsletter sync', scope: 'write', revoked: true, hash: 64 },
      { name: 'Website timetable', scope: 'read', revoked: false, hash: 64 },
    ]);
    // Paused: the demo never sends to an address that does not exist.
    const endpoints = await db.pool.query('select active from webhook_endpoints');
    expect(endpoints.rows).toEqual([{ active: false }]);
    const log = await db.pool.query(
      'select status, count(*)::int as n from webhook_deliveries group by status order by status',
    );
    expect(log.rows).toEqual([
      { status: 'delivered', n: 3 },
      { status: 'failed', n: 1 },
    ]);
    const imports = await db.pool.query(
      'select status, created_count, rejected_count, rejections from import_jobs',
    );
    expect(imports.rows).toHaveLength(1);
    expect(imports.rows[0]).toMatchObject({ status: 'done', created_count: 38, rejected_count: 2 });
    const support = await db.pool.query(`select s.platform_user_email, s.ended_by from support_sessions s`);
    expect(support.rows).toEqual([{ platform_user_email: 'platform@demo.test', ended_by: 'platform' }]);
    const audit = await db.pool.query('select action from platform_audit_log order by created_at');
    expect(audit.rows.map((row) => row.action)).toEqual([
      'login',
      'support_session.started',
      'support_session.ended',
    ]);
  });

  it('fills the demo calendar: about forty classes a week, six weeks back and twelve ahead, on local times', async () => {
    await seedDemo(db.db);
    const weeks = await db.pool.query(
      `select date_trunc('week', ci.starts_at at time zone 'America/New_York')::date::text as week, count(*)::int as classes
         from class_instances ci join companies c on c.id = ci.company_id
        where c.slug = 'demo' and ci.kind = 'class' group by 1 order by 1`,
    );
    const counts = weeks.rows.map((row: { classes: number }) => row.classes);
    expect(weeks.rows.length).toBeGreaterThanOrEqual(18);
    // Whole weeks (not the first or the last, which the horizon cuts) hold the timetable's 40 classes.
    expect(counts.slice(1, -1).every((classes: number) => classes === 40)).toBe(true);
    const past = await db.pool.query(
      `select count(*)::int as n from class_instances ci join companies c on c.id = ci.company_id
        where c.slug = 'demo' and ci.starts_at < now() - interval '35 days'`,
    );
    expect(past.rows[0].n).toBeGreaterThan(0);
    const times = await db.pool.query(
      `select distinct to_char(ci.starts_at at time zone 'America/New_York', 'HH24:MI') as local
         from class_instances ci join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
        where t.name = 'Yin Yoga' and ci.studio_id in (select id from studios where name = 'Midtown')`,
    );
    expect(times.rows).toEqual([{ local: '19:30' }]);
  });

  it('has demo events: a free open day, a paid two-date workshop with bookings, a park class one place from full', async () => {
    await seedDemo(db.db);
    await seedDemo(db.db);
    const { rows } = await db.pool.query(
      `select e.title, e.price, e.address is not null as away, ci.kind, ci.capacity, ci.booked_count
         from events e join companies c on c.id = e.company_id
         join class_instances ci on ci.company_id = e.company_id and ci.event_id = e.id
        where c.slug = 'demo' and ci.starts_at > now() order by e.title, ci.starts_at`,
    );
    expect(rows).toEqual([
      { title: 'Community Open Day', price: 0, away: false, kind: 'event', capacity: 60, booked_count: 14 },
      {
        title: 'Mobility & Recovery Workshop',
        price: 3500,
        away: false,
        kind: 'event',
        capacity: 16,
        booked_count: 6,
      },
      {
        title: 'Mobility & Recovery Workshop',
        price: 3500,
        away: false,
        kind: 'event',
        capacity: 16,
        booked_count: 3,
      },
      {
        title: 'Sunset Yoga in the Park',
        price: 1500,
        away: true,
        kind: 'event',
        capacity: 20,
        booked_count: 19,
      },
    ]);
    expect(await count('event_facilitators')).toBe(3);
  });

  it('books the demo week like a real studio’s: attended past classes, booked ones to come, the counts true to the rows', async () => {
    await seedDemo(db.db);
    const mismatched = await db.pool.query(
      `select ci.id from class_instances ci
        where ci.booked_count <> (select count(*) from bookings b where b.company_id = ci.company_id and b.class_instance_id = ci.id and b.status in ('booked','offered','checked_in'))
           or ci.waitlist_count <> (select count(*) from bookings b where b.company_id = ci.company_id and b.class_instance_id = ci.id and b.status = 'waitlisted')
           or ci.booked_count > ci.capacity`,
    );
    expect(mismatched.rows).toEqual([]);
    const byStatus = await db.pool.query(
      `select case when ci.starts_at < now() then 'past' else 'coming' end as period, b.status, count(*)::int as n
         from bookings b join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
         join companies c on c.id = b.company_id where c.slug = 'demo' group by 1, 2`,
    );
    const n = (period: string, status: string) =>
      byStatus.rows.find(
        (row: { period: string; status: string; n: number }) =>
          row.period === period && row.status === status,
      )?.n ?? 0;
    expect(n('past', 'checked_in')).toBeGreaterThan(1000);
    expect(n('past', 'no_show')).toBeGreaterThan(0);
    expect(n('past', 'late_cancelled')).toBeGreaterThan(0);
    expect(n('coming', 'booked')).toBeGreaterThan(500);
    expect(n('coming', 'waitlisted')).toBeGreaterThan(0);
    expect(n('coming', 'checked_in') + n('coming', 'no_show')).toBe(0);
    // Casey Client, who logs in, has places to come.
    const casey = await db.pool.query(
      `select count(*)::int as n from bookings b join users u on u.company_id = b.company_id and u.id = b.client_id
         join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
        where u.email = 'client@demo.test' and b.status = 'booked' and ci.starts_at > now()`,
    );
    expect(casey.rows[0].n).toBeGreaterThan(0);
  });

  it('grows like a real studio: clients joined over eight months, each books only once joined, some stopped coming', async () => {
    await seedDemo(db.db);
    const joined = await db.pool.query(
      `select to_char(date_trunc('month', u.created_at), 'YYYY-MM') as month, count(*)::int as n
         from users u join companies c on c.id = u.company_id
        where c.slug = 'demo' and u.role = 'client' group by 1 order by 1`,
    );
    expect(joined.rows.length).toBeGreaterThanOrEqual(7);
    expect(Math.max(...joined.rows.map((row: { n: number }) => row.n))).toBeLessThan(60);
    const early = await db.pool.query(
      `select count(*)::int as n from bookings b join users u on u.company_id = b.company_id and u.id = b.client_id
         join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
        where ci.starts_at < u.created_at`,
    );
    expect(early.rows[0].n).toBe(0);
    // Lapsed clients: came in the history's first weeks, not in its last two.
    const lapsed = await db.pool.query(
      `select count(*)::int as n from users u join companies c on c.id = u.company_id
        where c.slug = 'demo' and u.role = 'client'
          and exists (select 1 from bookings b join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
                       where b.company_id = u.company_id and b.client_id = u.id and ci.starts_at < now() - interval '28 days')
          and not exists (select 1 from bookings b join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
                       where b.company_id = u.company_id and b.client_id = u.id and ci.starts_at > now() - interval '14 days')`,
    );
    expect(lapsed.rows[0].n).toBeGreaterThan(3);
  });

  it('sells like a real studio: two memberships, three packs and an intro offer, a promo code; regulars hold them and their bookings use them', async () => {
    await seedDemo(db.db);
    const catalogue = await db.pool.query(
      `select p.kind, p.name, p.intro_offer from packages p join companies c on c.id = p.company_id
        where c.slug = 'demo' order by p.kind, p.price`,
    );
    expect(catalogue.rows.map((row: { kind: string; name: string }) => `${row.kind}: ${row.name}`)).toEqual([
      'class-pack: Intro Offer: 3 Classes for $39',
      'class-pack: 5-Class Pack',
      'class-pack: 10-Class Pack',
      'class-pack: 20-Class Pack',
      'membership: 8 Classes a Month',
      'membership: Unlimited Monthly',
    ]);
    const codes = await db.pool.query(
      `select code from promo_codes p join companies c on c.id = p.company_id where c.slug = 'demo'`,
    );
    expect(codes.rows).toEqual([{ code: 'WELCOME15' }]);
    const held = await db.pool.query(
      `select cp.terms->>'kind' as kind, count(*)::int as n from client_packages cp join companies c on c.id = cp.company_id
        where c.slug = 'demo' and cp.status = 'active' group by 1 order by 1`,
    );
    expect(held.rows.every((row: { n: number }) => row.n >= 5)).toBe(true);
    // Casey Client holds a 10-Class Pack with credits used by their bookings, never below zero.
    const casey = await db.pool.query(
      `select cp.terms->>'name' as name, sum(l.credits)::int as left_over,
              count(*) filter (where l.entry = 'use')::int as used
         from client_packages cp join users u on u.company_id = cp.company_id and u.id = cp.client_id
         join credit_ledger l on l.company_id = cp.company_id and l.client_package_id = cp.id
        where u.email = 'client@demo.test' group by 1`,
    );
    expect(casey.rows[0]).toMatchObject({ name: '10-Class Pack' });
    expect(casey.rows[0].used).toBeGreaterThan(0);
    expect(casey.rows[0].left_over).toBe(10 - casey.rows[0].used);
    // No pack below zero and no limited membership past its limit in any period.
    const over = await db.pool.query(
      `select cp.id from client_packages cp join credit_ledger l on l.company_id = cp.company_id and l.client_package_id = cp.id
        where cp.terms->>'kind' = 'class-pack' group by cp.id having sum(l.credits) < 0
       union all
       select cp.id from client_packages cp join credit_ledger l on l.company_id = cp.company_id and l.client_package_id = cp.id
        where cp.terms->>'classLimit' is not null group by cp.id, l.period_start
       having -sum(l.credits) > max((cp.terms->>'classLimit')::int)`,
    );
    expect(over.rows).toEqual([]);
    // Class bookings are paid: with packages, or drop-ins (paid when past, owed when to come). (The demo
    // events include a free open day.)
    const paid = await db.pool.query(
      `select b.paid_with, count(*)::int as n from bookings b join companies c on c.id = b.company_id
         join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
        where c.slug = 'demo' and ci.kind = 'class' and b.status in ('booked', 'checked_in') group by 1`,
    );
    const by = Object.fromEntries(
      paid.rows.map((row: { paid_with: string; n: number }) => [row.paid_with, row.n]),
    );
    expect(by.membership).toBeGreaterThan(100);
    expect(by['class-pack']).toBeGreaterThan(50);
    expect(by['drop-in']).toBeGreaterThan(0);
    expect(by.free ?? 0).toBe(0);
    const owing = await db.pool.query(`select count(*)::int as n from orders where status = 'open'`);
    expect(owing.rows[0].n).toBeGreaterThan(0);
  });

  it('gives demo session rules, peak hours and two studios (one with two rooms), and solo-demo rules and its one studio', async () => {
    await seedDemo(db.db);
    const studios = await db.pool.query(
      `select c.slug, s.name, s.time_zone, (select count(*)::int from studio_rooms r where r.company_id = s.company_id and r.studio_id = s.id) as rooms
       from studios s join companies c on c.id = s.company_id order by c.slug, s.name`,
    );
    expect(studios.rows).toEqual([
      { slug: 'demo', name: 'Decatur', time_zone: 'America/New_York', rooms: 1 },
      { slug: 'demo', name: 'Midtown', time_zone: 'America/New_York', rooms: 2 },
      { slug: 'solo-demo', name: 'Solo Demo Yoga', time_zone: 'America/New_York', rooms: 0 },
    ]);
    const rules = await db.pool.query(
      `select c.slug, s.booking_opens_days_before, s.waitlist_mode, s.late_cancel_fee from session_settings s join companies c on c.id = s.company_id order by c.slug`,
    );
    expect(rules.rows).toEqual([
      { slug: 'demo', booking_opens_days_before: 14, waitlist_mode: 'offer', late_cancel_fee: 1000 },
      { slug: 'solo-demo', booking_opens_days_before: 14, waitlist_mode: 'offer', late_cancel_fee: 0 },
    ]);
    const hours = await db.pool.query(
      `select h.peak_hour->'monday' as monday, h.peak_non_peak_allowed from company_hours h join companies c on c.id = h.company_id where c.slug = 'demo'`,
    );
    expect(hours.rows).toEqual([
      {
        monday: [
          { start: '06:00', end: '09:00' },
          { start: '17:00', end: '20:00' },
        ],
        peak_non_peak_allowed: true,
      },
    ]);
    // The instructors with a demo login are linked to it (their pages show "Can log in").
    const linked = await db.pool.query(
      `select c.slug, i.name, u.email, u.role from instructors i join companies c on c.id = i.company_id
       join users u on u.company_id = i.company_id and u.id = i.user_id order by c.slug, i.name`,
    );
    expect(linked.rows).toEqual([
      { slug: 'demo', name: 'Aisha Bello', email: 'aisha@demo.test', role: 'instructor' },
      { slug: 'demo', name: 'Indira Instructor', email: 'instructor@demo.test', role: 'instructor' },
      { slug: 'demo', name: 'Marco Reyes', email: 'marco@demo.test', role: 'instructor' },
      {
        slug: 'solo-demo',
        name: 'Sol Instructor',
        email: 'instructor@solo-demo.test',
        role: 'solo-instructor',
      },
    ]);
  });

  it('books private sessions (issue 17): types, working hours with a day off and extra hours, a fortnight of appointments, one of them Casey Client’s to come', async () => {
    await seedDemo(db.db);
    const types = await db.pool.query(
      `select c.slug, t.name, t.max_attendees from appointment_types t join companies c on c.id = t.company_id
        order by c.slug, t.name`,
    );
    expect(types.rows.map((row: { slug: string; name: string }) => `${row.slug}: ${row.name}`)).toEqual([
      'demo: Duo Pilates',
      'demo: Fitness Assessment',
      'demo: Personal Training',
      'demo: Private Reformer Session',
      'solo-demo: Private Yoga',
    ]);
    expect(await count('instructor_working_hours')).toBe(6);
    const exceptions = await db.pool.query(`select kind from availability_exceptions order by kind`);
    expect(exceptions.rows.map((row: { kind: string }) => row.kind)).toEqual(['extra', 'off', 'off']);
    const appointments = await db.pool.query(
      `select ci.starts_at > now() as upcoming, ci.booked_count,
              (select count(*)::int from bookings b where b.company_id = ci.company_id and b.class_instance_id = ci.id
                  and b.status in ('booked', 'checked_in')) as places
         from class_instances ci where ci.kind = 'appointment'`,
    );
    expect(appointments.rows.length).toBeGreaterThanOrEqual(12);
    expect(appointments.rows.some((row: { upcoming: boolean }) => row.upcoming)).toBe(true);
    expect(appointments.rows.some((row: { upcoming: boolean }) => !row.upcoming)).toBe(true);
    for (const row of appointments.rows as { booked_count: number; places: number }[])
      expect(row.booked_count).toBe(row.places);
    const casey = await db.pool.query(
      `select t.name from bookings b join users u on u.company_id = b.company_id and u.id = b.client_id
         join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
         join appointment_types t on t.company_id = ci.company_id and t.id = ci.appointment_type_id
        where u.email = 'client@demo.test' and ci.starts_at > now() and b.status = 'booked'`,
    );
    expect(casey.rows).toEqual([{ name: 'Private Reformer Session' }]);
    const rates = await db.pool.query(
      `select count(*)::int as n from pay_rates where service = 'appointment'`,
    );
    expect(rates.rows[0].n).toBe(4);
  });

  it('has a signed waiver and policies: Casey Client has signed (a PDF to download), some regulars have not', async () => {
    await seedDemo(db.db);
    const { rows } = await db.pool.query(
      `select u.name, s.kind from users u join companies c on c.id = u.company_id
         left join waiver_signatures s on s.client_id = u.id and s.company_id = u.company_id
        where c.slug = 'demo' and u.role = 'client' order by u.name`,
    );
    const signed = rows.filter((row: { kind: string | null }) => row.kind !== null);
    expect(rows.find((row: { name: string }) => row.name === 'Casey Client')?.kind).not.toBeNull();
    expect(signed.length).toBeGreaterThan(rows.length / 2);
    expect(signed.length).toBeLessThan(rows.length);
    expect(new Set(signed.map((row: { kind: string }) => row.kind))).toEqual(new Set(['drawn', 'typed']));
    // Signed since the waiver was published, never in the future.
    const future = await db.pool.query(
      'select count(*)::int as n from waiver_signatures where signed_at > now()',
    );
    expect(future.rows[0].n).toBe(0);
    const policy = await db.pool.query(
      `select p.text from policies p join companies c on c.id = p.company_id where c.slug = 'demo'`,
    );
    expect(policy.rows[0]?.text).toMatch(/^Cancellations: cancel up to 12 hours before class/);
  });

  it('creates the platform admin from its variables once, with no company', async () => {
    await ensurePlatformAdmin(db.db, 'Root@Example.com', 'a-long-platform-password-1');
    await ensurePlatformAdmin(db.db, 'root@example.com', 'a-long-platform-password-1');
    // Beside the demo's own platform admin (seedDemo), one row for the variables' address.
    const { rows } = await db.pool.query(
      "select email, password_hash from platform_users where email <> 'platform@demo.test'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe('root@example.com');
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  // Last: it adds a business of its own to the shared database.
  it('beside a real business (a restored backup, a studio signed up next to the demo): auto adds no demo, and the demo platform admin, whose password is public, is removed', async () => {
    await seedDemo(db.db);
    expect(
      (await db.pool.query("select 1 from platform_users where email = 'platform@demo.test'")).rows,
    ).toHaveLength(1);
    await db.pool.query(
      `insert into companies (id, slug, name, kind, time_zone) values ('aaaaaaaaaaaaaaaaaaaaaaaa', 'real-studio', 'Real Studio', 'company', 'Europe/London')`,
    );
    const companies = await count('companies');
    expect(await seedDemo(db.db, { besideRealBusinesses: 'skip' })).toEqual({
      created: false,
      skipped: true,
    });
    expect(
      (await db.pool.query("select 1 from platform_users where email = 'platform@demo.test'")).rows,
    ).toEqual([]);
    // SEED_DEMO=always still refreshes the demo, without its platform admin.
    expect(await seedDemo(db.db, { besideRealBusinesses: 'seed' })).toEqual({
      created: false,
      platformAdmin: false,
    });
    expect(
      (await db.pool.query("select 1 from platform_users where email = 'platform@demo.test'")).rows,
    ).toEqual([]);
    expect(await count('companies')).toBe(companies);
  });
});
