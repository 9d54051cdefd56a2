import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser } from './support/browser.ts';
import { fillLogin, snap } from './support/journeys.ts';

// No API makes staff yet, so this file starts its own server with the demo world (staff@demo.test).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_PASSWORD = 'kinetic-demo';

async function startDemoServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-e2e-demo-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'always', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The demo server did not start:\n${output}`)), 120_000);
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
    server.on('exit', (code) => reject(new Error(`The demo server exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    if (server.exitCode === null) {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

const browser = await launchBrowser();
const demo = await startDemoServer();
afterAll(() => demo.stop());

describe('a staff member (issue 6)', () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px is refused pages they may not use and reads Company Details without fields`, async () => {
      const context = await browser.newContext({
        baseURL: demo.url,
        viewport: { width, height: 800 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto('/login');
      await fillLogin(page, 'staff@demo.test', DEMO_PASSWORD);
      // Staff work from the calendar (spec §4: a role user goes to the calendar).
      await page.waitForURL((url) => url.pathname === '/app/calendar');

      await page.goto('/app/settings/staffMembers');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'You do not have access to this page' }).waitFor();
      await expect(main.getByText('You need the “Manage staff” ability. Ask the business owner or an admin.').isVisible()).resolves.toBe(
        true,
      );
      await expect(main.getByText(/coming soon/i).count()).resolves.toBe(0);
      await snap(page, 'staff-no-access');
      if (width === 1280) await expectNoSeriousA11yViolations(page);
      await main.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/app');

      await page.goto('/app/settings/companyDetails');
      await main.getByText('To change these details you need the “Manage settings” ability. Ask the business owner or an admin.').waitFor();
      await expect(main.getByText('Demo Fitness Studio').isVisible()).resolves.toBe(true);
      await expect(main.getByText('hello@demo.test').isVisible()).resolves.toBe(true);
      await expect(main.getByRole('textbox').count()).resolves.toBe(0);
      await expect(main.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
      await snap(page, 'staff-company-details');
      if (width === 1280) await expectNoSeriousA11yViolations(page);
      await context.close();
    });
  }
});
