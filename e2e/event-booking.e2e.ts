import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { studioBody } from './support/classes.ts';
import {
  createCompany,
  expectNoHorizontalScroll,
  findMail,
  PASSWORD,
  snap,
  type TestCompany,
} from './support/journeys.ts';

/**
 * The public event-booking flow (issue 12 §2) in Chromium: a new visitor books a free event creating
 * their account inline; a paid event paid at the studio; a fully booked event's waitlist; cancelling by
 * the confirmation email's signed link, and a forged link refused with nothing cancelled. Studios,
 * events and other people's places are set up through the API.
 */
const browser = await launchBrowser();

interface Studio {
  company: TestCompany;
  api: APIRequestContext;
  headers: Record<string, string>;
  studioId: string;
}

async function call<T>(
  studio: Pick<Studio, 'api' | 'headers'>,
  method: 'get' | 'post',
  url: string,
  data?: object,
) {
  const response = await studio.api[method](url, { headers: studio.headers, ...(data ? { data } : {}) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** A studio (with an address in New York) whose owner is signed in through the API. */
async function studioWithOwner(page: Page): Promise<Studio> {
  const company = await createCompany(page);
  const login = await page.request.post('/api/login', { data: { email: company.email, password: PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const studio = await call<{ id: string }>({ api: page.request, headers }, 'post', '/api/studios', studioBody());
  return { company, api: page.request, headers, studioId: studio.id };
}

let slot = 0;
async function addEvent(studio: Studio, overrides: Record<string, unknown>) {
  slot += 1;
  const startsAt = new Date(Date.now() + (4 * 24 + slot * 3) * 3_600_000);
  startsAt.setUTCMinutes(0, 0, 0);
  return call<{ id: string; dates: { classInstanceId: string }[] }>(studio, 'post', '/api/events', {
    title: 'Event',
    category: 'CommunityEvents',
    description: 'Meet the team and try a class.',
    image: null,
    studioId: studio.studioId,
    address: null,
    capacity: 20,
    price: 0,
    facilitatorIds: [],
    packageIds: [],
    visibility: 'public',
    waitlist: true,
    dates: [{ startsAt: startsAt.toISOString(), durationMinutes: 90 }],
    ...overrides,
  });
}

const eventUrl = (studio: Studio, page: string, eventId: string) =>
  `/${studio.company.slug}/client/client/app/${page}/${eventId}`;

/** The cancel link in the booking confirmation the SMTP capture received for `to`. */
function cancelLinkFor(to: string, timeoutMs = 15_000): Promise<URL> {
  return findMail(
    to,
    (body) => {
      const link = /Cancel your place: (\S+)/.exec(body)?.[1];
      return link ? new URL(link) : undefined;
    },
    timeoutMs,
    `No booking confirmation with a cancel link for ${to}`,
  );
}

/** The place a client holds on an event date, as the studio's roster says it. */
async function rosterStatus(studio: Studio, classInstanceId: string, email: string) {
  const roster = await call<{ items: { clientEmail: string; status: string }[] }>(
    studio,
    'get',
    `/api/class-instances/${classInstanceId}/bookings`,
  );
  return roster.items.find((entry) => entry.clientEmail === email)?.status;
}

const visitorEmail = () => `visitor-${randomBytes(4).toString('hex')}@e2e.test`;

describe('public event booking (issue 12 §2)', () => {
  it('a new visitor books a free event, creating the account inline, gets the booked page with its .ics, and cancels by the email link', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const studio = await studioWithOwner(page);
    const event = await addEvent(studio, {
      title: 'Community Open Day',
      address: '5 Riverside Park, New York',
    });

    // The events list, by category, leads to the event page.
    await page.goto(`/${studio.company.slug}/client/client/app/events`);
    await page.getByRole('heading', { level: 2, name: 'Community Events' }).waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'events-public-list');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Community Open Day' }).click();
    await page.getByRole('heading', { level: 1, name: 'Community Open Day' }).waitFor();
    await page.getByText('5 Riverside Park, New York').waitFor();
    await page.getByText('Free', { exact: true }).waitFor();
    await page.getByText('20 places left').waitFor();
    await expectNoHorizontalScroll(page);
    await snap(page, 'event-page');
    await expectNoSeriousA11yViolations(page);

    // Book, by keyboard: the account step creates the account inline.
    await page.getByRole('button', { name: 'Book' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByRole('button', { name: 'Create the account and continue' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    const email = visitorEmail();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Vera Visitor');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.locator('input[type="password"]').fill('a-strong-pass-123');
    await snap(page, 'event-account');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Create the account and continue' }).click();

    // Free: no packages or payment step; straight to the booked page.
    await page.getByRole('heading', { level: 1, name: 'You are booked' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe(eventUrl(studio, 'event/booked-event', event.id));
    // The keyboard starts at the new page's main region, not on <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    const ics = page.getByRole('link', { name: 'Add to calendar (.ics)' });
    const href = (await ics.getAttribute('href')) ?? '';
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await file.text()).toContain('SUMMARY:Community Open Day');
    await expectNoHorizontalScroll(page);
    await snap(page, 'event-booked');
    await expectNoSeriousA11yViolations(page);
    expect(await rosterStatus(studio, event.dates[0]?.classInstanceId ?? '', email)).toBe('booked');

    // The confirmation email's link cancels without logging in (a fresh browser, no session).
    const link = await cancelLinkFor(email);
    expect(link.pathname).toBe(
      `/${studio.company.slug}/client/client/app/user/event/cancel-event/${event.id}/${link.pathname.split('/').pop()}`,
    );
    const stranger = await newPage(browser);
    await stranger.page.goto(`${link.pathname}${link.search}`);
    await stranger.page.getByRole('heading', { level: 1, name: 'Cancel your place' }).waitFor();
    await stranger.page.getByText('Before you cancel').waitFor();
    await snap(stranger.page, 'event-cancel-link');
    await expectNoSeriousA11yViolations(stranger.page);
    await stranger.page.getByRole('button', { name: 'Cancel my place' }).click();
    await stranger.page.getByRole('heading', { level: 1, name: 'Your place is cancelled' }).waitFor();
    await expect
      .poll(() => stranger.page.evaluate(() => document.activeElement?.textContent))
      .toBe('Your place is cancelled');
    expect(await rosterStatus(studio, event.dates[0]?.classInstanceId ?? '', email)).toBe('cancelled');
    await stranger.context.close();
    await context.close();
  });

  it('a client logs in on the account step and books a paid event, paying at the studio; a forged cancel link is refused', async () => {
    const { page, context } = await newPage(browser);
    const studio = await studioWithOwner(page);
    const event = await addEvent(studio, {
      title: 'Pottery Workshop',
      category: 'ArtsAndCulture',
      price: 2500,
    });
    const email = visitorEmail();
    const signup = await page.request.post('/api/signup/client', {
      data: {
        company: studio.company.slug,
        roleId: 'client',
        name: 'Paul Payer',
        email,
        phone: '',
        password: 'a-strong-pass-123',
      },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    await context.clearCookies();

    await page.goto(eventUrl(studio, 'event/book-event', event.id));
    await page.getByText('$25.00').waitFor();
    await page.getByRole('button', { name: 'Book' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByRole('radio', { name: 'I have an account' }).check();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.locator('input[type="password"]').fill('a-strong-pass-123');
    await page.getByRole('button', { name: 'Log in and continue' }).click();

    // No packages accepted: straight to payment; the studio takes no cards online, so at the studio.
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    await page.getByRole('radio', { name: 'Pay $25.00 at the studio' }).waitFor();
    await snap(page, 'event-payment');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Book, pay at the studio' }).click();
    await page.getByRole('heading', { level: 1, name: 'You are booked' }).waitFor();
    await page.getByText('$25.00, to pay at the studio').waitFor();

    // A forged link (the right ids, a made-up signature): refused, nothing cancelled.
    const real = await cancelLinkFor(email);
    const forged = new URL(real.toString());
    forged.searchParams.set('sig', 'A'.repeat(43));
    const stranger = await newPage(browser);
    await stranger.page.goto(`${forged.pathname}${forged.search}`);
    await stranger.page
      .getByRole('heading', { level: 1, name: 'This cancellation link does not work' })
      .waitFor();
    await stranger.page.getByText(/not valid/).waitFor();
    expect(await stranger.page.getByRole('button', { name: 'Cancel my place' }).count()).toBe(0);
    const posted = await stranger.page.request.post(
      `/api/public/${studio.company.slug}/events/${event.id}/users/${forged.pathname.split('/').pop()}/cancel${forged.search}`,
    );
    expect(posted.status()).toBe(403);
    expect(await rosterStatus(studio, event.dates[0]?.classInstanceId ?? '', email)).toBe('booked');
    await stranger.context.close();

    // The signed-in client cancels from the event's cancel page, told the rule first.
    await page.getByRole('link', { name: 'Cancel my place' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cancel my place' }).waitFor();
    await page.getByText('Before you cancel').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Cancel my place' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your place is cancelled.' }).waitFor();
    expect(await rosterStatus(studio, event.dates[0]?.classInstanceId ?? '', email)).toBe('cancelled');
    await context.close();
  });

  it('a fully booked event offers its waitlist, and the client sees their place in line', async () => {
    const { page, context } = await newPage(browser, { width: 360, height: 740 });
    const studio = await studioWithOwner(page);
    const event = await addEvent(studio, {
      title: 'Park Bootcamp',
      category: 'FitnessAndWellness',
      capacity: 1,
    });
    const first = await call<{ id: string }>(studio, 'post', '/api/clients', {
      name: 'Fay First',
      email: visitorEmail(),
    });
    await call(studio, 'post', `/api/class-instances/${event.dates[0]?.classInstanceId ?? ''}/bookings`, {
      clientId: first.id,
    });

    await page.goto(eventUrl(studio, 'event/book-event', event.id));
    await page.getByText('Fully booked', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Fully booked: join the waitlist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fully booked' }).waitFor();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    // Not signed in: the account step first, then back here.
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Wanda Waiter');
    await page.getByRole('textbox', { name: 'Email' }).fill(visitorEmail());
    await page.locator('input[type="password"]').fill('a-strong-pass-123');
    await page.getByRole('button', { name: 'Create the account and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fully booked' }).waitFor();
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText('You are number 1 on the waitlist').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^You are number 1 on the waitlist/);
    await expectNoHorizontalScroll(page);
    await snap(page, 'event-fully-booked');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
