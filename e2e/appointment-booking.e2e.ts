import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { instructorBody, studioBody } from './support/classes.ts';
import {
  createCompany,
  expectNoHorizontalScroll,
  fillLogin,
  PASSWORD,
  signedInClient,
  snap,
  type TestCompany,
} from './support/journeys.ts';

/**
 * A client books a private session (issue 17 §3) in Chromium: type → anyone → the first free time →
 * Book, on a phone, then sees it in My bookings; a visitor who chooses a time signed out logs in and
 * comes back to the same choice. The studio, instructor, type and working hours are made through the API.
 */
const browser = await launchBrowser();

const EVERY_DAY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [{ start: '07:00', end: '21:00' }],
  ]),
);

/** A studio with two instructors who work every day 07:00–21:00 and offer a free 60-minute session. */
async function studioOfferingPrivateSessions(page: Page): Promise<TestCompany> {
  const company = await createCompany(page);
  const login = await page.request.post('/api/login', { data: { email: company.email, password: PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: 'post' | 'put', url: string, data: object) => {
    const response = await page.request[method](url, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };
  const studio = await call<{ id: string }>('post', '/api/studios', studioBody());
  const instructor = await call<{ id: string }>(
    'post',
    '/api/instructors',
    instructorBody('Ines Instructor'),
  );
  // A second instructor, so the client chooses one or "Anyone available" (one alone is chosen for them).
  const other = await call<{ id: string }>('post', '/api/instructors', instructorBody('Omar Other'));
  await call('post', '/api/appointment-types', {
    name: 'Personal Training',
    description: 'Strength and conditioning with a coach.',
    durationMinutes: 60,
    price: 0,
    instructorIds: [instructor.id, other.id],
    studioIds: [studio.id],
    maxAttendees: 1,
  });
  for (const person of [instructor, other])
    await call('put', `/api/availability/${person.id}/weekly`, {
      studios: [{ studioId: studio.id, hours: EVERY_DAY }],
    });
  return company;
}

const clientEmail = () => `client-${randomBytes(4).toString('hex')}@e2e.test`;

describe('booking a private session (issue 17 §3)', () => {
  it('a client on a 360 px phone books the first free time with anyone and sees it in My bookings', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const company = await studioOfferingPrivateSessions(page);
    await signedInClient(page, company.slug, 'Pat Phone', clientEmail());

    await page.getByRole('link', { name: 'Book a private session' }).click();
    await page.getByRole('heading', { level: 2, name: 'Choose a session' }).waitFor();
    await page.getByText('1 h · 1-to-1').waitFor();
    await page.getByText('Free', { exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'w3-types');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Choose Personal Training' }).click();
    const instructorHeading = page.getByRole('heading', { level: 2, name: 'Choose an instructor' });
    await instructorHeading.waitFor();
    // The new step's heading has the keyboard.
    await expect.poll(() => instructorHeading.evaluate((node) => node === document.activeElement)).toBe(true);
    await snap(page, 'w3-instructor');
    await page.getByRole('button', { name: /Anyone available/ }).click();

    await page.getByRole('heading', { level: 2, name: 'Choose a time' }).waitFor();
    const times = page.getByRole('group', { name: /^Free times on/ });
    await times.waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'w3-times');
    await expectNoSeriousA11yViolations(page);
    // By keyboard: the first free time, then Continue.
    const first = times.getByRole('radio').first();
    const time = (await times.locator('label').first().innerText()).trim().slice(0, 5);
    await first.focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: `Continue with ${time}` }).click();

    await page.getByRole('heading', { level: 2, name: 'Confirm your booking' }).waitFor();
    await page.getByText('Anyone available').waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'w3-confirm');
    await page.getByRole('button', { name: 'Book', exact: true }).click();

    await page.getByRole('heading', { level: 2, name: 'You’re booked' }).waitFor();
    await page.getByText('With Ines Instructor').waitFor();
    await page.getByText('At Midtown').waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'w3-booked');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'See My bookings' }).click();
    const upcoming = page.getByRole('region', { name: 'Coming up' });
    await upcoming.getByText('· Private session').waitFor();
    await upcoming.getByText(new RegExp(`${time}–`)).waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'w3-my-bookings');
    await expectNoSeriousA11yViolations(page);

    // Cancelled from My bookings (it has no class page), after asking; the time is free again.
    await upcoming.getByRole('button', { name: /^Cancel Personal Training/ }).click();
    await page.getByRole('dialog', { name: 'Cancel your private session?' }).waitFor();
    await snap(page, 'w3-cancel-dialog');
    await page.getByRole('button', { name: 'Cancel my booking' }).click();
    // Late or not depends on the hour the test runs (the default cancellation window); either is said.
    await page.getByText(/^Personal Training cancelled(\.|, late: it counts as used\.)$/).waitFor();
    await snap(page, 'w3-cancelled');
    await page.getByText('No classes booked. Choose one in the timetable.').waitFor();
    await context.close();
  });

  it('the widget’s schedule offers “Book a private session”, opening the booking page with the way back', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const company = await studioOfferingPrivateSessions(page);
    await page.goto(`/${company.slug}/widget`);
    await page.getByRole('link', { name: 'Book a private session' }).click();
    await page.getByRole('heading', { level: 2, name: 'Choose a session' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${company.slug}/client/client/app/appointments`);
    await page.getByRole('link', { name: 'Back to the schedule' }).click();
    await page.waitForURL((url) => url.pathname === `/${company.slug}/widget`);
    await page.getByRole('link', { name: 'Book a private session' }).waitFor();
    await context.close();
  });

  it('a visitor chooses a time signed out, logs in and comes back to the same choice (1280 px)', async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 900 });
    const company = await studioOfferingPrivateSessions(page);
    const email = clientEmail();
    const signup = await page.request.post('/api/signup/client', {
      data: {
        company: company.slug,
        roleId: 'client',
        name: 'Vic Visitor',
        email,
        phone: '',
        password: PASSWORD,
      },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    await page.context().clearCookies();

    await page.goto(`/${company.slug}/client/client/app/appointments`);
    await page.getByRole('button', { name: 'Choose Personal Training' }).click();
    await page.getByRole('button', { name: /Ines Instructor/ }).click();
    const times = page.getByRole('group', { name: /^Free times on/ });
    await times.waitFor();
    await snap(page, 'w3-times');
    await times.getByRole('radio').first().check();
    await page.getByRole('button', { name: /^Continue with/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Confirm your booking' }).waitFor();
    const chosen = new URL(page.url());
    await snap(page, 'w3-confirm-signed-out');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Log in to book' }).click();
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/login`);
    await fillLogin(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === chosen.pathname);
    expect(new URL(page.url()).search).toBe(chosen.search);
    await page.getByRole('heading', { level: 2, name: 'Confirm your booking' }).waitFor();
    await page.getByText('Ines Instructor').first().waitFor();
    await page.getByRole('button', { name: 'Book', exact: true }).waitFor();
    await snap(page, 'w3-confirm-signed-in');
    await context.close();
  });

  it('done means: a phone client books a free time, the owner sees it on the Appointment calendar, and two clients pressing Book for one time at once never both get it', async () => {
    const owner = await newPage(browser, { width: 1280, height: 900 });
    const company = await studioOfferingPrivateSessions(owner.page);
    const phone = await newPage(browser, { width: 360, height: 740 });
    const rival = await newPage(browser, { width: 360, height: 740 });
    await signedInClient(phone.page, company.slug, 'Robin Racer', clientEmail());
    await signedInClient(rival.page, company.slug, 'Riley Rival', clientEmail());

    // Both reach the confirmation of the same time: the phone client by the steps, the rival by the address.
    await phone.page.goto(`/${company.slug}/client/client/app/appointments`);
    await phone.page.getByRole('button', { name: 'Choose Personal Training' }).click();
    await phone.page.getByRole('button', { name: /Ines Instructor/ }).click();
    const times = phone.page.getByRole('group', { name: /^Free times on/ });
    await times.getByRole('radio').first().check();
    await phone.page.getByRole('button', { name: /^Continue with/ }).click();
    await phone.page.getByRole('heading', { level: 2, name: 'Confirm your booking' }).waitFor();
    const chosen = new URL(phone.page.url());
    await rival.page.goto(`${chosen.pathname}${chosen.search}`);
    await rival.page.getByRole('heading', { level: 2, name: 'Confirm your booking' }).waitFor();

    await Promise.all([
      phone.page.getByRole('button', { name: 'Book', exact: true }).click(),
      rival.page.getByRole('button', { name: 'Book', exact: true }).click(),
    ]);
    const booked = phone.page.getByRole('heading', { level: 2, name: 'You’re booked' });
    const rivalBooked = rival.page.getByRole('heading', { level: 2, name: 'You’re booked' });
    const backToTimes = (page: Page) => page.getByRole('heading', { level: 2, name: 'Choose a time' });
    await expect
      .poll(async () => [
        (await booked.isVisible()) || (await backToTimes(phone.page).isVisible()),
        (await rivalBooked.isVisible()) || (await backToTimes(rival.page).isVisible()),
      ])
      .toEqual([true, true]);
    const winners = [await booked.isVisible(), await rivalBooked.isVisible()];
    expect(winners.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = winners[0] ? [phone.page, rival.page] : [rival.page, phone.page];
    const winnerName = winners[0] ? 'Robin Racer' : 'Riley Rival';
    // The one who lost is told, back on the times, and that time is no longer offered.
    await loser
      .getByRole('alert')
      .filter({ hasText: /taken|not free/ })
      .waitFor();
    await snap(loser, 'w3-race-lost');
    await winner.getByText('With Ines Instructor').waitFor();

    // The owner opens the Appointment calendar on that day and sees the winner's session.
    // The session's day on the studio's clock (the company's zone: studioBody leaves it unset).
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: company.timeZone }).format(
      new Date(chosen.searchParams.get('start') ?? ''),
    );
    await owner.page.goto('/login');
    await fillLogin(owner.page, company.email, PASSWORD);
    await owner.page.waitForURL((url) => url.pathname.includes('/app'));
    await owner.page.goto(`/app/appointment?view=day&date=${date}`);
    await owner.page.getByRole('heading', { level: 1, name: 'Appointment' }).waitFor();
    await owner.page.getByText('Personal Training').first().waitFor();
    await owner.page.getByText(winnerName).first().waitFor();
    await snap(owner.page, 'done-owner-calendar');
    for (const opened of [owner, phone, rival]) await opened.context.close();
  });
});
