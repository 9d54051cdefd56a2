import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { baseUrl, expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { classTomorrow, MORNING_MOBILITY, newYorkDate, send, templateBody } from './support/classes.ts';
import { createCompany, fillLogin, PASSWORD, signedInOwner, snap } from './support/journeys.ts';

const browser = await launchBrowser();

/** A studio's own website on a second origin (`localhost`, the app is on `127.0.0.1`): one page with the snippet. */
async function studioSite(slug: string): Promise<{ origin: string; server: Server }> {
  const kinetic = baseUrl();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sunrise Yoga</title><style>body{font-family:sans-serif;margin:0 auto;max-width:900px;padding:16px}</style></head>
<body><h1>Sunrise Yoga</h1><p>Book your next class below.</p>
<script src="${kinetic}/embed.js" data-company="${slug}"></script>
<footer><p id="footer">Sunrise Yoga, 10 Main St</p></footer></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { origin: `http://localhost:${port}`, server };
}

/** Presses Tab (at most 40 times) until `target`, inside the widget, has the keyboard. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement && element.matches(':focus-visible'))) return;
  }
  throw new Error('Tab never reached the class inside the widget');
}

/** A free public event at the studio, the day after tomorrow at 18:00 New York time; answers its id. */
async function eventAfterTomorrow(owner: Page, studioId: string): Promise<string> {
  const date = newYorkDate(2);
  // 18:00 in New York is 23:00 UTC in winter and 22:00 in summer: the zone's offset that day.
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')
    ?.value.replace('GMT', '');
  const event = await send<{ id: string }>(owner, 'post', '/api/events', {
    title: 'Studio Open Day',
    category: 'CommunityEvents',
    description: 'Meet the team and try a class.',
    image: null,
    studioId,
    address: null,
    capacity: 30,
    price: 0,
    facilitatorIds: [],
    packageIds: [],
    visibility: 'public',
    waitlist: true,
    dates: [{ startsAt: `${date}T18:00:00${offset || '-05:00'}`, durationMinutes: 90 }],
  });
  return event.id;
}

/** A solo instructor's class tomorrow at 10:00 in their one studio (made with the company); its id and the studio's. */
async function soloClassTomorrow(owner: Page): Promise<{ classId: string; studioId: string }> {
  const token = (await owner.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const headers = { authorization: `Bearer ${token}` };
  const studios = await owner.request.get('/api/studios', { headers });
  const studioId = ((await studios.json()) as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
  const template = await send<{ id: string }>(owner, 'post', '/api/class-templates', templateBody(MORNING_MOBILITY));
  const instructors = await owner.request.get('/api/instructors', { headers });
  const instructorId = ((await instructors.json()) as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
  const date = newYorkDate(1);
  await send(owner, 'post', '/api/fitness-sessions', {
    templateId: template.id,
    studioId,
    roomId: null,
    instructorId,
    capacity: 12,
    schedule: { kind: 'once', date },
    startTime: '10:00',
    durationMinutes: 45,
  });
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const list = await owner.request.get(`/api/class-instances?from=${from}&to=${to}`, { headers });
  const classId = ((await list.json()) as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
  return { classId, studioId };
}

const frameHeight = (iframe: Locator) => iframe.evaluate((element) => element.getBoundingClientRect().height);

/** The iframe is as tall as the widget's content: nothing scrolls inside it (within a pixel). */
async function expectFitsContent(page: Page, iframe: Locator, widget: FrameLocator): Promise<void> {
  await page.waitForTimeout(300);
  const outer = await frameHeight(iframe);
  const inner = await widget.locator('html').evaluate((element) => element.scrollHeight);
  expect(Math.abs(outer - inner)).toBeLessThanOrEqual(1);
}

describe('the booking widget embedded on a studio site (issue 12 §3-§4)', () => {
  it('a new client signs up and books a class inside the iframe on another origin, and the iframe grows with its content', async () => {
    const { page: owner } = await newPage(browser);
    const company = await signedInOwner(owner);
    const { studioId } = await classTomorrow(owner);
    const eventId = await eventAfterTomorrow(owner, studioId);
    const site = await studioSite(company.slug);
    await send(owner, 'put', '/api/settings/embed', { embedOrigins: [site.origin] });

    for (const width of [360, 1280]) {
      const { page } = await newPage(browser, { width, height: 740 });
      await page.goto(`${site.origin}/`);
      const iframe = page.locator('iframe[title="Book a class"]');
      const widget = page.frameLocator('iframe[title="Book a class"]');
      // The schedule, inside the studio's page, sized to its content and the page's width.
      await widget.getByRole('heading', { level: 1, name: 'Book a class' }).waitFor();
      const classLink = widget.getByRole('link', { name: /Morning Mobility/ }).first();
      await classLink.waitFor();
      // Classes and events, day by day: a heading per day, a list under each; the event opens its own
      // page (the client group's event booking) inside the frame.
      const eventLink = widget.getByRole('link', { name: /Studio Open Day/ });
      await eventLink.waitFor();
      expect(await eventLink.getAttribute('href')).toMatch(
        new RegExp(`^/${company.slug}/client/client/app/event/book-event/${eventId}\\?next=`),
      );
      expect(await widget.getByRole('heading', { level: 2 }).count()).toBe(2);
      expect(await widget.getByRole('list').count()).toBe(2);
      await expectFitsContent(page, iframe, widget);
      const scheduleHeight = await frameHeight(iframe);
      const frameWidth = await iframe.evaluate((element) => element.getBoundingClientRect().width);
      // As wide as the studio's own content column (the page's width on a phone, 900 px on a desktop).
      const columnWidth = await page.locator('#footer').evaluate((element) => element.getBoundingClientRect().width);
      expect(Math.abs(frameWidth - columnWidth)).toBeLessThanOrEqual(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expect(page.getByRole('link', { name: 'Open the booking page' }).isVisible()).resolves.toBe(false);
      await snap(page, 'widget-host-schedule');
      if (width === 1280) break; // the booking is made once, on the phone

      // By keyboard from the studio's page: Tab reaches the class inside the widget, with a visible ring,
      // and Enter opens it inside the widget: the studio's page stays where it is.
      await tabTo(page, classLink);
      // The ring goes round the class's line (the whole line is the link, at least 44 px high).
      const ring = await classLink.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(ring).not.toBe('none');
      expect((await classLink.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await page.keyboard.press('Enter');
      await widget.getByRole('heading', { level: 1, name: 'Morning Mobility' }).waitFor();
      expect(page.url()).toBe(`${site.origin}/`);
      await widget.getByRole('link', { name: 'Sign up' }).click();
      await widget.getByRole('textbox', { name: 'Your name' }).fill('Wanda Widget');
      await widget.getByRole('textbox', { name: 'Email' }).fill(`wanda-${company.slug}@e2e.test`);
      await widget.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await widget.getByRole('button', { name: 'Create the account' }).click();

      await widget.getByRole('button', { name: 'Skip for now' }).click();
      // Back on the class, signed in, inside the widget.
      await widget.getByRole('heading', { level: 1, name: 'Morning Mobility' }).waitFor();
      const book = widget.getByRole('button', { name: /^Book/ });
      await book.click();
      await widget.getByText('You’re booked (free class).').waitFor();
      expect(page.url()).toBe(`${site.origin}/`);
      await expectFitsContent(page, iframe, widget);
      await snap(page, 'widget-host-booked');

      // Packages open inside the widget too (the client area may be framed by the listed site).
      await widget.getByRole('link', { name: 'Buy a class pack' }).click();
      await widget.getByRole('heading', { level: 1, name: 'Packages' }).waitFor();
      expect(page.url()).toBe(`${site.origin}/`);
      await expectFitsContent(page, iframe, widget);
      // The browser's Back (the frame's history is the tab's) returns to the class.
      await page.evaluate(() => history.back());
      await widget.getByRole('heading', { level: 1, name: 'Morning Mobility' }).waitFor();

      // Back to the schedule: the iframe follows the content's height both ways.
      await widget.getByRole('link', { name: 'All classes' }).click();
      await widget.getByRole('heading', { level: 1, name: 'Book a class' }).waitFor();
      await expectFitsContent(page, iframe, widget);
      expect(scheduleHeight).toBeGreaterThan(480);
      await expectNoSeriousA11yViolations(page);

      // The event opens its page inside the frame, on the studio's site.
      await widget.getByRole('link', { name: /Studio Open Day/ }).click();
      await widget.getByRole('heading', { level: 1, name: 'Studio Open Day' }).waitFor();
      expect(page.url()).toBe(`${site.origin}/`);
    }
  });

  it('the widget is a small page of its own, which the service worker leaves to the server', async () => {
    const { page: owner } = await newPage(browser);
    const company = await createCompany(owner);
    // A visitor whose browser runs the app's service worker (it answers the app's addresses with index.html).
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const schedule = await page.goto(`/${company.slug}/widget`);
    await page.getByRole('heading', { level: 1, name: 'Book a class' }).waitFor();
    // From the server with the company's frame-ancestors, not the worker's copy of the app's page (which
    // carries no header at all); so is the widget's class page.
    expect(schedule?.fromServiceWorker()).toBe(false);
    expect(schedule?.headers()['content-security-policy']).toContain('frame-ancestors');
    // The widget's own entry, not the app's: no Mantine, router or app chunk, and it registers no worker.
    expect(scripts.some((file) => /\/assets\/widget-[\w-]+\.js$/.test(file))).toBe(true);
    expect(scripts.filter((file) => /\/assets\/(app|client-login|client-calendar|admin-[\w]+)-/.test(file))).toEqual([]);
    expect(scripts).not.toContain('/registerSW.js');
    await snap(page, 'widget-own-page');
    await expectNoSeriousA11yViolations(page);

    // The weeks by keyboard: "Later" shows the next seven days; "Earlier" back to this week is then
    // disabled, and the keyboard is on "Later" rather than lost.
    const later = page.getByRole('button', { name: 'Later' });
    const earlier = page.getByRole('button', { name: 'Earlier' });
    expect(await earlier.isDisabled()).toBe(true);
    await later.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('from'));
    expect(await earlier.isDisabled()).toBe(false);
    await earlier.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('from'));
    expect(await earlier.isDisabled()).toBe(true);
    expect(await later.evaluate((element) => element === document.activeElement)).toBe(true);

    const classPage = await page.goto(`/${company.slug}/widget/classes/details/0123456789abcdef01234567`);
    expect(classPage?.fromServiceWorker()).toBe(false);
    expect(classPage?.headers()['content-security-policy']).toContain('frame-ancestors');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.close();
  });

  it("a studio's widget logs in and signs up at that studio (/{company}/{widgetStudioId}/{roleId}/login) and comes back into it", async () => {
    const { page: owner } = await newPage(browser);
    const company = await signedInOwner(owner);
    const { studioId } = await classTomorrow(owner);
    const studioWidget = `/${company.slug}/widget/${studioId}`;

    const { page } = await newPage(browser, { width: 360, height: 740 });
    await page.goto(studioWidget);
    await page.getByRole('heading', { level: 1, name: 'Book at Midtown' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === `/${company.slug}/${studioId}/client/login`);
    expect(new URL(page.url()).searchParams.get('next')).toBe(studioWidget);
    await snap(page, 'widget-studio-login');
    // New here: the studio's own sign-up (it becomes the client's home studio), still on the way back.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === `/${company.slug}/client/client/${studioId}/client-signup`);
    const email = `sam-${company.slug}@e2e.test`;
    await page.getByRole('textbox', { name: 'Your name' }).fill('Sam Studio');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((url) => url.pathname === studioWidget);
    await page.getByRole('heading', { level: 1, name: 'Book at Midtown' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);

    // The same client later, on another device, straight to the studio's login: back into that studio's widget.
    const { page: later } = await newPage(browser, { width: 1280, height: 800 });
    await later.goto(`/${company.slug}/${studioId}/client/login`);
    await fillLogin(later, email, PASSWORD);
    await later.waitForURL((url) => url.pathname === studioWidget);
    await later.getByRole('heading', { level: 1, name: 'Book at Midtown' }).waitFor();
    await snap(later, 'widget-studio-signed-in');
    // Another company's studio (or none): the widget says so and shows the company's whole schedule.
    const { page: stranger } = await newPage(browser, { width: 360, height: 740 });
    await stranger.goto(`/${company.slug}/widget/0123456789abcdef01234567`);
    await stranger.getByRole('alert').filter({ hasText: 'Showing every studio’s classes.' }).waitFor();
    await stranger.getByRole('link', { name: /Morning Mobility/ }).waitFor();

    // Not a studio id, or not a client role: not a page (for a visitor; a signed-in client is sent on).
    const { page: visitor } = await newPage(browser, { width: 360, height: 740 });
    for (const address of [`/${company.slug}/not-a-studio/client/login`, `/${company.slug}/${studioId}/admin/login`]) {
      await visitor.goto(address);
      await visitor.getByText(/We can.t seem to find the page you.re looking for/).waitFor({ timeout: 10_000 });
    }
  });

  it("a solo instructor's widget sends its visitors to the solo-client group, not the client group", async () => {
    const { page: owner } = await newPage(browser);
    const company = await createCompany(owner, 'solo');
    await owner.goto(`/${company.slug}/solo-instructor/login`);
    await fillLogin(owner, company.email, PASSWORD);
    await owner.waitForURL((url) => url.pathname.includes('/app'));
    const { classId, studioId } = await soloClassTomorrow(owner);
    const eventId = await eventAfterTomorrow(owner, studioId);

    const { page } = await newPage(browser, { width: 360, height: 740 });
    await page.goto(`/${company.slug}/widget`);
    const classLink = page.getByRole('link', { name: /Morning Mobility/ });
    await classLink.waitFor();
    const group = `/${company.slug}/solo-client/client/app`;
    // The links take the solo group once the company's kind is read: poll rather than read once.
    await expect.poll(() => classLink.getAttribute('href')).toBe(`${group}/classes/details/${classId}`);
    expect(await page.getByRole('link', { name: /Studio Open Day/ }).getAttribute('href')).toBe(
      `${group}/event/book-event/${eventId}?next=%2F${company.slug}%2Fwidget`,
    );
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `${group}/login?next=%2F${company.slug}%2Fwidget`,
    );
    // The class opens in the solo-client group, where its log in and sign-up are the solo client's.
    await classLink.click();
    await page.getByRole('heading', { level: 1, name: 'Morning Mobility' }).waitFor();
    const signup = await page.getByRole('link', { name: 'Sign up' }).getAttribute('href');
    expect(signup).toMatch(new RegExp(`^/${company.slug}/solo-client/client/client-signup`));
  });

  it('a site the studio did not list cannot frame the widget, and its visitors get the link to the booking page', async () => {
    const { page: owner } = await newPage(browser);
    const company = await createCompany(owner);
    const site = await studioSite(company.slug);
    const { page } = await newPage(browser, { width: 360, height: 740 });
    await page.goto(`${site.origin}/`);
    const fallback = page.getByRole('link', { name: 'Open the booking page' });
    // The widget never speaks (the browser refused the frame): the link appears (the script waits 15 s).
    await fallback.waitFor({ timeout: 20_000 });
    expect(await fallback.getAttribute('href')).toBe(`${baseUrl()}/${company.slug}/widget`);
    expect(await fallback.getAttribute('target')).toBe('_blank');
  });
});
