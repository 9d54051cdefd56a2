import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { newYorkDate, send, studioBody } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInClient, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

async function signedInWithStudio(page: Page) {
  await signedInOwner(page);
  await send(page, 'post', '/api/studios', studioBody());
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
    // Its date in a box of its own: day, start, minutes and places stacked, Remove inside the box.
    await dialog.getByRole('group', { name: 'Date 1' }).getByRole('button', { name: 'Remove date 1' }).scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await snap(page, 'events-form-dates');
    await context.close();
  });
  it('by keyboard: a date added and removed keeps the focus; a date’s own places; a cancelled event stays under Upcoming, marked', async () => {
    const { page, context } = await newPage(browser);
    await signedInWithStudio(page);
    await page.goto('/app/events');
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    const add = page.getByRole('button', { name: 'Add an event' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add an event' });
    const title = dialog.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => title.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Clay Weekend');
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Arts & Culture' });
    await dialog.getByRole('textbox', { name: 'Capacity' }).fill('12');
    const day = (index: number) => dialog.getByRole('group', { name: `Date ${index}` }).getByLabel('Day');
    await day(1).fill(newYorkDate(5));
    // "Add a date" by Enter: the keyboard lands in the new date.
    const addDate = dialog.getByRole('button', { name: 'Add a date' });
    await addDate.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => day(2).evaluate((element) => element === document.activeElement)).toBe(true);
    await day(2).fill(newYorkDate(6));
    await dialog.getByRole('group', { name: 'Date 2' }).getByRole('textbox', { name: 'Places' }).fill('6');
    await addDate.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => day(3).evaluate((element) => element === document.activeElement)).toBe(true);
    // Removing the third by keyboard: the focus goes to the date before, not to the page's start.
    await dialog.getByRole('button', { name: 'Remove date 3' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => day(2).evaluate((element) => element === document.activeElement)).toBe(true);
    await expect(dialog.getByRole('group', { name: /^Date \d$/ }).count()).resolves.toBe(2);
    await page.keyboard.press('Tab');
    // The focus ring shows on the next field (Starts).
    const ring = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const style = getComputedStyle(focused);
      return { outline: style.outlineStyle, border: style.borderColor };
    });
    expect(ring.outline !== 'none' || ring.border !== 'rgb(206, 212, 218)').toBe(true);
    await snap(page, 'events-keyboard-form');
    await title.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog gives the focus back to the button that opened it.
    await expect.poll(() => add.evaluate((element) => element === document.activeElement)).toBe(true);

    const card = page.getByRole('listitem').filter({ hasText: 'Clay Weekend' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('0 of 12 booked');
    await expect(card.textContent()).resolves.toContain('0 of 6 booked');

    // A date opens its own page (places and roster), which sends its edits back to the Events page.
    await card.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: 'Clay Weekend' }).waitFor();
    await page.getByText('0 of 12 booked').waitFor();
    await page.getByRole('link', { name: 'Edit or cancel this event on the Events page' }).click();
    await card.waitFor();

    // Cancelled by keyboard; the dialog's safe answer is plain about what it keeps.
    await card.getByRole('button', { name: 'Cancel Clay Weekend' }).focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Cancel Clay Weekend?' });
    await expect
      .poll(() => ask.getByRole('button', { name: 'Keep the event' }).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await ask.getByRole('button', { name: 'Cancel the event' }).focus();
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'hidden' });
    await card.getByText('Cancelled', { exact: true }).waitFor();
    await expect(card.getByRole('button', { name: 'Cancel Clay Weekend' }).count()).resolves.toBe(0);
    // Still under Upcoming, and the keyboard is on its Edit button (not lost with the Cancel button).
    await expect(page.getByRole('radio', { name: 'Upcoming' }).isChecked()).resolves.toBe(true);
    await expect
      .poll(() => card.getByRole('button', { name: 'Edit Clay Weekend' }).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'events-cancelled');
    // On a phone (the page drawn afresh, without the cancel's toast sliding out at the old width).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'events-cancelled');
    await context.close();
  });

  it('a client’s event booking is in My bookings, by the event’s title and place, and opens its details', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const company = await signedInOwner(owner);
    const studio = await send<{ id: string }>(owner, 'post', '/api/studios', studioBody({ rooms: [] }));
    const event = await send<{ dates: { classInstanceId: string }[] }>(owner, 'post', '/api/events', {
      title: 'Sunset Yoga in the Park',
      category: 'FitnessAndWellness',
      description: 'Bring a mat.',
      image: null,
      studioId: studio.id,
      address: 'Piedmont Park, 400 Park Dr NE',
      capacity: 20,
      price: 0,
      visibility: 'public',
      waitlist: true,
      dates: [{ startsAt: new Date(Date.now() + 4 * 86_400_000).toISOString(), durationMinutes: 60 }],
    });
    const dateId = event.dates[0]!.classInstanceId;

    const { page: client, context: clientContext } = await newPage(browser, { width: 360, height: 740 });
    const email = `evie-${company.slug}@e2e.test`;
    await signedInClient(client, company.slug, 'Evie Event', email);
    await send(client, 'post', `/api/class-instances/${dateId}/bookings`, {});
    await client.locator('label').filter({ hasText: /^My bookings$/ }).click();
    const upcoming = client.getByRole('region', { name: 'Coming up' });
    const booking = upcoming.getByRole('listitem').filter({ hasText: 'Sunset Yoga in the Park' });
    await booking.waitFor();
    await expect(booking.textContent()).resolves.toContain('Piedmont Park, 400 Park Dr NE');
    await expect(booking.textContent()).resolves.toContain('Booked');
    await expectNoHorizontalScroll(client);
    await snap(client, 'events-my-bookings');
    await booking.getByRole('link', { name: 'Sunset Yoga in the Park' }).click();
    await client.getByRole('heading', { level: 1, name: 'Sunset Yoga in the Park' }).waitFor();
    await client.getByText('Bring a mat.').waitFor();
    await expectNoHorizontalScroll(client);
    await snap(client, 'events-date-details');
    await clientContext.close();
    await ownerContext.close();
  });
});

async function authOf(page: Page): Promise<Record<string, string>> {
  const { COOKIE } = await import('@kinetic/shared');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === COOKIE.token)?.value;
  return { authorization: `Bearer ${token}` };
}
