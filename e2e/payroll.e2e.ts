import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { instructorBody, newYorkDate, send, studioBody, templateBody, tokenOf } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

/** The first day of the month `months` from this one (New York), "YYYY-MM-DD". */
function monthStart(months: number): string {
  const [y, m] = newYorkDate(0).split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return date.toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function monthLabel(start: string): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `1–${last} ${MONTHS[m - 1]} ${y}`;
}

async function csvOf(page: Page, reference: string): Promise<string> {
  const response = await page.request.get(`/api/payroll/periods/${reference}/csv`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(response.status()).toBe(200);
  return response.text();
}

describe('Staff › Payroll (issue 15 §4)', () => {
  for (const width of [1280, 360]) {
    it(`closes last month by keyboard; after a rate change the closed report is byte-for-byte the same and this month shows the new rate (${width} px)`, async () => {
      const { page, context } = await newPage(browser, { width });
      await signedInOwner(page);
      const studio = await send<{ id: string }>(page, 'post', '/api/studios', studioBody());
      const template = await send<{ id: string }>(page, 'post', '/api/class-templates', templateBody());
      const ines = await send<{ id: string }>(
        page,
        'post',
        '/api/instructors',
        instructorBody('Ines Instructor'),
      );
      const lastMonth = monthStart(-1);
      const classOn = (date: string, startTime: string) =>
        send(page, 'post', '/api/fitness-sessions', {
          templateId: template.id,
          studioId: studio.id,
          roomId: null,
          instructorId: ines.id,
          capacity: 10,
          schedule: { kind: 'once', date },
          startTime,
          durationMinutes: 60,
        });
      await classOn(`${lastMonth.slice(0, 8)}10`, '18:00');
      await classOn(newYorkDate(0), '00:30');
      await send(page, 'post', '/api/pay-rates', {
        instructorId: ines.id,
        effectiveFrom: '2020-01-01',
        kind: 'per_class',
        amount: 2500,
      });

      await page.goto('/app/staff/payroll');
      await page.getByText(monthLabel(monthStart(0))).waitFor();
      await page.getByRole('button', { name: '‹ Previous' }).click();
      await page.getByText(monthLabel(lastMonth)).waitFor();
      const section = page.getByRole('region', { name: 'Ines Instructor' });
      await section.getByText('1 class · Subtotal $25.00').waitFor();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      const close = page.getByRole('button', { name: `Close this period, ${monthLabel(lastMonth)}` });
      await close.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Close ${monthLabel(lastMonth)}?` });
      await dialog.getByText(/will never change/).waitFor();
      await dialog.getByRole('button', { name: 'Close the period' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(`${monthLabel(lastMonth)} is closed. Its figures will not change.`).waitFor();
      await page.getByText(/^Closed on .* by Olive Owner\. These figures never change\.$/).waitFor();
      // The page as it reads once closed (without the note of the action just taken).
      await page.reload();
      await section.getByText('1 class · Subtotal $25.00').waitFor();
      const closedText = await page.getByRole('main').textContent();
      const csv = await csvOf(page, lastMonth);
      expect(csv).toContain('Ines Instructor');
      expect(csv).toContain('$25.00 per class,25.00,Class,');
      await snap(page, 'payroll-closed');

      // A raise from today: the closed month keeps $25.00, this month pays $30.00.
      await send(page, 'post', '/api/pay-rates', {
        instructorId: ines.id,
        effectiveFrom: newYorkDate(0),
        kind: 'per_class',
        amount: 3000,
      });
      await page.reload();
      await page.getByText(monthLabel(lastMonth)).waitFor();
      await section.getByText('1 class · Subtotal $25.00').waitFor();
      expect(await page.getByRole('main').textContent()).toBe(closedText);
      expect(await csvOf(page, lastMonth)).toBe(csv);

      await page.getByRole('button', { name: 'Next ›' }).click();
      await page.getByText(monthLabel(monthStart(0))).waitFor();
      await section.getByText('1 class · Subtotal $30.00').waitFor();
      await section.getByText('$30.00 per class', { exact: true }).first().waitFor();
      await expectNoHorizontalScroll(page);
      await snap(page, 'payroll-open');
      await context.close();
    });
  }
});
