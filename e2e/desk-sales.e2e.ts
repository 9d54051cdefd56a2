import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { COOKIE } from '@kinetic/shared';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

const browser = await launchBrowser();

async function authHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === COOKIE.token)?.value;
  if (!token) throw new Error('No session cookie');
  return { authorization: `Bearer ${token}` };
}

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(path, { headers: await authHeaders(page), data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** A dialog done opening (its fade and slide have ended), so axe reads its colours as they stay. */
async function opened(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const content = document.querySelector<HTMLElement>('.mantine-Modal-content');
    const overlay = document.querySelector<HTMLElement>('.mantine-Modal-overlay');
    return (
      content !== null &&
      getComputedStyle(content).opacity === '1' &&
      (overlay === null || getComputedStyle(overlay).opacity === '1')
    );
  });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
}

/**
 * Every control's name holds its visible words (WCAG 2.5.3 label in name: "Mark paid" is named "Mark paid:
 * order #2", not "Mark order #2 paid"), so a person can say what they see. Axe keeps this rule experimental,
 * so it is asked for by name.
 */
async function expectVisibleWordsInNames(page: Page): Promise<void> {
  // The page's own content; the app shell's header is another matter.
  const results = await new AxeBuilder({ page }).include('main').withRules(['label-content-name-mismatch']).analyze();
  expect(
    results.violations.flatMap((violation) => violation.nodes.map((node) => node.html)),
  ).toEqual([]);
}

async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    document
      .querySelectorAll<HTMLElement>('.mantine-Notification-closeButton')
      .forEach((button) => button.click());
  });
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
}

