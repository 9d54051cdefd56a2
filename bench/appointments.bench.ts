import { textTable } from './lib/report.ts';
import { runHttpLoad, percentile, type HttpLoadOutput } from './lib/http-load.ts';
import { benchCompany, benchStudioAndTemplate } from './lib/bench-company.ts';
import { runBenchmark } from './lib/resources.ts';
import { startKinetic, type RunningKinetic } from './lib/start-kinetic.ts';

/**
 * Appointments (issue 17): free slots and the booking race, against the real API.
 *
 * 1. Free slots: 2 studios, 8 instructors offering one type (60 min, 15-min buffers, a start every 15
 *    minutes), working every day 07:00–21:00 (four at each studio), 3 classes a day each for 6 weeks and
 *    one booked appointment a day each (booked through POST /api/appointments). Then
 *    `GET /api/public/{company}/appointment-slots` for 7 and 42 days, "anyone" and one instructor, each
 *    under a short load beside `GET /api/health` (the baseline: the request pipeline + `select 1`).
 * 2. Booking race: 100 clients at once, 5 on each of 20 free slots of a 30-minute private session, through
 *    POST /api/appointments; then the rows are asked whether any instructor holds overlapping scheduled
 *    sessions and how many were booked. Printed, not asserted (the server tests assert it).
 */
const TZ = 'America/New_York';
const INSTRUCTORS = 8;
const DAYS = 42;
const CLASS_TIMES = ['09:00', '13:00', '18:00'];
const APPOINTMENT_TIMES = ['07:15', '11:00', '15:00'];
const SETUP_CLIENTS = 20;
const RACE_CLIENTS = Number(process.env.BENCH_RACE_CLIENTS ?? 100);
const RACE_SLOTS = 20;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 1);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);

interface Target {
  name: string;
  slots: number | null;
  output: HttpLoadOutput;
}

