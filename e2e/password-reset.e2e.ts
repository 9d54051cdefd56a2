import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { createCompany, fillLogin, waitForMail } from './support/journeys.ts';

const browser = await launchBrowser();
const NEW_PASSWORD = 'a-brand-new-pass-2';

describe('forgot and reset password (issue 3 journey)', () => {
  it('emails a link that sets a new password, then returns to the login page after 2 s', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgotPassword');
    // The address moves first; the page follows once its chunk has loaded (the login has an Email field too).
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(company.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Check your email').waitFor();

    const body = await waitForMail(company.email);
    const resetPath = /\/resetPassword\/[A-Za-z0-9_-]+/.exec(body)?.[0];
    expect(resetPath).toBeDefined();

    await page.goto(resetPath as string);
    await page.getByText(`For ${company.email}`).waitFor();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('something-else-3');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The passwords do not match').waitFor();

    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    const changedAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(1500);

    await fillLogin(page, company.email, company.password);
    await page.getByRole('alert').waitFor();
    await fillLogin(page, company.email, NEW_PASSWORD);
    await page.waitForURL('**/app/settings/companyDetails');

    // The link is single use: opened again, it shows the server's message.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(resetPath as string);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toMatch(/expired or was already used/);
    await context.close();
  });
});
