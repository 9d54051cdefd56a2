import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { announcedUrl } from './test/server-process.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-start-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const answers = (url: string) =>
  fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
    (response) => response.ok,
    () => false,
  );

describe('npm start', () => {
  it('stopped by the PID of npm itself, stops the server and its database too (no orphans left serving)', async () => {
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        SEED_DEMO: 'never',
        LOG_LEVEL: 'warn',
        // A build of one's own (none): the test needs no web build.
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = (await announcedUrl(npm)).url.replace('localhost', '127.0.0.1');
    expect(await answers(url)).toBe(true);

    npm.kill('SIGTERM');
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (await answers(url))) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await answers(url)).toBe(false);
    // The embedded PostgreSQL stopped with it: its pid file is gone.
    const { existsSync } = await import('node:fs');
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    while (Date.now() < deadline && existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(existsSync(pidFile)).toBe(false);
  }, 90_000);
});
