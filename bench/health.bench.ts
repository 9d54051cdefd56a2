import { measure, loadOptionsFromEnv } from './lib/load.ts';
import { describeRun, failures, formatTable } from './lib/report.ts';
import { runBenchmark } from './lib/resources.ts';
import { startBaseline } from './lib/start-baseline.ts';
import { startKinetic } from './lib/start-kinetic.ts';

await runBenchmark(async (resources) => {
  const options = loadOptionsFromEnv();
  const baseline = await startBaseline(resources);
  const kinetic = await startKinetic(resources);

  console.log(`health: GET /health on bare Fastify vs GET /api/health on Kinetic (select 1 on PostgreSQL)`);
  console.log(describeRun(options));
  const bare = await measure('bare fastify /health', `${baseline.origin}/health`, options);
  const real = await measure('kinetic /api/health', `${kinetic.origin}/api/health`, options);

  console.log(`\n${formatTable([bare, real], bare)}\n`);
  const problems = failures([bare, real]);
  for (const problem of problems) console.error(`FAILED ${problem}`);
  return problems.length === 0;
});