describe('desk sales on a client’s account (issue 10)', () => {
  it('at 360 px: sells a class pack paid by cash, sees it held and the order paid, refunds part of it', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, PASSWORD);
    await page.waitForURL((url) => url.pathname.includes('/app'));

    // Factories through the API: a class pack on sale and a client.
    await post(page, '/api/packages', {
      kind: 'class-pack',
      name: '10-Class Pack',
      description: null,
      price: 17000,
      taxRateId: null,
      introOffer: false,
      offPeakOnly: false,
      templateIds: [],
      studioIds: [],
      credits: 10,
      expiryDays: null,
      expiryFrom: 'purchase',
    });
    const client = await post<{ id: string }>(page, '/api/clients', {
      name: 'Cleo Client',
      email: `cleo-${company.slug}@e2e.test`,
    });

    await page.goto(`/app/clients/profile/${client.id}/${client.id}`);
    await page.getByRole('heading', { level: 1, name: 'Cleo Client' }).waitFor();
    await page.getByText('No packages yet: sell one with Sell.').waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'client-account-empty');

    // The sale: by keyboard where a person would type, the live price, paid by cash.
    await page.getByRole('button', { name: 'Sell' }).click();
    const sell = page.getByRole('dialog', { name: 'Sell to Cleo Client' });
    const choice = sell.getByRole('combobox', { name: /^Package or product/ });
    await expect.poll(() => choice.locator('option').count()).toBeGreaterThan(1);
    await choice.selectOption({ label: '10-Class Pack ($170.00)' });
    await sell.getByRole('status', { name: 'Price' }).getByText('$170.00').first().waitFor();
    await sell.getByRole('combobox', { name: 'Paid with' }).selectOption('cash');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'client-account-sell');
    await sell.getByRole('button', { name: 'Confirm sale: $170.00 by cash' }).click();
    await page.getByText('Order #1 paid.').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await closeToasts(page);

    const packages = page.getByRole('region', { name: 'Packages' });
    await packages.getByText('10-Class Pack').waitFor();
    await packages.getByText('Class pack · 10 of 10 credits left').waitFor();
    const order = page.getByRole('listitem', { name: 'Order #1' });
    await order.getByText('Paid', { exact: true }).waitFor();
    await order.getByText('Paid $170.00 by cash').waitFor();
    await page.getByRole('region', { name: 'Credit ledger' }).getByText('Bought: order #1').waitFor();
    await expect(
      page.getByRole('region', { name: 'Balance owing' }).getByText('$0.00').isVisible(),
    ).resolves.toBe(true);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'client-account-sold');
    await expectVisibleWordsInNames(page);

    // A refund of more than was paid is refused by the server, in words at the amount.
    await order.getByRole('button', { name: 'Refund: order #1' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund order #1' });
    const amount = refund.getByRole('textbox', { name: /^Amount/ });
    await expect.poll(() => amount.inputValue()).toBe('170.00');
    await amount.fill('200');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await refund.getByText('You can refund at most $170.00 (what was paid and not yet refunded).').waitFor();
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'client-account-refund-refused');

    // Part of it, by keyboard.
    await amount.fill('50');
    await refund.getByRole('textbox', { name: /^Reason/ }).fill('Moved away');
    await refund.getByRole('textbox', { name: /^Reason/ }).press('Enter');
    await page.getByText('Refund recorded on order #1.').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await closeToasts(page);
    await order.getByText('Partly refunded').waitFor();
    await order.getByText('Paid $170.00 by cash · Refunded $50.00 (Moved away)').waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'client-account-refunded');
    await context.close();

    // The same account on a wide screen.
    const wide = await newPage(browser, { width: 1280, height: 800 });
    await wide.page.goto('/login');
    await fillLogin(wide.page, company.email, PASSWORD);
    await wide.page.waitForURL((url) => url.pathname.includes('/app'));
    await wide.page.goto(`/app/clients/profile/${client.id}/${client.id}`);
    await wide.page.getByRole('listitem', { name: 'Order #1' }).getByText('Partly refunded').waitFor();
    await expectNoSeriousA11yViolations(wide.page);
    await snap(wide.page, 'client-account-refunded');
    await wide.context.close();
  });

  for (const width of [360, 1280])
    it(`at ${width} px: a promo code refused in words, a membership sold, paused from and until by keyboard, cancelled at the end of its period`, async () => {
      const { page, context } = await newPage(browser, { width, height: 800 });
      const company = await createCompany(page);
      await page.goto('/login');
      await fillLogin(page, company.email, PASSWORD);
      await page.waitForURL((url) => url.pathname.includes('/app'));
      await post(page, '/api/packages', {
        kind: 'membership',
        name: 'Unlimited Monthly',
        description: null,
        price: 12000,
        taxRateId: null,
        introOffer: false,
        offPeakOnly: false,
        templateIds: [],
        studioIds: [],
        period: 'month',
        classLimit: null,
        autoRenew: true,
        commitmentPeriods: 1,
        signupFee: 0,
      });
      const client = await post<{ id: string }>(page, '/api/clients', {
        name: 'Mia Member',
        email: `mia-${company.slug}-${width}@e2e.test`,
      });

      // Promo codes: every problem at once, in words at each field; the amount's limit in its help.
      await page.goto('/app/settings/promoCodes');
      await page.getByRole('button', { name: 'Add promo code' }).click();
      const promo = page.getByRole('dialog', { name: 'Add a promo code' });
      await promo.getByRole('textbox', { name: /^Code/ }).fill('x');
      await promo.getByRole('combobox', { name: 'Discount' }).selectOption('amount');
      await promo.getByRole('textbox', { name: /^Amount/ }).fill('500');
      await promo.getByRole('textbox', { name: /^Uses in all/ }).fill('1');
      await promo.getByRole('textbox', { name: /^Uses per client/ }).fill('3');
      await promo.getByRole('button', { name: 'Add promo code' }).click();
      await promo.getByText('A code has at least 3 characters').waitFor();
      await promo
        .getByText('The discount is more than the price of every package (the dearest, Unlimited Monthly, is $120.00)')
        .waitFor();
      await promo.getByText('Uses in all (1) cannot be fewer than uses per client (3)').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      await expectNoSeriousA11yViolations(page);
      await snap(page, 'promo-modal-refused');
      await promo.getByRole('button', { name: 'Cancel' }).click();

      // The sale: an unknown code is named in the price; cleared, the membership is sold owing.
      await page.goto(`/app/clients/profile/${client.id}/${client.id}`);
      await page.getByRole('button', { name: 'Sell' }).click();
      const sell = page.getByRole('dialog', { name: 'Sell to Mia Member' });
      const choice = sell.getByRole('combobox', { name: /^Package or product/ });
      await expect.poll(() => choice.locator('option').count()).toBeGreaterThan(1);
      await choice.selectOption({ label: 'Unlimited Monthly ($120.00)' });
      await sell.getByRole('textbox', { name: /^Promo code/ }).fill('nope');
      await sell
        .getByRole('status', { name: 'Price' })
        .getByText('NOPE is not a promo code we know. Check its spelling. Clear the promo code to sell at the full price.')
        .waitFor();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await snap(page, 'client-account-sell-unknown-code');
      await sell.getByRole('textbox', { name: /^Promo code/ }).fill('');
      await sell.getByRole('radio', { name: 'Leave owing' }).check();
      await sell.getByRole('button', { name: 'Confirm sale: $120.00 owing' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await closeToasts(page);

      // Pause by keyboard: from today (the default) until a day; the dialog says what pausing does.
      const packages = page.getByRole('region', { name: 'Packages' });
      await packages.getByRole('button', { name: 'Pause Unlimited Monthly' }).focus();
      await page.keyboard.press('Enter');
      const pause = page.getByRole('dialog', { name: 'Pause Unlimited Monthly' });
      await pause.getByText(/pays for no classes and is not renewed, so nothing is charged/).waitFor();
      const from = pause.getByRole('textbox', { name: /^Pause from/ });
      const today = await from.inputValue();
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const until = new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
      await pause.getByRole('textbox', { name: /^Resume on/ }).fill(until);
      await opened(page);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await snap(page, 'client-account-pause-dialog');
      await pause.getByRole('button', { name: 'Pause membership' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await packages.getByRole('status').getByText(/^Unlimited Monthly paused until /).waitFor();
      // Focus is on Resume (the Pause button is gone), not on the page.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Resume Unlimited Monthly');
      await snap(page, 'client-account-paused');

      // Resume by keyboard: focus on Pause again.
      await page.keyboard.press('Enter');
      await packages.getByRole('status').getByText(/^Unlimited Monthly resumed: paid until /).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Pause Unlimited Monthly');

      // Cancel during its one-month commitment: not now, only at the end of the paid period, which runs to the
      // commitment's end; the dialog offers only that.
      await packages.getByRole('button', { name: 'Cancel Unlimited Monthly' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel Unlimited Monthly?' });
      await cancel
        .getByText(/^Commitment: 1 month \(paused days added\), until .*\. It cannot be cancelled now, but it can end at the end of its paid period/)
        .waitFor();
      expect(await cancel.getByRole('radio').count()).toBe(0);
      expect(await cancel.getByRole('button', { name: 'Cancel now' }).count()).toBe(0);
      await cancel.getByRole('button', { name: 'Keep membership' }).waitFor();
      await opened(page);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await snap(page, 'client-account-cancel-dialog');
      await cancel.getByRole('button', { name: 'Cancel membership at end of period' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await packages.getByText(/^Ends on .*: cancelled at the end of its period, not renewed\.$/).waitFor();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await snap(page, 'client-account-ends');

      // A three-month commitment sold today: a pause planned for tomorrow by keyboard leaves focus on
      // "Call off the pause" (never on Cancel); cancelling is blocked by the commitment, which the desk waives.
      const eight = await post<{ id: string }>(page, '/api/packages', {
        kind: 'membership',
        name: '8 Classes a Month',
        description: null,
        price: 10900,
        taxRateId: null,
        introOffer: false,
        offPeakOnly: false,
        templateIds: [],
        studioIds: [],
        period: 'month',
        classLimit: 8,
        autoRenew: true,
        commitmentPeriods: 3,
        signupFee: 0,
      });
      await post(page, '/api/orders', {
        clientId: client.id,
        items: [{ kind: 'package', packageId: eight.id }],
        promoCode: null,
        paidWith: 'cash',
      });
      await page.reload();
      await packages.getByRole('button', { name: 'Pause 8 Classes a Month' }).focus();
      await page.keyboard.press('Enter');
      const plan = page.getByRole('dialog', { name: 'Pause 8 Classes a Month' });
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await plan.getByRole('textbox', { name: /^Pause from/ }).fill(tomorrow);
      await plan.getByRole('button', { name: 'Pause membership' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await packages.getByRole('status').getByText(/^8 Classes a Month will be paused from /).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Call off the pause of 8 Classes a Month');
      // Call off the pause, Cancel, Mark paid, Refund: each named from its visible words.
      await expectVisibleWordsInNames(page);
      await page.keyboard.press('Enter');
      await packages.getByRole('status').getByText('8 Classes a Month: the planned pause is called off.').waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Pause 8 Classes a Month');

      await packages.getByRole('button', { name: 'Cancel 8 Classes a Month' }).click();
      const blocked = page.getByRole('dialog', { name: 'Cancel 8 Classes a Month?' });
      await blocked.getByText(/^It cannot be cancelled yet: its commitment of 3 months \(paused days added\) runs until /).waitFor();
      expect(await blocked.getByRole('button', { name: 'Cancel membership at end of period' }).count()).toBe(0);
      await opened(page);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await snap(page, 'client-account-cancel-commitment');
      await blocked.getByRole('button', { name: 'Waive the commitment and cancel now' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await packages
        .getByRole('status')
        .getByText(/^8 Classes a Month cancelled: its commitment, to .*, was waived\.$/)
        .waitFor();

      // The lists' buttons too: Edit, Copy, Archive (packages); Edit, Delete (promo codes).
      await post(page, '/api/promo-codes', {
        code: 'WELCOME10',
        discountKind: 'percent',
        discountValue: 10,
        validFrom: null,
        validUntil: null,
        maxUses: null,
        maxUsesPerClient: null,
        packageIds: [],
      });
      await page.goto('/app/settings/promoCodes');
      await page.getByRole('button', { name: 'Edit WELCOME10' }).waitFor();
      await expectVisibleWordsInNames(page);
      await page.goto('/app/settings/packages');
      await page.getByRole('link', { name: 'Edit 8 Classes a Month' }).waitFor();
      await expectVisibleWordsInNames(page);
      await context.close();
    });
});
