import type { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { announcedUrl, spawnServer, stopProcess } from './test/server-process.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-main-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'auto', ...env });
  return announcedUrl(child, (output) => output.includes('Demo logins')).then((started) => ({ child, ...started }));
}

const stop = stopProcess;

const login = (url: string, email: string) =>
  fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'kinetic-demo' }),
  }).then((response) => response.json() as Promise<{ status: number; data: { company: { id: string; slug: string }; user: { _id: string } } }>);

let firstAdmin: { company: { id: string }; user: { _id: string } } | undefined;

describe('the server process (npm start)', () => {
  it('creates the embedded database, seeds the demo, serves, and stops the database on SIGTERM', async () => {
    const server = await start();
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(server.output()).toContain('/solo-demo/solo-instructor/login');
    const health = (await fetch(`${server.url}/api/health`).then((response) => response.json())) as { data: { database: string } };
    expect(health.data.database).toBe('up');
    const admin = await login(server.url, 'admin@demo.test');
    expect(admin.status).toBe(1);
    expect(admin.data.company.slug).toBe('demo');
    firstAdmin = admin.data;
    expect(await stop(server.child)).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('a second start reuses the data and seeding changes nothing', async () => {
    const server = await start();
    const admin = await login(server.url, 'admin@demo.test');
    expect(admin.data.user._id).toBe(firstAdmin?.user._id);
    expect(admin.data.company.id).toBe(firstAdmin?.company.id);
    const solo = await login(server.url, 'instructor@solo-demo.test');
    expect(solo.data.company.slug).toBe('solo-demo');
    const checked = await fetch(`${server.url}/api/checkCompany`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ company: 'demo', roleId: 'client' }),
    }).then((response) => response.json() as Promise<{ status: number }>);
    expect(checked.status).toBe(1);
    expect(await stop(server.child)).toBe(0);
  }, 120_000);

  it('lets a request in flight finish before it stops on SIGTERM', async () => {
    const server = await start();
    const body = JSON.stringify({ email: 'admin@demo.test', password: 'kinetic-demo' });
    // A client still sending its body when the signal arrives: the server has the request, not the answer.
    const request = httpRequest(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status?: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = stop(server.child);
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.end(body.slice(10));
    const response = await answered;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).message).toBe('Logged in.');
    expect(await exited).toBe(0);
  }, 120_000);

  it('stops with a message naming a malformed variable', async () => {
    const child = spawnServer({ PORT: 'eighty', DATA_DIR: dataDir });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).toContain('"eighty"');
  }, 30_000);
});
