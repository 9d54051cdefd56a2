import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COOKIE } from '@kinetic/shared';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, pngImage, snap, waitForMail } from './support/journeys.ts';

const browser = await launchBrowser();

async function logIn(page: Page) {
  const company = await createCompany(page);
  await page.goto('/login');
  await fillLogin(page, company.email, PASSWORD);
  await page.waitForURL((url) => url.pathname.includes('/app'));
  return company;
}

/** Toasts are checked elsewhere (toasts.e2e.ts); these pages are asked about without them. */
async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('.mantine-Notification-closeButton').forEach((button) => button.click());
  });
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
}

/** The header the app itself sends: the session token lives in a cookie the page reads (spec §7). */
async function authHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === COOKIE.token)?.value;
  if (!token) throw new Error('No session cookie');
  return { authorization: `Bearer ${token}` };
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

async function tabTo(page: Page, text: string): Promise<void> {
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedText(page)) === text) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

describe('templates, instructors and facilitators (issue 7)', () => {
  it('adds a template, copies it, archives the copy, and the state survives a reload', async () => {
    const { page, context } = await newPage(browser);
    await logIn(page);
    await page.goto('/app/settings/fitnessClassTemplate');
    await page.getByRole('heading', { level: 2, name: 'No templates yet' }).waitFor();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a template' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Morning Yoga');
    await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('');
    await dialog.getByRole('textbox', { name: 'Drop-in price (USD)' }).fill('12.50');
    // A missing duration is said at its field, before anything is sent.
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await dialog.getByText('Enter how many minutes the class lasts').waitFor();
    await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('45');
    await dialog.getByLabel('Tags', { exact: true }).fill('yoga');
    await page.keyboard.press('Enter');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload an image' }).click();
    await (await chooser).setFiles({ name: 'yoga.png', mimeType: 'image/png', buffer: pngImage() });
    await dialog.getByRole('img', { name: 'The Morning Yoga class' }).waitFor();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await page.getByRole('status').getByText('Morning Yoga added.').waitFor();
    const card = page.getByRole('article', { name: 'Morning Yoga' });
    await card.getByText('45 min · 20 people · $12.50 drop-in').waitFor();

    // A second template with the same name: the 409 is said at the name field.
    await page.getByRole('button', { name: 'Add template' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('morning yoga');
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await dialog.getByText(/already exists/).waitFor();
    await expect(dialog.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).resolves.toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit: the dialog shows the saved price in major units; a new capacity is saved.
    await page.getByRole('button', { name: 'Edit Morning Yoga' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Morning Yoga' });
    await expect(edit.getByRole('textbox', { name: 'Drop-in price (USD)' }).inputValue()).resolves.toBe('12.5');
    await edit.getByRole('textbox', { name: 'Default capacity' }).fill('12');
    await edit.getByRole('button', { name: 'Save' }).click();
    await card.getByText('45 min · 12 people · $12.50 drop-in').waitFor();

    await page.getByRole('button', { name: 'Copy Morning Yoga' }).click();
    await page.getByRole('dialog', { name: 'Copy Morning Yoga?' }).getByRole('button', { name: 'Make a copy' }).click();
    const copied = page.getByRole('status').getByText(/^Copied as /);
    await copied.waitFor();
    const copyName = ((await copied.textContent()) ?? '').replace(/^Copied as (.*)\. Edit the copy to change it\.$/, '$1');
    expect(copyName).not.toBe('Morning Yoga');
    await page.getByRole('article', { name: copyName }).waitFor();

    await page.getByRole('button', { name: `Archive ${copyName}` }).click();
    await page.getByRole('dialog', { name: `Archive ${copyName}?` }).getByRole('button', { name: 'Archive the template' }).click();
    await page.getByRole('status').getByText(`${copyName} archived.`, { exact: false }).waitFor();
    await page.getByRole('article', { name: copyName }).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('article', { name: 'Morning Yoga' }).getByText('12 people', { exact: false }).waitFor();
    await expect(page.getByRole('article', { name: copyName }).count()).resolves.toBe(0);
    await page.getByText('Archived', { exact: true }).click();
    await page.getByRole('article', { name: copyName }).getByRole('button', { name: `Restore ${copyName}` }).waitFor();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'templates-archived');
    await context.close();
  });

  it('adds an instructor and a facilitator; an email already used is said at the field; works at 360 px and by keyboard', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    await logIn(page);
    await page.goto('/app/settings/instructors');
    await page.getByRole('heading', { level: 1, name: 'Instructors' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'No instructors yet' }).waitFor();
    await closeToasts(page);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Keyboard only: reach Add, type, and send with Enter.
    await tabTo(page, 'Add instructor');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add an instructor' });
    await dialog.waitFor();
    // The dialog opens on its first field.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? ''))
      .toMatch(/^Name/);
    await page.keyboard.type('Ana Ruiz');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ana@example.com');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Ana Ruiz added.').waitFor();
    await page.getByRole('article', { name: 'Ana Ruiz' }).getByText('ana@example.com').waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'instructors');

    await page.getByRole('button', { name: 'Add instructor' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ana Again');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    await dialog.getByRole('button', { name: 'Add instructor' }).click();
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'instructor-email-taken');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/app/settings/fascilitators');
    await page.getByRole('heading', { level: 1, name: 'Facilitators' }).waitFor();
    await page.getByRole('button', { name: 'Add your first facilitator' }).click();
    const facilitator = page.getByRole('dialog', { name: 'Add a facilitator' });
    await facilitator.getByRole('textbox', { name: 'Name' }).fill('Ben Cole');
    await facilitator.getByRole('textbox', { name: 'Phone' }).fill('4045550123');
    await facilitator.getByRole('button', { name: 'Add facilitator' }).click();
    await page.getByRole('article', { name: 'Ben Cole' }).getByText('(404) 555-0123').waitFor();
    await page.reload();
    await page.getByRole('article', { name: 'Ben Cole' }).waitFor();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);

    // Templates at 360 px: the list and the add dialog fit the width.
    await page.goto('/app/settings/fitnessClassTemplate');
    await page.getByRole('heading', { level: 2, name: 'No templates yet' }).waitFor();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Add your first template' }).click();
    await page.getByRole('dialog', { name: 'Add a template' }).getByRole('textbox', { name: 'Name' }).waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'template-add');
    await context.close();
  });

  it('invites an instructor, who chooses a password from the email and logs in as an instructor', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    await logIn(page);
    const email = `ines-${Date.now().toString(36)}@example.com`;
    const added = await page.request.post('/api/instructors', {
      headers: await authHeaders(page),
      data: { name: 'Ines Invited', email, phone: null, bio: null, photo: null, active: true },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto('/app/settings/instructors');
    const card = page.getByRole('article', { name: 'Ines Invited' });
    await card.waitFor();
    await closeToasts(page);
    // By keyboard: the invite button is reachable and sends with Enter.
    await tabTo(page, 'Invite to log in');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(`Invitation sent to ${email}.`).waitFor();
    await card.getByText('Invitation sent').waitFor();
    await card.getByRole('button', { name: 'Resend the invitation to Ines Invited' }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'instructor-invited');

    const body = await waitForMail(email);
    const link = /\/resetPassword\/[A-Za-z0-9_-]+/.exec(body)?.[0];
    expect(link).toBeDefined();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await page.getByText(`as ${email}`).waitFor();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('teaching-pass-42');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('teaching-pass-42');
    await page.getByRole('button', { name: 'Save my password' }).click();
    await page.getByText('Your password is set').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await fillLogin(page, email, 'teaching-pass-42');
    await page.waitForURL((url) => url.pathname.startsWith('/app'));
    const me = await page.request.get('/api/me', { headers: await authHeaders(page) });
    expect((await me.json()).data.user).toMatchObject({ email, roleId: 'instructor' });
    await context.close();
  });

  it('tells a solo instructor why there is no one to add', async () => {
    const { page, context } = await newPage(browser);
    const solo = await createCompany(page, 'solo');
    await page.goto(`/${solo.slug}/solo-instructor/login`);
    await fillLogin(page, solo.email, PASSWORD);
    await page.waitForURL(`**/${solo.slug}/solo-instructor/app/**`);
    await page.goto(`/${solo.slug}/solo-instructor/app/settings/instructors`);
    await page.getByText('As a solo instructor you teach your own classes').waitFor();
    await expect(page.getByRole('button', { name: /Add/ }).count()).resolves.toBe(0);
    await context.close();
  });
});
