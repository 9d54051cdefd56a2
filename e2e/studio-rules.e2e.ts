import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

const browser = await launchBrowser();

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });

async function tabToLabel(page: Page, label: string): Promise<void> {
  for (let step = 0; step < 120; step += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedLabel(page)) === label) return;
  }
  throw new Error(`Tab never reached "${label}"`);
}

/** The success toast's close button is app-wide (reported elsewhere): close toasts before asking axe. */
async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    document
      .querySelectorAll<HTMLElement>('.mantine-Notification-closeButton')
      .forEach((button) => button.click());
  });
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
}

const inputValue = (page: Page, label: string) => page.getByLabel(label).inputValue();

describe('studio rules: Sessions Settings and Peak/Non Peak Hours (issue 7)', () => {
  it('saves the booking policy and the week’s hours, which persist; overlaps are refused at the day; keyboard, axe and 360 px', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, PASSWORD);
    await page.waitForURL('**/app/settings/companyDetails');

    // Sessions Settings: the suggested rules in plain words, fees in the company's currency.
    await page.goto('/app/settings/classesSettings');
    await page.getByRole('heading', { level: 1, name: 'Sessions Settings' }).waitFor();
    await page.getByText('Clients can book from 14 days before a class.').waitFor();
    await page.getByLabel('Booking opens (days before)').fill('21');
    await page.getByText('Clients can book from 21 days before a class.').waitFor();
    await page.getByLabel('Late cancellation fee (USD)').fill('7.5');
    await page.getByText('A late cancellation costs $7.50.').waitFor();
    await expect(page.getByLabel('Hold an offered place for (minutes)').isVisible()).resolves.toBe(true);
    await page.getByRole('radio', { name: 'Book the next person automatically' }).check();
    await expect(page.getByLabel('Hold an offered place for (minutes)').count()).resolves.toBe(0);
    // Class reminders: company-wide, refused out of range at the field, said in plain words.
    const reminder = page.getByLabel('Send class reminders (hours before)');
    await expect(reminder.inputValue()).resolves.toBe('24');
    await reminder.fill('200');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A reminder can go at most 168 hours (7 days) before the class').waitFor();
    await expect(reminder.getAttribute('aria-invalid')).resolves.toBe('true');
    await reminder.fill('48');
    await page
      .getByText(
        'Clients booked earlier get a reminder email 48 hours before each class, unless they turned reminders off. Someone who books later gets no separate reminder: their booking confirmation is enough.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Sessions Settings saved' }).waitFor();
    await page.getByRole('link', { name: /^Next: / }).waitFor();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'sessions-settings-saved');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sessions Settings' }).waitFor();
    await expect(inputValue(page, 'Booking opens (days before)')).resolves.toBe('21');
    await expect(inputValue(page, 'Late cancellation fee (USD)')).resolves.toBe('7.50');
    await expect(inputValue(page, 'Send class reminders (hours before)')).resolves.toBe('48');
    await expect(
      page.getByRole('radio', { name: 'Book the next person automatically' }).isChecked(),
    ).resolves.toBe(true);
    // Turning the waitlist off leaves its details in view but out of use.
    await page.getByRole('switch', { name: 'Full classes have a waitlist' }).uncheck();
    await expect(page.getByLabel('Waitlist stops (minutes before)').isDisabled()).resolves.toBe(true);
    await page.getByRole('switch', { name: 'Full classes have a waitlist' }).check();

    // Peak/Non Peak Hours: empty state, add (merge), the server's overlap 400 at the day.
    await page.goto('/app/settings/hours');
    await page.getByRole('heading', { level: 1, name: 'Peak/Non Peak Hours' }).waitFor();
    await page.getByText('No hours yet').waitFor();
    await page.getByRole('button', { name: 'Add peak hours on Monday' }).click();
    await page.getByLabel('Monday, range 1, start').fill('17:00');
    await page.getByLabel('Monday, range 1, end').fill('20:00');
    await page.getByRole('button', { name: 'Add to Monday' }).click();
    await page.getByRole('status').filter({ hasText: 'Monday peak hours saved.' }).waitFor();
    await expect(page.getByTestId('ranges-peak-monday').textContent()).resolves.toBe('17:00–20:00');

    await page.getByRole('button', { name: 'Add non-peak hours on Monday' }).click();
    await page.getByLabel('Monday, range 1, start').fill('18:00');
    await page.getByLabel('Monday, range 1, end').fill('19:00');
    await page.getByRole('button', { name: 'Add to Monday' }).click();
    const overlap = page
      .getByRole('alert')
      .filter({ hasText: 'Monday 17:00–20:00 (peak) overlaps 18:00–19:00 (non-peak).' });
    await overlap.waitFor();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'hours-overlap');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Keyboard only: reach Add, type the times, add.
    await page.getByRole('heading', { level: 1, name: 'Peak/Non Peak Hours' }).focus();
    await tabToLabel(page, 'Add peak hours on Tuesday');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Tuesday, range 1, start',
    );
    // A time input's hour, minute and AM/PM are stops of one field: Tab on until the end field.
    await page.keyboard.type('0600AM');
    await expect(inputValue(page, 'Tuesday, range 1, start')).resolves.toBe('06:00');
    await tabToLabel(page, 'Tuesday, range 1, end');
    await page.keyboard.type('0800AM');
    await expect(inputValue(page, 'Tuesday, range 1, end')).resolves.toBe('08:00');
    await tabToLabel(page, 'Add to Tuesday');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Tuesday peak hours saved.' }).waitFor();
    await expect(page.getByTestId('ranges-peak-tuesday').textContent()).resolves.toBe('06:00–08:00');
    await expect.poll(() => focusedLabel(page)).toBe('Add peak hours on Tuesday');

    // Edit replaces a day; Delete removes it.
    await page.getByRole('button', { name: 'Edit Monday peak hours' }).click();
    await page.getByLabel('Monday, range 1, end').fill('21:00');
    await page.getByRole('button', { name: 'Save Monday' }).click();
    await page.getByRole('status').filter({ hasText: 'Monday peak hours saved.' }).waitFor();
    await page.getByRole('button', { name: 'Delete Tuesday peak hours' }).click();
    await page.getByRole('status').filter({ hasText: 'Tuesday peak hours deleted.' }).waitFor();

    await page.reload();
    await page.getByTestId('ranges-peak-monday').waitFor();
    await expect(page.getByTestId('ranges-peak-monday').textContent()).resolves.toBe('17:00–21:00');
    await expect(page.getByTestId('ranges-peak-tuesday').textContent()).resolves.toBe('No peak hours');
    await snap(page, 'hours-saved');

    // 360 px: no sideways scrolling, still axe-clean.
    await closeToasts(page);
    await page.setViewportSize({ width: 360, height: 740 });
    // The shell swaps to its phone layout after the resize is noticed.
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
        timeout: 3000,
      })
      .catch(() => undefined);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Edit Monday peak hours' }).click();
    await page.getByLabel('Monday, range 1, start').waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'hours-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/app/settings/classesSettings');
    await page.getByLabel('Booking opens (days before)').waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'sessions-settings');
    await context.close();
  });
});
