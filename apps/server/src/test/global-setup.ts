import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateDatabase } from '../db/migrate.ts';

export const TEMPLATE_DATABASE = 'kinetic_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL whose database `kinetic_template` is migrated; tests clone it. */
    testDatabaseServerUrl: string;
  }
}

/** One PostgreSQL per test run (or TEST_DATABASE_URL's server) with a migrated template database. */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!serverUrl) {
    // A private (0700) folder: as root, startEmbeddedPostgres lets the postgres user through it.
    const dir = await mkdtemp(path.join(tmpdir(), 'kinetic-test-pg-'));
    const embedded = await startEmbeddedPostgres(path.join(dir, 'data'));
    serverUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const template = connectDatabase(withDatabase(serverUrl, TEMPLATE_DATABASE), { max: 1 });
  await migrateDatabase(template.db);
  await template.close();

  project.provide('testDatabaseServerUrl', serverUrl);
  return stop;
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
