import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  announcedUrl,
  SERVER_DIR,
  spawnServer,
  stopProcess,
} from '../../apps/server/src/test/server-process.ts';
import type { Resources } from './resources.ts';

const WEB_DIR = path.resolve(SERVER_DIR, '../web');

/** The demo world `SEED_DEMO=always` creates (apps/server/src/features/demo/seed-demo.ts). */
export const DEMO = { company: 'demo', clientEmail: 'client@demo.test', password: 'kinetic-demo' } as const;

/** The two client pages the issue measures (issue 11 §7), as paths on the server. */
export const CLIENT_PAGES = [
  { name: 'client login', path: `/${DEMO.company}/client/login`, signedIn: false },
  { name: 'client calendar', path: `/${DEMO.company}/client/client`, signedIn: true },
] as const;
export type ClientPage = (typeof CLIENT_PAGES)[number];

/** Issue 12 §5: the public event page's target (initial JavaScript, gzip). */
export const EVENT_PAGE_TARGET_JS_GZIP = 150_000;

/**
 * The public page of the demo's first upcoming public event (issue 12 §5), as a visitor opens it from a
 * studio's link: the demo's ids are made when it is seeded, so the path is asked of the server.
 */
export async function demoEventPage(
  origin: string,
): Promise<{ name: string; path: string; signedIn: false }> {
  const response = await fetch(`${origin}/api/public/${DEMO.company}/events`);
  const answer = (await response.json()) as { data?: { items?: { id: string; title: string }[] } };
  const event = answer.data?.items?.[0];
  if (!response.ok || !event) throw new Error(`The demo has no public event (${response.status}).`);
  return {
    name: 'event page',
    path: `/${DEMO.company}/client/client/app/event/book-event/${event.id}`,
    signedIn: false,
  };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags of the e2e browser (e2e/support/browser.ts): nothing reaches beyond this machine. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The production web build: `WEB_DIST_DIR` when set (an existing build, measured as it is), otherwise a
 * fresh `vite build` into a temp folder that is deleted at the end.
 */
export async function webBuild(resources: Resources): Promise<string> {
  const existing = process.env.WEB_DIST_DIR;
  if (existing) {
    const dir = path.resolve(existing);
    if (!existsSync(path.join(dir, 'index.html')))
      throw new Error(`${dir} has no index.html: not a web build.`);
    console.log(`Web build: ${dir} (WEB_DIST_DIR)`);
    return dir;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'kinetic-web-'));
  resources.add(() => rm(dir, { recursive: true, force: true }));
  console.log(`Building the web app into ${dir} …`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`vite build exited with ${build.status}`);
  return dir;
}

/**
 * The real server (`src/main.ts`, as `npm start` runs it) serving `webDist` on a free loopback port, on
 * an embedded PostgreSQL in a temp DATA_DIR with the demo company seeded. Stopped by its PID (SIGTERM),
 * then the folder goes.
 */
export async function startWebServer(resources: Resources, webDist: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-bench-web-'));
  resources.add(() => rm(dataDir, { recursive: true, force: true }));
  const child = spawnServer({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'always',
    PUBLIC_URL: '',
    WEB_DIST_DIR: webDist,
  });
  resources.add(async () => {
    await stopProcess(child);
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('The server did not start in 180 s.')), 180_000).unref(),
  );
  const { url } = await Promise.race([announcedUrl(child), timeout]);
  const origin = url.replace('localhost', '127.0.0.1').replace(/\/$/, '');
  console.log(`Server (pid ${child.pid}) at ${origin}`);
  return origin;
}

export interface SessionCookie {
  name: string;
  value: string;
}

/**
 * Signs the demo client in through the API, as the login page does (`POST /api/checkCompany`, then
 * `POST /api/login` with the URL's role), and answers the cookies the web app writes from the answer
 * (`saveSession` in apps/web/src/shell/session.ts): `token`, `hosttype` and `user` (URI-encoded JSON).
 */
export async function clientSessionCookies(origin: string): Promise<SessionCookie[]> {
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${origin}/api/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', hosttype: 'company' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as {
      status: number;
      message?: string;
      data?: Record<string, unknown>;
    };
    if (!response.ok || answer.status !== 1 || !answer.data) {
      throw new Error(`${route} answered ${response.status}: ${answer.message ?? JSON.stringify(answer)}`);
    }
    return answer.data;
  };
  const company = await post('checkCompany', { company: DEMO.company, roleId: 'client' });
  const session = await post('login', {
    email: DEMO.clientEmail,
    password: DEMO.password,
    roleId: 'client',
    companyId: company.companyId,
  });
  if (typeof session.token !== 'string' || typeof session.hostType !== 'string') {
    throw new Error(`login did not answer a session: ${JSON.stringify(session)}`);
  }
  return [
    { name: 'token', value: encodeURIComponent(session.token) },
    { name: 'hosttype', value: encodeURIComponent(session.hostType) },
    { name: 'user', value: encodeURIComponent(JSON.stringify(session.user)) },
  ];
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
