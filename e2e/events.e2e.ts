import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { send } from './support/classes.ts';
import { createCompany, expectNoHorizontalScroll, fillLogin, PASSWORD, snap } from './support/journeys.ts';

const browser = await launchBrowser();

/** "YYYY-MM-DD" in New York, `days` from today. */
const newYorkDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function signedInWithStudio(page: Page) {
  const company = await createCompany(page);
  await page.goto('/login');
  await fillLogin(page, company.email, PASSWORD);
  await page.waitForURL((url) => url.pathname.includes('/app'));
  await send(page, 'post', '/api/studios', {
    name: 'Midtown',
    address: {
      line1: '10 Main St',
      line2: '',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'United States',
    },
    phone: '',
    email: '',
    timeZone: 'America/New_York',
    openingHours: {},
    amenities: [],
    rooms: [{ name: 'Studio A', capacity: 20 }],
  });
}

describe('Events (issue 12 §1)', () => {
  it('an owner adds an event with two dates by keyboard; it is listed and shows on the calendar in its own colour', async () => {
    const { page, context } = await newPage(browser);
    await signedInWithStudio(page);
    const first = newYorkDate(3);
    const second = newYorkDate(10);

    await page.goto('/app/events');
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await page.getByRole('link', { name: 'Events' }).first().waitFor();
    await page.getByRole('button', { name: 'Add an event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an event' });
    // Nothing filled: the fields say what is missing before anything is sent.
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await dialog.getByText('Name the event').waitFor();
    await dialog.getByText('Choose one of the event categories').waitFor();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Community Open Day');
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Community Events' });
    await dialog.getByRole('textbox', { name: 'Capacity' }).fill('40');
    await dialog.locator('input[type="date"]').nth(0).fill(first);
    await dialog.locator('input[type="time"]').nth(0).fill('10:00');
    await dialog.getByRole('button', { name: 'Add a date' }).click();
    await dialog.locator('input[type="date"]').nth(1).fill(second);
    await dialog.locator('input[type="time"]').nth(1).fill('10:00');
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'events-form');
    // Submitted from the keyboard.
    await dialog.getByRole('textbox', { name: 'Title' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByRole('listitem').filter({ hasText: 'Community Open Day' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('Free');
    await expect(card.textContent()).resolves.toContain('0 of 40 booked');
    await expect(card.getByRole('listitem').count()).resolves.toBe(2);
    await snap(page, 'events-list');
    await expectNoSeriousA11yViolations(page);

    // Edit: the first date moves to 11:00, the second is removed.
    await card.getByRole('button', { name: 'Edit Community Open Day' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Community Open Day' });
    await edit.locator('input[type="time"]').nth(0).fill('11:00');
    await edit.getByRole('button', { name: 'Remove date 2' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect(card.getByRole('listitem').count()).resolves.toBe(1);
    await expect(card.getByRole('listitem').first().textContent()).resolves.toMatch(/11:00\sAM/);

    await page.goto(`/app/calendar?date=${first}`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    // An event's date is a link to the Events page (Tab reaches it, Enter opens it).
    const onCalendar = page.locator('a[href$="/events"]').filter({ hasText: 'Community Open Day' });
    await onCalendar.first().waitFor();
    await expect(onCalendar.first().textContent()).resolves.toContain('11:00');
    await expect(onCalendar.first().textContent()).resolves.toContain('Event · 0/40');
    const edge = await onCalendar
      .first()
      .locator('span')
      .first()
      .evaluate((element) => getComputedStyle(element).borderLeftColor);
    expect(edge).toBe('rgb(194, 37, 92)');
    await snap(page, 'events-calendar');
    // Choosing it opens the Events page.
    await onCalendar.first().click();
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await context.close();
  });

  it('fits a phone: the list and the form at 360 px without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    await signedInWithStudio(page);
    await send(page, 'post', '/api/events', {
      title: 'Sunset Yoga in the Park',
      category: 'FitnessAndWellness',
      description: null,
      image: null,
      studioId: (await (await page.request.get('/api/studios', { headers: await authOf(page) })).json()).data
        .items[0].id,
      address: 'Piedmont Park, 400 Park Dr NE, Atlanta, GA 30306',
      capacity: 20,
      price: 1500,
      visibility: 'public',
      waitlist: true,
      dates: [{ startsAt: new Date(Date.now() + 4 * 86_400_000).toISOString(), durationMinutes: 60 }],
    });
    await page.goto('/app/events');
    const card = page.getByRole('listitem').filter({ hasText: 'Sunset Yoga in the Park' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('$15.00');
    await expect(card.textContent()).resolves.toContain('Piedmont Park');
    await expectNoHorizontalScroll(page);
    await snap(page, 'events-list');
    await card.getByRole('button', { name: 'Edit Sunset Yoga in the Park' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Sunset Yoga in the Park' });
    await dialog.getByRole('textbox', { name: 'Title' }).waitFor();
    // The dialog's fade-in over, for the screenshot.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    await expectNoHorizontalScroll(page);
    await snap(page, 'events-form');
    await context.close();
  });
});

async function authOf(page: Page): Promise<Record<string, string>> {
  const { COOKIE } = await import('@kinetic/shared');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE.token)?.value;
  return { authorization: `Bearer ${token}` };
}
