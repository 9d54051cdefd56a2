import { textTable } from './lib/report.ts';
import { busyCompanyStatements } from '../apps/server/src/features/dashboard/busy-company.ts';
import { benchCompany, benchStudioAndTemplate, benchInstructorAndSeries } from './lib/bench-company.ts';
import { percentile, runHttpLoad, type HttpLoadOutput } from './lib/http-load.ts';
import { runBenchmark } from './lib/resources.ts';
import { startKinetic } from './lib/start-kinetic.ts';

/**
 * The Dashboard (issue 18) of a studio with 100,000 clients: `GET /api/dashboard` as the owner (every part:
 * the day's 20 classes with check-ins, the next class, this week against last, 8,000 memberships renewing
 * this week and 200 failed, unsigned waivers, 2,500 clients owing), beside `GET /api/health` (the request
 * pipeline and `select 1`) in the same run. The data (apps/server/src/features/dashboard/busy-company.ts) is
 * written with generate_series after the company, studio, template, instructor, class series, membership
 * and waiver were made through the API.
 */
const TZ = 'America/New_York';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);

interface Target {
  name: string;
  output: HttpLoadOutput;
}

await runBenchmark(async (resources) => {
  const setupStarted = Date.now();
  const kinetic = await startKinetic(resources);
  const { app, db } = kinetic;
  const { companyId, headers, post } = await benchCompany(app, {
    slug: 'bench-dashboard',
    companyName: 'Bench Dashboard',
    email: 'dana@bench.test',
  });
  const { studio, template } = await benchStudioAndTemplate(post);
  const { instructor, series } = await benchInstructorAndSeries(post, { studio, template }, 'Indira Patel');
  const monthly = await post('/api/packages', {
    kind: 'membership',
    name: 'Unlimited Monthly',
    description: null,
    price: 12000,
    taxRateId: null,
    introOffer: false,
    offPeakOnly: false,
    templateIds: [],
    studioIds: [],
    period: 'month',
    classLimit: null,
    autoRenew: true,
    commitmentPeriods: 0,
    signupFee: 0,
  });
  const waiver = await app.inject({
    method: 'PUT',
    url: '/api/waiver',
    headers,
    payload: {
      title: 'Waiver',
      text: 'I take part in classes at my own risk.',
      terms: [{ label: 'I am 18 or older' }],
      askToSignAgain: true,
    },
  });
  if (waiver.statusCode !== 200) throw new Error(`waiver: ${waiver.body}`);
  for (const statement of busyCompanyStatements({
    companyId,
    studioId: studio.id,
    templateId: template.id,
    instructorId: instructor.id,
    seriesId: series.id,
    packageId: monthly.id,
    timeZone: TZ,
  }))
    await db.pool.query(statement);
  await db.pool.query('vacuum analyze');

  const check = await fetch(`${kinetic.origin}/api/dashboard`, { headers });
  const body = (await check.json()) as {
    message?: string;
    data?: {
      studios: { classes: unknown[] }[];
      week: { bookings: { thisWeek: number }; newClients: { thisWeek: number } } | null;
      memberships: { renewingCount: number; failedCount: number } | null;
      waivers: { count: number } | null;
      balances: { count: number } | null;
    };
  };
  if (check.status !== 200 || !body.data) throw new Error(`dashboard: ${check.status} ${body.message}`);
  const data = body.data;
  console.log(
    `dashboard: 100,000 clients; today ${data.studios[0]?.classes.length} classes, ${data.week?.bookings.thisWeek} places this week, ` +
      `${data.week?.newClients.thisWeek} new clients, ${data.memberships?.renewingCount} renewing and ${data.memberships?.failedCount} failed, ` +
      `${data.waivers?.count} unsigned today, ${data.balances?.count} owing; set-up ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  console.log(
    `Node ${process.version}; ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s measured per target\n`,
  );

  const targets: Target[] = [];
  const measure = async (name: string, url: string, withSession: boolean) => {
    const output = await runHttpLoad({
      mode: 'loop',
      url,
      headers: withSession ? headers : {},
      connections,
      warmupSeconds,
      durationSeconds,
    });
    targets.push({ name, output });
  };
  await measure('GET /api/health (baseline)', `${kinetic.origin}/api/health`, false);
  await measure('GET /api/dashboard (owner)', `${kinetic.origin}/api/dashboard`, true);
  console.log(formatTargets(targets));

  const problems = targets.flatMap(({ name, output }) => {
    const bad = output.statuses.filter((status) => status < 200 || status > 299).length + output.warmupNon2xx;
    return output.errors > 0 || bad > 0 || output.latencies.length === 0
      ? [`${name}: ${output.errors} error(s), ${bad} non-2xx; ${output.samples.join(' | ')}`]
      : [];
  });
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
});

function formatTargets(targets: Target[]): string {
  const baseline = targets[0];
  const rate = (target: Target) => target.output.latencies.length / target.output.seconds;
  const header = ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'non-2xx', 'vs health'];
  const rows = targets.map((target) => {
    const sorted = Float64Array.from(target.output.latencies).sort();
    const bad = target.output.statuses.filter((status) => status < 200 || status > 299).length;
    return [
      target.name,
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
