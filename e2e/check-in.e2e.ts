import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encode } from 'uqr';
import { checkInCode, checkInStepAt, checkInUrl } from '@kinetic/shared';
import { baseUrl, expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { api, newYorkAt, studioWithOnceClass, tokenOf } from './support/classes.ts';
import { expectNoHorizontalScroll, fillLogin, PASSWORD, signedInOwner, snap, type TestCompany } from './support/journeys.ts';

/**
 * Check-in at the door (issue 13 §1-§3, §6): the door screen shows a code, a client's phone opens it and
 * is checked in, the screen's count goes up; a code a minute old is refused; a visitor signs up at the
 * door, signs the waiver, books the place and is checked in.
 */
const browser = await launchBrowser();

interface Studio {
  company: TestCompany;
  token: string;
  studioId: string;
  classInstanceId: string;
  fitnessSessionId: string;
}

/** The owner, signed in, with a studio and one class starting in 20 minutes (check-in is open). */
async function studioWithClass(owner: Page, dropInPrice: number): Promise<Studio> {
  const company = await signedInOwner(owner);
  const token = await tokenOf(owner);
  const starts = newYorkAt(new Date(Date.now() + 20 * 60_000));
  const made = await studioWithOnceClass((path, body) => api<{ id: string }>(owner, 'post', path, token, body), {
    template: { dropInPrice },
    capacity: 3,
    dropInPrice,
    date: starts.date,
    startTime: starts.time,
    durationMinutes: 60,
  });
  const door = await api<{ classInstance: { classInstanceId: string } }>(
    owner,
    'get',
    `/api/check-in/door?studioId=${made.studioId}`,
    token,
  );
  return {
    company,
    token,
    studioId: made.studioId,
    classInstanceId: door.classInstance.classInstanceId,
    fitnessSessionId: made.fitnessSessionId,
  };
}

/** The address a code of `stepsAgo` steps ago opens, as the screen would have drawn it. */
async function codeAddress(owner: Page, setup: Studio, origin: string, stepsAgo: number, prefix?: string) {
  const door = await api<{ secret: string }>(owner, 'get', `/api/class-instances/${setup.classInstanceId}/door`, setup.token);
  const step = checkInStepAt(Date.now()) - stepsAgo;
  const code = await checkInCode(door.secret, setup.fitnessSessionId, setup.classInstanceId, step);
  const url = checkInUrl(origin, { company: setup.company.slug, roleId: 'client' }, setup.fitnessSessionId, setup.classInstanceId, code, step);
  return prefix ? url.replace(`/${setup.company.slug}/client/client/app/`, prefix) : url;
}

async function check(page: Page, shot: string): Promise<void> {
  await snap(page, shot);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
}

describe('check-in at the door (issue 13)', () => {
  it('the door screen shows a code; the client opens it on their phone and is checked in; the count goes up; an old code is refused', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser, { width: 1024, height: 768 });
    const setup = await studioWithClass(owner, 0);

    // Ava has an account and a place.
    const signup = await owner.request.post('/api/signup/client', {
      data: {
        company: setup.company.slug,
        roleId: 'client',
        name: 'Ava Adams',
        email: `ava-${setup.company.slug}@e2e.test`,
        phone: '',
        password: PASSWORD,
      },
    });
    expect(signup.status()).toBe(200);
    const avaToken = ((await signup.json()) as { data: { token: string } }).data.token;
    await api(owner, 'post', `/api/class-instances/${setup.classInstanceId}/bookings`, avaToken, {});

    // The owner opens the door screen from the keyboard: studio chosen, then the screen.
    await owner.goto('/app/check-in/door');
    await owner.getByRole('heading', { name: 'Door screen' }).waitFor();
    await check(owner, 'check-in-door-chooser');
    await owner.getByRole('combobox', { name: 'Studio' }).focus();
    for (let step = 0; step < 5; step += 1) {
      await owner.keyboard.press('Tab');
      if ((await owner.evaluate(() => document.activeElement?.textContent)) === 'Open the door screen') break;
    }
    expect(await owner.evaluate(() => document.activeElement?.textContent)).toBe('Open the door screen');
    await owner.keyboard.press('Enter');
    await owner.getByRole('heading', { level: 1, name: 'Evening Flow' }).waitFor();
    const counts = owner.getByTestId('door-counts');
    await expect.poll(() => counts.textContent()).toBe('Checked in 0 / booked 1');
    const qr = owner.getByRole('img', { name: /^Check-in code for Evening Flow/ });
    await qr.waitFor();
    await check(owner, 'check-in-door');

    // What the code says: read from the screen's drawing (the URL encodes to exactly that picture).
    const url = (await qr.getAttribute('data-code-url')) ?? '';
    expect(url).toMatch(new RegExp(`/${setup.company.slug}/client/client/app/check-in/${setup.fitnessSessionId}\\?i=${setup.classInstanceId}&c=[0-9a-f]{12}&t=\\d+$`));
    const drawn = await qr.locator('path').getAttribute('d');
    const rows = encode(url, { ecc: 'M', border: 4 }).data;
    let expected = '';
    rows.forEach((row, y) => row.forEach((dark, x) => (expected += dark ? `M${x} ${y}h1v1h-1z` : '')));
    expect(drawn).toBe(expected);

    // Ava, on her phone, opens the address the code holds, logs in from there and comes back checked in.
    const { page: ava, context: avaContext } = await newPage(browser, { width: 360, height: 740 });
    await ava.goto(url);
    await ava.getByRole('link', { name: 'Log in to check in' }).click();
    await ava.waitForURL((address) => address.pathname === `/${setup.company.slug}/client/login`);
    await fillLogin(ava, `ava-${setup.company.slug}@e2e.test`, PASSWORD);
    await ava.waitForURL(`**/${setup.company.slug}/client/client/app/checked-in/${setup.fitnessSessionId}`);
    await ava.getByRole('heading', { name: 'Ava Adams' }).waitFor();
    await ava.getByText('You are checked in to Evening Flow.').waitFor();
    await check(ava, 'check-in-checked-in');
    await ava.setViewportSize({ width: 1280, height: 800 });
    await check(ava, 'check-in-checked-in');

    // The door screen counts her within a few seconds.
    await expect.poll(() => counts.textContent(), { timeout: 10_000 }).toBe('Checked in 1 / booked 1');

    // The network drops: the screen says so and goes on making codes on its own.
    await ownerContext.setOffline(true);
    await owner.getByText('Offline: the code keeps working; the counts come back with the network.').waitFor();
    const before = await qr.getAttribute('data-code-url');
    await expect
      .poll(() => qr.getAttribute('data-code-url'), { timeout: 35_000, interval: 1000 })
      .not.toBe(before);
    await ownerContext.setOffline(false);
    await owner.getByText('Scan with your phone’s camera to check in.').waitFor();

    // A code photographed a minute ago (two steps old) is refused with a sentence.
    const old = await codeAddress(owner, setup, new URL(ava.url()).origin, 2);
    await ava.goto(old);
    await ava.getByRole('alert').filter({ hasText: 'This code has expired' }).waitFor();
    await snap(ava, 'check-in-expired');
    await owner.setViewportSize({ width: 360, height: 740 });
    await check(owner, 'check-in-door');
    await owner.setViewportSize({ width: 1280, height: 800 });
    await snap(owner, 'check-in-door');
    await avaContext.close();
    await ownerContext.close();
  });

  it('reloaded with the network down, the door screen comes back from the service worker with its class and codes', async () => {
    // The service worker is allowed here (newPage blocks it).
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1024, height: 768 },
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.231' },
    });
    const owner = await context.newPage();
    const setup = await studioWithClass(owner, 0);
    await owner.goto(`/app/check-in/door?classInstanceId=${setup.classInstanceId}`);
    const qr = owner.getByRole('img', { name: /^Check-in code for Evening Flow/ });
    await qr.waitFor();
    await owner.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() =>
        owner.evaluate(async () =>
          (await (await caches.open('kinetic-assets')).keys()).some((request) => request.url.includes('door-screen')),
        ),
      )
      .toBe(true);
    await context.setOffline(true);
    await owner.reload();
    await qr.waitFor();
    await owner.getByRole('heading', { level: 1, name: 'Evening Flow' }).waitFor();
    await owner.getByText('Offline: the code keeps working; the counts come back with the network.').waitFor();
    await context.close();
  });

  it('a visitor signs up at the door, signs the waiver, books a place (drop-in) and is checked in', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const setup = await studioWithClass(owner, 2000);
    await api(owner, 'put', '/api/waiver', setup.token, {
      title: 'Liability waiver',
      text: 'I take part in classes at my own risk.',
      terms: [{ label: 'I have told the instructor about any injury' }],
      askToSignAgain: true,
    });

    // The owner opens this class's door screen from its details page.
    await owner.goto(`/app/classes/details/${setup.classInstanceId}`);
    await owner.getByRole('link', { name: 'Open the door screen (check-in code)' }).click();
    const counts = owner.getByTestId('door-counts');
    await expect.poll(() => counts.textContent()).toBe('Checked in 0 / booked 0');

    // Under the `/{company}/{roleId}/` prefix this time.
    const { page: bob, context: bobContext } = await newPage(browser, { width: 360, height: 740 });
    const address = await codeAddress(owner, setup, new URL(owner.url()).origin, 0, `/${setup.company.slug}/client/`);
    await bob.goto(address);
    await bob.getByRole('button', { name: 'Create an account and check in' }).waitFor();
    await check(bob, 'check-in-visitor');
    await bob.setViewportSize({ width: 1280, height: 800 });
    await snap(bob, 'check-in-visitor');
    await bob.setViewportSize({ width: 360, height: 740 });
    await bob.getByRole('textbox', { name: 'Your email' }).fill(`bob-${setup.company.slug}@e2e.test`);
    await bob.keyboard.press('Enter');
    await bob.waitForURL(
      new RegExp(`/${setup.company.slug}/client/account-sign-up/${setup.fitnessSessionId}/${setup.classInstanceId}/[A-Za-z0-9_-]+$`),
    );
    await expect.poll(() => bob.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(`bob-${setup.company.slug}@e2e.test`);
    await bob.getByRole('textbox', { name: 'Your name' }).fill('Bob Brown');
    await bob.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await check(bob, 'check-in-sign-up');
    await bob.getByRole('button', { name: 'Create the account and continue' }).click();

    // Waiver first, on the spot.
    await bob.getByRole('heading', { name: 'Sign the studio’s waiver to check in' }).waitFor();
    await expect.poll(() => bob.evaluate(() => document.activeElement?.textContent)).toBe('Sign the studio’s waiver to check in');
    await bob.getByRole('checkbox', { name: 'I have told the instructor about any injury' }).check();
    await bob.getByRole('radio', { name: 'Type my name as my signature' }).check();
    await bob.getByRole('button', { name: 'Sign the waiver' }).click();

    // No place yet: one is offered, paid as a drop-in at the studio, booked from the keyboard.
    await bob.getByRole('heading', { name: 'You have no place in this class yet' }).waitFor();
    await bob.getByText('Drop-in: $20.00, paid at the studio.').waitFor();
    const book = bob.getByRole('button', { name: 'Book and check in' });
    await book.waitFor();
    await check(bob, 'check-in-book');
    await book.focus();
    await bob.keyboard.press('Enter');
    await bob.waitForURL(
      `**/${setup.company.slug}/client/account-checked-in/${setup.fitnessSessionId}/${setup.classInstanceId}`,
    );
    await bob.getByRole('heading', { name: 'Bob Brown' }).waitFor();
    await bob.getByText(/Welcome! Your place is yours and you are checked in to/).waitFor();
    await check(bob, 'check-in-account-checked-in');
    await bob.setViewportSize({ width: 1280, height: 800 });
    await check(bob, 'check-in-account-checked-in');

    await expect.poll(() => counts.textContent(), { timeout: 10_000 }).toBe('Checked in 1 / booked 1');
    await bobContext.close();
    await ownerContext.close();
  });
});
