import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { cookieNames, createCompany, fillLogin, PASSWORD, signedInClient } from './support/journeys.ts';

const browser = await launchBrowser();

async function expectLoginWithinAboutASecond(page: Page, pathname: string) {
  const started = Date.now();
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 3000 });
  expect(Date.now() - started).toBeLessThan(2500);
}

describe('session watcher (spec §8, issue 3 journey)', () => {
  it('a deleted token cookie sends an admin to /login within about a second', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, PASSWORD);
    await page.waitForURL('**/app/settings/companyDetails');

    await context.clearCookies({ name: 'token' });
    await expectLoginWithinAboutASecond(page, '/login');
    // The watcher clears both cookies (a guard may have redirected a moment before it ran).
    await expect.poll(() => cookieNames(page), { timeout: 2000 }).toEqual([]);
    await context.close();
  });

  it('a deleted user cookie sends a client to the client login within about a second', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    const email = `client-${company.slug}@e2e.test`;
    await signedInClient(page, company.slug, 'Cleo', email);

    await context.clearCookies({ name: 'user' });
    await expectLoginWithinAboutASecond(page, `/${company.slug}/client/login`);
    // The watcher clears both cookies (a guard may have redirected a moment before it ran).
    await expect.poll(() => cookieNames(page), { timeout: 2000 }).toEqual([]);
    await context.close();
  });

  it('a deleted token cookie sends a solo instructor to its own login page', async () => {
    const { page, context } = await newPage(browser);
    const solo = await createCompany(page, 'solo');
    await page.goto(`/${solo.slug}/solo-instructor/login`);
    await fillLogin(page, solo.email, PASSWORD);
    await page.waitForURL(`**/${solo.slug}/solo-instructor/app/**`);

    await context.clearCookies({ name: 'token' });
    await expectLoginWithinAboutASecond(page, `/${solo.slug}/solo-instructor/login`);
    await context.close();
  });
});
