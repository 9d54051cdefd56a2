import { execFileSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { EmbeddedDatabaseError } from './postgres-user.ts';
import { announcedUrl, spawnServer, stopProcess } from '../test/server-process.ts';

const isRoot = process.getuid?.() === 0;

function start(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...env });
  return announcedUrl(child).then((started) => ({ child, ...started }));
}

const stop = stopProcess;

async function health(url: string) {
  const response = await fetch(`${url}/api/health`);
  return {
    code: response.status,
    body: (await response.json()) as { status: number; data: { database: string } },
  };
}

// As another user PostgreSQL simply runs as that user: there is nothing to switch to and nothing to grant.
describe.skipIf(!isRoot)(
  'as root (skipped: this test needs root, where PostgreSQL runs as the postgres system user)',
  () => {
    let privateDir = '';
    const running: ChildProcess[] = [];
    beforeAll(async () => {
      privateDir = await mkdtemp(path.join(tmpdir(), 'kinetic-root-'));
      await chmod(privateDir, 0o700);
    });
    afterAll(async () => {
      await Promise.all(running.map(stop));
      await rm(privateDir, { recursive: true, force: true });
    });

    it('starts with DATA_DIR inside a 0700 folder, lets only postgres pass through it, and starts again with the data kept', async () => {
      const dataDir = path.join(privateDir, 'data');
      const postgresGid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());

      const first = await start(dataDir, { SEED_DEMO: 'always' });
      running.push(first.child);
      expect(first.output()).toContain(`which could not enter ${privateDir}; Kinetic let it pass through`);
      expect((await health(first.url)).body).toMatchObject({ status: 1, data: { database: 'up' } });
      // Enter-only for the postgres group; still nothing at all for anyone else.
      const granted = await stat(privateDir);
      expect(granted.gid).toBe(postgresGid);
      expect(granted.mode & 0o777).toBe(0o710);
      // The password file stays root's alone.
      expect((await stat(`${dataDir}/postgres.password`)).mode & 0o777).toBe(0o600);
      expect(await stop(first.child)).toBe(0);

      // Same folder again, no seeding: it comes up without changing anything, and the demo written by the first run is there.
      const second = await start(dataDir, { SEED_DEMO: 'never' });
      running.push(second.child);
      expect(second.output()).not.toContain('could not enter');
      expect((await health(second.url)).code).toBe(200);
      const login = await fetch(`${second.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'kinetic-demo' }),
      }).then((response) => response.json() as Promise<{ status: number }>);
      expect(login.status).toBe(1);
      expect(await stop(second.child)).toBe(0);
    }, 120_000);

    it('stops with one sentence naming the fix when the folder group already has access, and changes nothing', async () => {
      // Group root may read this folder; handing it to the postgres group would take that away, so Kinetic refuses.
      const shared = await mkdtemp(path.join(tmpdir(), 'kinetic-root-shared-'));
      try {
        await chmod(shared, 0o750);
        const before = await stat(shared);
        const failure = await startEmbeddedPostgres(path.join(shared, 'data', 'postgres'), {
          notice: () => {},
        }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(EmbeddedDatabaseError);
        expect((failure as Error).message).toContain(`cannot enter ${shared}`);
        expect((failure as Error).message).toContain(`setfacl -m u:postgres:x ${shared}`);
        const after = await stat(shared);
        expect([after.gid, after.mode]).toEqual([before.gid, before.mode]);
      } finally {
        await rm(shared, { recursive: true, force: true });
      }
    });
  },
);
