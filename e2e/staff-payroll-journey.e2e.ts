import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { api, newYorkDate, send, studioBody, templateBody, tokenOf } from './support/classes.ts';
import { signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

/**
 * Issue 15's done-means, one owner in the browser: invite an instructor (Settings › Staff Members), set
 * their rate (Staff Payrates), run payroll for last month and close it (Staff › Payroll), change the rate
 * (Staff Payrates again); the closed month reads the same, page and CSV byte-for-byte, while this month
 * pays the new rate. The classes themselves are made through the API (the schedule has its own journeys).
 */

/** The first day of the month `months` from this one (New York), "YYYY-MM-DD". */
function monthStart(months: number): string {
  const [y, m] = newYorkDate(0).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function monthLabel(start: string): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  return `1–${new Date(Date.UTC(y, m, 0)).getUTCDate()} ${MONTHS[m - 1]} ${y}`;
}

async function setRate(page: Page, name: string, from: string, amount: string): Promise<void> {
  await page.goto('/app/settings/staffPayRates');
  const button = page.getByRole('button', { name: `Set a new rate for ${name}` });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Set a new rate for ${name}` });
  await dialog.getByLabel(/^From/).fill(from);
  await dialog.getByRole('textbox', { name: /^Amount per class \(USD\)/ }).fill(amount);
  await dialog.getByRole('button', { name: 'Set the rate' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function csvOf(page: Page, reference: string): Promise<string> {
  const response = await page.request.get(`/api/payroll/periods/${reference}/csv`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(response.status()).toBe(200);
  return response.text();
}

describe('Staff, pay rates and payroll, end to end (issue 15 done-means)', () => {
  it('invite an instructor, set a rate, close last month, change the rate: the closed month never moves', async () => {
    const { page, context } = await newPage(browser, { width: 1280 });
    await signedInOwner(page);
    const main = page.getByRole('main');

    // 1. Invite an instructor.
    await page.goto('/app/settings/staffMembers/add');
    await main.getByRole('heading', { level: 1, name: 'Add a staff member' }).waitFor();
    const email = `rosa-${randomBytes(4).toString('hex')}@e2e.test`;
    await main.getByRole('textbox', { name: 'Name' }).fill('Rosa Rivera');
    await main.getByRole('textbox', { name: 'Email' }).fill(email);
    expect(await main.getByRole('radio', { name: /^Instructor/ }).isChecked()).toBe(true);
    await main.getByRole('button', { name: 'Add and send invitation' }).click();
    await main.getByText('Rosa Rivera added. We emailed them an invitation to choose a password.').waitFor();
    const token = await tokenOf(page);
    const team = await api<{ items: { name: string; instructorId: string | null; status: string }[] }>(
      page,
      'get',
      '/api/staff-members',
      token,
    );
    const rosa = team.items.find((person) => person.name === 'Rosa Rivera');
    expect(rosa?.status).toBe('invited');
    const instructorId = rosa?.instructorId as string;
    expect(instructorId).toMatch(/^[0-9a-f]{24}$/);

    // Her classes: one last month, one today (New York, the test company's zone).
    const studio = await send<{ id: string }>(page, 'post', '/api/studios', studioBody());
    const template = await send<{ id: string }>(page, 'post', '/api/class-templates', templateBody());
    const lastMonth = monthStart(-1);
    for (const date of [`${lastMonth.slice(0, 8)}12`, newYorkDate(0)])
      await send(page, 'post', '/api/fitness-sessions', {
        templateId: template.id,
        studioId: studio.id,
        roomId: null,
        instructorId,
        capacity: 10,
        schedule: { kind: 'once', date },
        startTime: '00:30',
        durationMinutes: 60,
      });

    // 2. Her rate: $25.00 a class since before last month.
    await setRate(page, 'Rosa Rivera', monthStart(-2), '25');
    await page.getByText('In force: $25.00 per class').waitFor();

    // 3. Payroll for last month, closed.
    await page.goto('/app/staff/payroll');
    await page.getByText(monthLabel(monthStart(0))).waitFor();
    await page.getByRole('button', { name: '‹ Previous' }).click();
    await page.getByText(monthLabel(lastMonth)).waitFor();
    const section = page.getByRole('region', { name: 'Rosa Rivera' });
    await section.getByText('1 class · Subtotal $25.00').waitFor();
    await page.getByRole('button', { name: `Close this period, ${monthLabel(lastMonth)}` }).click();
    const dialog = page.getByRole('dialog', { name: `Close ${monthLabel(lastMonth)}?` });
    await dialog.getByRole('button', { name: 'Close the period' }).click();
    await page.getByText(`${monthLabel(lastMonth)} is closed. Its figures will not change.`).waitFor();
    await page.reload();
    await section.getByText('1 class · Subtotal $25.00').waitFor();
    const closedPage = await main.textContent();
    const closedCsv = await csvOf(page, lastMonth);
    expect(closedCsv).toContain('Rosa Rivera');
    expect(closedCsv).toContain('$25.00 per class');

    // 4. A raise from today, set on the Staff Payrates page.
    await setRate(page, 'Rosa Rivera', newYorkDate(0), '30');
    await page.getByText('In force: $30.00 per class').waitFor();

    // The closed month: the same page, the same bytes. This month: the new rate.
    await page.goto('/app/staff/payroll');
    await page.getByText(monthLabel(monthStart(0))).waitFor();
    await section.getByText('1 class · Subtotal $30.00').waitFor();
    await page.getByRole('button', { name: '‹ Previous' }).click();
    await page.getByText(monthLabel(lastMonth)).waitFor();
    await section.getByText('1 class · Subtotal $25.00').waitFor();
    expect(await main.textContent()).toBe(closedPage);
    expect(await csvOf(page, lastMonth)).toBe(closedCsv);
    await snap(page, 'staff-payroll-journey');
    await context.close();
  });
});
