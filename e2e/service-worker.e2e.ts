import { describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './support/browser.ts';

const browser = await launchBrowser();

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
});
