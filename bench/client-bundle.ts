/**
 * What the client pages download (issue 11 §7): the client login and the signed-in client calendar, and
 * the booking widget's schedule (issue 12 §5: its own entry, widget.html, target ≤ 80 kB gzip), each
 * loaded in headless Chromium against the real server, every JS and CSS response recorded and its
 * bytes compressed here (gzip level 9 and brotli quality 11, what a build step would store) so the
 * figures do not depend on the server's on-the-fly compression level. Prints figures; asserts nothing.
 *
 *   npm run bench:client -w bench                 # builds the web app into a temp folder first
 *   WEB_DIST_DIR=/tmp/lh-dist npm run bench:client -w bench
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { runBenchmark } from './lib/resources.ts';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  CLIENT_PAGES,
  demoEventPage,
  clientSessionCookies,
  DEMO,
  kB,
  startWebServer,
  webBuild,
  type SessionCookie,
} from './lib/web-app.ts';

/** The target: the client group's initial JavaScript, gzip. */
const TARGET_JS_GZIP = 150_000;
/** Issue 12 §5: the embeddable booking widget's initial JavaScript, gzip. */
const WIDGET_TARGET_JS_GZIP = 80_000;

/** A measured page: the client pages of web-app.ts, and the booking widget (issue 12). */
interface MeasuredPage {
  name: string;
  path: string;
  signedIn: boolean;
  widget?: boolean;
}
const WIDGET_PAGE: MeasuredPage = {
  name: 'widget',
  path: `/${DEMO.company}/widget`,
  signedIn: false,
  widget: true,
};
const targetOf = (page: MeasuredPage) => (page.widget ? WIDGET_TARGET_JS_GZIP : TARGET_JS_GZIP);

/** Chunks named after the admin side (apps/web/src/app/admin-lazy-pages.ts and the admin shell). */
const ADMIN_NAMES =
  /^(admin-shell|dashboard-page|company-details-page|studios-page|studios-settings-page|studio-edit-page|session-settings-page|hours-page|class-templates-page|people-page|calendar-page|classes-page|class-details-page|packages-page|package-edit-page|promo-codes-page|products-page|client-account-page|waiver-page|policies-page)-[\w-]{8}\.(js|css)$/;

interface Asset {
  url: string;
  kind: 'js' | 'css';
  body: Buffer;
}

interface PageFigures {
  page: MeasuredPage;
  js: Asset[];
  css: Asset[];
  admin: string[];
  loadMs: number;
}

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;
const sum = (assets: Asset[], size: (bytes: Buffer) => number) =>
  assets.reduce((total, a) => total + size(a.body), 0);

/**
 * The files only the admin side reaches: everything under assets/ that the service worker does not
 * precache (vite.config.ts leaves admin-only chunks out of it), plus anything named like an admin page.
 */
async function adminOnlyFiles(webDist: string): Promise<(file: string) => boolean> {
  const sw = await readFile(path.join(webDist, 'sw.js'), 'utf8').catch(() => '');
  const precached = new Set(
    [...sw.matchAll(/url:"([^"]+)"/g)].map((match) => (match[1] ?? '').replace(/^\//, '')),
  );
  return (file) => ADMIN_NAMES.test(path.basename(file)) || (precached.size > 0 && !precached.has(file));
}

async function measurePage(
  browser: Browser,
  origin: string,
  page: MeasuredPage,
  cookies: SessionCookie[],
): Promise<PageFigures> {
  // A phone-sized, fresh context each time: nothing cached, no service worker serving from its cache.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  if (page.signedIn) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
  const tab = await context.newPage();
  const pending: Promise<Asset | null>[] = [];
  tab.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          kind: type === 'script' ? ('js' as const) : ('css' as const),
          body,
        }))
        .catch(() => null),
    );
  });
  const started = Date.now();
  await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle' });
  // The page has drawn what it is for: the login form, or the page's heading (calendar, widget, event).
  if (page.signedIn || page.widget || !page.path.endsWith('/login'))
    await tab.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
  else await tab.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 30_000 });
  const loadMs = Date.now() - started;
  const landed = new URL(tab.url()).pathname;
  if (landed !== page.path) throw new Error(`${page.name}: ${page.path} ended at ${landed}`);
  await tab.waitForLoadState('networkidle');
  // One file per URL: a stylesheet named by `<link rel="preload">` and then applied is one download.
  const byUrl = new Map<string, Asset>();
  for (const asset of await Promise.all(pending)) if (asset) byUrl.set(asset.url, asset);
  const assets = [...byUrl.values()];
  await context.close();
  return {
    page,
    js: assets.filter((asset) => asset.kind === 'js'),
    css: assets.filter((asset) => asset.kind === 'css'),
    admin: [],
    loadMs,
  };
}

function report(figures: PageFigures[]): void {
  const rows = figures.map(({ page, js, css, admin }) => {
    const jsGzip = sum(js, gzip);
    return [
      page.name,
      String(js.length),
      kB(sum(js, (b) => b.length)),
      kB(jsGzip),
      kB(sum(js, brotli)),
      String(css.length),
      kB(sum(css, (b) => b.length)),
      kB(sum(css, gzip)),
      admin.length > 0 ? `yes (${admin.length})` : 'no',
      `${((jsGzip / targetOf(page)) * 100).toFixed(0)}% of ${kB(targetOf(page))}`,
    ];
  });
  const head = [
    'page',
    'JS files',
    'JS kB',
    'JS gzip kB',
    'JS br kB',
    'CSS files',
    'CSS kB',
    'CSS gzip kB',
    'admin chunk',
    'of target gzip',
  ];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log('');
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  console.log(
    '\n(kB = 1,000 bytes; gzip level 9 and brotli quality 11 of the bytes the browser received; targets: client pages and event page ≤ 150 kB gzip, widget ≤ 80 kB gzip, no admin chunk)',
  );
  for (const { page, js, css, admin, loadMs } of figures) {
    console.log(`\n${page.name} (${page.path}, loaded in ${loadMs} ms):`);
    for (const asset of [...js, ...css].sort((a, b) => b.body.length - a.body.length)) {
      const file = new URL(asset.url).pathname.replace(/^\/assets\//, '');
      console.log(
        `  ${file.padEnd(48)} ${kB(asset.body.length).padStart(7)} kB  gzip ${kB(gzip(asset.body)).padStart(6)} kB`,
      );
    }
    if (admin.length > 0) console.log(`  admin-only: ${admin.join(', ')}`);
  }
}

await runBenchmark(async (resources) => {
  const webDist = await webBuild(resources);
  const isAdminOnly = await adminOnlyFiles(webDist);
  const origin = await startWebServer(resources, webDist);
  const cookies = await clientSessionCookies(origin);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  resources.add(() => browser.close());
  const figures: PageFigures[] = [];
  for (const page of [...CLIENT_PAGES, WIDGET_PAGE, await demoEventPage(origin)]) {
    const measured = await measurePage(browser, origin, page, cookies);
    measured.admin = [...measured.js, ...measured.css]
      .map((asset) => new URL(asset.url).pathname.replace(/^\//, ''))
      .filter(isAdminOnly);
    figures.push(measured);
  }
  report(figures);
  return true;
});
