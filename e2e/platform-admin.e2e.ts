import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

/**
 * Issue 18 §2 in Chromium: the platform admin logs in at the root /login into the platform area, finds a
 * company, suspends it (its public page says it is unavailable and its owner cannot log in), reactivates
 * it, then starts a support session that the company's owner sees in Settings › Support Access.
 * The platform admin comes from UBER_ADMIN_EMAIL / UBER_ADMIN_PASSWORD (support/global-setup.ts).
 */
const PLATFORM_EMAIL = 'platform@e2e.test';
const PLATFORM_PASSWORD = 'kinetic-e2e-platform-1';
const UNAVAILABLE = 'This business is unavailable at the moment.';

const browser = await launchBrowser();

describe('platform admin', () => {
  it('suspends and reactivates a company, and starts a support session the company sees', async () => {
    const platform = await newPage(browser, { width: 1280, height: 900 });
    const owner = await newPage(browser, { width: 1280, height: 900 });
    const company = await createCompany(owner.page);

    // Log in at the root login: the platform area opens.
    const p = platform.page;
    await p.goto('/login');
    await fillLogin(p, PLATFORM_EMAIL, PLATFORM_PASSWORD);
    await p.waitForURL((url) => url.pathname === '/platform');
    await p.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();

    // Find the company by keyboard: type in the search, open it.
    await p.getByRole('textbox', { name: 'Search' }).focus();
    await p.keyboard.type(company.companyName);
    const link = p.getByRole('table', { name: 'Companies' }).getByRole('link', { name: company.companyName });
    await link.waitFor();
    await expect.poll(() => p.getByRole('table', { name: 'Companies' }).getByRole('row').count()).toBe(2);
    await snap(p, 'platform-companies');
    await link.focus();
    await p.keyboard.press('Enter');
    await p.getByRole('heading', { name: company.companyName, level: 1 }).waitFor();

    // Suspend, with a reason.
    await p.getByRole('button', { name: 'Suspend…' }).click();
    const dialog = p.getByRole('dialog', { name: `Suspend ${company.companyName}?` });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Say why the company is suspended').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Unpaid invoices since March');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await p.getByText(/^Suspended since/).waitFor();
    await snap(p, 'platform-company-suspended');

    // The company's public pages say it is unavailable; its owner cannot log in.
    const o = owner.page;
    await o.goto(`/${company.slug}/client/login`);
    await o.getByRole('heading', { name: UNAVAILABLE }).waitFor();
    await snap(o, 'company-unavailable');
    await o.goto('/login');
    await fillLogin(o, company.email, PASSWORD);
    await o.getByText(UNAVAILABLE).waitFor();
    // Its owner (who gave the right password) is told what happened and what to do.
    await o.getByRole('alert').getByText(/Kinetic has suspended it/).waitFor();
    expect(new URL(o.url()).pathname).toBe('/login');

    // Reactivate: the owner logs in again.
    await p.getByRole('button', { name: 'Reactivate' }).click();
    await p.getByRole('button', { name: 'Suspend…' }).waitFor();
    await o.getByRole('button', { name: 'Log in' }).click();
    await o.waitForURL((url) => url.pathname.startsWith('/app'));

    // Start a support session: the company's admin app opens with the banner.
    await p
      .getByRole('textbox', { name: 'Why do you need access?' })
      .fill('Owner asked for help with packages');
    await p.getByRole('button', { name: 'Start support session' }).click();
    await p.waitForURL((url) => url.pathname.startsWith('/app'));
    const banner = p.getByRole('region', { name: 'Support session' });
    await banner.getByText(`Support session for ${company.companyName} until`).waitFor();
    await snap(p, 'support-session-banner');

    // The owner sees it in Settings › Support Access.
    await o.goto('/app/settings/supportAccess');
    const list = o.getByRole('list', { name: 'Support sessions' });
    await list.getByText('“Owner asked for help with packages”', { exact: false }).waitFor();
    await list.getByText('Running now').waitFor();
    await list.getByText(PLATFORM_EMAIL).waitFor();
    await snap(o, 'support-access');
    await expectNoSeriousA11yViolations(o);

    // The banner's End ends it and returns to the platform area; the owner's page then says Ended.
    await banner.getByRole('button', { name: 'End and return to the platform' }).click();
    await p.waitForURL((url) => url.pathname.startsWith('/platform/companies/'));
    await p.getByRole('heading', { name: company.companyName, level: 1 }).waitFor();
    await o.reload();
    await list.getByText('Ended', { exact: true }).waitFor();
    await list.getByText('ended by Kinetic support', { exact: false }).waitFor();

    // The audit log lists the actions.
    await p.getByRole('link', { name: 'Audit log' }).click();
    const log = p.getByRole('table', { name: 'Audit log' });
    await log.getByText('Suspended the company').first().waitFor();
    await log.getByText('Started a support session').first().waitFor();
    await snap(p, 'platform-audit');

    // Logging out of the company's app during a support session ends it and returns to the platform area,
    // on the company's page where the session is listed as ended.
    await log.getByRole('link', { name: company.companyName }).first().click();
    await p.getByRole('textbox', { name: 'Why do you need access?' }).fill('Check the studios');
    await p.getByRole('button', { name: 'Start support session' }).click();
    await p.waitForURL((url) => url.pathname.startsWith('/app'));
    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL((url) => url.pathname.startsWith('/platform/companies/'));
    await p.getByRole('heading', { name: company.companyName, level: 1 }).waitFor();
    await o.reload();
    await expect.poll(() => list.getByText(/ended by Kinetic support/).count()).toBe(2);
    expect(await list.getByText('Running now').count()).toBe(0);
    await platform.context.close();
    await owner.context.close();
  });

  it('at 360 px the platform area fits, with cards instead of tables, and logging out ends it', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, PLATFORM_EMAIL, PLATFORM_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/platform');
    const cards = page.getByRole('list', { name: 'Companies' });
    await cards.getByRole('listitem').first().waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'platform-companies');
    await expectNoSeriousA11yViolations(page);
    await cards.getByRole('link').first().click();
    await page.getByRole('button', { name: 'Start support session' }).waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'platform-company');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first().waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'platform-audit');
    // Logging out ends the platform session: the area sends back to the login.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/platform');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
