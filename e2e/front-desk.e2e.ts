import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { api, newYorkAt, studioWithOnceClass, tokenOf } from './support/classes.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

/**
 * The front desk and the kiosk (issue 13 §4-§5): staff check a booked client in from the front desk on a
 * phone by keyboard, undo it, add a walk-in; a client checks in at the kiosk by email.
 */
const browser = await launchBrowser();

function zonedAt(instant: Date, timeZone: string): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return { date, time };
}

/** The owner, signed in, with a studio and a free class starting in 20 minutes (check-in is open). */
async function studioWithClass(owner: Page) {
  const company = await createCompany(owner);
  await owner.goto('/login');
  await fillLogin(owner, company.email, PASSWORD);
  await owner.waitForURL((url) => url.pathname.includes('/app'));
  const token = await tokenOf(owner);
  // The desk lists the studio's today: a class 20 minutes ahead must fall on it. Just before midnight in
  // New York the studio is in London instead (it is early morning there).
  const soon = new Date(Date.now() + 20 * 60_000);
  const timeZone = newYorkAt(soon).date === newYorkAt(new Date()).date ? 'America/New_York' : 'Europe/London';
  const starts = zonedAt(soon, timeZone);
  const { studioId } = await studioWithOnceClass(
    (path, body) =>
      api<{ id: string }>(owner, 'post', path, token, path === '/api/studios' ? { ...body, timeZone } : body),
    {
      template: { dropInPrice: 0 },
      capacity: 3,
      dropInPrice: 0,
      date: starts.date,
      startTime: starts.time,
      durationMinutes: 60,
    },
  );
  const door = await api<{ classInstance: { classInstanceId: string } }>(
    owner,
    'get',
    `/api/check-in/door?studioId=${studioId}`,
    token,
  );
  return { company, token, studioId, classInstanceId: door.classInstance.classInstanceId };
}

