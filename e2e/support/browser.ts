import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, expect, inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing that reaches beyond this machine. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install -y chromium`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  afterAll(() => browser.close());
  return browser;
}

export const baseUrl = () => inject('baseUrl');

let visitors = 0;
/** A documentation-range address (RFC 5737) per browser context, unique within a test file. */
function visitorAddress(): string {
  visitors += 1;
  return `203.0.113.${(process.pid + visitors) % 250 + 1}`;
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    // The service worker would cache between tests; each test sees the server as it is.
    serviceWorkers: 'block',
    // Each test is its own visitor: sign-ups and failed logins are limited per address, and the whole
    // suite shares one server, so the browser names an address of its own as a proxy would.
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  const page = await context.newPage();
  return { context, page };
}

/** WCAG 2.2 AA through axe: no serious or critical violation on the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A dialog or menu still fading in has colours it does not keep: wait (up to 2 s) for finite animations
  // and transitions to end, so axe reads what a person sees once it has settled.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}
