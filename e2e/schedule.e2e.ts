import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { COOKIE } from '@kinetic/shared';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { instructorBody, newYorkDate, studioBody, templateBody } from './support/classes.ts';
import { expectNoHorizontalScroll, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

async function authHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === COOKIE.token)?.value;
  if (!token) throw new Error('No session cookie');
  return { authorization: `Bearer ${token}` };
}

async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('.mantine-Notification-closeButton').forEach((button) => button.click());
  });
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0);
}

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(path, { headers: await authHeaders(page), data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

/** Mantine's Select: open it by its label and pick the option. */
async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The next Tuesday at least two days ahead, so every class of the journey is still to come. */
function nextTuesday(): string {
  for (let days = 2; days < 10; days += 1) {
    const date = newYorkDate(days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 2) return date;
  }
  throw new Error('unreachable');
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Setup {
  studioId: string;
  templateId: string;
  instructorId: string;
  substituteId: string;
}

async function setUp(page: Page): Promise<Setup> {
  await signedInOwner(page);
  const studio = await post<{ id: string }>(page, '/api/studios', studioBody());
  const template = await post<{ id: string }>(page, '/api/class-templates', templateBody());
  const instructor = await post<{ id: string }>(page, '/api/instructors', instructorBody('Ines Instructor'));
  const substitute = await post<{ id: string }>(page, '/api/instructors', instructorBody('Sam Substitute'));
  return { studioId: studio.id, templateId: template.id, instructorId: instructor.id, substituteId: substitute.id };
}

// FullCalendar 7 hashes its class names; every class is a link to its details page.
const eventsOnCalendar = (page: Page) => page.locator('a[href*="/classes/details/"]');

describe('schedule (issue 8)', () => {
  it('creates a weekly 18:00 class, sees it at 18:00 across weeks and DST, edits one and following, cancels one, substitutes', async () => {
    const { page, context } = await newPage(browser);
    const setup = await setUp(page);
    const first = nextTuesday();

    await page.goto(`/app/calendar?date=${first}`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    await page.getByRole('button', { name: 'New class' }).click();
    const dialog = page.getByRole('dialog', { name: 'New class' });
    // Nothing chosen: the fields say what is missing before anything is sent.
    await dialog.getByRole('button', { name: 'Create class' }).click();
    await dialog.getByText('Choose a class template').waitFor();
    await choose(dialog, 'Class template', 'Evening Flow');
    await expect(dialog.getByRole('textbox', { name: 'Duration (minutes)' }).inputValue()).resolves.toBe('60');
    await expect(dialog.getByRole('textbox', { name: 'Capacity' }).inputValue()).resolves.toBe('15');
    await choose(dialog, 'Studio', 'Midtown');
    await choose(dialog, 'Room', 'Studio A');
    await choose(dialog, 'Instructor', 'Ines Instructor');
    await dialog.getByLabel('Date').fill(first);
    await dialog.getByLabel('Start time').fill('18:00');
    await dialog.getByText('Weekly', { exact: true }).click();
    // The weekday follows the chosen date.
    await expect(dialog.getByRole('checkbox', { name: 'Tuesday' }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Number of classes' }).fill('8');
    await closeToasts(page).catch(() => undefined);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Create class' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const event = eventsOnCalendar(page).filter({ hasText: 'Evening Flow' });
    await event.first().waitFor();
    await expect(event.first().textContent()).resolves.toContain('18:00');
    await expect(event.first().textContent()).resolves.toContain('0/15');
    await closeToasts(page);
    await snap(page, 'schedule-calendar-week');
    await expectNoSeriousA11yViolations(page);

    // The next week: the same class, still at 18:00.
    await page.getByRole('button', { name: /next/i }).first().click();
    await event.first().waitFor();
    await expect(event.first().textContent()).resolves.toContain('18:00');

    // Across the New York DST change (14 March 2027): one-off classes at 18:00 the week before and after.
    for (const date of ['2027-03-09', '2027-03-16']) {
      await post(page, '/api/fitness-sessions', {
        templateId: setup.templateId,
        studioId: setup.studioId,
        roomId: null,
        instructorId: setup.instructorId,
        schedule: { kind: 'once', date },
        startTime: '18:00',
        durationMinutes: 60,
      });
      await page.goto(`/app/calendar?date=${date}`);
      await event.first().waitFor();
      await expect(event.first().textContent()).resolves.toContain('18:00');
    }
    // The browser's own zone does not move the class: a Tokyo browser still sees 18:00 in New York.
    const tokyo = await browser.newContext({ baseURL: page.url(), timezoneId: 'Asia/Tokyo', serviceWorkers: 'block' });
    await tokyo.addCookies(await context.cookies());
    const tokyoPage = await tokyo.newPage();
    await tokyoPage.goto(new URL(`/app/calendar?date=2027-03-16`, page.url()).toString());
    await eventsOnCalendar(tokyoPage).filter({ hasText: 'Evening Flow' }).first().waitFor();
    await expect(eventsOnCalendar(tokyoPage).first().textContent()).resolves.toContain('18:00');
    await tokyo.close();

    // Open the first occurrence and move this class only to 19:00.
    await page.goto(`/app/calendar?date=${first}`);
    await event.first().click();
    await page.waitForURL(/\/app\/classes\/details\//);
    await page.getByRole('heading', { level: 1, name: 'Evening Flow' }).waitFor();
    await page.getByText('Bookings appear here once clients book this class.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    const scope = page.getByRole('dialog', { name: 'Edit Evening Flow' });
    await scope.getByRole('radio', { name: 'This class only' }).check();
    await scope.getByRole('button', { name: 'Apply' }).click();
    const edit = page.getByRole('dialog', { name: /^Edit: this class only/ });
    await edit.getByLabel('Start time').fill('19:00');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText(/19:00–20:00/).waitFor();

    // The next class and all following: 45 minutes at 18:00.
    await page.goto(`/app/calendar?date=${addDays(first, 7)}`);
    await event.first().click();
    await page.waitForURL(/\/app\/classes\/details\//);
    await page.getByRole('button', { name: 'Edit' }).click();
    await scope.getByRole('radio', { name: 'This and following classes' }).check();
    await scope.getByRole('button', { name: 'Apply' }).click();
    const following = page.getByRole('dialog', { name: /^Edit: this and following/ });
    await following.getByRole('textbox', { name: 'Duration (minutes)' }).fill('45');
    await following.getByRole('button', { name: 'Save' }).click();
    await following.waitFor({ state: 'hidden' });
    await page.goto(`/app/calendar?date=${addDays(first, 14)}`);
    await event.first().waitFor();
    await expect(event.first().textContent()).resolves.toContain('18:00');
    await event.first().click();
    await page.getByText(/18:00–18:45/).waitFor();

    // Substitute the instructor for this class, then cancel it.
    await page.getByRole('button', { name: 'Substitute instructor' }).click();
    const sub = page.getByRole('dialog', { name: 'Substitute instructor' });
    await choose(sub, 'Substitute', 'Sam Substitute');
    await sub.getByRole('button', { name: 'Substitute', exact: true }).click();
    await sub.waitFor({ state: 'hidden' });
    await page.getByText('Sam Substitute', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel class' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Evening Flow?' });
    await cancel.getByRole('textbox', { name: 'Reason' }).fill('Studio maintenance');
    await cancel.getByRole('button', { name: 'Cancel the class' }).click();
    await cancel.waitFor({ state: 'hidden' });
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await closeToasts(page);
    await snap(page, 'schedule-class-details');

    // Filters live in the address and survive a reload. A second filter chosen once the first has
    // loaded its classes keeps the first (it used to start again from the address before it).
    await page.goto(`/app/calendar?date=${addDays(first, 14)}`);
    await choose(page, 'Class', 'Evening Flow');
    await page.waitForURL((url) => url.searchParams.get('templateId') === setup.templateId);
    await event.first().waitFor();
    await page.waitForTimeout(500);
    await choose(page, 'Instructor', 'Sam Substitute');
    await page.waitForURL((url) => url.searchParams.get('instructorId') === setup.substituteId);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).searchParams.get('templateId')).toBe(setup.templateId);
    await expect.poll(() => page.getByRole('combobox', { name: 'Class', exact: true }).inputValue()).toBe('Evening Flow');
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Instructor', exact: true }).inputValue()).toBe('Sam Substitute');
    await event.first().waitFor();
    await expect(event.first().textContent()).resolves.toContain('Cancelled');
    await page.getByText('List', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    await page.reload();
    await event.first().waitFor();
    await snap(page, 'schedule-calendar-list-filtered');
    await expect.poll(() => page.getByRole('combobox', { name: 'Instructor', exact: true }).inputValue()).toBe('Sam Substitute');
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);

    // The Classes page lists them with the same filters.
    await page.goto(`/app/classes?instructorId=${setup.instructorId}`);
    await page.getByRole('heading', { level: 1, name: 'Classes' }).waitFor();
    await page.getByRole('link', { name: /Evening Flow/ }).first().click();
    await page.getByRole('region', { name: 'Selected class' }).waitFor();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  }, 180_000);

  it('drags a class to the next day: asks the scope, and the class moves there', async () => {
    const { page, context } = await newPage(browser);
    const setup = await setUp(page);
    const date = nextTuesday();
    await post(page, '/api/fitness-sessions', {
      templateId: setup.templateId,
      studioId: setup.studioId,
      roomId: null,
      instructorId: setup.instructorId,
      schedule: { kind: 'once', date },
      startTime: '18:00',
      durationMinutes: 60,
    });
    await page.goto(`/app/calendar?date=${date}`);
    const event = eventsOnCalendar(page).filter({ hasText: 'Evening Flow' }).first();
    await event.waitFor();
    await closeToasts(page);
    await event.scrollIntoViewIfNeeded();
    const from = await event.boundingBox();
    const tuesday = await page.getByText(/^Tue \d+$/).boundingBox();
    const wednesday = await page.getByText(/^Wed \d+$/).boundingBox();
    if (!from || !tuesday || !wednesday) throw new Error('No boxes to drag between');
    const x = from.x + from.width / 2;
    const y = from.y + 8;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 2, y + 2);
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(x + ((wednesday.x - tuesday.x) * step) / 10, y);
    await page.mouse.up();
    const scope = page.getByRole('dialog', { name: 'Move the class' });
    await scope.getByText(/Move Evening Flow to Wed/).waitFor();
    await scope.getByRole('button', { name: 'Apply' }).click();
    await scope.waitFor({ state: 'hidden' });
    // By keyboard: the class is a link in the tab order and opens with Enter.
    await expect(event.evaluate((element) => (element as HTMLElement).tabIndex)).resolves.toBeGreaterThanOrEqual(0);
    await event.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/classes\/details\//);
    await page.getByText(new RegExp(`Wed, ${Number(addDays(date, 1).slice(8))} `)).waitFor();
    await page.getByText(/18:00–19:00/).waitFor();
    await context.close();
  }, 120_000);

  it('works at 360 px: calendar, Classes and the public class page, which asks a visitor to log in to book', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const setup = await setUp(page);
    const date = nextTuesday();
    const series = await post<{ id: string }>(page, '/api/fitness-sessions', {
      templateId: setup.templateId,
      studioId: setup.studioId,
      roomId: null,
      instructorId: setup.instructorId,
      schedule: { kind: 'once', date },
      startTime: '18:00',
      durationMinutes: 60,
    });
    expect(series.id).toBeTruthy();
    await page.goto(`/app/calendar?date=${date}&view=list`);
    const event = eventsOnCalendar(page).filter({ hasText: 'Evening Flow' });
    await event.first().waitFor();
    await closeToasts(page);
    await snap(page, 'schedule-calendar-list');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/app/classes');
    await page.getByRole('link', { name: /Evening Flow/ }).first().waitFor();
    await snap(page, 'schedule-classes');
    await expectNoHorizontalScroll(page);

    const href = await page.getByRole('link', { name: /Evening Flow/ }).first().getAttribute('href');
    const classInstanceId = href?.split('/').pop()?.split('?')[0] ?? '';
    const me = (await (await page.request.get('/api/me', { headers: await authHeaders(page) })).json()) as {
      data: { company: { slug: string } };
    };
    const visitor = await browser.newContext({ baseURL: page.url(), viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    const publicPage = await visitor.newPage();
    await publicPage.goto(new URL(`/${me.data.company.slug}/client/client/app/classes/details/${classInstanceId}`, page.url()).toString());
    await publicPage.getByRole('heading', { level: 1, name: 'Evening Flow' }).waitFor();
    await publicPage.getByRole('link', { name: 'Log in to book' }).waitFor();
    await snap(publicPage, 'schedule-public-class');
    await expectNoHorizontalScroll(publicPage);
    await expectNoSeriousA11yViolations(publicPage);
    // Back to the company's timetable (spec §2 /app/classes): seven days, each under its own heading.
    await publicPage.getByRole('link', { name: 'All classes' }).click();
    await publicPage.getByRole('heading', { level: 1, name: 'Classes' }).waitFor();
    await publicPage.getByRole('status').filter({ hasText: /class(es)? from .* to / }).waitFor();
    await expect(publicPage.getByRole('region').count()).resolves.toBe(7);
    await snap(publicPage, 'schedule-public-classes');
    await expectNoHorizontalScroll(publicPage);
    await expectNoSeriousA11yViolations(publicPage);
    await visitor.close();
    await context.close();
  });
});
