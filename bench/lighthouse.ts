/**
 * Lighthouse (mobile default config: a Moto G Power screen, simulated slow 4G and 4× CPU slowdown) on the
 * client login and the signed-in client calendar (issue 11 §7) and the booking widget's schedule
 * (issue 12 §5, its own entry), categories performance and accessibility, against the real server on
 * loopback. Prints figures; asserts nothing.
 *
 *   npm run bench:lighthouse -w bench
 *   LH_PAGES=widget npm run bench:lighthouse -w bench                        # only the pages named (comma list)
 *   WEB_DIST_DIR=/tmp/lh-dist LH_RUNS=3 npm run bench:lighthouse -w bench   # median of 3 runs per page
 *   LH_SAVE_DIR=/tmp/lh-reports npm run bench:lighthouse -w bench             # also keep every report (JSON)
 *
 * The signed-in page: the demo client logs in through the API (`POST /api/checkCompany`, `POST
 * /api/login`) and the session cookies the web app would write (`token`, `hosttype`, `user`; it reads
 * them with `document.cookie`, so a Cookie request header alone would not do) are set in the Chromium
 * that Lighthouse drives, through the DevTools protocol, before Lighthouse loads the page. Lighthouse
 * clears the origin's storage before a run but not its cookies.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { runBenchmark } from './lib/resources.ts';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  CLIENT_PAGES,
  clientSessionCookies,
  demoEventPage,
  DEMO,
  startWebServer,
  webBuild,
} from './lib/web-app.ts';

/** A page measured: the client pages, and the widget (a visitor's, no session). */
interface MeasuredPage {
  name: string;
  path: string;
  signedIn: boolean;
}
const ALL_PAGES: MeasuredPage[] = [
  ...CLIENT_PAGES,
  { name: 'widget', path: `/${DEMO.company}/widget`, signedIn: false },
];
const ONLY = process.env.LH_PAGES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const chosen = (pages: MeasuredPage[]) =>
  ONLY?.length ? pages.filter((page) => ONLY.includes(page.name)) : pages;

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));
/** When set, every run's full report is written there as JSON (open it in the Lighthouse viewer). */
const SAVE_DIR = process.env.LH_SAVE_DIR;

interface Figures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  failedA11y: string[];
  requests: string[];
}

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`);
  const items =
    (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    siMs: numeric('speed-index'),
    failedA11y,
    requests: items.map((item) => item.url),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Lighthouse could not record the run (NO_NAVSTART, NO_FCP on a busy machine): it asks to run again. */
class LighthouseRunError extends Error {}

/** Tries a run up to three times when Lighthouse could not record it; any other failure stops the bench. */
async function auditWithRetry(
  port: number,
  origin: string,
  page: MeasuredPage,
  run: number,
): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(port, origin, page, run);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === 3) throw error;
      console.log(`${error.message}: trying run ${run + 1} again`);
    }
  }
}

async function audit(port: number, origin: string, page: MeasuredPage, run: number): Promise<Figures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  };
  const result = await lighthouse(`${origin}${page.path}`, flags);
  if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new LighthouseRunError(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== page.path) throw new Error(`${page.name}: ${page.path} ended at ${landed} (not signed in?)`);
  if (SAVE_DIR) {
    await mkdir(SAVE_DIR, { recursive: true });
    const file = path.join(SAVE_DIR, `${page.name.replaceAll(' ', '-')}-${run + 1}.json`);
    await writeFile(file, JSON.stringify(lhr));
    console.log(`Report: ${file}`);
  }
  return figuresOf(lhr);
}

await runBenchmark(async (resources) => {
  const webDist = await webBuild(resources);
  const origin = await startWebServer(resources, webDist);
  const cookies = await clientSessionCookies(origin);

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  // By its PID (chrome-launcher's kill sends SIGKILL to that process).
  resources.add(async () => {
    chrome.kill();
  });
  console.log(
    `Chromium (pid ${chrome.pid}) on DevTools port ${chrome.port}; Lighthouse mobile, ${RUNS} run(s) per page`,
  );

  // The session cookies go into the browser Lighthouse drives (its default context).
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = cdp.contexts()[0];
  if (!context) throw new Error('Chromium has no default context.');
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));

  const rows: { page: MeasuredPage; runs: Figures[] }[] = [];
  // And the demo's public event page (issue 12 §5), whose id the server knows.
  const pages = chosen([...ALL_PAGES, await demoEventPage(origin)]);
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // The login page is for visitors: measure it without the session (it would send them on).
      if (!page.signedIn) await context.clearCookies();
      else await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
      runs.push(await auditWithRetry(chrome.port, origin, page, run));
    }
    rows.push({ page, runs });
  }

  const head = ['page', 'performance', 'accessibility', 'LCP s', 'TBT ms', 'CLS', 'FCP s', 'SI s'];
  const table = rows.map(({ page, runs }) => {
    const m = (pick: (f: Figures) => number) => median(runs.map(pick));
    const spread = (pick: (f: Figures) => number) => {
      const values = runs.map(pick);
      return runs.length > 1 ? ` (${Math.min(...values)}–${Math.max(...values)})` : '';
    };
    return [
      page.name,
      `${m((f) => f.performance)}${spread((f) => f.performance)}`,
      String(m((f) => f.accessibility)),
      (m((f) => f.lcpMs) / 1000).toFixed(1),
      m((f) => f.tbtMs).toFixed(0),
      m((f) => f.cls).toFixed(3),
      (m((f) => f.fcpMs) / 1000).toFixed(1),
      (m((f) => f.siMs) / 1000).toFixed(1),
    ];
  });
  const widths = head.map((title, i) => Math.max(title.length, ...table.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log('');
  console.log(line(head));
  for (const row of table) console.log(line(row));
  console.log(
    `\n(median of ${RUNS} run(s); targets: accessibility 100; performance ≥ 95 on the client pages (issue 11), ≥ 90 on the event page (issue 12))`,
  );

  for (const { page, runs } of rows) {
    const failed = [...new Set(runs.flatMap((run) => run.failedA11y))];
    if (failed.length > 0)
      console.log(`\n${page.name}, accessibility audits that failed:\n  ${failed.join('\n  ')}`);
    const outside = [...new Set(runs.flatMap((run) => run.requests))].filter(
      (url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'),
    );
    if (outside.length > 0)
      console.log(`\n${page.name}, requests beyond the server:\n  ${outside.join('\n  ')}`);
  }
  return true;
});
