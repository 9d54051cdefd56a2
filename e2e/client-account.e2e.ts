import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { cookieNames, createCompany, fillLogin, PASSWORD, snap } from './support/journeys.ts';

const browser = await launchBrowser();

describe('a client of a company (issue 3 journey)', () => {
  it('signs up on the client pages, logs in on the client login and lands on the calendar route', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    const email = `client-${company.slug}@e2e.test`;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto(`/${company.slug}/client/login`);
    await page.getByText(company.companyName).first().waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`**/${company.slug}/client/client/client-signup`);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Cleo Client');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone' }).fill('404-555-7788');
    await expect(page.getByRole('textbox', { name: 'Phone' }).inputValue()).resolves.toBe('(404) 555-7788');
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();
    // Asked about themselves first (client-signup/edit/{clientSignupId}); every answer is optional.
    await page.waitForURL((url) => url.pathname.includes('/client-signup/edit/'));
    await page.getByRole('button', { name: 'Skip for now' }).click();

    // Spec §4: a role user goes to the calendar, the client group's empty path.
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await snap(page, 'client-calendar');
    // The client side never downloads the admin app's code.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => /admin-shell|company-details|dashboard-page/.test(script))).toEqual([]);

    // Settings opens on Account details (the settings pages have their own menu).
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
    await expect(page.getByText(email).isVisible()).resolves.toBe(true);
    await expect(page.getByText('(404) 555-7788').isVisible()).resolves.toBe(true);

    // Signed in, the root login page sends a client to the client area, never to the admin app.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
    // Another company's client area sends the client back to their own.
    await page.goto('/some-other-studio/client/client');
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
    expect(scripts.filter((script) => /admin-shell|company-details|dashboard-page/.test(script))).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/login`);
    expect(await cookieNames(page)).toEqual([]);

    await fillLogin(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await context.close();
  });

  it('sends a visitor without a session from the client area to the client login', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    await page.goto(`/${company.slug}/client/client/settings/account-details`);
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/login`);
    await context.close();
  });

  it('shows the not-found page for an unknown company or role key', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/no-such-studio-here/client/login');
    await page.getByText("We can't seem to find the page you're looking for.").waitFor({ timeout: 5000 });
    await page.goto('/anything/owner/login');
    await page.getByText("We can't seem to find the page you're looking for.").waitFor({ timeout: 5000 });
    await context.close();
  });
});
