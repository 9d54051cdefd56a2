import { measure, loadOptionsFromEnv } from './lib/load.ts';
import { describeRun, failures, formatTable } from './lib/report.ts';
import { runBenchmark } from './lib/resources.ts';
import { startBaseline } from './lib/start-baseline.ts';
import { startKinetic } from './lib/start-kinetic.ts';

/**
 * The authenticated path every signed-in page takes: bearer token → session look-up (platform
 * transaction) → tenant transaction under row-level security. Compared, in the same run, with the
 * unauthenticated health check and a bare Fastify route.
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

  console.log('session: GET /api/me (token → session → tenant transaction) vs /api/health vs bare Fastify');
  console.log(describeRun(options));
  const bare = await measure('bare fastify /health', `${baseline.origin}/health`, options);
  const health = await measure('kinetic /api/health', `${kinetic.origin}/api/health`, options);
  const me = await measure('kinetic /api/me', `${kinetic.origin}/api/me`, options, {
    authorization: `Bearer ${token}`,
  });

  console.log(`\n${formatTable([bare, health, me], bare)}\n`);
  const problems = failures([bare, health, me]);
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
});
