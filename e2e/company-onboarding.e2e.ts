import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import {
  cookieNames,
  createCompany,
  fillLogin,
  PASSWORD,
  pngImage,
  snap,
  uniqueCompany,
} from './support/journeys.ts';

const browser = await launchBrowser();

/** Contrast ratio of a computed `rgb(…)` colour on white (WCAG 2 relative luminance). */
function contrastOnWhite(colour: string): number {
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return 1.05 / (luminance + 0.05);
}

describe('a new company (issue 3 journey)', () => {
  it('signs up, logs in, lands on its first onboarding page, saves Company Details and sees the checklist advance', async () => {
    const { page, context } = await newPage(browser);
    const company = uniqueCompany('company');

    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your Kinetic account' }).waitFor();
    await page.getByRole('textbox', { name: 'Business name' }).fill(company.companyName);
    await expect(page.getByRole('textbox', { name: 'Web address' }).inputValue()).resolves.toBe(
      company.companyName.toLowerCase().replace(' ', '-'),
    );
    await page.getByRole('textbox', { name: 'Web address' }).fill(company.slug);
    await page.getByRole('textbox', { name: 'Your name' }).fill(company.name);
    await page.getByRole('textbox', { name: 'Email' }).fill(company.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(company.password);
    await page.getByRole('button', { name: 'Create the account' }).click();

    // Spec §4: onboarding left → the first settings page it names.
    await page.waitForURL('**/app/settings/companyDetails');
    await page.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
    expect(await cookieNames(page)).toEqual(['hosttype', 'token', 'user']);

    // Logout returns to the role's login page (root admin: /login) and clears the session.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await cookieNames(page)).toEqual([]);

    await fillLogin(page, company.email, company.password);
    await page.waitForURL('**/app/settings/companyDetails');
    await page.getByRole('textbox', { name: 'Business name' }).waitFor();

    await page.getByRole('textbox', { name: 'Phone' }).fill('4045550123');
    await expect(page.getByRole('textbox', { name: 'Phone' }).inputValue()).resolves.toBe('(404) 555-0123');
    await page.getByRole('textbox', { name: 'City' }).fill('Atlanta');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a logo' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage() });
    const preview = page.getByRole('img', { name: 'Your logo' });
    await preview.waitFor();
    await expect(preview.getAttribute('src')).resolves.toMatch(
      /^\/api\/uploads\/original\/[0-9a-f]{24}\.png$/,
    );
    // The button that started the upload keeps focus (it was disabled while loading, dropping focus to <body>).
    const isFocused = (name: string) =>
      page.getByRole('button', { name }).evaluate((button) => button === document.activeElement);
    await expect(isFocused('Replace the logo')).resolves.toBe(true);
    // WCAG AA: the red text of "Remove the logo" as the browser paints it, 4.5:1 or more on white.
    const removeColour = await page
      .getByRole('button', { name: 'Remove the logo' })
      .evaluate((button) => getComputedStyle(button).color);
    expect(contrastOnWhite(removeColour)).toBeGreaterThanOrEqual(4.5);
    await snap(page, 'company-details-filled');
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');

    const next = page.getByRole('link', { name: 'Next: Studios' });
    await next.waitFor();
    // After the save, keyboard and screen-reader users are still on Save, not thrown back to the top.
    await expect(isFocused('Save')).resolves.toBe(true);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const checklist = page.getByTestId('onboarding-checklist');
    await checklist.waitFor();
    await expect(checklist.locator('[data-step="companyDetails"]').getAttribute('data-done')).resolves.toBe(
      'true',
    );
    await expect(checklist.locator('[data-step="studios"]').getAttribute('data-done')).resolves.toBe('false');
    await expect(page.getByText('1 of 6 steps done').isVisible()).resolves.toBe(true);
    // A finished step's "Done" is readable too (it once was a green below AA contrast).
    await page.evaluate(() => {
      document.querySelectorAll<HTMLElement>('.mantine-Notification-closeButton').forEach((button) => button.click());
    });
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'dashboard-after-company-details');

    // A reload keeps the saved details.
    await page.goto('/app/settings/companyDetails');
    await expect(page.getByRole('textbox', { name: 'City' }).inputValue()).resolves.toBe('Atlanta');

    // Logged in, the login page is not shown again (spec §2): ./app.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/app');

    // The next login opens the first pending step that is built: Studios (issue 7).
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await fillLogin(page, company.email, company.password);
    await page.waitForURL((url) => url.pathname === '/app/settings/studios');
    await context.close();
  });

  it("logs in on the company's admin page, works under that prefix and logs out to the same page", async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    await page.goto(`/${company.slug}/admin/app/calendar`);
    // Guard (spec §2): no session → the login page of that company and role.
    await page.waitForURL((url) => url.pathname === `/${company.slug}/admin/login`);
    await page.getByText(company.companyName).first().waitFor();
    await fillLogin(page, company.email, PASSWORD);
    // The login returns to the page that asked for it (a deep link wins over the onboarding step).
    await page.waitForURL((url) => url.pathname === `/${company.slug}/admin/app/calendar`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === `/${company.slug}/admin/login`);
    expect(await cookieNames(page)).toEqual([]);
    await context.close();
  });

  it('reaches Company Details from the dashboard with the keyboard only', async () => {
    const { page, context } = await newPage(browser);
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, PASSWORD);
    await page.waitForURL('**/app/settings/companyDetails');
    await page.goto('/app');
    await page.getByTestId('onboarding-checklist').waitFor();

    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return {
          tag: element?.tagName ?? '',
          text: element?.textContent?.trim() ?? '',
          id: element?.id ?? '',
          expanded: element?.getAttribute('aria-expanded') ?? null,
        };
      });
    async function tabTo(tag: string, text: string): Promise<void> {
      for (let step = 0; step < 60; step += 1) {
        await page.keyboard.press('Tab');
        const now = await focused();
        if (now.tag === tag && now.text.startsWith(text)) return;
      }
      throw new Error(`Tab never reached ${tag} "${text}"`);
    }

    // The settings group is a button: focusable, and Enter opens it.
    await tabTo('BUTTON', 'Settings');
    await expect(focused()).resolves.toMatchObject({ expanded: 'false' });
    await page.keyboard.press('Enter');
    await expect(focused()).resolves.toMatchObject({ expanded: 'true' });
    await tabTo('A', 'Company Details');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/app/settings/companyDetails');
    await page.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
    // Focus follows the navigation to the page's main region instead of staying in the menu.
    await expect(focused()).resolves.toMatchObject({ tag: 'MAIN', id: 'main' });
    expect(await page.locator('main').count()).toBe(1);
    await context.close();
  });

  it('shows the server message as the submit error when the password is wrong', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await fillLogin(page, `nobody-${Date.now()}@e2e.test`, 'wrong-password-1');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain('The email or password is incorrect.');
    await context.close();
  });
});
