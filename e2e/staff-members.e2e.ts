import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { send, studioBody } from './support/classes.ts';
import {
  createCompany,
  expectNoHorizontalScroll,
  fillLogin,
  PASSWORD,
  snap,
  waitForMail,
} from './support/journeys.ts';

const browser = await launchBrowser();
const INSTRUCTOR_PASSWORD = 'teaching-pass-42';

/** Presses Tab until `target` has the focus (at most `limit` presses); fails otherwise. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('The element never received the focus');
}

describe('staff members (issue 15 §1, §5)', () => {
  it('an owner adds an instructor at 360 px by keyboard; the invitation link sets a password and the instructor sees only their menu', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 800 });
    const company = await createCompany(page);
    await page.goto('/login');
    await fillLogin(page, company.email, PASSWORD);
    await page.waitForURL((url) => url.pathname.includes('/app'));
    // A studio to work at, made as the owner would on the Studios page (that page has its own tests).
    await send(page, 'post', '/api/studios', studioBody({ name: 'Midtown' }));

    await page.goto('/app/settings/staffMembers');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Staff Members' }).waitFor();
    await main.getByText('Olive Owner').first().waitFor();
    await snap(page, 'staff-members-list-owner');

    // By keyboard: to "Add a staff member", Enter.
    await tabTo(page, main.getByRole('link', { name: 'Add a staff member' }));
    await page.keyboard.press('Enter');
    await main.getByRole('heading', { level: 1, name: 'Add a staff member' }).waitFor();
    const email = `ines-${randomBytes(4).toString('hex')}@e2e.test`;
    await tabTo(page, main.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type('Ines Instructor');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    // Role: Instructor is chosen already. Studios: type to find, arrow down, Enter.
    await tabTo(page, main.getByLabel('Studios', { exact: true }));
    await page.keyboard.type('Mid');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await main.getByText('Midtown').first().waitFor();
    expect(await main.getByRole('radio', { name: /^Instructor/ }).isChecked()).toBe(true);
    expect(await main.getByRole('checkbox', { name: /Check in clients/ }).isChecked()).toBe(true);
    expect(await main.getByRole('checkbox', { name: /Manage staff/ }).isChecked()).toBe(false);
    await snap(page, 'staff-member-add');
    await expectNoHorizontalScroll(page);
    await tabTo(page, main.getByRole('button', { name: 'Add and send invitation' }));
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/app/settings/staffMembers');
    await main
      .getByText('Ines Instructor added. We emailed them an invitation to choose a password.')
      .waitFor();
    const card = main.getByRole('listitem').filter({ hasText: 'Ines Instructor' });
    await card.getByText('Invited').waitFor();
    await card.getByText('Instructor · Midtown').waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'staff-members-list');

    // The Staff page lists her with her invitation status.
    await page.goto('/app/staff');
    const person = main.getByRole('listitem').filter({ hasText: 'Ines Instructor' });
    await person.getByText('Invited').waitFor();
    await person.getByText('No classes this week').waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'staff-page');

    // Wide: the list is a table; the edit page and the Staff page read well too.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app/settings/staffMembers');
    const row = main.getByRole('row').filter({ hasText: 'Ines Instructor' });
    await row.getByText('Invited').waitFor();
    await snap(page, 'staff-members-list');
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('link', { name: 'Ines Instructor' }).click();
    await main.getByRole('heading', { level: 1, name: 'Edit Ines Instructor' }).waitFor();
    await main.getByRole('button', { name: 'Resend invitation' }).waitFor();
    await snap(page, 'staff-member-edit');
    await expectNoSeriousA11yViolations(page);
    await page.goto('/app/staff');
    await main.getByRole('listitem').filter({ hasText: 'Ines Instructor' }).getByText('Invited').waitFor();
    await snap(page, 'staff-page');
    await expectNoSeriousA11yViolations(page);
    await context.close();

    // The instructor follows the link in the email, chooses a password and logs in.
    const body = await waitForMail(email);
    expect(body).toContain('added you as an instructor at');
    const link = /\/resetPassword\/[A-Za-z0-9_-]+/.exec(body)?.[0];
    expect(link).toBeDefined();
    const instructor = await newPage(browser, { width: 1280, height: 800 });
    const ines = instructor.page;
    await ines.goto(link as string);
    await ines.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await ines.getByRole('textbox', { name: 'New password', exact: true }).fill(INSTRUCTOR_PASSWORD);
    await ines.getByRole('textbox', { name: 'Repeat the new password' }).fill(INSTRUCTOR_PASSWORD);
    await ines.getByRole('button', { name: 'Save my password' }).click();
    await ines.waitForURL((url) => url.pathname.endsWith('/login'));
    await fillLogin(ines, email, INSTRUCTOR_PASSWORD);
    await ines.waitForURL((url) => url.pathname.startsWith('/app'));
    const menu = ines.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Front desk' }).waitFor();
    const links = await menu.getByRole('link').allInnerTexts();
    for (const hidden of ['Staff', 'Reports', 'Studios'])
      expect(links.map((text) => text.trim())).not.toContain(hidden);
    await snap(ines, 'staff-instructor-menu');

    // The owner sees her active, deactivates her (by keyboard, after a confirm): she is logged out at once.
    const owner = await newPage(browser, { width: 360, height: 800 });
    const ownerPage = owner.page;
    await ownerPage.goto('/login');
    await fillLogin(ownerPage, company.email, PASSWORD);
    await ownerPage.waitForURL((url) => url.pathname.includes('/app'));
    await ownerPage.goto('/app/settings/staffMembers');
    const ownerMain = ownerPage.getByRole('main');
    const active = ownerMain.getByRole('listitem').filter({ hasText: 'Ines Instructor' });
    await active.getByText('Active', { exact: true }).waitFor();
    await active.getByRole('link', { name: 'Ines Instructor' }).click();
    await ownerMain.getByRole('heading', { level: 1, name: 'Edit Ines Instructor' }).waitFor();
    await tabTo(ownerPage, ownerMain.getByRole('button', { name: 'Deactivate' }), 80);
    await ownerPage.keyboard.press('Enter');
    const dialog = ownerPage.getByRole('dialog', { name: 'Deactivate Ines Instructor?' });
    await dialog.getByText(/logged out everywhere now/).waitFor();
    // The dialog covers the screen at 360 px: the viewport shows it as the owner sees it.
    await ownerPage.waitForTimeout(400); // its opening transition, for the picture only
    await ownerPage.screenshot({
      path: `${process.env.E2E_SHOTS_DIR ?? '/tmp/shots'}/staff-member-deactivate-360.png`,
    });
    await expectNoSeriousA11yViolations(ownerPage);
    await dialog.getByRole('button', { name: 'Deactivate and log out' }).press('Enter');
    await ownerMain.getByText('Ines Instructor is deactivated and logged out.').waitFor();
    const reactivate = ownerMain.getByRole('button', { name: 'Reactivate' });
    await expect.poll(() => reactivate.evaluate((element) => element === document.activeElement)).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    await expectNoHorizontalScroll(ownerPage);
    await snap(ownerPage, 'staff-member-deactivated');
    await owner.context.close();

    // Her open page learns it on her next click (no reload): the page's call is refused and she is sent to log in.
    await menu.getByRole('link', { name: 'Clients' }).click();
    await ines.waitForURL((url) => url.pathname.endsWith('/login'), { timeout: 5_000 });
    await fillLogin(ines, email, INSTRUCTOR_PASSWORD);
    await ines.getByRole('alert').filter({ hasText: 'This account has been deactivated' }).waitFor();
    await instructor.context.close();
  });
});