await runBenchmark(async (resources) => {
  const setupStarted = Date.now();
  const kinetic = await startKinetic(resources);
  const { app, db } = kinetic;
  const slug = 'bench-appointments';
  const { companyId, headers, post } = await benchCompany(app, {
    slug,
    companyName: 'Bench Studio',
    email: 'bea@bench.test',
  });
  const send = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (response.statusCode < 200 || response.statusCode > 299) throw new Error(`${url}: ${response.body}`);
    return response.json().data;
  };

  const { studio: midtown, template } = await benchStudioAndTemplate(post);
  const decatur = await post('/api/studios', {
    name: 'Decatur',
    address: { line1: '2 Bench St', line2: '', city: 'Decatur', state: 'GA', postalCode: '', country: '' },
    phone: '',
    email: '',
    timeZone: '',
    openingHours: {},
    amenities: [],
    rooms: [{ name: 'Studio B', capacity: 30 }],
  });
  const studios = [midtown.id, decatur.id];
  const newInstructor = async (name: string) =>
    (await post('/api/instructors', { name, email: null, phone: null, bio: null, photo: null, active: true }))
      .id as string;
  const instructorIds: string[] = [];
  for (let index = 0; index < INSTRUCTORS; index += 1)
    instructorIds.push(await newInstructor(`Instructor ${index + 1}`));
  const raceInstructor = await newInstructor('Rae Race');

  const everyDay = (start: string, end: string) =>
    Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
        day,
        [{ start, end }],
      ]),
    );
  const studioOf = (index: number) => studios[index % 2] as string;
  for (const [index, instructorId] of instructorIds.entries())
    await send('PUT', `/api/availability/${instructorId}/weekly`, {
      studios: [{ studioId: studioOf(index), hours: everyDay('07:00', '21:00') }],
    });
  await send('PUT', `/api/availability/${raceInstructor}/weekly`, {
    studios: [{ studioId: midtown.id, hours: everyDay('07:00', '17:00') }],
  });

  const typeBody = {
    description: null,
    packageIds: [],
    roomIds: [],
    maxAttendees: 1,
    price: 0,
    active: true,
    // Clients may book the whole 6 weeks asked for (Sessions Settings' default is 14 days).
    ruleOverrides: { bookingOpensDaysBefore: 60 },
  };
  const type = await post('/api/appointment-types', {
    ...typeBody,
    name: 'Personal training',
    durationMinutes: 60,
    bufferBeforeMinutes: 15,
    bufferAfterMinutes: 15,
    slotIntervalMinutes: 15,
    instructorIds,
    studioIds: studios,
  });
  const raceType = await post('/api/appointment-types', {
    ...typeBody,
    name: 'Assessment',
    durationMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    slotIntervalMinutes: 30,
    instructorIds: [raceInstructor],
    studioIds: [midtown.id],
  });

  const clientIds: string[] = [];
  for (let index = 0; index < SETUP_CLIENTS + RACE_CLIENTS; index += 1)
    clientIds.push(
      (
        await send('POST', '/api/clients', {
          name: `Client ${index}`,
          email: `client-${index}@bench.test`,
          phone: '',
        })
      ).id,
    );
  const setupClients = clientIds.slice(0, SETUP_CLIENTS);
  const raceClients = clientIds.slice(SETUP_CLIENTS);

  // Classes written directly (setting up, not the thing measured): from tomorrow on the studio's clock,
  // 3 a day for each instructor at their studio, 45 minutes, starts staggered by instructor.
  const series = await post('/api/fitness-sessions', {
    templateId: template.id,
    studioId: midtown.id,
    roomId: null,
    instructorId: instructorIds[0],
    startTime: '05:00',
    durationMinutes: 45,
    schedule: { kind: 'once', date: '2026-01-01' },
  });
  const { rowCount: classes } = await db.pool.query(
    `with days as (select ((now() at time zone $7)::date + d) as day from generate_series(1, $5) as d),
          plan as (
            select i, day, ((day + t::time + (i % 4) * interval '15 minutes') at time zone $7) as starts
              from generate_series(0, $6 - 1) as i, days, unnest($8::text[]) as t)
     insert into class_instances (company_id, id, fitness_session_id, template_id, studio_id, instructor_id, local_date, starts_at, ends_at, capacity, booked_count)
     select $1, lpad(to_hex(row_number() over ()), 24, '0'), $2, $3, ($4::text[])[1 + i % 2], ($9::text[])[1 + i], day,
            starts, starts + interval '45 minutes', 20, 0
       from plan`,
    [companyId, series.id, template.id, studios, DAYS, INSTRUCTORS, TZ, CLASS_TIMES, instructorIds],
  );

  // One appointment a day for each instructor, booked through the API (free type, the studio books for a
  // client); a client's sessions never overlap (8 a day, each by a different client).
  const { rows: planned } = await db.pool.query<{ day: number; instructor: number; starts: Date }>(
    `select d as day, i as instructor,
            (((now() at time zone $1)::date + d) + ($2::text[])[1 + (d + i) % 3]::time) at time zone $1 as starts
       from generate_series(1, $3) as d, generate_series(0, $4 - 1) as i
      order by d, i`,
    [TZ, APPOINTMENT_TIMES, DAYS, INSTRUCTORS],
  );
  const bookingStarted = Date.now();
  for (const [index, slot] of planned.entries())
    await send('POST', '/api/appointments', {
      appointmentTypeId: type.id,
      instructorId: instructorIds[slot.instructor],
      studioId: studioOf(slot.instructor),
      startsAt: slot.starts.toISOString(),
      clientId: setupClients[index % SETUP_CLIENTS],
    });
  const bookingSeconds = (Date.now() - bookingStarted) / 1000;
  await db.pool.query('analyze');

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  const plusDays = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const from = plusDays(today, 1);
  const slotsUrl = (days: number, instructorId?: string, typeId: string = type.id) =>
    `${kinetic.origin}/api/public/${slug}/appointment-slots?appointmentTypeId=${typeId}` +
    `${instructorId ? `&instructorId=${instructorId}` : ''}&from=${from}&to=${plusDays(from, days - 1)}`;
  const slotCount = async (url: string) => {
    const response = await fetch(url);
    const body = (await response.json()) as { data?: { items: unknown[] }; message?: string };
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.message}`);
    return body.data?.items.length ?? 0;
  };

  console.log(
    `appointments: ${INSTRUCTORS} instructors at 2 studios, 07:00–21:00 daily; ${classes} classes and ` +
      `${planned.length} booked appointments over ${DAYS} days (booked one after another through the API ` +
      `in ${bookingSeconds.toFixed(1)} s, ${((bookingSeconds * 1000) / planned.length).toFixed(1)} ms each); ` +
      `set-up ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  console.log(
    `Node ${process.version}; ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s measured per target (own worker-thread client, per-request latencies)\n`,
  );

  if (process.env.BENCH_PROFILE)
    await profile(kinetic, slug, { appointmentTypeId: type.id, from, to: plusDays(from, DAYS - 1) });

  const targets: Target[] = [];
  const measure = async (name: string, url: string, slots: boolean) => {
    const count = slots ? await slotCount(url) : null;
    const output = await runHttpLoad({
      mode: 'loop',
      url,
      headers: {},
      connections,
      warmupSeconds,
      durationSeconds,
    });
    targets.push({ name, slots: count, output });
  };
  await measure('GET /api/health (baseline)', `${kinetic.origin}/api/health`, false);
  await measure('slots 7 days, anyone', slotsUrl(7), true);
  await measure('slots 7 days, one instructor', slotsUrl(7, instructorIds[0]), true);
  await measure('slots 42 days, anyone', slotsUrl(42), true);
  await measure('slots 42 days, one instructor', slotsUrl(42, instructorIds[0]), true);
  console.log(formatTargets(targets));
  console.log('');

  // ---- the race: 20 free slots of one day, 5 clients on each, all at once.
  const raceDay = plusDays(today, 3);
  const raceSlotsResponse = await fetch(
    `${kinetic.origin}/api/public/${slug}/appointment-slots?appointmentTypeId=${raceType.id}&from=${raceDay}&to=${raceDay}`,
  );
  const raceSlots = ((await raceSlotsResponse.json()) as { data: { items: { startsAt: string }[] } }).data
    .items;
  const requests = raceClients.map((clientId, index) => ({
    url: `${kinetic.origin}/api/appointments`,
    method: 'POST' as const,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      appointmentTypeId: raceType.id,
      instructorId: raceInstructor,
      studioId: midtown.id,
      startsAt: raceSlots[index % raceSlots.length]?.startsAt,
      clientId,
    }),
  }));
  const race = await runHttpLoad({ mode: 'burst', requests });
  const byStatus = new Map<string, number>();
  for (const [index, status] of race.statuses.entries()) {
    const key = status === 200 ? '200' : `${status} ${race.messages[index] ?? ''}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const sorted = Float64Array.from(race.latencies).sort();
  console.log(
    `booking race: ${requests.length} clients at once on ${raceSlots.length} free slots ` +
      `(${Math.ceil(requests.length / Math.max(1, raceSlots.length))} per slot) of a 30-minute private session, POST /api/appointments`,
  );
  console.log(
    `  all answered in ${(race.seconds * 1000).toFixed(0)} ms; latency p50 ${percentile(sorted, 0.5).toFixed(0)} ms, ` +
      `p95 ${percentile(sorted, 0.95).toFixed(0)} ms, max ${percentile(sorted, 1).toFixed(0)} ms; ${race.errors} connection errors`,
  );
  for (const [key, count] of [...byStatus].sort()) console.log(`  ${String(count).padStart(4)} × ${key}`);

  const { rows: overlapRows } = await db.pool.query<{ n: number }>(
    `select count(*)::int as n
       from class_instances a
       join class_instances b
         on b.company_id = a.company_id and b.instructor_id = a.instructor_id and b.id <> a.id
        and b.status = 'scheduled'
        and tstzrange(a.blocked_from, a.blocked_until) && tstzrange(b.blocked_from, b.blocked_until)
        and (b.kind <> 'appointment' or a.id < b.id)
      where a.company_id = $1 and a.kind = 'appointment' and a.status = 'scheduled'`,
    [companyId],
  );
  const { rows: raceRows } = await db.pool.query<{ sessions: number; booked: number; clients: number }>(
    `select count(distinct ci.id)::int as sessions,
            count(b.id) filter (where b.status = 'booked')::int as booked,
            count(distinct b.client_id) filter (where b.status = 'booked')::int as clients
       from class_instances ci
       left join bookings b on b.company_id = ci.company_id and b.class_instance_id = ci.id
      where ci.company_id = $1 and ci.appointment_type_id = $2 and ci.status = 'scheduled'`,
    [companyId, raceType.id],
  );
  const overlaps = overlapRows[0]?.n ?? -1;
  const truth = raceRows[0];
  console.log(
    `  database: ${overlaps} overlapping pair(s) of a scheduled appointment with another scheduled session of its instructor ` +
      `(whole company, ${planned.length + (truth?.sessions ?? 0)} appointments); race type: ${truth?.sessions} scheduled sessions, ` +
      `${truth?.booked} bookings 'booked' for ${truth?.clients} different clients (expected ${raceSlots.length})`,
  );
  const wins = race.statuses.filter((status) => status === 200).length;
  console.log(
    `  ${overlaps === 0 && truth?.sessions === RACE_SLOTS && truth.booked === RACE_SLOTS && wins === RACE_SLOTS ? 'consistent' : 'NOT CONSISTENT'}: ` +
      `${wins} × 200 and ${race.statuses.filter((status) => status === 409).length} × 409 for ${RACE_SLOTS} slots\n`,
  );

  // The run is broken (not slow) if a load target answered anything but 2xx or the race lost answers.
  const problems = targets.flatMap(({ name, output }) => {
    const bad = output.statuses.filter((status) => status < 200 || status > 299).length + output.warmupNon2xx;
    return output.errors > 0 || bad > 0 || output.latencies.length === 0
      ? [`${name}: ${output.errors} error(s), ${bad} non-2xx; ${output.samples.join(' | ')}`]
      : [];
  });
  if (race.errors > 0 || race.statuses.some((status) => status !== 200 && status !== 409))
    problems.push(`booking race: ${race.errors} error(s), unexpected statuses; ${race.samples.join(' | ')}`);
  if (raceSlots.length !== RACE_SLOTS)
    problems.push(`booking race: ${raceSlots.length} free slots, not ${RACE_SLOTS}`);
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
});

function formatTargets(targets: Target[]): string {
  const baseline = targets[0];
  const rate = (target: Target) => target.output.latencies.length / target.output.seconds;
  const header = [
    'target',
    'slots',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'requests',
    'non-2xx',
    'vs health',
  ];
  const rows = targets.map((target) => {
    const sorted = Float64Array.from(target.output.latencies).sort();
    const bad = target.output.statuses.filter((status) => status < 200 || status > 299).length;
    return [
      target.name,
      target.slots === null ? '–' : String(target.slots),
      rate(target).toFixed(0),
      percentile(sorted, 0.5).toFixed(1),
      percentile(sorted, 0.95).toFixed(1),
      percentile(sorted, 0.99).toFixed(1),
      String(sorted.length),
      String(bad + target.output.warmupNon2xx),
      baseline ? `${(rate(target) / rate(baseline)).toFixed(3)}×` : '',
    ];
  });
  return textTable(header, rows);
}

/**
 * `BENCH_PROFILE=1`: sequential per-call times of the 42-day "anyone" answer's layers (service with its
 * queries and computation, zod encoding, JSON, the whole request with and without gzip).
 */
async function profile(
  kinetic: RunningKinetic,
  slug: string,
  query: { appointmentTypeId: string; from: string; to: string },
) {
  const { listPublicSlots } =
    await import('../apps/server/src/features/appointment-setup/appointment-slots.service.ts');
  const { successEnvelope, appointmentSlotListDto } = await import('@kinetic/shared');
  const time = async (label: string, work: () => Promise<unknown> | unknown) => {
    await work();
    const rounds = 5;
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) await work();
    console.log(`  ${label}: ${((performance.now() - started) / rounds).toFixed(1)} ms`);
  };
  const data = await listPublicSlots(kinetic.db.db, slug, query);
  const url = `/api/public/${slug}/appointment-slots?appointmentTypeId=${query.appointmentTypeId}&from=${query.from}&to=${query.to}`;
  console.log(`profile: 42 days, anyone (${data.items.length} slots), one call at a time`);
  await time('listPublicSlots (queries + computation)', () => listPublicSlots(kinetic.db.db, slug, query));
  const schema = successEnvelope(appointmentSlotListDto);
  await time('zod encode', () => schema.parse({ status: 1, data }));
  await time('JSON.stringify', () => JSON.stringify({ status: 1, data }));
  await time('inject, identity', () => kinetic.app.inject({ method: 'GET', url }));
  await time('inject, gzip', () =>
    kinetic.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } }),
  );
  console.log(`  JSON size: ${(JSON.stringify({ status: 1, data }).length / 1024).toFixed(0)} KiB\n`);
}