/** A client who signed up and booked the class. */
async function bookedClient(
  owner: Page,
  setup: Awaited<ReturnType<typeof studioWithClass>>,
  name: string,
  email: string,
) {
  const signup = await owner.request.post('/api/signup/client', {
    data: { company: setup.company.slug, roleId: 'client', name, email, phone: '', password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const token = ((await signup.json()) as { data: { token: string } }).data.token;
  await api(owner, 'post', `/api/class-instances/${setup.classInstanceId}/bookings`, token, {});
}

async function check(page: Page, shot: string): Promise<void> {
  await snap(page, shot);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
}

const focusedText = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
  );

describe('front desk and kiosk (issue 13 §4-§5)', () => {
  it('on a 360 px phone by keyboard: checks a booked client in from the front desk, undoes it, adds a walk-in; a client checks in at the kiosk by email', async () => {
    const { page: owner, context } = await newPage(browser, { width: 360, height: 740 });
    const setup = await studioWithClass(owner);
    const ava = `ava-${setup.company.slug}@e2e.test`;
    const kim = `kim-${setup.company.slug}@e2e.test`;
    await bookedClient(owner, setup, 'Ava Adams', ava);
    await bookedClient(owner, setup, 'Kim Kowalski', kim);
    await api(owner, 'post', '/api/clients', setup.token, {
      name: 'Walter Walker',
      email: `walter-${setup.company.slug}@e2e.test`,
      phone: '',
    });

    // The front desk: today's class at the studio, open for check-in, its list shown.
    await owner.goto('/app/front-desk');
    await owner.getByRole('heading', { level: 1, name: 'Front desk' }).waitFor();
    const deskClass = owner
      .getByRole('listitem')
      .filter({ has: owner.getByRole('heading', { name: /Evening Flow$/ }) })
      .first();
    await deskClass.getByText('0 checked in · 2 booked of 3').waitFor();
    const search = owner.getByRole('searchbox', { name: 'Find on the roster of Evening Flow' });
    await search.waitFor();
    await check(owner, 'front-desk');

    // Type to search, Enter checks in.
    await search.focus();
    await owner.keyboard.type('ava');
    await owner.keyboard.press('Enter');
    await owner.getByRole('status').filter({ hasText: 'Ava Adams is checked in.' }).waitFor();
    await expect.poll(() => search.inputValue()).toBe('');
    await deskClass.getByText('1 checked in · 2 booked of 3').waitFor({ timeout: 20_000 });

    // Undo, by keyboard: the keyboard then lands on Check in again (nothing lost to <body>).
    const undo = owner.getByRole('button', { name: 'Undo Ava Adams’s check-in' });
    await undo.focus();
    const box = await undo.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await owner.keyboard.press('Enter');
    await owner.getByRole('button', { name: 'Check in Ava Adams' }).waitFor();
    await expect.poll(() => focusedText(owner)).toBe('Check in Ava Adams');
    await check(owner, 'front-desk-undone');

    // A walk-in: found by name and checked in at once.
    const addWalkIn = owner.getByRole('button', { name: 'Add walk-in' });
    await addWalkIn.focus();
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog', { name: 'Walk-in: Evening Flow' });
    await dialog.waitFor();
    await owner.keyboard.type('Walter');
    // The server's search answers Walter alone (the list first shows every client).
    await expect
      .poll(() => owner.getByRole('option').allTextContents())
      .toEqual([expect.stringMatching(/^Walter Walker/)]);
    await owner.keyboard.press('ArrowDown');
    await owner.keyboard.press('Enter');
    const submit = dialog.getByRole('button', { name: 'Check in Walter Walker' });
    await submit.waitFor();
    await check(owner, 'front-desk-walk-in');
    await submit.focus();
    await owner.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const walter = owner
      .getByRole('list', { name: /^Places/ })
      .getByRole('listitem')
      .filter({ hasText: 'Walter Walker' });
    await walter.getByText('Checked in', { exact: true }).waitFor();
    await owner.getByRole('button', { name: 'Undo Walter Walker’s check-in' }).waitFor();
    await check(owner, 'front-desk-after');
    for (const width of [1024, 1280]) {
      await owner.setViewportSize({ width, height: 800 });
      await check(owner, 'front-desk-after');
    }

    // Kiosk mode: Kim types her email and is welcomed by first name and initial only.
    await owner.goto(`/app/kiosk?studioId=${setup.studioId}`);
    await owner.getByRole('heading', { level: 1, name: 'Check in at Midtown' }).waitFor();
    await owner.getByText(/^Now: Evening Flow at \d{2}:\d{2}/).waitFor();
    const field = owner.getByRole('textbox', { name: 'Your email or phone number' });
    // Ready for typing as it opens.
    await expect
      .poll(() =>
        owner.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent),
      )
      .toBe('Your email or phone number');
    await owner.keyboard.type(kim);
    await owner.keyboard.press('Enter');
    await owner
      .getByRole('status')
      .filter({ hasText: 'Welcome, Kim K. You are checked in to Evening Flow.' })
      .waitFor();
    expect(await owner.locator('body').textContent()).not.toContain('Kowalski');
    await expect.poll(() => field.inputValue()).toBe('');
    for (const width of [360, 1024, 1280]) {
      await owner.setViewportSize({ width, height: 800 });
      await check(owner, 'kiosk-welcome');
    }
    // Someone unknown: the same sentence for anyone, no names.
    await field.fill('nobody@e2e.test');
    await owner.keyboard.press('Enter');
    await owner
      .getByRole('status')
      .filter({ hasText: /^We could not find a booking/ })
      .waitFor();

    // Leaving needs the staff password: Back is held, a wrong password keeps kiosk mode.
    await owner.goBack();
    const leave = owner.getByRole('dialog', { name: 'Leave kiosk mode' });
    await leave.waitFor();
    expect(new URL(owner.url()).pathname).toBe('/app/kiosk');
    await leave.getByLabel('Your staff password').fill('not-my-password');
    await owner.keyboard.press('Enter');
    await leave.getByText('That password is not right').waitFor();
    await check(owner, 'kiosk-leave');
    await leave.getByLabel('Your staff password').fill(PASSWORD);
    await owner.keyboard.press('Enter');
    await owner.waitForURL((url) => url.pathname === '/app/front-desk');
    await owner.getByText('2 checked in · 3 booked of 3').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
