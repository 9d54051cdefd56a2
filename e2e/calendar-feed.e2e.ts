import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { api, classTomorrow, newYorkAt, newYorkDate, tokenOf } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInClient, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

async function check(page: Page, shot: string): Promise<void> {
  await snap(page, shot);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
}

/** The address's path: the server names its own public address, the browser reaches it at the test server. */
const pathOf = (address: string) => new URL(address).pathname;

describe('calendar feed (issue 16)', () => {
  it('a client gets their calendar address by keyboard at 360 px, a calendar reads their booking from it, and a new address ends the old', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const company = await signedInOwner(owner);
    const setup = await classTomorrow(owner);
    await ownerContext.close();

    const { page: client, context } = await newPage(browser, { width: 360, height: 740 });
    await signedInClient(client, company.slug, 'Cora Calendar', `cora-${company.slug}@e2e.test`);
    const booking = await api<{ id: string }>(
      client,
      'post',
      `/api/class-instances/${setup.classId}/bookings`,
      await tokenOf(client),
      {},
    );

    await client.goto(`/${company.slug}/client/client/settings/notifications`);
    const card = client.getByRole('region', { name: 'Add my classes to my calendar' });
    await card.getByText(/Google Calendar, Apple Calendar and Outlook then update it by themselves/).waitFor();
    await card.getByText(/Anyone with the address can see your classes: do not post or share it/).waitFor();
    await check(client, 'calendar-feed-none');

    // By keyboard: the button, Enter, and the focus lands on the address, ready to copy.
    const get = card.getByRole('button', { name: 'Get my calendar address' });
    await expect.poll(() => get.isEnabled()).toBe(true);
    await get.focus();
    await client.keyboard.press('Enter');
    const field = card.getByRole('textbox', { name: 'Your calendar address' });
    await field.waitFor();
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    const address = await field.inputValue();
    expect(address).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await card.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href')).toBe(
      address.replace(/^https?:/, 'webcal:'),
    );
    await card.getByText('Your calendar address is ready.').waitFor();
    await check(client, 'calendar-feed-made');
    await client.setViewportSize({ width: 1280, height: 800 });
    await check(client, 'calendar-feed-made');
    await client.setViewportSize({ width: 360, height: 740 });

    // A calendar app reads it without a session: the booking, at 10:00 New York time tomorrow, in UTC.
    const feed = await client.request.get(pathOf(address));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${company.companyName} – my classes`);
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.uid)).toEqual([`${booking.id}@kinetic`]);
    const [event] = events;
    expect(event?.startDate.zone.tzid).toBe('UTC');
    const start = event?.startDate.toJSDate() ?? new Date(0);
    expect(newYorkAt(start)).toEqual({ date: newYorkDate(1), time: '10:00' });
    expect(event?.summary).toBe(`Morning Mobility (${company.companyName})`);

    // A new address, after saying the old one stops working; the dialog opens on "Keep my address".
    await card.getByRole('button', { name: 'Make a new address' }).click();
    const dialog = client.getByRole('dialog', { name: 'Make a new calendar address?' });
    await dialog.getByText(/The old address stops working at once/).waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Keep my address' }).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await check(client, 'calendar-feed-confirm');
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await card.getByText('Your new calendar address is ready. The old one no longer works.').waitFor();
    const renewed = await field.inputValue();
    expect(renewed).not.toBe(address);

    const old = await client.request.get(pathOf(address));
    expect(old.status()).toBe(404);
    expect(((await old.json()) as { status: number; message: string }).status).toBe(0);
    const current = await client.request.get(pathOf(renewed));
    expect(current.status()).toBe(200);

    // Coming back later, the address is not shown again; the card says it exists and was read.
    await client.reload();
    await card.getByText(/You made your calendar address on .*A calendar app last read it on/).waitFor();
    expect(await card.getByRole('textbox', { name: 'Your calendar address' }).count()).toBe(0);
    await check(client, 'calendar-feed-exists');
    await context.close();
  });

  it('a team member finds it on My account, for the classes they teach, at 360 px and 1280 px', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    await signedInOwner(page);
    await page.goto('/app/account');
    const card = page.getByRole('region', { name: 'Add my classes to my calendar' });
    await card.getByText(/a private address of the classes you teach/).waitFor();
    await card.getByRole('button', { name: 'Get my calendar address' }).click();
    const address = await card.getByRole('textbox', { name: 'Your calendar address' }).inputValue();
    // Nothing taught yet: a calendar with no entries, which still parses.
    const feed = await page.request.get(pathOf(address));
    expect(feed.status()).toBe(200);
    expect(new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent')).toEqual([]);
    await check(page, 'calendar-feed-team');
    await page.setViewportSize({ width: 1280, height: 800 });
    await check(page, 'calendar-feed-team');
    await context.close();
  });
});
