import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { createCompany, fillLogin, snap } from './support/journeys.ts';

const browser = await launchBrowser();

describe('leaving Company Details with unsaved changes (issue 6)', () => {
  it('asks first: Stay keeps the typed text, Leave opens the page the menu named', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, company.password);
    await page.waitForURL('**/app/settings/companyDetails');
    const name = page.getByRole('textbox', { name: 'Business name' });
    await name.fill('Renamed Studio');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await expect(dialog.getByText('Your changes to this page will be lost.').isVisible()).resolves.toBe(true);
    await expect(
      dialog.getByRole('button', { name: 'Stay' }).evaluate((button) => button === document.activeElement),
    ).resolves.toBe(true);
    await snap(page, 'unsaved-changes-dialog');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/app/settings/companyDetails');
    await expect(name.inputValue()).resolves.toBe('Renamed Studio');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('at 360 px, Stay keeps the menu open with focus on the chosen item, and Escape closes the menu', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, company.password);
    await page.waitForURL('**/app/settings/companyDetails');
    await page.getByRole('textbox', { name: 'Business name' }).fill('Renamed Studio');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        const parts = [element?.tagName, element?.textContent?.trim(), element?.getAttribute('aria-label')];
        return parts.filter(Boolean).join(' ');
      });

    await page.getByRole('button', { name: 'Open the menu' }).click();
    const dashboard = page.getByRole('link', { name: 'Dashboard' });
    await dashboard.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await page.keyboard.press('Enter'); // Stay has focus.
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/app/settings/companyDetails');
    const menuButton = page.getByRole('button', { name: 'Close the menu' });
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect.poll(focused).toBe('A Dashboard');
    await snap(page, 'menu-after-stay');

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open the menu' }).waitFor();
    await expect(focused()).resolves.toBe('BUTTON Open the menu');
    // Closed: slid off screen and out of the tab order.
    await expect(page.locator('#admin-navigation').getAttribute('inert')).resolves.not.toBeNull();
    await context.close();
  });

  it('does not ask after the changes are saved', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, company.password);
    await page.waitForURL('**/app/settings/companyDetails');
    await page.getByRole('textbox', { name: 'City' }).fill('Atlanta');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Next: Studios' }).waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await context.close();
  });
});
