import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from './support/browser.ts';
import { SESSION_SETTINGS_DEFAULTS } from '@kinetic/shared';
import { api, MORNING_MOBILITY, newYorkDate, send, studioWithOnceClass, tokenOf } from './support/classes.ts';
import { expectNoHorizontalScroll, findMail, signedInOwner, snap } from './support/journeys.ts';

/**
 * The "Place offered" email's links (issue 16) in Chromium: the page opens without a session and shows
 * the class and the hold; opening it changes nothing; the keyboard reaches Accept, and the place is
 * booked once; the link opened again says it was used. At 360 and 1280 px.
 */
const browser = await launchBrowser();

/** A studio with a one-place class whose place has just been offered to the waiting client: the links. */
async function heldPlace(owner: Page) {
  const company = await signedInOwner(owner);
  const made = await studioWithOnceClass((path, body) => send<{ id: string }>(owner, 'post', path, body), {
    template: MORNING_MOBILITY,
    capacity: 1,
    date: newYorkDate(2),
    startTime: '10:00',
    durationMinutes: 45,
  });
  const from = new Date().toISOString();
  const to = new Date(Date.now() + 4 * 86_400_000).toISOString();
  const classes = await api<{ items: { id: string; fitnessSessionId: string }[] }>(
    owner,
    'get',
    `/api/class-instances?from=${from}&to=${to}`,
    await tokenOf(owner),
  );
  const classId = classes.items.find((item) => item.fitnessSessionId === made.fitnessSessionId)?.id ?? '';
  await send(owner, 'put', '/api/settings/sessions', { ...SESSION_SETTINGS_DEFAULTS, waitlistMode: 'offer' });
  const client = async (name: string) => {
    const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@e2e.test`;
    const made = await send<{ id: string }>(owner, 'post', '/api/clients', {
      name: `${name} Waits`,
      email,
      phone: '',
    });
    return { id: made.id, email };
  };
  const [first, second] = [await client('Ana'), await client('Maya')];
  const book = (clientId: string) =>
    send<{ id: string; status: string }>(owner, 'post', `/api/class-instances/${classId}/bookings`, {
      clientId,
      overrideWaiver: true,
    });
  const place = await book(first.id);
  const waiting = await book(second.id);
  expect(waiting.status).toBe('waitlisted');
  await send(owner, 'post', `/api/bookings/${place.id}/cancel`, {});
  const accept = await findMail(
    second.email,
    (body) => {
      const link = /Accept the place: (\S+)/.exec(body)?.[1];
      return link ? new URL(link) : undefined;
    },
    // The worker sends one email per polling round (Ana's confirmation and the welcomes go first).
    60_000,
    `No offer email with an accept link for ${second.email}`,
  );
  return { company, bookingId: waiting.id, accept };
}

describe('a held place answered from the email', () => {
  for (const width of [360, 1280])
    it(`opens without a session, changes nothing until asked, and accepts once by keyboard at ${width} px`, async () => {
      const { page: owner, context: ownerContext } = await newPage(browser);
      const offer = await heldPlace(owner);
      expect(offer.accept.pathname).toBe(`/${offer.company.slug}/client/client/app/offer/${offer.bookingId}`);

      const { page, context } = await newPage(browser, { width });
      await page.goto(`${offer.accept.pathname}${offer.accept.search}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe('Maya, a place is held for you');
      await expect.poll(() => page.getByText(/It is held until/).count()).toBe(1);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await snap(page, 'waitlist-offer-open');
      const status = async () => {
        const booking = await api<{ status: string }>(
          owner,
          'get',
          `/api/bookings/${offer.bookingId}`,
          await tokenOf(owner),
        );
        return booking.status;
      };
      expect(await status()).toBe('offered');

      // Keyboard only: the email's link was Accept, so the page opens with focus on "Accept the place";
      // Enter answers.
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      await expect.poll(focused).toBe('Accept the place');
      await page.keyboard.press('Enter');
      await expect.poll(() => heading.textContent()).toBe('You’re booked');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? '')).toBe('H1');
      await expect.poll(() => page.getByText(/You accepted the place/).count()).toBe(1);
      expect(await status()).toBe('booked');
      await snap(page, 'waitlist-offer-accepted');

      // The same link again: answered, nothing offered.
      await page.reload();
      await expect.poll(() => heading.textContent()).toBe('This offer is answered');
      expect(await focused()).not.toBe('Accept the place');
      await expect
        .poll(() => page.getByText('This offer was already used: you accepted the place.').count())
        .toBe(1);
      expect(await page.getByRole('button', { name: 'Accept the place' }).count()).toBe(0);

      // A changed link finds nothing (the signature's first character changed: 'Z' when it was not one,
      // else 'A'; always 'Z' left a signature starting with Z unchanged, once in 64 runs).
      const forged = offer.accept.search.replace(
        /sig=(.)/,
        (_all, first: string) => `sig=${first === 'Z' ? 'A' : 'Z'}`,
      );
      expect(forged).not.toBe(offer.accept.search);
      await page.goto(`${offer.accept.pathname}${forged}`);
      await expect.poll(() => heading.textContent()).toBe('This link does not work');
      await snap(page, 'waitlist-offer-forged');
      await context.close();
      await ownerContext.close();
    }, 150_000);

  it('the email’s Decline link opens on “Decline it”, and declining says so', async () => {
    const { page: owner, context: ownerContext } = await newPage(browser);
    const offer = await heldPlace(owner);
    const decline = offer.accept.search.replace('choice=accept', 'choice=decline');
    expect(decline).toContain('choice=decline');
    const { page, context } = await newPage(browser, { width: 360 });
    await page.goto(`${offer.accept.pathname}${decline}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Maya, a place is held for you');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await expect.poll(focused).toBe('Decline it');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading.textContent()).toBe('You declined the place');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? '')).toBe('H1');
    expect(await page.getByRole('button', { name: 'Accept the place' }).count()).toBe(0);
    await snap(page, 'waitlist-offer-declined');
    await context.close();
    await ownerContext.close();
  }, 150_000);
});
