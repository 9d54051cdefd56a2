import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { COOKIE, SESSION_SETTINGS_DEFAULTS } from '@kinetic/shared';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { newYorkAt, studioWithOnceClass } from './support/classes.ts';
import { expectNoHorizontalScroll, PASSWORD, signedInClient, signedInOwner, snap, type TestCompany } from './support/journeys.ts';

const browser = await launchBrowser();

async function authHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === COOKIE.token)?.value;
  if (!token) throw new Error('No session cookie');
  return { authorization: `Bearer ${token}` };
}

async function send<T>(page: Page, method: 'post' | 'put', path: string, data: object): Promise<T> {
  const response = await page.request[method](path, { headers: await authHeaders(page), data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('.mantine-Notification-closeButton').forEach((button) => button.click());
  });
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
}

/**
 * The owner's studio with one class of one place starting in about 40 minutes: booking is open, cancelling
 * is already late (a $10.00 fee), check-in is open, and a freed place goes straight to the next in line.
 */
async function setUp(page: Page): Promise<{ company: TestCompany; classInstanceId: string }> {
  const company = await signedInOwner(page);
  await send(page, 'put', '/api/settings/sessions', {
    ...SESSION_SETTINGS_DEFAULTS,
    waitlistMode: 'auto',
    waitlistCutoffMinutesBefore: 0,
    lateCancelFee: 1000,
  });
  const starts = newYorkAt(new Date(Date.now() + 40 * 60_000));
  await studioWithOnceClass((path, body) => send<{ id: string }>(page, 'post', path, body), {
    capacity: 1,
    date: starts.date,
    startTime: starts.time,
    durationMinutes: 60,
  });
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const list = await page.request.get(`/api/class-instances?from=${from}&to=${to}`, { headers: await authHeaders(page) });
  const items = ((await list.json()) as { data: { items: { id: string }[] } }).data.items;
  expect(items).toHaveLength(1);
  return { company, classInstanceId: items[0]?.id ?? '' };
}

async function clientPage(): Promise<{ context: BrowserContext; page: Page }> {
  return newPage(browser, { width: 360, height: 740 });
}

async function check(page: Page, shot: string): Promise<void> {
  await closeToasts(page).catch(() => undefined);
  await snap(page, shot);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
}

/** Moves focus with Tab until `name` has it, then presses Enter: the button works from the keyboard alone. */
async function pressByKeyboard(page: Page, name: string): Promise<void> {
  const target = page.getByRole('button', { name, exact: true });
  await target.waitFor();
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`Tab never reached "${name}"`);
}

