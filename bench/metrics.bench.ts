import { buildApp } from '../apps/server/src/app.ts';
import { HttpMetrics } from '../apps/server/src/features/operations/metrics.ts';
import { configSchema } from '../apps/server/src/config.ts';
import { measure, loadOptionsFromEnv } from './lib/load.ts';
import { listenOnLoopback } from './lib/listen.ts';
import { describeRun, failures, formatTable } from './lib/report.ts';
import { runBenchmark } from './lib/resources.ts';
import { startKinetic } from './lib/start-kinetic.ts';

const TOKEN = 'bench-metrics-token-0123456789';

/**
 * The cost of the request metrics (issue 18 §6): GET /api/health on the same database, once on an app
 * without METRICS_TOKEN (no hook) and once on an app with it (the onResponse hook counts every answer),
 * measured alternately in the same run. Then one scrape of /api/metrics, timed.
 */
await runBenchmark(async (resources) => {
  const options = loadOptionsFromEnv();
  const plain = await startKinetic(resources);
  const config = configSchema.parse({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    METRICS_TOKEN: TOKEN,
  });
  const counted = await buildApp({ config, db: plain.db }, { logger: false });
  resources.add(() => counted.close());
  const withMetrics = await listenOnLoopback(counted);

  console.log(
    'metrics: GET /api/health without METRICS_TOKEN (no hook) vs with it (onResponse hook), one database',
  );
  console.log(describeRun(options));
  const off1 = await measure('health, metrics off', `${plain.origin}/api/health`, options);
  const on1 = await measure('health, metrics on', `${withMetrics.origin}/api/health`, options);
  const off2 = await measure('health, metrics off (again)', `${plain.origin}/api/health`, options);
  const on2 = await measure('health, metrics on (again)', `${withMetrics.origin}/api/health`, options);
  console.log(`\n${formatTable([off1, on1, off2, on2], off1)}\n`);

  const started = performance.now();
  const scrape = await fetch(`${withMetrics.origin}/api/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const body = await scrape.text();
  const series = body.split('\n').filter((line) => line && !line.startsWith('#')).length;
  console.log(
    `scrape: ${scrape.status}, ${series} series, ${(performance.now() - started).toFixed(1)} ms after ${on1.requests + on2.requests} counted requests`,
  );
  // What the hook itself adds per answer, without the network's noise: the recording alone, a million times.
  const alone = new HttpMetrics();
  const routes = [
    '/api/health',
    '/api/clients/:clientId/profile',
    '/api/class-instances/:classInstanceId/bookings',
  ];
  const t0 = performance.now();
  for (let index = 0; index < 1_000_000; index += 1)
    alone.record('GET', routes[index % 3]!, index % 50 === 0 ? 404 : 200, (index % 200) / 1000);
  // Milliseconds for a million calls are nanoseconds per call.
  const nanoseconds = performance.now() - t0;
  console.log(`recording one answer: ${nanoseconds.toFixed(0)} ns (mean of 1,000,000)`);
  const problems = failures([off1, on1, off2, on2]);
  if (scrape.status !== 200) problems.push(`the scrape answered ${scrape.status}`);
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
});
