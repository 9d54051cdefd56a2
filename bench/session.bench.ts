import { measure, loadOptionsFromEnv, type LoadResult } from './lib/load.ts';
import { describeRun, failures, formatTable, ratio } from './lib/report.ts';
import { runBenchmark } from './lib/resources.ts';
import { startBaseline } from './lib/start-baseline.ts';
import { startKinetic } from './lib/start-kinetic.ts';

/**
 * The authenticated path every signed-in page takes: bearer token → session look-up that opens the
 * tenant transaction (one round trip) → the account read under row-level security → commit.
 * Compared, in the same run, with the unauthenticated health check (one `select 1`), a route that
 * touches no database (the 404 envelope: the framework overhead of Kinetic's plugins alone) and a
 * bare Fastify route.
 */
await runBenchmark(async (resources) => {
  const options = loadOptionsFromEnv();
  const baseline = await startBaseline(resources);
  const kinetic = await startKinetic(resources);

  const signup = await kinetic.app.inject({
    method: 'POST',
    url: '/api/signup/company',
    payload: {
      kind: 'company',
      companyName: 'Bench Studio',
      slug: 'bench-studio',
      name: 'Bea Bench',
      email: 'bea@bench.test',
      password: 'bench-password-1',
      timeZone: 'UTC',
    },
  });
  if (signup.statusCode !== 200) throw new Error(`sign-up failed: ${signup.body}`);
  const token: string = signup.json().data.token;

  console.log('session: GET /api/me (token → session + tenant scope → account) vs /api/health vs no-database 404 vs bare Fastify');
  console.log(describeRun(options));
  const bare = await measure('bare fastify /health', `${baseline.origin}/health`, options);
  const noDatabase = await measure('kinetic 404 envelope (no db)', `${kinetic.origin}/api/no-such-route`, options, {}, 404);
  const health = await measure('kinetic /api/health', `${kinetic.origin}/api/health`, options);
  const me = await measure('kinetic /api/me', `${kinetic.origin}/api/me`, options, {
    authorization: `Bearer ${token}`,
  });

  console.log(`\n${formatTable([bare, noDatabase, health, me], bare)}\n`);
  console.log(
    `targets: 404 envelope ≥ 80% of bare Fastify (now ${percent(noDatabase, bare)}); ` +
      `/api/me ≥ 50% of /api/health (now ${percent(me, health)})\n`,
  );
  const problems = failures([bare, noDatabase, health, me]);
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
});

function percent(result: LoadResult, baseline: LoadResult): string {
  return `${Math.round(ratio(result, baseline) * 100)}%`;
}