describe('bookings (issue 9)', () => {
  it('a client books the last place, a second joins the waitlist, the first cancels late and the second is booked; the owner checks in', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const { company, classInstanceId } = await setUp(owner);
    const classPath = `/${company.slug}/client/client/app/classes/details/${classInstanceId}`;

    // A visitor is asked to log in or sign up; they sign up and come back to the class.
    const { page: ava, context: avaContext } = await clientPage();
    await ava.goto(classPath);
    await ava.getByRole('heading', { level: 1, name: 'Evening Flow' }).waitFor();
    await ava.getByRole('link', { name: 'Log in to book' }).waitFor();
    await check(ava, 'bookings-public-logged-out');
    await ava.getByRole('link', { name: 'Sign up' }).click();
    await ava.waitForURL(`**/${company.slug}/client/client/client-signup`);
    await ava.getByRole('textbox', { name: 'Your name' }).fill('Ava Adams');
    await ava.getByRole('textbox', { name: 'Email' }).fill(`ava-${company.slug}@e2e.test`);
    await ava.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await ava.getByRole('button', { name: 'Create the account' }).click();
    // Asked about themselves first (every answer optional), then on to the calendar.
    await ava.getByRole('button', { name: 'Skip for now' }).click();
    await ava.waitForURL((url) => url.pathname === `/${company.slug}/client/client`);
    await ava.goto(classPath);
    // The button says what the place will use; after it, the keyboard is on the sentence that says it is done.
    await pressByKeyboard(ava, 'Book — $20.00 drop-in, pay at the studio');
    const booked = ava.getByText('You’re booked: a $20.00 drop-in, to pay at the studio.');
    await booked.waitFor();
    // Focus moves after the sentence paints (a busy machine may take a frame or two).
    await expect.poll(() => booked.evaluate((element) => element === document.activeElement)).toBe(true);
    await check(ava, 'bookings-public-booked');

    // The class is full: the second client joins the waitlist and sees where they stand.
    const { page: ben, context: benContext } = await clientPage();
    await signedInClient(ben, company.slug, 'Ben Brown', `ben-${company.slug}@e2e.test`);
    await ben.goto(classPath);
    await ben.getByText('1 of 1 booked (full)').waitFor();
    await pressByKeyboard(ben, 'Join the waitlist');
    const waiting = ben.getByText('You’re number 1 on the waitlist.');
    await waiting.waitFor();
    await expect.poll(() => waiting.evaluate((element) => element === document.activeElement)).toBe(true);
    await check(ben, 'bookings-public-waitlisted');

    // The first cancels inside the free-cancellation time: warned of the fee, by keyboard.
    await ava.reload();
    await pressByKeyboard(ava, 'Cancel booking');
    const confirm = ava.getByRole('dialog', { name: 'Cancel your booking?' });
    await confirm.getByText(/late-cancel fee of \$10\.00 is owed/).waitFor();
    // Let the dialog finish fading in before the picture and the contrast check.
    await ava.waitForTimeout(400);
    await check(ava, 'bookings-public-cancel-late');
    // The dialog opens on the safe answer: Enter alone keeps the booking.
    await expect.poll(() => confirm.getByRole('button', { name: 'Keep my booking' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await ava.keyboard.press('Tab');
    await expect.poll(() => confirm.getByRole('button', { name: 'Cancel my booking' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await ava.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    // The keyboard is on what happened, not thrown to the top of the page.
    const cancelled = ava.getByText('Booking cancelled, late: the class counts as used and a $10.00 fee is owed.');
    await cancelled.waitFor();
    await expect.poll(() => cancelled.evaluate((element) => element === document.activeElement)).toBe(true);
    // Automatic promotion gave the place to the waitlist: the class is full again.
    await ava.getByRole('button', { name: 'Join the waitlist' }).waitFor();

    await ben.reload();
    await ben.getByText('You’re booked: a $20.00 drop-in, to pay at the studio.').waitFor();
    await check(ben, 'bookings-public-promoted');

    // The owner sees the roster and checks the client in.
    await owner.goto(`/app/classes/details/${classInstanceId}`);
    await owner.getByRole('heading', { level: 2, name: 'Roster' }).waitFor();
    const places = owner.getByRole('list', { name: /^Places/ });
    await places.getByText('Ben Brown').waitFor();
    const ended = owner.getByRole('list', { name: /^Cancelled and absent/ });
    await ended.getByText('Late-cancel fee $10.00 — due').waitFor();
    await ended.getByText('Late cancelled').waitFor();
    await check(owner, 'bookings-roster');
    await places.getByRole('button', { name: 'Check in Ben Brown' }).click();
    await places.getByText('Checked in').waitFor();
    await ended.getByRole('button', { name: 'Waive fee for Ava Adams' }).click();
    await ended.getByText('Late-cancel fee $10.00 — waived').waitFor();

    // The same roster at 360 px, from the keyboard: add a client on the spot (the class is full: waitlist).
    const narrow = await browser.newContext({ baseURL: owner.url(), viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    await narrow.addCookies(await ownerContext.cookies());
    const front = await narrow.newPage();
    await front.goto(new URL(`/app/classes/details/${classInstanceId}`, owner.url()).toString());
    await front.getByRole('list', { name: /^Places/ }).getByText('Checked in').waitFor();
    await check(front, 'bookings-roster-after');
    await front.getByRole('button', { name: 'Add client' }).click();
    const add = front.getByRole('dialog', { name: 'Add a client to Evening Flow' });
    await add.getByText('New client').click();
    await add.getByRole('textbox', { name: 'Name' }).fill('Cleo Walk-in');
    await add.getByRole('textbox', { name: 'Email' }).fill(`cleo-${company.slug}@e2e.test`);
    await front.waitForTimeout(400);
    await check(front, 'bookings-add-client');
    await add.getByRole('button', { name: 'Create and book' }).click();
    await add.waitFor({ state: 'hidden' });
    await front.getByRole('list', { name: /^Waitlist/ }).getByText('Cleo Walk-in').waitFor();
    await front.getByText('1 of 1 booked (full) · 1 waitlisted').waitFor();
    await check(front, 'bookings-roster-waitlist');

    await narrow.close();
    await benContext.close();
    await avaContext.close();
    await ownerContext.close();
  });
});
