import path from 'node:path';
import {
  announcedUrl,
  SERVER_DIR,
  spawnServer,
  stopProcess,
} from '../../apps/server/src/test/server-process.ts';
import type { RunningServer } from './listen.ts';
import type { Resources } from './resources.ts';

/**
 * Another Kinetic server process (`node --import tsx src/main.ts`, as `npm start` runs it) on an existing
 * database, as a second machine behind a load balancer would be: its own pool, jobs and event loop.
 * Resolves once it prints the address it listens on; registered to stop.
 */
export async function spawnKinetic(resources: Resources, databaseUrl: string): Promise<RunningServer> {
  const child = spawnServer({
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    SEED_DEMO: 'never',
    PUBLIC_URL: '',
    WEB_DIST_DIR: path.join(SERVER_DIR, 'no-web-for-bench'),
  });
  resources.add(async () => {
    await stopProcess(child);
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('The second server did not start in 90 s.')), 90_000).unref(),
  );
  const { url } = await Promise.race([announcedUrl(child), timeout]);
  return { origin: url.replace('localhost', '127.0.0.1').replace(/\/$/, '') };
}
