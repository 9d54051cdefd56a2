import { describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './support/browser.ts';
import { createCompany, fillLogin } from './support/journeys.ts';

const browser = await launchBrowser();
const ADMIN_CHUNK = /admin-shell|company-details|dashboard-page/;

/** The URLs in the generated service worker's precache manifest. */
async function precachedUrls(): Promise<string[]> {
  const script = await (await fetch(`${baseUrl()}/sw.js`)).text();
  const manifest = /precacheAndRoute\((\[[^\]]*\])/.exec(script)?.[1];
  if (!manifest) throw new Error('sw.js has no precache manifest');
  return [...manifest.matchAll(/url:"([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('service worker (spec §7)', () => {
  it('is registered for the whole site and becomes active', async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/');
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL ?? null };
    });
    expect(registration.scope).toBe(`${baseUrl()}/`);
    expect(registration.script).toBe(`${baseUrl()}/sw.js`);
    await context.close();
  });

  it('precaches the shell every group starts with, and no admin page chunk', async () => {
    const urls = await precachedUrls();
    expect(urls.filter((url) => ADMIN_CHUNK.test(url))).toEqual([]);
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
    const styles = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]);
    expect(entry).toBeTruthy();
    expect(urls).toEqual(expect.arrayContaining(['index.html', entry, ...styles]));
    expect(urls.some((url) => url.endsWith('.css'))).toBe(true);
    // The client shell and the login page are in the chunks named for the client group's first paint
    // (apps/web/build/first-paint-chunks.ts): client-calendar and client-login.
    for (const page of ['client-calendar', 'check-in-page', 'client-login', 'lato-latin-400-normal']) {
      expect(urls.some((url) => url.includes(page)), `${page} is precached`).toBe(true);
    }
  });

  it('keeps the admin chunks an admin has opened in the runtime cache for the next visit', async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, company.password);
    await page.waitForURL('**/app/settings/companyDetails');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The first load ran before the worker took control; the next one goes through it.
    await page.reload();
    await page.getByRole('textbox', { name: 'Business name' }).waitFor();
    const cached = await page.evaluate(async () => {
      const cache = await caches.open('kinetic-assets');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(cached.some((path) => /admin-shell/.test(path))).toBe(true);
    expect(cached.some((path) => /company-details-page/.test(path))).toBe(true);
    await context.close();
  });
});
