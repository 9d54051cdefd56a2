import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

const browser = await launchBrowser();

describe('packages, promo codes, services and products (issue 10)', () => {
  it('at 360 px: adds a membership and a class pack, copies one, adds a promo code in the modal, a tax rate and an item', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, PASSWORD);
    await page.waitForURL((url) => url.pathname.includes('/app'));

    // A tax rate and an item first (the package form offers the rate).
    await page.goto('/app/settings/reportSettings');
    await page.getByRole('button', { name: 'Add tax rate' }).click();
    const rateDialog = page.getByRole('dialog', { name: 'Add a tax rate' });
    await rateDialog.getByRole('textbox', { name: /^Name/ }).fill('Sales tax');
    await rateDialog.getByRole('textbox', { name: /^Rate/ }).fill('8.9');
    await rateDialog.getByRole('button', { name: 'Add tax rate' }).press('Enter');
    await expect.poll(() => page.getByText('Sales tax 8.9%, added on top').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Add item' }).click();
    const itemDialog = page.getByRole('dialog', { name: 'Add a service or product' });
    await itemDialog.getByRole('textbox', { name: /^Name/ }).fill('Grip socks');
    await itemDialog.getByRole('textbox', { name: /^Price/ }).fill('14');
    await itemDialog.getByRole('button', { name: 'Add item' }).click();
    await page.getByText('$14.00').waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'products-360');

    // The studio's own Stripe account, by keyboard: keys checked, saved, never shown again.
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.getByRole('textbox', { name: /^Publishable key/ }).fill('pk_test_51E2eKinetic0publishable');
    await page.getByLabel(/^Secret key/).fill('sk_test_51E2eKinetic0secret9876');
    await page.getByLabel(/^Webhook signing secret/).fill('whsec_e2eKineticSigning');
    await page.getByLabel(/^Webhook signing secret/).press('Enter');
    await page.getByText('Stripe connected (test mode), secret key …9876').waitFor();
    // The form went away with Enter: focus is on the result line, not dropped to the page.
    await expect
      .poll(() => page.evaluate(() => [document.activeElement?.getAttribute('role'), document.activeElement?.textContent]))
      .toEqual([
        'status',
        // Nothing reaches Stripe from here: the keys are saved unchecked.
        'Stripe keys saved, but Stripe could not be reached to check them: the first online payment will tell whether they work.',
      ]);
    await expect(page.content()).resolves.not.toContain('sk_test_51E2eKinetic0secret9876');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'online-payments-360');

    await page.goto('/app/settings/packages');
    await page.getByRole('link', { name: 'Add membership' }).click();
    await page.getByRole('heading', { name: 'Add a membership' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('8 Classes a Month');
    // Refused (no price): focus goes up to the price field, in view, not left on the button below.
    await page.getByRole('button', { name: 'Add membership' }).focus();
    await page.keyboard.press('Enter');
    const price = page.getByRole('textbox', { name: /^Price per month/ });
    await expect.poll(() => price.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await price.isVisible()).toBe(true);
    await expect
      .poll(() => price.evaluate((input) => { const box = input.getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight; }))
      .toBe(true);
    await snap(page, 'packages-membership-form-refused');
    await price.fill('109');
    await page.getByRole('textbox', { name: /^Classes per month/ }).fill('8');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'packages-membership-form-360');
    await page.getByRole('button', { name: 'Add membership' }).click();
    await page.getByRole('heading', { name: 'Packages', level: 1 }).waitFor();
    await page.getByText('$109.00 a month · 8 classes a month · renews by itself').waitFor();

    await page.getByRole('link', { name: 'Add class pack' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('10-Class Pack');
    await page.getByRole('textbox', { name: /^Price/ }).fill('170');
    await page.getByRole('button', { name: 'Add class pack' }).click();
    await page.getByText('10 classes · $170.00 · expire 90 days after purchase').waitFor();

    // Copy: a new, unsaved form with the terms; saving makes a second pack.
    await page.getByRole('link', { name: 'Copy 10-Class Pack' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('10-Class Pack (copy)');
    await page.getByRole('textbox', { name: 'Name' }).fill('20-Class Pack');
    await page.getByRole('textbox', { name: /^Classes/ }).fill('20');
    await page.getByRole('button', { name: 'Add class pack' }).click();
    await page.getByText('20 classes · $170.00 · expire 90 days after purchase').waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'packages-list-360');

    await page.goto('/app/settings/promoCodes');
    await page.getByRole('button', { name: 'Add promo code' }).click();
    const promo = page.getByRole('dialog', { name: 'Add a promo code' });
    await promo.getByRole('textbox', { name: /^Code/ }).fill('welcome10');
    await promo.getByRole('textbox', { name: /^Percent/ }).fill('10');
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'promo-modal-360');
    await promo.getByRole('button', { name: 'Add promo code' }).click();
    await page.getByText('WELCOME10', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByText('10% off').waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'promo-list-360');
    await context.close();
  });
});
