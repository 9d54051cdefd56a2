import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { classTomorrow, newYorkDate, send } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

/** A class tomorrow with one client booked, and a $12.50 bottle of water sold today, paid in cash. */
async function studioWithActivity(page: Page) {
  const setup = await classTomorrow(page);
  const client = await send<{ id: string }>(page, 'post', '/api/clients', {
    name: 'Rita Reyes',
    email: `rita-${Date.now()}@e2e.test`,
    phone: '',
  });
  await send(page, 'post', `/api/class-instances/${setup.classId}/bookings`, { clientId: client.id });
  const water = await send<{ id: string }>(page, 'post', '/api/products', {
    kind: 'product',
    name: 'Water',
    description: null,
    price: 1250,
    taxRateId: null,
    sku: null,
  });
  await send(page, 'post', '/api/orders', {
    clientId: client.id,
    items: [{ kind: 'product', productId: water.id, quantity: 1 }],
    promoCode: null,
    paidWith: 'cash',
  });
}

/** The CSV a click on Download CSV saves: its name and its text. */
async function downloaded(page: Page): Promise<{ name: string; text: string }> {
  const request = page.waitForRequest((sent) => sent.url().includes('.csv?'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect((await request).headers().authorization).toMatch(/^Bearer \S+$/);
  return { name: download.suggestedFilename(), text: await readFile((await download.path()) ?? '', 'utf8') };
}

describe('Reports (issue 14 §5)', () => {
  for (const width of [1280, 360]) {
    it(`at ${width} px: an owner reads attendance, switches to revenue, changes the period and downloads both CSVs`, async () => {
      const { context, page } = await newPage(browser, { width });
      await signedInOwner(page);
      await studioWithActivity(page);

      await page.goto('/app/reports');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Reports', level: 1 }).isVisible())
        .toBe(true);
      // A week from today on the company's calendar holds tomorrow's class and today's sale, whatever the month.
      const from = newYorkDate(0);
      const to = newYorkDate(7);
      await page.getByLabel('Period').selectOption('custom');
      await page.getByLabel('From', { exact: true }).fill(from);
      await page.getByLabel('To', { exact: true }).fill(to);
      const table = page.getByRole('table');
      // The answer for this period (the month's stays on screen, dimmed, until it comes).
      await expect.poll(() => page.getByText(`Attendance by class, ${from} to ${to}.`).count()).toBe(1);
      await expect
        .poll(() => table.getByRole('row', { name: /Morning Mobility/ }).textContent(), { timeout: 10_000 })
        .toBe('Morning Mobility110000128.3%');
      await expectNoHorizontalScroll(page);
      await snap(page, 'reports-attendance');

      const attendanceCsv = await downloaded(page);
      expect(attendanceCsv.name).toBe(`attendance-by-class-${from}-to-${to}.csv`);
      expect(attendanceCsv.text).toBe(
        'Class,Classes,Booked,Checked in,No-shows,Late cancels,Cancellations,Capacity,Fill rate (%)\r\n' +
          'Morning Mobility,1,1,0,0,0,0,12,8.3\r\n' +
          'Total,1,1,0,0,0,0,12,8.3\r\n',
      );

      await page.getByRole('tab', { name: 'Revenue' }).click();
      await expect.poll(() => page.getByText(`Revenue by type of sale, ${from} to ${to}:`).count()).toBe(1);
      await expect
        .poll(() => table.getByRole('row', { name: /^Products/ }).textContent(), { timeout: 10_000 })
        .toBe('Products$12.50$0.00$0.00$12.50$0.00$12.50');
      await expect
        .poll(() => page.getByRole('img', { name: 'Net revenue by type of sale: Products $12.50.' }).count())
        .toBe(1);
      await expectNoHorizontalScroll(page);
      await snap(page, 'reports-revenue');
      await expectNoSeriousA11yViolations(page);

      const revenueCsv = await downloaded(page);
      expect(revenueCsv.name).toBe(`revenue-by-package-type-${from}-to-${to}.csv`);
      expect(revenueCsv.text).toBe(
        'Type of sale,Gross sales (USD),Discounts (USD),Refunds (USD),Net (USD),Tax (USD),Total (USD)\r\n' +
          'Products,12.50,0.00,0.00,12.50,0.00,12.50\r\n' +
          'Total,12.50,0.00,0.00,12.50,0.00,12.50\r\n',
      );

      // Last week has none of it.
      await page.getByLabel('Period').selectOption('last-week');
      await expect
        .poll(() =>
          page.getByRole('status').filter({ hasText: 'No sales or refunds in this period.' }).count(),
        )
        .toBe(1);
      await context.close();
    });
  }

  it('by keyboard: the tabs, the period and the download are reached and used with the keys, focus visible', async () => {
    const { context, page } = await newPage(browser);
    await signedInOwner(page);
    await page.goto('/app/reports');
    const period = page.getByLabel('Period');
    await period.focus();
    await page.keyboard.press('Tab'); // the tab list: the chosen tab takes the focus
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Attendance');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Revenue' }).getAttribute('aria-selected'))
      .toBe('true');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await snap(page, 'reports-keyboard');
    await context.close();
  });
});
