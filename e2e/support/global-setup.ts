import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from '../../apps/server/src/test/mail-catcher.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** SMTP port of the in-process mail catcher the server sends to. */
    smtpPort: number;
    /** Folder where the mail catcher writes each message it receives. */
    mailDir: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the built Kinetic server, as `npm start` does, on a free port with its own embedded database. */
export default async function setup(project: TestProject) {
  const mailDir = await mkdtemp(path.join(tmpdir(), 'kinetic-mail-'));
  let sequence = 0;
  // Tests run in workers: each message goes to a file they can read.
  const mail = await startMailCatcher((message) =>
    writeFile(path.join(mailDir, `${String(sequence++).padStart(6, '0')}.json`), JSON.stringify(message)),
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-e2e-'));
  // A port known before the start, so links in emails (PUBLIC_URL) lead back to this server.
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      SEED_DEMO: 'never',
      // Set-up calls made through the API name a client address, as a proxy would (sign-ups are limited per address).
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Studios may store Stripe keys (sealed with it); nothing here calls Stripe.
      PAYMENTS_SECRET: 'e2e-only-payments-secret-0123456789abcdef',
      // The platform (uber) admin the platform journey logs in as (e2e/platform-admin.e2e.ts).
      UBER_ADMIN_EMAIL: 'platform@e2e.test',
      UBER_ADMIN_PASSWORD: 'kinetic-e2e-platform-1',
      // Webhooks may go to a receiver on 127.0.0.1 over http (e2e/webhooks.e2e.ts); never set in production.
      WEBHOOKS_ALLOW_HTTP: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await waitForUrl(server);
  project.provide('baseUrl', baseUrl);
  project.provide('smtpPort', mail.port);
  project.provide('mailDir', mailDir);
  return async () => {
    await stopProcess(server);
    await mail.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(mailDir, { recursive: true, force: true });
  };
}

/** A loopback port free right now (the operating system's pick, released for the server to take). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function waitForUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Kinetic is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
