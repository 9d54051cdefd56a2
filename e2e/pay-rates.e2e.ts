import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { instructorBody, newYorkDate, send, templateBody } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

/** Toasts come and go on their own; the checks below are about the page. */
async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    document
      .querySelectorAll<HTMLElement>('.mantine-Notification-closeButton')
      .forEach((button) => button.click());
  });
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });

const dayText = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

describe('Settings › Staff Payrates (issue 15 §3)', () => {
  it('sets a rate by keyboard, schedules a raise, edits and deletes it; the rate in force has no edit', async () => {
    const { page, context } = await newPage(browser);
    await signedInOwner(page);
    await send(page, 'post', '/api/instructors', instructorBody('Ines Instructor'));
    await send(page, 'post', '/api/class-templates', templateBody());
    await page.goto('/app/settings/staffPayRates');
    const ines = page.getByRole('region', { name: 'Ines Instructor' });
    await ines.getByText('No rate yet', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Keyboard only: open the dialog, choose per attendee, type the amounts, Enter.
    await page.getByRole('button', { name: 'Set a new rate for Ines Instructor' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Set a new rate for Ines Instructor' });
    await dialog.waitFor();
    expect(await focusedName(page)).toContain('All classes');
    await dialog.getByRole('radio', { name: 'Per class' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: 'Per attendee' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10');
    await page.keyboard.press('Tab');
    await page.keyboard.type('40');
    await dialog.getByText('$10.00 base + $3.00 per attendee, at most $40.00').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await ines.getByText('In force: $10.00 base + $3.00 per attendee, at most $40.00').waitFor();
    expect(await focusedName(page)).toBe('Set a new rate for Ines Instructor');

    // A raise in two weeks: scheduled, so it can still be changed or taken back.
    const later = newYorkDate(14);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByLabel(/^From/).fill(later);
    await dialog.getByRole('textbox', { name: /^Amount per class \(USD\)/ }).fill('30');
    await dialog.getByRole('button', { name: 'Set the rate' }).click();
    await dialog.waitFor({ state: 'detached' });
    const rows = ines.getByRole('table', { name: 'Ines Instructor’s rates' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain(
      `${dayText(later)}All classesPer class$30.00 per classScheduled`,
    );
    expect(await rows.nth(2).textContent()).toContain('In force');
    // Only the scheduled rate has Edit and Delete.
    expect(await ines.getByRole('button', { name: /^Edit / }).count()).toBe(1);
    await closeToasts(page);
    await snap(page, 'pay-rates');

    await ines.getByRole('button', { name: `Edit Ines Instructor’s rate from ${dayText(later)}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Ines Instructor’s rate from ${dayText(later)}` });
    await edit.getByRole('textbox', { name: /^Amount per class \(USD\)/ }).fill('32');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await ines.getByText('$32.00 per class').waitFor();

    await ines.getByRole('button', { name: `Delete Ines Instructor’s rate from ${dayText(later)}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete the rate' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => focusedName(page)).toBe('Set a new rate for Ines Instructor');
    await context.close();
  });

  it('shows the history as cards at 360 px, without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 780 });
    await signedInOwner(page);
    const ines = await send<{ id: string }>(
      page,
      'post',
      '/api/instructors',
      instructorBody('Ines Instructor'),
    );
    for (const [effectiveFrom, amount] of [
      [newYorkDate(-40), 2500],
      [newYorkDate(-7), 2800],
      [newYorkDate(21), 3000],
    ] as const)
      await send(page, 'post', '/api/pay-rates', {
        instructorId: ines.id,
        effectiveFrom,
        kind: 'hourly',
        amount,
      });
    await page.goto('/app/settings/staffPayRates');
    const list = page.getByRole('list', { name: 'Ines Instructor’s rates' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3);
    await page.getByText('In force: $28.00 an hour').waitFor();
    await closeToasts(page);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'pay-rates');
    await context.close();
  });
});
