import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

    // A refund of more than was paid is refused by the server, in words at the amount.
    await order.getByRole('button', { name: 'Refund order #1' }).click();
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
});
