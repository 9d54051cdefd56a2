import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { send } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

/** Presses Tab (up to `limit` times) until `target` has the focus: the keyboard's way to reach it. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  const element = await target.elementHandle({ timeout: 15_000 });
  for (let step = 0; step < limit; step += 1) {
    if (await element.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** 24 clients made at the desk through the API: "Pat01 Pine" … "Pat24 Pine", and Ada Lovelace. */
async function deskClients(page: Page): Promise<void> {
  for (let n = 1; n <= 24; n += 1) {
    const two = String(n).padStart(2, '0');
    await send(page, 'post', '/api/clients', {
      name: `Pat${two} Pine`,
      email: `client${two}-${Date.now().toString(36)}@e2e.test`,
      phone: `(212) 555-01${two}`,
    });
  }
  await send(page, 'post', '/api/clients', {
    name: 'Ada Lovelace',
    email: `ada-${Date.now().toString(36)}@e2e.test`,
    phone: '(646) 555-0199',
  });
}

describe('the Clients list (issue 14 §1)', () => {
  it('at 1280 px by keyboard only: searches, pages, filters and opens a client profile', async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    page.setDefaultTimeout(20_000);
    await signedInOwner(page);
    await deskClients(page);
    await page.goto('/app/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByText('Showing 1–10 of 25 clients').waitFor();
    const table = page.getByRole('table');
    await expect.poll(() => table.getByRole('row').count()).toBe(11);
    expect(await page.getByRole('link', { name: 'Client report (CSV)' }).isVisible()).toBe(true);

    // Search by phone digits however typed: the focus stays in the field while the list follows.
    const search = page.getByRole('searchbox', { name: /Search clients/ });
    await tabTo(page, search);
    await page.keyboard.type('646 555 01');
    await page.getByText('Showing 1–1 of 1 client').waitFor();
    expect(await table.getByRole('link').first().textContent()).toBe('Ada Lovelace');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await snap(page, 'clients-search');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.getByText('Showing 1–10 of 25 clients').waitFor();

    // Page 3 by keyboard: the last five.
    await tabTo(page, page.getByRole('button', { name: 'Page 3' }));
    await page.keyboard.press('Enter');
    await page.getByText('Showing 21–25 of 25 clients').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(6);

    // Sort by name, Z to A, from the column header.
    await tabTo(page, page.getByRole('button', { name: /^Name\b.*sorted A to Z/ }), 80);
    await page.keyboard.press('Enter');
    await page.getByText('Showing 1–10 of 25 clients').waitFor();
    await expect.poll(() => table.getByRole('link').first().textContent()).toBe('Pat24 Pine');

    // A filter nobody matches says so and offers the way back; the way back restores the list.
    await tabTo(page, page.getByRole('checkbox', { name: 'Active membership' }), 80);
    await page.keyboard.press('Space');
    await page.getByText('No client matches with these filters.').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Clear search and filters' }).first(), 40);
    await page.keyboard.press('Enter');
    await page.getByText('Showing 1–10 of 25 clients').waitFor();
    // The button went away with the filters: the keyboard is in the search, not back at the top.
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'clients-table');

    // Open a client's profile from the list.
    const ada = table.getByRole('link', { name: 'Pat24 Pine' });
    await tabTo(page, ada, 80);
    const href = await ada.getAttribute('href');
    expect(href).toMatch(/\/app\/clients\/profile\/([0-9a-f]{24})\/\1$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);

    // Back: the list is where it was (sort kept in sessionStorage).
    await page.goBack();
    await expect
      .poll(() => page.getByRole('table').getByRole('link').first().textContent())
      .toBe('Pat24 Pine');
    await context.close();
  }, 180_000);

  it('at 360 px: cards, no sideways scroll, search, paging and the quick actions usable', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    page.setDefaultTimeout(20_000);
    await signedInOwner(page);
    await deskClients(page);
    await page.goto('/app/clients');
    const cards = page.getByRole('list', { name: 'Clients' });
    await page.getByText('Showing 1–10 of 25 clients').waitFor();
    await expect.poll(() => cards.getByRole('listitem').count()).toBe(10);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'clients-cards');
    const search = page.getByRole('searchbox', { name: /Search clients/ });
    await search.fill('pine');
    await page.getByText('Showing 1–10 of 24 clients').waitFor();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.getByText('Showing 21–24 of 24 clients').waitFor();
    await expectNoHorizontalScroll(page);
    const first = cards.getByRole('listitem').first();
    expect(await first.getByRole('button', { name: /^Book Pat21 Pine/ }).isVisible()).toBe(true);
    expect(await first.getByRole('button', { name: /^Sell Pat21 Pine/ }).isVisible()).toBe(true);
    expect(
      await first.getByRole('button', { name: /^Send Pat21 Pine a password-reset link/ }).isVisible(),
    ).toBe(true);

    // Quick actions open the profile's own dialogs, and Escape gives the focus back to the button.
    const book = first.getByRole('button', { name: /^Book Pat21 Pine/ });
    await book.click();
    await page.getByRole('dialog', { name: 'Book Pat21 Pine into a class' }).waitFor();
    await expectNoHorizontalScroll(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: '/tmp/shots/clients-book-dialog-360.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => book.evaluate((element) => element === document.activeElement)).toBe(true);
    await first.getByRole('button', { name: /^Sell Pat21 Pine/ }).click();
    await page.getByRole('dialog', { name: 'Sell to Pat21 Pine' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: '/tmp/shots/clients-sell-dialog-360.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await first.getByRole('button', { name: /^Send Pat21 Pine a password-reset link/ }).click();
    await page.getByText(/^We emailed Pat21 Pine .* a link to choose a new password/).waitFor();
    await context.close();
  }, 180_000);
});
