import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { createTestApp, testConfig } from '../../test/harness.ts';
import { bearer, logIn, PASSWORD } from '../../test/factories.ts';
import { bookClass, classAt, minutesFromNow, signedInClient } from '../../test/bookings.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { announcedUrl, SERVER_DIR, spawnServer, stopProcess } from '../../test/server-process.ts';
import { readBackupHeader, restoreDatabase } from './backup.ts';

const folder = await mkdtemp(path.join(tmpdir(), 'kinetic-backup-test-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** `npm run backup` / `npm run restore` as the operator runs them (the CLI, on DATABASE_URL). */
function cli(
  args: string[],
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/features/operations/backup-cli.ts', ...args],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('testDatabaseServerUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('npm run backup / npm run restore', () => {
  it('backs up a studio, and after the database is destroyed restores it: logins and data intact', async () => {
    const { app, db } = await createTestApp();
    const ready = await studioReadyToSchedule(app);
    const classId = await classAt(app, ready, minutesFromNow(3 * 24 * 60), { capacity: 4 });
    const client = await signedInClient(app, ready);
    expect((await bookClass(app, classId, client.headers, { payWith: 'drop-in' })).statusCode).toBe(200);
    const added = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: ready.headers,
      payload: { name: 'Zoë Ångström', email: `zoe-${ready.companyId}@example.com`, phone: '' },
    });
    expect(added.statusCode).toBe(200);
    const count = async (query: pg.Pool | pg.Client, table: string) =>
      (await query.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;
    const before = {
      users: await count(db.pool, 'users'),
      bookings: await count(db.pool, 'bookings'),
      classInstances: await count(db.pool, 'class_instances'),
    };

    const file = path.join(folder, 'studio.backup.gz');
    const backedUp = await cli(['backup', file], db.url);
    expect(backedUp.output).toContain('Backed up');
    expect(backedUp.code).toBe(0);

    // The database is gone.
    await app.close();
    await db.close();
    const lost = new URL(db.url).pathname.slice(1);
    await admin((c) => c.query(`drop database ${lost} with (force)`));

    const fresh = `${lost}_restored`;
    await admin((c) => c.query(`create database ${fresh}`));
    afterAll(() => admin((c) => c.query(`drop database if exists ${fresh} with (force)`)));
    const freshUrl = withDatabase(inject('testDatabaseServerUrl'), fresh);
    const restored = await cli(['restore', file], freshUrl);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);

    const again = connectDatabase(freshUrl, { max: 4 });
    afterAll(() => again.close());
    expect({
      users: await count(again.pool, 'users'),
      bookings: await count(again.pool, 'bookings'),
      classInstances: await count(again.pool, 'class_instances'),
    }).toEqual(before);
    const second = await buildApp({ config: testConfig(), db: again }, { logger: false });
    afterAll(() => second.close());

    // The owner's password still works, and the studio's clients and roster are there.
    const owner = await logIn(second, { email: ready.email, password: PASSWORD });
    expect(owner.statusCode).toBe(200);
    const ownerHeaders = bearer(owner.json().data.token as string);
    const clients = await second.inject({
      method: 'GET',
      url: '/api/clients?search=Zo',
      headers: ownerHeaders,
    });
    expect(clients.statusCode).toBe(200);
    expect(JSON.stringify(clients.json().data)).toContain('Zoë Ångström');
    const roster = await second.inject({
      method: 'GET',
      url: `/api/class-instances/${classId}/bookings`,
      headers: ownerHeaders,
    });
    expect(roster.statusCode).toBe(200);
    expect(JSON.stringify(roster.json().data)).toContain(client.id);

    // The client logs in with their password too, and a session from before the backup still works.
    const clientLogin = await logIn(second, {
      email: client.email,
      password: PASSWORD,
      roleId: 'client',
      companyId: ready.companyId,
    });
    expect(clientLogin.statusCode).toBe(200);
    const mine = await second.inject({ method: 'GET', url: '/api/my/bookings', headers: client.headers });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json().data)).toContain(classId);

    // A restore while a server is connected is refused; once it has stopped, the now full database is
    // refused too — each naming the way out.
    const whileRunning = await cli(['restore', file], freshUrl);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.output).toContain('stop the server before restoring');
    await second.close();
    await again.close();
    const refused = await cli(['restore', file], freshUrl);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The database is not empty');
    expect(refused.output).toContain('--force');
  }, 120_000);

  it('refuses a backup from a newer Kinetic, and a file cut short', async () => {
    const { db } = await createTestApp();
    const file = path.join(folder, 'empty-studio.backup.gz');
    expect((await cli(['backup', file], db.url)).code).toBe(0);
    const [head = '', ...rest] = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const header = JSON.parse(head) as { migrations: { count: number; latest: { createdAt: number } } };
    header.migrations.count += 1;
    header.migrations.latest.createdAt += 86_400_000;
    const newer = path.join(folder, 'newer.backup.gz');
    await writeFile(newer, gzipSync([JSON.stringify(header), ...rest].join('\n')));
    await expect(restoreDatabase(db.url, newer)).rejects.toThrow(/newer Kinetic/);

    const fresh = `kinetic_cut_${Date.now().toString(36)}`;
    await admin((c) => c.query(`create database ${fresh}`));
    afterAll(() => admin((c) => c.query(`drop database if exists ${fresh} with (force)`)));
    const cut = path.join(folder, 'cut.backup.gz');
    await writeFile(cut, gzipSync([head, ...rest.slice(0, rest.length - 10)].join('\n')));
    const freshUrl = withDatabase(inject('testDatabaseServerUrl'), fresh);
    await expect(restoreDatabase(freshUrl, cut)).rejects.toThrow(/cut short|rows/);
    // Rolled back: no company row arrived (the migrated, empty tables stay).
    const companies = await admin(async () => {
      const c = new pg.Client({ connectionString: freshUrl });
      await c.connect();
      const { rows } = await c.query<{ n: number }>('select count(*)::int as n from companies');
      await c.end();
      return rows[0]?.n;
    });
    expect(companies).toBe(0);
  }, 60_000);

  it('backs up the embedded database while a server runs on it', async () => {
    const dataDir = path.join(folder, 'running');
    const server = spawnServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'auto',
      WEB_DIST_DIR: '/nonexistent',
    });
    afterAll(() => stopProcess(server));
    const { url } = await announcedUrl(server, (output) => output.includes('Demo logins'));
    const file = path.join(folder, 'running.backup.gz');
    const backedUp = await cli(['backup', file], '', { DATA_DIR: dataDir });
    expect(backedUp.output).toMatch(/the embedded database in .*\(running, port \d+\)/);
    expect(backedUp.code).toBe(0);
    expect((await readBackupHeader(file)).tables.map((table) => table.name)).toContain('bookings');
    const end =
      gunzipSync(await readFile(file))
        .toString('utf8')
        .trimEnd()
        .split('\n')
        .at(-1) ?? '';
    const rows = (JSON.parse(end.replace(/^\\end /, '')) as { rows: Record<string, number> }).rows;
    expect(rows['public.companies']).toBeGreaterThanOrEqual(2);
    expect(rows['public.bookings']).toBeGreaterThan(0);
    // The server went on serving throughout.
    expect((await fetch(`${url.replace('localhost', '127.0.0.1')}/api/health`)).status).toBe(200);
  }, 180_000);
});
