import { textTable } from './lib/report.ts';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SESSION_SETTINGS_DEFAULTS } from '@kinetic/shared';
import { runBookingLoad, type BookingClient, type BookingLoadOutput } from './lib/booking-load.ts';
import { runBenchmark } from './lib/resources.ts';
import { spawnKinetic } from './lib/spawn-kinetic.ts';
import { startKinetic } from './lib/start-kinetic.ts';

/**
 * Booking under load (issue: capacity under concurrency): 200 clients booking 100 classes of 20 places
 * at once through the real API — each client tries 50 classes plus 5 it already holds, one request after
 * another, all 200 at the same time — then the database is asked whether any class went over capacity,
 * any client holds two places in one class, and whether exactly 2,000 are booked and the rest waitlisted.
 * Beside it, in the same run, the same booking transaction sent straight to PostgreSQL through a `pg`
 * pool of the app's size at the same concurrency, and then the API again with two server processes on
 * one database. Each phase books its own fresh classes.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const CLASSES = 100;
const CAPACITY = 20;
const PER_CLIENT = 50;
const REPEATS = 5;
const WARMUP_CLASSES = 10;
const WARMUP_PER_CLIENT = 5;
const POOL_SIZE = 20; // connectDatabase's default: the app's pool
const ACTIVE = `('booked', 'waitlisted', 'offered', 'checked_in')`;

/** A small deterministic PRNG: every run sends the same attempts in the same order. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Client i tries classes i, i+1, … i+perClient-1 (mod the set) in a shuffled order, so every class gets
 * exactly CLIENTS × perClient / classes attempts, and `repeats` of them again later (always refused:
 * that client already holds a place or waits).
 */
function attemptsFor(
  classIds: string[],
  clientIds: string[],
  perClient: number,
  repeats: number,
  seed: number,
) {
  const next = random(seed);
  return clientIds.map((clientId, i) => {
    const list = Array.from({ length: perClient }, (_, j) => classIds[(i + j) % classIds.length] as string);
    for (let k = list.length - 1; k > 0; k -= 1) {
      const pick = Math.floor(next() * (k + 1));
      [list[k], list[pick]] = [list[pick] as string, list[k] as string];
    }
    for (let r = 0; r < repeats; r += 1) {
      const original = Math.floor(next() * perClient);
      const at = original + 1 + Math.floor(next() * (list.length - original));
      list.splice(at, 0, list[original] as string);
    }
    return { clientId, classIds: list };
  });
}

interface Phase {
  name: string;
  classIds: string[];
  attempts: number;
  load: BookingLoadOutput;
}

interface Truth {
  over_capacity: number;
  duplicates: number;
  counters_off: number;
  not_full: number;
  booked: number;
  waitlisted: number;
  events: number;
}

