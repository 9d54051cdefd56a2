import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { fillLogin, snap, uniqueCompany } from './support/journeys.ts';

const browser = await launchBrowser();

describe('a solo instructor (issue 3 journey)', () => {
  it('signs up as solo, logs in on /{company}/solo-instructor/login and sees the solo menu', async () => {
    const { page, context } = await newPage(browser);
    const solo = uniqueCompany('solo');

    await page.goto('/signup');
    await page.getByText('Solo instructor', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Your business or brand name' }).fill(solo.companyName);
    await page.getByRole('textbox', { name: 'Web address' }).fill(solo.slug);
    await page.getByRole('textbox', { name: 'Your name' }).fill(solo.name);
    await page.getByRole('textbox', { name: 'Email' }).fill(solo.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(solo.password);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await page.waitForURL(`**/${solo.slug}/solo-instructor/app/settings/companyDetails`);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === `/${solo.slug}/solo-instructor/login`);

    await fillLogin(page, solo.email, solo.password);
    await page.waitForURL(`**/${solo.slug}/solo-instructor/app/settings/companyDetails`);
    // Spec §2: titled Instructor Details for solo users.
    await page.getByRole('heading', { level: 1, name: 'Instructor Details' }).waitFor();
    await snap(page, 'solo-instructor-details');

    // Spec §2, §6: the side menu without Appointment, Classes, Staff and Studios ...
    const menu = page.locator('#admin-navigation');
    const labelsOf = async (selector: string) =>
      (await menu.locator(selector).allInnerTexts()).map((text) => text.replace(/\s*Soon$/i, '').trim());
    expect(await labelsOf('[data-menu="side"]')).toEqual(['Dashboard', 'Calendar', 'Events', 'Clients', 'Reports', 'Settings']);
    // ... and settings without Staff Payrates and Staff Members, Company Details titled Instructor Details.
    const settings = await labelsOf('[data-menu="settings"]');
    expect(settings).toContain('Instructor Details');
    for (const hidden of ['Staff Payrates', 'Staff Members', 'Company Details'])
      expect(settings).not.toContain(hidden);

    // Disabled as well as hidden: opened by address, the page says it is not available.
    await page.goto(`/${solo.slug}/solo-instructor/app/settings/staffMembers`);
    await page.getByText('Not available').waitFor();

    // Logged in, a public page sends a solo instructor to the dashboard address (default: Kinetic's own).
    await page.goto(`/${solo.slug}/solo-instructor/login`);
    await page.waitForURL((url) => url.pathname === `/${solo.slug}/solo-instructor/app`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const cookies = (await context.cookies()).map((cookie) => cookie.name);
    expect(cookies).toContain('dashboardToken');
    await context.close();
  });
});
