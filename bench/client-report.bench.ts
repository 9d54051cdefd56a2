import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import { CLIENT_REPORT_REQUEST_DEFAULTS } from '@kinetic/shared';
import { APP_ROLE } from '../apps/server/src/db/client.ts';
import { writeClientReport } from '../apps/server/src/features/client-report/client-report.job.ts';
import { clientReportQuery } from '../apps/server/src/features/client-report/client-report.repo.ts';
import { runBenchmark } from './lib/resources.ts';
import { benchCompany, benchStudioAndTemplate, benchInstructorAndSeries } from './lib/bench-company.ts';
import { startKinetic, type RunningKinetic } from './lib/start-kinetic.ts';

/**
 * The CSV client report (issue 14 §6): the report job (`writeClientReport`, what the pg-boss worker runs:
 * a cursor through pg-query-stream, labels in JS, a file under DATA_DIR) for companies of 10,000 and
 * 100,000 clients, beside `COPY (the same SELECT) TO STDOUT` through pg-copy-streams into a file on the
 * same disk, same database, same run. Prints rows/s, the ratio (target ≥ 50% of COPY) and the process's
 * peak memory above its level before each run (target: flat as rows grow). `BENCH_EXPLAIN=1` prints
 * the query's plan (EXPLAIN ANALYZE) for the larger company, as the app role sees it under RLS.
 */