await runBenchmark(async (resources) => {
  const kinetic = await startKinetic(resources);
  const { app } = kinetic;
  const signup = await app.inject({
    method: 'POST',
    url: '/api/signup/company',
    payload: {
      kind: 'company',
      companyName: 'Bench Studio',
      slug: 'bench-bookings',
      name: 'Bea Bench',
      email: 'bea@bench.test',
      password: 'bench-password-1',
      timeZone: 'America/New_York',
    },
  });
  if (signup.statusCode !== 200) throw new Error(`sign-up failed: ${signup.body}`);
  const token: string = signup.json().data.token;
  const companyId: string = signup.json().data.company.id;
  const ownerId: string = signup.json().data.user._id;
  const headers = { authorization: `Bearer ${token}` };
  const send = async (method: 'POST' | 'PUT', url: string, payload: object, expected: number) => {
    const response = await app.inject({ method, url, headers, payload });
    if (response.statusCode !== expected) throw new Error(`${url}: ${response.body}`);
    return response.json().data;
  };
  const studio = await send(
    'POST',
    '/api/studios',
    {
      name: 'Midtown',
      address: { line1: '1 Bench St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '', country: '' },
      phone: '',
      email: '',
      timeZone: '',
      openingHours: {},
      amenities: [],
      rooms: [{ name: 'Studio A', capacity: 30 }],
    },
    201,
  );
  const template = await send(
    'POST',
    '/api/class-templates',
    {
      name: 'Spin',
      description: null,
      durationMinutes: 30,
      defaultCapacity: CAPACITY,
      dropInPrice: 2000,
      colour: '#4860CF',
      image: null,
      tags: [],
    },
    201,
  );
  const instructor = await send(
    'POST',
    '/api/instructors',
    {
      name: 'Ina Instructor',
      email: null,
      phone: null,
      bio: null,
      photo: null,
      active: true,
    },
    201,
  );
  const far = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const series = await send(
    'POST',
    '/api/fitness-sessions',
    {
      templateId: template.id,
      studioId: studio.id,
      roomId: null,
      instructorId: instructor.id,
      startTime: '05:00',
      durationMinutes: 30,
      schedule: { kind: 'once', date: far },
    },
    201,
  );
  // Everyone past the 20 places waits: no refusal for a full waitlist (each class sees 100 clients).
  await send('PUT', '/api/settings/sessions', { ...SESSION_SETTINGS_DEFAULTS, maxWaitlistLength: 1000 }, 200);
  const clientIds: string[] = [];
  for (let index = 0; index < CLIENTS; index += 1) {
    const person = await send(
      'POST',
      '/api/clients',
      {
        name: `Client ${index}`,
        email: `client-${index}@bench.test`,
        phone: '',
      },
      200,
    );
    clientIds.push(person.id);
  }

  // The classes, written directly (setting up, not the thing measured): from tomorrow, one every 40
  // minutes for 30 minutes (one instructor, no overlap), all inside the 14-day booking window.
  const sets = {
    warmApi: WARMUP_CLASSES,
    api: CLASSES,
    warmSql: WARMUP_CLASSES,
    sql: CLASSES,
    warmTwo: WARMUP_CLASSES,
    two: CLASSES,
  };
  const total = Object.values(sets).reduce((sum, count) => sum + count, 0);
  const { rows: created } = await kinetic.db.pool.query<{ id: string }>(
    `insert into class_instances (company_id, id, fitness_session_id, template_id, studio_id, instructor_id, local_date, starts_at, ends_at, capacity)
     select $1, lpad(to_hex(n), 24, '0'), $2, $3, $4, $5,
            ((date_trunc('hour', now()) + interval '1 day' + n * interval '40 minutes') at time zone 'America/New_York')::date,
            date_trunc('hour', now()) + interval '1 day' + n * interval '40 minutes',
            date_trunc('hour', now()) + interval '1 day' + n * interval '40 minutes' + interval '30 minutes',
            $6
       from generate_series(1, $7) as n
     returning id`,
    [companyId, series.id, template.id, studio.id, instructor.id, CAPACITY, total],
  );
  await kinetic.db.pool.query('analyze');
  const ids = created.map((row) => row.id).sort();
  const take = (count: number) => ids.splice(0, count);
  const classSets = Object.fromEntries(
    Object.entries(sets).map(([name, count]) => [name, take(count)]),
  ) as Record<keyof typeof sets, string[]>;

  console.log(
    `bookings: ${CLIENTS} clients × ${PER_CLIENT} classes (+${REPEATS} repeats each) of ${CLASSES} × ${CAPACITY} places, all clients at once`,
  );
  console.log(`Node ${process.version}; app pool ${POOL_SIZE} connections per server process\n`);

  const overHttp = async (
    name: string,
    classIds: string[],
    origins: string[],
    perClient: number,
    repeats: number,
    seed: number,
  ): Promise<Phase> => {
    const plan = attemptsFor(classIds, clientIds, perClient, repeats, seed);
    const clients: BookingClient[] = plan.map((entry, i) => ({
      ...entry,
      origin: origins[i % origins.length] as string,
    }));
    const load = await runBookingLoad({ token, clients });
    return { name, classIds, attempts: plan.reduce((sum, entry) => sum + entry.classIds.length, 0), load };
  };
  const direct = async (
    name: string,
    classIds: string[],
    perClient: number,
    repeats: number,
    seed: number,
  ): Promise<Phase> => {
    const plan = attemptsFor(classIds, clientIds, perClient, repeats, seed);
    const load = await directLoad(kinetic.databaseUrl, companyId, ownerId, plan);
    return { name, classIds, attempts: plan.reduce((sum, entry) => sum + entry.classIds.length, 0), load };
  };

  const phases: Phase[] = [];
  const warmups: Phase[] = [];
  warmups.push(await overHttp('warm-up API', classSets.warmApi, [kinetic.origin], WARMUP_PER_CLIENT, 0, 1));
  phases.push(
    await overHttp('API, 1 server process', classSets.api, [kinetic.origin], PER_CLIENT, REPEATS, 2),
  );
  warmups.push(await direct('warm-up SQL', classSets.warmSql, WARMUP_PER_CLIENT, 0, 3));
  phases.push(await direct('direct SQL (pg pool of 20)', classSets.sql, PER_CLIENT, REPEATS, 2));
  const second = await spawnKinetic(resources, kinetic.databaseUrl);
  const origins = [kinetic.origin, second.origin];
  warmups.push(await overHttp('warm-up 2 processes', classSets.warmTwo, origins, WARMUP_PER_CLIENT, 0, 4));
  phases.push(await overHttp('API, 2 server processes', classSets.two, origins, PER_CLIENT, REPEATS, 2));

  const truths = new Map<Phase, Truth>();
  for (const phase of [...warmups, ...phases])
    truths.set(phase, await truthOf(kinetic.db.pool, phase.classIds));
  const baseline = phases[1] as Phase;

  console.log(formatPhases(phases, baseline));
  console.log('');
  console.log(formatCounts(phases, truths));
  console.log('');
  const api = phases[0] as Phase;
  const two = phases[2] as Phase;
  console.log(
    `target: API ≥ 50% of the direct-SQL booking rate — 1 process ${percent(api, baseline)}, ` +
      `2 processes ${percent(two, baseline)}\n`,
  );

  const problems: string[] = [];
  for (const phase of [...warmups, ...phases])
    problems.push(...check(phase, truths.get(phase) as Truth, phase.classIds.length));
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
});

/** What the rows say about a set of classes, read as the database owner (no row-level security). */
async function truthOf(pool: pg.Pool, classIds: string[]): Promise<Truth> {
  const { rows } = await pool.query<Truth>(
    `with b as (select * from bookings where class_instance_id = any($1)),
     per_class as (
       select ci.id, ci.capacity, ci.booked_count, ci.waitlist_count,
              count(b.id) filter (where b.status in ('booked', 'offered', 'checked_in'))::int as places,
              count(b.id) filter (where b.status = 'waitlisted')::int as waiting,
              count(b.id) filter (where b.status = 'booked')::int as booked
         from class_instances ci
         left join b on b.company_id = ci.company_id and b.class_instance_id = ci.id
        where ci.id = any($1)
        group by ci.company_id, ci.id)
     select (select count(*)::int from per_class where places > capacity) as over_capacity,
            (select count(*)::int from (select 1 from b where status in ${ACTIVE}
               group by company_id, class_instance_id, client_id having count(*) > 1) d) as duplicates,
            (select count(*)::int from per_class where places <> booked_count or waiting <> waitlist_count) as counters_off,
            (select count(*)::int from per_class where places < capacity) as not_full,
            (select coalesce(sum(booked), 0)::int from per_class) as booked,
            (select coalesce(sum(waiting), 0)::int from per_class) as waitlisted,
            (select count(*)::int from booking_events e join b on b.company_id = e.company_id and b.id = e.booking_id) as events`,
    [classIds],
  );
  return rows[0] as Truth;
}

function count(record: Record<string, number>, test: (key: string) => boolean): number {
  return Object.entries(record).reduce((sum, [key, value]) => (test(key) ? sum + value : sum), 0);
}
function refusedDuplicate(load: BookingLoadOutput): number {
  return count(load.answers, (key) => key.startsWith('409') && / already /.test(key));
}
function refusedOther(load: BookingLoadOutput): number {
  return count(load.answers, (key) => key.startsWith('409') && !/ already /.test(key));
}
function unexpectedStatus(load: BookingLoadOutput): number {
  return count(load.statusCounts, (status) => status !== '200' && status !== '409');
}
function successes(load: BookingLoadOutput): number {
  return (load.answers.booked ?? 0) + (load.answers.waitlisted ?? 0);
}
function bookingsPerSecond(phase: Phase): number {
  return successes(phase.load) / phase.load.seconds;
}
function percent(phase: Phase, baseline: Phase): string {
  return `${Math.round((bookingsPerSecond(phase) / bookingsPerSecond(baseline)) * 100)}%`;
}

function check(phase: Phase, truth: Truth, classes: number): string[] {
  const { load } = phase;
  const problems: string[] = [];
  const say = (text: string) => problems.push(`${phase.name}: ${text}`);
  if (load.errors > 0) say(`${load.errors} connection error(s) or timeout(s): ${load.samples.join(' | ')}`);
  if (unexpectedStatus(load) > 0)
    say(
      `${unexpectedStatus(load)} answer(s) neither 200 nor 409 (${JSON.stringify(load.statusCounts)}): ${load.samples.join(' | ')}`,
    );
  if (truth.over_capacity > 0) say(`${truth.over_capacity} class(es) over capacity`);
  if (truth.duplicates > 0) say(`${truth.duplicates} client(s) with two active bookings of one class`);
  if (truth.counters_off > 0)
    say(`${truth.counters_off} class(es) whose booked/waitlist counters disagree with the rows`);
  if (truth.booked !== classes * CAPACITY)
    say(`${truth.booked} booked, expected exactly ${classes * CAPACITY}`);
  if ((load.answers.booked ?? 0) !== truth.booked)
    say(`${load.answers.booked ?? 0} answers said booked, the rows say ${truth.booked}`);
  if ((load.answers.waitlisted ?? 0) !== truth.waitlisted)
    say(`${load.answers.waitlisted ?? 0} answers said waitlisted, the rows say ${truth.waitlisted}`);
  if (truth.events !== truth.booked + truth.waitlisted)
    say(`${truth.events} booking events for ${truth.booked + truth.waitlisted} bookings`);
  if (refusedOther(load) > 0)
    say(`${refusedOther(load)} refused other than as a repeat: ${JSON.stringify(load.answers)}`);
  if (successes(load) + refusedDuplicate(load) + load.errors + unexpectedStatus(load) !== phase.attempts)
    say(`${phase.attempts} attempts but ${JSON.stringify(load.answers)} answers and ${load.errors} errors`);
  return problems;
}

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

function table(header: string[], rows: string[][]): string {
  return textTable(header, rows);
}

function formatPhases(phases: Phase[], baseline: Phase): string {
  return table(
    [
      'target',
      'bookings/s',
      'attempts/s',
      'p50 ms',
      'p99 ms',
      'attempts',
      'seconds',
      'errors',
      'vs direct SQL',
    ],
    phases.map((phase) => {
      const sorted = Float64Array.from(phase.load.latencies).sort();
      return [
        phase.name,
        bookingsPerSecond(phase).toFixed(0),
        (phase.attempts / phase.load.seconds).toFixed(0),
        percentile(sorted, 0.5).toFixed(0),
        percentile(sorted, 0.99).toFixed(0),
        String(phase.attempts),
        phase.load.seconds.toFixed(1),
        String(phase.load.errors + unexpectedStatus(phase.load)),
        `${(bookingsPerSecond(phase) / bookingsPerSecond(baseline)).toFixed(2)}×`,
      ];
    }),
  );
}

function formatCounts(phases: Phase[], truths: Map<Phase, Truth>): string {
  return table(
    [
      'final counts (from the rows)',
      'over capacity',
      'duplicates',
      'booked',
      'waitlisted',
      '409 repeat',
      '409 other',
      'counters off',
      'events',
    ],
    phases.map((phase) => {
      const truth = truths.get(phase) as Truth;
      return [
        phase.name,
        String(truth.over_capacity),
        String(truth.duplicates),
        truth.booked.toLocaleString('en-US'),
        truth.waitlisted.toLocaleString('en-US'),
        String(refusedDuplicate(phase.load)),
        String(refusedOther(phase.load)),
        String(truth.counters_off),
        truth.events.toLocaleString('en-US'),
      ];
    }),
  );
}

/**
 * The booking transaction of `bookClass`, statement for statement, sent bare through a `pg` pool of the
 * app's size: BEGIN as the app role scoped to the company (one message, as `withTenant` sends it), the
 * class row locked with what the rules need (`lockClass`'s join), the client, the company's rules, an
 * active booking of this client, the client's packages locked (none here), then the insert, the
 * counters and the history row, and for a place its drop-in order (numbered under the company's order
 * lock), and COMMIT. A refusal
 * (already booked, full) rolls back, as the service's 409 does.
 */
async function directLoad(
  databaseUrl: string,
  companyId: string,
  actorId: string,
  plan: { clientId: string; classIds: string[] }[],
): Promise<BookingLoadOutput> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const latencies = new Float64Array(plan.reduce((sum, entry) => sum + entry.classIds.length, 0));
  let measured = 0;
  let errors = 0;
  const answers: Record<string, number> = {};
  const samples: string[] = [];
  const book = async (clientId: string, classId: string): Promise<string> => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(
        `begin; select set_config('role', 'kinetic_app', true), set_config('app.company_id', '${companyId}', true)`,
      );
      const now = new Date();
      const { rows: classes } = await client.query(
        `select ci.id, ci.status, ci.starts_at, ci.ends_at, ci.capacity, ci.booked_count, ci.waitlist_count,
                s.time_zone, t.name as template_name, s.name as studio_name, fs.rule_overrides,
                c.slug, c.name as company_name, c.kind, c.currency
           from class_instances ci
           join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
           join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
           join fitness_sessions fs on fs.company_id = ci.company_id and fs.id = ci.fitness_session_id
           join companies c on c.id = ci.company_id
          where ci.company_id = $1 and ci.id = $2
            for update of ci`,
        [companyId, classId],
      );
      const cls = classes[0] as
        | { status: string; starts_at: Date; capacity: number; booked_count: number; waitlist_count: number }
        | undefined;
      const { rows: people } = await client.query(
        `select * from users where company_id = $1 and id = $2 and role in ('client', 'solo-client')`,
        [companyId, clientId],
      );
      const { rows: settings } = await client.query(`select * from session_settings where company_id = $1`, [
        companyId,
      ]);
      const rules = settings[0] as
        { max_waitlist_length: number | null; waitlist_enabled: boolean } | undefined;
      let answer: string;
      if (!cls || !people[0] || !rules || cls.status !== 'scheduled' || cls.starts_at <= now)
        answer = '404 or closed';
      else {
        const { rows: existing } = await client.query(
          `select * from bookings where company_id = $1 and class_instance_id = $2 and client_id = $3 and status in ${ACTIVE}`,
          [companyId, classId, clientId],
        );
        if (existing[0]) answer = '409 already has a place';
        else if (cls.booked_count < cls.capacity) answer = 'booked';
        else if (
          rules.waitlist_enabled &&
          (rules.max_waitlist_length === null || cls.waitlist_count < rules.max_waitlist_length)
        )
          answer = 'waitlisted';
        else answer = '409 full';
      }
      if (answer !== 'booked' && answer !== 'waitlisted') {
        await client.query('rollback');
        return answer;
      }
      // How it pays (issue 10): the client's packages locked and judged; none here, so a place is a
      // drop-in order numbered under the company's order lock.
      await client.query(
        `select * from client_packages where company_id = $1 and client_id = $2 and status = 'active' order by id for update`,
        [companyId, clientId],
      );
      await client.query(`select * from company_hours where company_id = $1`, [companyId]);
      const { rows: inserted } = await client.query(
        `insert into bookings (company_id, id, class_instance_id, client_id, status, waitlisted_at, booked_by, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning *`,
        [
          companyId,
          newId(now),
          classId,
          clientId,
          answer,
          answer === 'waitlisted' ? now : null,
          actorId,
          now,
        ],
      );
      await client.query(
        `update class_instances set booked_count = booked_count + $1, waitlist_count = waitlist_count + $2, updated_at = $3
          where company_id = $4 and id = $5`,
        [answer === 'booked' ? 1 : 0, answer === 'waitlisted' ? 1 : 0, now, companyId, classId],
      );
      await client.query(
        `insert into booking_events (company_id, id, booking_id, from_status, to_status, actor_id, reason, at)
         values ($1, $2, $3, null, $4, $5, 'Booked by the studio', $6)`,
        [companyId, newId(now), (inserted[0] as { id: string }).id, answer, actorId, now],
      );
      if (answer === 'booked') {
        const bookingId = (inserted[0] as { id: string }).id;
        await client.query(`select pg_advisory_xact_lock(hashtext($1))`, [`orders:${companyId}`]);
        const { rows: last } = await client.query<{ number: number }>(
          `select coalesce(max(number), 0)::int as number from orders where company_id = $1`,
          [companyId],
        );
        const orderId = newId(now);
        await client.query(
          `insert into orders (company_id, id, number, client_id, status, provider, currency, subtotal, discount, tax, total, created_by, created_at, updated_at)
           values ($1, $2, $3, $4, 'open', 'studio', 'USD', 2000, 0, 0, 2000, $5, $6, $6)`,
          [companyId, orderId, (last[0]?.number ?? 0) + 1, clientId, actorId, now],
        );
        await client.query(
          `insert into order_lines (company_id, id, order_id, position, kind, booking_id, description, quantity, unit_price, discount, net, tax, total)
           values ($1, $2, $3, 0, 'drop-in', $4, 'Drop-in: Spin', 1, 2000, 0, 2000, 0, 2000)`,
          [companyId, newId(now), orderId, bookingId],
        );
        await client.query(
          `update bookings set paid_with = 'drop-in', order_id = $3, updated_at = $4 where company_id = $1 and id = $2`,
          [companyId, bookingId, orderId, now],
        );
      }
      await client.query('commit');
      return answer;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
  const started = performance.now();
  await Promise.all(
    plan.map(async ({ clientId, classIds }) => {
      for (const classId of classIds) {
        const sent = performance.now();
        try {
          const answer = await book(clientId, classId);
          latencies[measured] = performance.now() - sent;
          measured += 1;
          answers[answer] = (answers[answer] ?? 0) + 1;
        } catch (error) {
          errors += 1;
          if (samples.length < 5) samples.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  const statusCounts: Record<string, number> = {};
  for (const [answer, times] of Object.entries(answers)) {
    const status = answer === 'booked' || answer === 'waitlisted' ? '200' : answer.slice(0, 3);
    statusCounts[status] = (statusCounts[status] ?? 0) + times;
  }
  return { seconds, latencies: latencies.slice(0, measured), statusCounts, answers, errors, samples };
}

/** The app's id shape (`generateId`): 8 hex digits of seconds, then 16 random ones. */
function newId(now: Date): string {
  return (
    Math.floor(now.getTime() / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  );
}
