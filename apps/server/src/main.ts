import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { EmbeddedDatabaseError } from './db/postgres-user.ts';
import { migrateDatabase } from './db/migrate.ts';
import { ensurePlatformAdmin } from './features/demo/platform-admin.ts';
import { demoLogins, seedDemo } from './features/demo/seed-demo.ts';
import { retireDemoPlatformAdmin } from './features/demo/platform-admin.ts';
import { createMailer } from './jobs/mailer.ts';
import { startJobs } from './jobs/runner.ts';
import { paymentsConfigOf } from './features/payments/payments-config.ts';
import { savedCardCharger } from './features/payments/stripe-payments.ts';
import { oneProcessAtATime } from './features/operations/startup-lock.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dir = path.join(config.DATA_DIR, 'postgres');
    console.log(`Starting the embedded PostgreSQL in ${path.resolve(dir)} ...`);
    embedded = await startEmbeddedPostgres(dir);
    databaseUrl = embedded.url;
    // If the process dies without a clean shutdown, PostgreSQL must not outlive it holding the folder.
    process.on('exit', embedded.killNow);
  }
  const db = connectDatabase(databaseUrl);
  const shouldSeed = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && embedded !== undefined);
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  // Several processes on one database start one after another (features/operations/startup-lock.ts).
  let seeded: Awaited<ReturnType<typeof seedDemo>> | undefined;
  const jobs = await oneProcessAtATime(databaseUrl, async () => {
    await migrateDatabase(db.db);
    if (shouldSeed)
      seeded = await seedDemo(db.db, { besideRealBusinesses: config.SEED_DEMO === 'auto' ? 'skip' : 'seed' });
    // The demo platform admin's password is public: never beside a real business, whatever SEED_DEMO says.
    else if (await retireDemoPlatformAdmin(db.db))
      console.log('Removed the demo platform admin (platform@demo.test): its password is public.');
    if (config.UBER_ADMIN_EMAIL && config.UBER_ADMIN_PASSWORD) {
      await ensurePlatformAdmin(db.db, config.UBER_ADMIN_EMAIL, config.UBER_ADMIN_PASSWORD);
    }
    return startJobs(databaseUrl, db.db, createMailer(config), {
      publicUrl,
      dataDir: config.DATA_DIR,
      webhookAllowLocal: config.WEBHOOKS_ALLOW_HTTP,
      log: (message, error) => console.error(message, error),
      // Renewals charge the client's saved card when the studio takes cards; otherwise they are owed.
      chargeSavedCard: savedCardCharger(paymentsConfigOf(config, publicUrl)),
    });
  });
  const app = await buildApp({ config, db, jobs });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Requests in flight get time to finish; a stuck one must not keep the process alive forever.
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 15 s; stopping now.');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      // Fastify closes idle keep-alive connections; answers sent from now on say `connection: close`.
      await app.close();
      await jobs.stop();
      await db.close();
      await embedded?.stop();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '127.0.0.1' || config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const url = config.PUBLIC_URL ?? `http://${shownHost}:${port}`;
  console.log(`\nKinetic is running at ${url}\n  API docs: ${url}/api/docs`);
  if (seeded && !seeded.skipped)
    console.log(demoLogins(url, { platformAdmin: seeded.platformAdmin }).join('\n'));
  else if (seeded?.skipped)
    console.log(
      'This database holds a business of its own: no demo data was added or refreshed (SEED_DEMO=auto).\n' +
        'The demo platform login (platform@demo.test) is off beside it, as its password is public: ' +
        'set UBER_ADMIN_EMAIL and UBER_ADMIN_PASSWORD for a platform login.',
    );
  console.log('');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseError) {
    console.error(error.message);
  } else {
    console.error('Kinetic could not start:', error);
  }
  process.exit(1);
});
