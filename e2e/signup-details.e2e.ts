import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { createCompany, expectNoHorizontalScroll, PASSWORD, snap } from './support/journeys.ts';

const browser = await launchBrowser();

async function check(page: Page, shot: string): Promise<void> {
  await snap(page, shot);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
}

/** Picks an option of a labelled list by typing part of it, as a person on a phone keyboard would. */
async function choose(page: Page, label: string | RegExp, typed: string, option: string): Promise<void> {
  const field = page.getByRole('combobox', { name: label });
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('client sign-up details (issue 11 §2)', () => {
  it('at 360 px a new client tells the studio about themselves, reaches the calendar, and finds the answers kept', async () => {
    const { page: setup, context: setupContext } = await newPage(browser);
    const company = await createCompany(setup);
    await setupContext.close();

    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const email = `dana-${company.slug}@e2e.test`;
    await page.goto(`/${company.slug}/client/client/client-signup`);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Dana Details');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();

    await page.waitForURL((url) => url.pathname.includes('/client-signup/edit/') && url.searchParams.get('welcome') === '1');
    await page.getByRole('heading', { level: 1, name: `Tell ${company.companyName} about you` }).waitFor();
    await page.getByRole('textbox', { name: 'Their name' }).waitFor();
    await check(page, 'signup-details-empty');
    const consent = page.getByRole('checkbox', { name: /news and offers by email/ });
    expect(await consent.isChecked()).toBe(false);

    await page.getByLabel('Birth date').fill('1988-04-02');
    await page.getByRole('textbox', { name: 'City' }).fill('Atlanta');
    await page.getByRole('textbox', { name: 'Their name' }).fill('Sam Details');
    await page.getByRole('textbox', { name: 'Their phone' }).fill('4045550142');
    await choose(page, 'Industry you work in', 'tech', 'Technology');
    await page.getByRole('textbox', { name: 'Neighborhood', exact: true }).fill('Old Fourth Ward');
    await choose(page, /Neighborhood planning unit/, 'npu m', 'NPU M');
    // A short list, chosen by keyboard: open, move down to the answer, Enter.
    const age = page.getByRole('combobox', { name: 'Age range' });
    await age.focus();
    await age.press('Enter');
    const answer = page.getByRole('option', { name: 'Prefer not to respond', exact: true });
    await answer.waitFor();
    // Down until the answer is the highlighted option (a busy machine may drop the list's first key).
    for (let step = 0; step < 12 && (await answer.getAttribute('data-combobox-selected')) === null; step += 1) {
      await age.press('ArrowDown');
    }
    await age.press('Enter');
    expect(await age.inputValue()).toBe('Prefer not to respond');
    await consent.check();
    await check(page, 'signup-details-filled');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
    await page.getByRole('link', { name: 'Edit my sign-up details' }).click();
    await page.getByRole('heading', { level: 1, name: `Tell ${company.companyName} about you` }).waitFor();
    await page.getByRole('textbox', { name: 'Their name' }).waitFor();
    expect(await page.getByLabel('Birth date').inputValue()).toBe('1988-04-02');
    expect(await page.getByRole('textbox', { name: 'Their phone' }).inputValue()).toBe('(404) 555-0142');
    expect(await page.getByRole('combobox', { name: 'Industry you work in' }).inputValue()).toBe('Technology');
    expect(await page.getByRole('combobox', { name: /Neighborhood planning unit/ }).inputValue()).toBe('NPU M');
    expect(await page.getByRole('combobox', { name: 'Age range' }).inputValue()).toBe('Prefer not to respond');
    expect(await page.getByRole('checkbox', { name: /news and offers by email/ }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Skip for now' }).count()).toBe(0);
    await check(page, 'signup-details-kept');

    // The same page on a wide screen, for a person to look at.
    await mkdir(process.env.E2E_SHOTS_DIR ?? '/tmp/shots', { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, 'signup-details-kept');
    await context.close();
  });
});
