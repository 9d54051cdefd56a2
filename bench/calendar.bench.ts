import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { rangeQuery } from '../apps/server/src/features/class-instances/class-instances.repo.ts';
import { measure, type LoadOptions, type LoadResult } from './lib/load.ts';
import { describeRun, failures, formatTable, ratio } from './lib/report.ts';
import { runBenchmark } from './lib/resources.ts';
import { benchCompany, benchStudioAndTemplate } from './lib/bench-company.ts';
import { startKinetic } from './lib/start-kinetic.ts';

/**
 * The calendar's week read (issue 8): `GET /api/class-instances?from&to` for a studio with 5,000 class
 * instances and 20 instructors, at 50 connections, beside the same SQL run bare through a `pg` pool of
 * the same size in the same run (the endpoint's ceiling: what the database alone answers).
 */
const INSTANCES = 5000;
const INSTRUCTORS = 20;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const options: LoadOptions = {
  connections,
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
};

await runBenchmark(async (resources) => {
  const kinetic = await startKinetic(resources);
  const { app } = kinetic;
  const { companyId, headers, post } = await benchCompany(app, {
    slug: 'bench-calendar',
    companyName: 'Bench Studio',
    email: 'bea@bench.test',
  });
  const { studio, template } = await benchStudioAndTemplate(post);
  const instructorIds: string[] = [];
  for (let index = 0; index < INSTRUCTORS; index += 1) {
    const person = await post('/api/instructors', {
      name: `Instructor ${index + 1}`,
      email: null,
      phone: null,
      bio: null,
      photo: null,
      active: true,
    });
    instructorIds.push(person.id);
  }
  // 5,000 classes over about a year, written directly (setting up, not the thing measured): each
  // instructor teaches at their own hour of the day, so nothing overlaps.
  const series = await post('/api/fitness-sessions', {
    templateId: template.id,
    studioId: studio.id,
    roomId: null,
    instructorId: instructorIds[0],
    startTime: '05:00',
    durationMinutes: 45,
    schedule: { kind: 'once', date: '2026-01-01' },
  });
  await kinetic.db.pool.query(
    `insert into class_instances (company_id, id, fitness_session_id, template_id, studio_id, instructor_id, local_date, starts_at, ends_at, capacity, booked_count)
     select $1, lpad(to_hex(n), 24, '0'), $2, $3, $4, ($5::text[])[1 + n % $6],
            (timestamptz '2026-01-02 06:00-05' + (n / $6) * interval '1 day' + (n % $6) * interval '50 minutes')::date,
            timestamptz '2026-01-02 06:00-05' + (n / $6) * interval '1 day' + (n % $6) * interval '50 minutes',
            timestamptz '2026-01-02 06:45-05' + (n / $6) * interval '1 day' + (n % $6) * interval '50 minutes',
            20, n % 21
       from generate_series(1, $7) as n`,
    [companyId, series.id, template.id, studio.id, instructorIds, INSTRUCTORS, INSTANCES - 1],
  );
  // Fresh statistics, as autovacuum would have them on a studio's real database.
  await kinetic.db.pool.query('analyze');

  const from = '2026-06-01T04:00:00.000Z';
  const to = '2026-06-08T04:00:00.000Z';
  const url = `${kinetic.origin}/api/class-instances?from=${from}&to=${to}`;
  const check = await fetch(url, { headers });
  const items = ((await check.json()) as { data: { items: unknown[] } }).data.items.length;

  console.log(
    `calendar: one week (${items} classes) of ${INSTANCES} with ${INSTRUCTORS} instructors — the endpoint vs its SQL alone`,
  );
  console.log(describeRun(options));
  const query = rangeQuery(kinetic.db.db, companyId, { from: new Date(from), to: new Date(to) }, {}).toSQL();
  if (process.env.BENCH_EXPLAIN) {
    const client = await kinetic.db.pool.connect();
    await client.query(
      `begin; set local role kinetic_app; select set_config('app.company_id', '${companyId}', true)`,
    );
    const plan = await client.query(`explain (analyze) ${query.sql}`, query.params);
    await client.query('rollback');
    client.release();
    console.log(plan.rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n'));
  }
  if (process.env.BENCH_PROFILE) {
    const { successEnvelope, classInstanceListDto } = await import('@kinetic/shared');
    const { listInRange } =
      await import('../apps/server/src/features/class-instances/class-instances.repo.ts');
    const time = async (label: string, work: () => Promise<unknown> | unknown) => {
      for (let i = 0; i < 20; i += 1) await work();
      const started = performance.now();
      for (let i = 0; i < 100; i += 1) await work();
      console.log(`${label}: ${((performance.now() - started) / 100).toFixed(2)} ms`);
    };
    const range = { from: new Date(from), to: new Date(to) };
    const data = { items: await listInRange(kinetic.db.db, companyId, range, {}) };
    await time('inject', () =>
      app.inject({ method: 'GET', url: `/api/class-instances?from=${from}&to=${to}`, headers }),
    );
    await time('repo (drizzle)', () => listInRange(kinetic.db.db, companyId, range, {}));
    await time('pool.query', () => kinetic.db.pool.query(query.sql, query.params));
    const schema = successEnvelope(classInstanceListDto);
    await time('zod encode', () => schema.parse({ status: 1, data }));
    await time('JSON.stringify', () => JSON.stringify({ status: 1, data }));
    await time('api/me', () => app.inject({ method: 'GET', url: '/api/me', headers }));
  }
  const raw = await rawLoop('bare SQL (pg pool, same query)', kinetic.databaseUrl, query, options);
  const endpoint = await measure('kinetic GET /api/class-instances (week)', url, options, headers);

  console.log(`\n${formatTable([raw, endpoint], raw)}\n`);
  console.log(
    `targets: endpoint ≥ 50% of its bare SQL (now ${Math.round(ratio(endpoint, raw) * 100)}%); ` +
      `p99 < 50 ms (now ${endpoint.latencyP99Ms} ms)\n`,
  );
  const problems = failures([raw, endpoint]);
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
});

/** `connections` workers running the query back to back through a pool of the app's size. */
async function rawLoop(
  name: string,
  databaseUrl: string,
  query: { sql: string; params: unknown[] },
  load: LoadOptions,
): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const run = async (seconds: number, latencies: number[] | null) => {
    const until = performance.now() + seconds * 1000;
    let errors = 0;
    await Promise.all(
      Array.from({ length: load.connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            await pool.query(query.sql, query.params);
            latencies?.push(performance.now() - started);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    return errors;
  };
  const warmupErrors = await run(load.warmupSeconds, null);
  const latencies: number[] = [];
  const errors = await run(load.durationSeconds, latencies);
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.floor(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
  return {
    name,
    requestsPerSecond: latencies.length / load.durationSeconds,
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
    requests: latencies.length,
    errors: warmupErrors + errors,
    non2xx: 0,
  };
}
