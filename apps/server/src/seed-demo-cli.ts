// `npm run seed:demo`: writes the demo companies into the configured database (also an external one).
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrateDatabase } from './db/migrate.ts';
import { demoLogins, seedDemo } from './features/demo/seed-demo.ts';
import path from 'node:path';

const config = loadConfig();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(path.join(config.DATA_DIR, 'postgres'));
const db = connectDatabase(config.DATABASE_URL ?? embedded!.url);
try {
  await migrateDatabase(db.db);
  const { created } = await seedDemo(db.db);
  console.log(created ? 'Demo data written.' : 'Demo data was already there.');
  console.log(demoLogins(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).join('\n'));
} finally {
  await db.close();
  await embedded?.stop();
}
process.exit(0);