const SIZES = (process.env.BENCH_REPORT_SIZES ?? '10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CLASSES = 500;

const FIRST = [
  'Ada',
  'Bob',
  'Cleo',
  'Dev',
  'Ema',
  'Finn',
  'Gus',
  'Hana',
  'Ivo',
  'Jae',
  'Kit',
  'Lou',
  'Mia',
  'Ned',
  'Ola',
  'Pia',
];
const LAST = [
  'Lovelace',
  'Builder',
  'Nguyen',
  'García',
  'Okafor',
  'Smith',
  'Kowalski',
  'Haddad',
  'Tanaka',
  'Silva',
];
const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

async function seedCompany(kinetic: RunningKinetic, slug: string, clients: number, prefix: string) {
  const { app, db } = kinetic;
  const { companyId, ownerId, post } = await benchCompany(app, {
    slug,
    companyName: `Bench ${slug}`,
    email: `bea@${slug}.test`,
  });
  const { studio, template } = await benchStudioAndTemplate(post);
  const { instructor, series } = await benchInstructorAndSeries(post, { studio, template }, 'Ines');
  // Setting up, not the thing measured: one statement per table (generate_series).
  const query = (text: string, values: unknown[]) => db.pool.query(text, values);
  await query(
    `insert into class_instances (company_id, id, fitness_session_id, template_id, studio_id, instructor_id, local_date, starts_at, ends_at, capacity, booked_count)
     select $1, $2 || lpad(to_hex(n), 23, '0'), $3, $4, $5, $6,
            (timestamptz '2025-01-02 06:00-05' + n * interval '1 day')::date,
            timestamptz '2025-01-02 06:00-05' + n * interval '1 day',
            timestamptz '2025-01-02 06:45-05' + n * interval '1 day', 2000, 0
       from generate_series(1, $7) as n`,
    [companyId, prefix, series.id, template.id, studio.id, instructor.id, CLASSES],
  );
  await query(
    `insert into users (company_id, id, role, name, email, phone, password_hash, created_at)
     select $1, $2 || lpad(to_hex(n), 23, '0'), 'client',
            (${sqlArray(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] || ' ' || n,
            'client' || n || '@' || $2 || '.bench.test', '(404) 555-' || lpad((n % 10000)::text, 4, '0'), 'x',
            timestamptz '2024-01-01 09:00-05' + n * interval '7 minutes'
       from generate_series(1, $3) as n`,
    [companyId, prefix, clients],
  );
  await query(
    `insert into client_signup_details (company_id, id, user_id, age, race_ethnicity, industry, income_band_to_200k, income_band_to_120k, planning_unit, neighborhood)
     select $1, $2 || lpad(to_hex(n), 23, '0'), $2 || lpad(to_hex(n), 23, '0'),
            (${sqlArray(['<18', '18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'prefer_not_to_respond'])})[1 + n % 8],
            (${sqlArray(['asian_pacific', 'african_american', 'hispanic_latino', 'white_caucasian', 'some_other'])})[1 + n % 5],
            (${sqlArray(['technology', 'healthcare', 'financial', 'retail_goods', 'other'])})[1 + n % 5],
            (${sqlArray(['lessThan25000', 'between25000-49999', 'between50000-99999', 'between100000-199999', '200000OrMore'])})[1 + n % 5],
            null, (${sqlArray(['A', 'B', 'C', 'non-atlanta', 'dont-know'])})[1 + n % 5],
            case when n % 4 = 0 then 'Old Fourth Ward' end
       from generate_series(1, $3) as n where n % 10 <> 0`,
    [companyId, prefix, clients],
  );
  await query(
    `insert into client_preferences (company_id, client_id, marketing)
     select $1, $2 || lpad(to_hex(n), 23, '0'), n % 2 = 0 from generate_series(1, $3) as n where n % 3 <> 0`,
    [companyId, prefix, clients],
  );
  // A third of the clients visited twice.
  await query(
    `insert into bookings (company_id, id, class_instance_id, client_id, status, created_at)
     select $1, $2 || lpad(to_hex(n * 2 + k), 23, '0'), $2 || lpad(to_hex(1 + (n * 7 + k) % $4), 23, '0'),
            $2 || lpad(to_hex(n), 23, '0'), 'checked_in', timestamptz '2025-01-01'
       from generate_series(1, $3) as n cross join generate_series(0, 1) as k where n % 3 = 0`,
    [companyId, prefix, clients, CLASSES],
  );
  return { companyId, ownerId };
}

// A full collection before each run, so each starts from live memory only (not the last run's garbage).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * What a run keeps in memory: every 50 ms a full collection, then the JS heap plus buffers, the most
 * above the level before the run. Only live data counts (garbage between collections would hide
 * whether memory grows with rows), so these rounds are not timed.
 */
async function liveMemoryOf(work: () => Promise<unknown>): Promise<number> {
  const held = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  collectGarbage();
  const start = held();
  let peak = start;
  const sampler = setInterval(() => {
    collectGarbage();
    peak = Math.max(peak, held());
  }, 50);
  try {
    await work();
    return (peak - start) / 2 ** 20;
  } finally {
    clearInterval(sampler);
  }
}

/** The resident set's peak above where it started, sampled every 10 ms during a timed run. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; rssMiB: number }> {
  collectGarbage();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, rssMiB: (peak - start) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

await runBenchmark(async (resources) => {
  const kinetic = await startKinetic(resources);
  const { db } = kinetic;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-report-bench-'));
  resources.add(() => rm(dataDir, { recursive: true, force: true }));

  const seedStarted = performance.now();
  const companies = [];
  for (const [index, size] of SIZES.entries())
    companies.push({
      size,
      ...(await seedCompany(kinetic, `report-${index}`, size, String.fromCharCode(97 + index))),
    });
  await db.pool.query('analyze');
  console.log(
    `client report: ${SIZES.map((size) => size.toLocaleString('en-US')).join(' and ')} clients seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const request = { ...CLIENT_REPORT_REQUEST_DEFAULTS, orderDirection: 'asc' as const };
  const scoped = async (companyId: string) => {
    const client = await db.pool.connect();
    await client.query(
      `begin isolation level repeatable read read only; select set_config('role', '${APP_ROLE}', true), set_config('app.company_id', '${companyId}', true)`,
    );
    return client;
  };

  /** `COPY (the report's SELECT, its parameters inlined) TO STDOUT` into a file. */
  async function copyRun(companyId: string) {
    const client = await scoped(companyId);
    try {
      const { text, values } = clientReportQuery(companyId, 'America/New_York', request);
      const inlined = text.replace(/\$(\d+)/g, (_, index: string) =>
        client.escapeLiteral(String(values[Number(index) - 1])),
      );
      const file = path.join(dataDir, `copy-${companyId}.csv`);
      const started = performance.now();
      await pipeline(
        client.query(copyTo(`copy (${inlined}) to stdout with (format csv, header)`)),
        createWriteStream(file),
      );
      const seconds = (performance.now() - started) / 1000;
      await client.query('commit');
      return { seconds, bytes: (await stat(file)).size };
    } finally {
      client.release();
    }
  }

  /** The report job itself, on a report row as the generate call writes it. */
  async function jobRun(companyId: string, ownerId: string) {
    const reportId = `f${Math.random().toString(16).slice(2, 10).padEnd(8, '0')}${'0'.repeat(15)}`;
    const filename = `${Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}.csv`;
    await db.pool.query(
      `insert into client_reports (company_id, id, filename, requested_by, request, expires_at)
       values ($1, $2, $3, $4, $5, now() + interval '1 day')`,
      [companyId, reportId, filename, ownerId, JSON.stringify(request)],
    );
    const started = performance.now();
    const outcome = await writeClientReport(db.db, dataDir, companyId, reportId, { maxAttempts: 1 });
    const seconds = (performance.now() - started) / 1000;
    if (outcome !== 'written') throw new Error(`the report job answered ${outcome}`);
    const file = path.join(dataDir, 'client-reports', companyId, filename);
    return { seconds, bytes: (await stat(file)).size };
  }

  if (process.env.BENCH_EXPLAIN) {
    const largest = companies.at(-1)!;
    const client = await scoped(largest.companyId);
    const { text, values } = clientReportQuery(largest.companyId, 'America/New_York', request);
    const plan = await client.query(`explain (analyze, buffers) ${text}`, values);
    await client.query('rollback');
    client.release();
    console.log(plan.rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n'));
  }

  const rows: string[][] = [];
  let passed = true;
  for (const company of companies) {
    // Warm the caches once with each, then keep each side's best of the rounds.
    await copyRun(company.companyId);
    const best = { seconds: Infinity, bytes: 0, rssMiB: 0, heapMiB: 0 };
    const copy = { ...best };
    const job = { ...best };
    const keep = (side: typeof best, run: { result: { seconds: number; bytes: number }; rssMiB: number }) => {
      if (run.result.seconds < side.seconds) Object.assign(side, run.result);
      side.rssMiB = Math.max(side.rssMiB, run.rssMiB);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      keep(copy, await withPeakRss(() => copyRun(company.companyId)));
      keep(job, await withPeakRss(() => jobRun(company.companyId, company.ownerId)));
    }
    copy.heapMiB = await liveMemoryOf(() => copyRun(company.companyId));
    job.heapMiB = await liveMemoryOf(() => jobRun(company.companyId, company.ownerId));
    const copyRate = company.size / copy.seconds;
    const jobRate = company.size / job.seconds;
    if (!Number.isFinite(jobRate) || job.bytes === 0) passed = false;
    rows.push([
      company.size.toLocaleString('en-US'),
      Math.round(copyRate).toLocaleString('en-US'),
      Math.round(jobRate).toLocaleString('en-US'),
      `${Math.round((jobRate / copyRate) * 100)}%`,
      `${(job.bytes / 2 ** 20).toFixed(1)} MiB`,
      `${copy.rssMiB.toFixed(1)} / ${copy.heapMiB.toFixed(1)} MiB`,
      `${job.rssMiB.toFixed(1)} / ${job.heapMiB.toFixed(1)} MiB`,
    ]);
  }
  const header = [
    'clients',
    'COPY rows/s',
    'report job rows/s',
    'job ÷ COPY',
    'file',
    'COPY + RSS / live',
    'job + RSS / live',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `best of ${ROUNDS} rounds each after one warm-up COPY; + RSS: peak above the start of a timed run (every 10 ms, worst round); live: JS heap + buffers after a full GC every 50 ms, in an untimed run`,
  );
  return passed;
});
