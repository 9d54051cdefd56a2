import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

const browser = await launchBrowser();

async function check(page: Page, name: string) {
  await snap(page, name);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
}

describe.each([360, 1280])('accessibility at %i px wide', (width) => {
  it('login, sign-up, forgot password and client pages', async () => {
    const { page, context } = await newPage(browser, { width, height: 780 });
    const company = await createCompany(page);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await check(page, 'login');

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Enter your email address').waitFor();
    await check(page, 'login-errors');

    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your Kinetic account' }).waitFor();
    await check(page, 'signup');

    await page.goto('/forgotPassword');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check(page, 'forgot-password');

    await page.goto(`/${company.slug}/client/login`);
    await page.getByText(company.companyName).first().waitFor();
    await check(page, 'client-login');

    await page.goto(`/${company.slug}/client/client/client-signup`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await check(page, 'client-signup');

    await page.goto(`/${company.slug}/admin/check-in/0123456789abcdef01234567`);
    await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor();
    await check(page, 'check-in');
    await context.close();
  });

  it('dashboard, company details, a coming-soon page and my account', async () => {
    const { page, context } = await newPage(browser, { width, height: 780 });
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, PASSWORD);
    await page.waitForURL('**/app/settings/companyDetails');
    await page.getByRole('textbox', { name: 'Business name' }).waitFor();
    await check(page, 'company-details');

    await page.goto('/app');
    await page.getByTestId('onboarding-checklist').waitFor();
    await check(page, 'dashboard');

    if (width < 768) {
      await page.getByRole('button', { name: 'Open the menu' }).click();
      await page.getByRole('link', { name: 'Calendar' }).waitFor();
      await check(page, 'menu-open');
      await page.getByRole('link', { name: 'Calendar' }).click();
    } else {
      await page.getByRole('link', { name: 'Calendar' }).click();
    }
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await check(page, 'coming-soon');

    await page.goto('/app/account');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await check(page, 'my-account');
    await context.close();
  });
});
