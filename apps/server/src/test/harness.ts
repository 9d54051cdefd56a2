import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { configSchema, type Config } from '../config.ts';
import { connectDatabase, type DatabaseConnection } from '../db/client.ts';
import { TEMPLATE_DATABASE, withDatabase } from './global-setup.ts';
import { createMailer } from '../jobs/mailer.ts';
import { startJobs, type JobOptions, type Jobs } from '../jobs/runner.ts';

/** A fresh database for one test file, cloned from the migrated template: no shared state. */
export async function createTestDatabase(): Promise<DatabaseConnection & { url: string }> {
  const serverUrl = inject('testDatabaseServerUrl');
  const name = `kinetic_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const connection = connectDatabase(url, { max: 10 });
  afterAll(async () => {
    await connection.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  return { ...connection, url };
}

export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return configSchema.parse({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...overrides });
}

/** The real app on a fresh database, closed after the file's tests. */
export async function createTestApp(
  options: {
    config?: Partial<Record<keyof Config, string>>;
    /** Extra routes a test needs, registered before the app is ready. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    /** Run the email worker, delivering to this SMTP URL (a mail catcher). */
    smtpUrl?: string;
    jobOptions?: JobOptions;
  } = {},
): Promise<{ app: FastifyInstance; db: DatabaseConnection & { url: string }; jobs?: Jobs }> {
  const db = await createTestDatabase();
  const config = testConfig({ ...options.config, ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}) });
  let jobs: Jobs | undefined;
  if (options.smtpUrl) {
    jobs = await startJobs(db.url, db.db, createMailer(config), {
      retryDelaySeconds: 1,
      pollingIntervalSeconds: 0.5,
      ...options.jobOptions,
    });
    const started = jobs;
    afterAll(() => started.stop());
  }
  const app = await buildApp({ config, db, jobs }, { logger: process.env.TEST_LOG ? { level: 'error' } : false });
  await options.beforeReady?.(app);
  await app.ready();
  afterAll(() => app.close());
  return { app, db, jobs };
}
