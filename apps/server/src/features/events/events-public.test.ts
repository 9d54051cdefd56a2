import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { minutesFromNow } from '../../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';

/**
 * The public event-booking flow's endpoints (issue 12 §2) on the real database: the event page, the
 * client's place, Stripe Checkout for the price (a local stand-in for Stripe), the calendar file and
 * the signed cancel link of the confirmation email — forged or altered links cancel nothing.
 */
const stripe = await startStripeStandIn();
const { app, db } = await createTestApp({
  config: { PAYMENTS_SECRET: 'a-long-payments-secret-for-the-test-suite-only', STRIPE_API_URL: stripe.url },
});
type Headers = Record<string, string>;
const KEYS = {
  publishableKey: 'pk_test_51Kinetic0000publishable',
  secretKey: 'sk_test_51Kinetic0000secret1234',
  webhookSecret: 'whsec_kineticTestSigningSecret',
};
const sdk = new Stripe('sk_test_unused');

const call = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let hour = 0;
const nextDate = () => {
  hour += 3;
  return { startsAt: minutesFromNow(3 * 24 * 60 + hour * 60), durationMinutes: 90 };
};

async function createEvent(ready: ReadyStudio, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/events', ready.headers, {
    title: 'Sunrise Yoga in the Park',
    category: 'FitnessAndWellness',
    description: 'Bring a mat.',
    image: null,
    studioId: ready.studioId,
    address: '5 Riverside Park, New York',
    capacity: 10,
    price: 0,
    facilitatorIds: [],
    packageIds: [],
    visibility: 'unlisted',
    waitlist: true,
    dates: [nextDate()],
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`event not created: ${response.body}`);
  return response.json().data as { id: string; dates: { classInstanceId: string }[] };
}

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return {
    headers: bearer(signed.session.token),
    id: signed.session.user._id as string,
    email: signed.email,
  };
}

const book = (classInstanceId: string, headers: Headers, payload: object = {}) =>
  call('POST', `/api/class-instances/${classInstanceId}/bookings`, headers, payload);

/** The cancel link of the last booking confirmation sent to `email`. */
async function cancelLinkIn(email: string) {
  const { rows } = await db.pool.query<{ text: string; html: string }>(
    `select text, html from email_outbox where "to" = $1 and subject like 'Booked:%' order by created_at desc, id desc limit 1`,
    [email],
  );
  const text = rows[0]?.text ?? '';
  const match = /Cancel your place: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no cancel link in: ${text}`);
  const url = new URL(match[1]);
  return { url, text, html: rows[0]?.html ?? '' };
}

/** The API call behind a cancel link's page. */
function apiOf(link: URL, slug: string) {
  const [, , , , , , , , eventId, userId] = link.pathname.split('/');
  return `/api/public/${slug}/events/${eventId}/users/${userId}/cancel${link.search}`;
}

const statusOf = async (bookingId: string, headers: Headers) =>
  (await call('GET', `/api/bookings/${bookingId}`, headers)).json().data.status as string;

describe('event page', () => {
  it('answers the event with its outside address, state and ways to pay; unlisted by id', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready, { dates: [nextDate(), nextDate()] });
    const page = await call('GET', `/api/public/${ready.slug}/events/${event.id}/page`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      title: 'Sunrise Yoga in the Park',
      state: 'open',
      place: '5 Riverside Park, New York',
      acceptsPackages: false,
      payOnline: false,
      price: 0,
    });
    expect(page.json().data.dates).toHaveLength(2);
    expect(page.json().data.dateId).toBeNull();
    // One of its dates' ids (spec §4's stored class-instance id) leads to the event, with that date.
    const second = event.dates[1]?.classInstanceId ?? '';
    const byDate = await call('GET', `/api/public/${ready.slug}/events/${second}/page`);
    expect(byDate.statusCode, byDate.body).toBe(200);
    expect(byDate.json().data).toMatchObject({ id: event.id, dateId: second });
  });

  it('says a cancelled event is cancelled; unknown company, another company’s event and bad ids are refused', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const event = await createEvent(ready);
    const cancelled = await call('POST', `/api/events/${event.id}/cancel`, ready.headers, { reason: null });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const page = await call('GET', `/api/public/${ready.slug}/events/${event.id}/page`);
    expect(page.json().data).toMatchObject({ state: 'cancelled', dates: [] });

    expect((await call('GET', `/api/public/${other.slug}/events/${event.id}/page`)).statusCode).toBe(404);
    expect((await call('GET', `/api/public/no-such-studio-here/events/${event.id}/page`)).statusCode).toBe(
      404,
    );
    const bad = await call('GET', `/api/public/${ready.slug}/events/not-an-id/page`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('eventId');
  });
});

describe('the client’s place and its calendar file', () => {
  it('needs a client session, hides another company’s event, and answers the place with a signed .ics', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const event = await createEvent(ready);
    const client = await clientOf(ready);
    const stranger = await clientOf(other);
    const path = `/api/public/${ready.slug}/events/${event.id}/my-booking`;

    expect((await call('GET', path)).statusCode).toBe(401);
    expect((await call('GET', path, stranger.headers)).statusCode).toBe(404);
    expect((await call('GET', path, ready.headers)).statusCode).toBe(403);
    expect((await call('GET', path, client.headers)).json().data).toEqual({
      booking: null,
      cancellationRule: null,
      calendarUrl: null,
    });

    const booked = await book(event.dates[0]?.classInstanceId ?? '', client.headers);
    expect(booked.statusCode, booked.body).toBe(200);
    const mine = (await call('GET', path, client.headers)).json().data;
    expect(mine.booking).toMatchObject({ status: 'booked', payment: { packageName: null, dropIn: null } });
    expect(mine.cancellationRule).toMatch(/cancel/i);
    const ics = await call('GET', mine.calendarUrl);
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('SUMMARY:Sunrise Yoga in the Park');
    expect(ics.body).toContain('LOCATION:5 Riverside Park\\, New York');
    // The same entry, at the same version, as the confirmation email's file: once the event date moves,
    // the file says so with a higher SEQUENCE, so a calendar that holds the old one takes it.
    const sequenceOf = (body: string) => Number(/^SEQUENCE:(\d+)/m.exec(body)?.[1]);
    const before = sequenceOf(ics.body);
    expect(before).toBeGreaterThan(0);
    await db.pool.query(
      "update class_instances set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour' where id = $1",
      [event.dates[0]?.classInstanceId],
    );
    expect(sequenceOf((await call('GET', mine.calendarUrl)).body)).toBe(before + 1);

    // The same link for another booking id, or another client, is refused.
    const forged = String(mine.calendarUrl).replace(/booking=[0-9a-f]+/, `booking=${'a'.repeat(24)}`);
    expect((await call('GET', forged)).statusCode).toBe(403);
    const otherUser = String(mine.calendarUrl).replace(`/users/${client.id}/`, `/users/${stranger.id}/`);
    expect((await call('GET', otherUser)).statusCode).toBe(404);
  });
});

describe('the confirmation email’s signed cancel link', () => {
  it('names the event’s own address, cancels the place without a session, and only once', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready);
    const client = await clientOf(ready);
    const booked = await book(event.dates[0]?.classInstanceId ?? '', client.headers);
    const bookingId = booked.json().data.id as string;

    const { url, text, html } = await cancelLinkIn(client.email);
    expect(text).toContain('Where: 5 Riverside Park, New York.');
    expect(html).toContain('Cancel your place</a>');
    // An event is called an event, not a class.
    expect(text).toContain('This event is free.');
    expect(html).toContain('>Open the event</a>');
    expect(text).not.toMatch(/\bclass\b/i);
    const { rows: files } = await db.pool.query<{ name: string }>(
      `select a->>'filename' as name from email_outbox, jsonb_array_elements(attachments) a
       where "to" = $1 and subject like 'Booked:%'`,
      [client.email],
    );
    expect(files.map((file) => file.name)).toEqual(['event.ics']);
    expect(url.pathname).toBe(
      `/${ready.slug}/client/client/app/user/event/cancel-event/${event.id}/${client.id}`,
    );
    expect(url.searchParams.get('booking')).toBe(bookingId);

    const info = await call('GET', apiOf(url, ready.slug));
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({
      eventTitle: 'Sunrise Yoga in the Park',
      status: 'booked',
      cancellable: true,
      place: '5 Riverside Park, New York',
    });
    const done = await call('POST', apiOf(url, ready.slug));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('cancelled');
    expect(await statusOf(bookingId, client.headers)).toBe('cancelled');
    const again = await call('POST', apiOf(url, ready.slug));
    expect(again.statusCode).toBe(409);
  });

  it('refuses a forged or altered link and cancels nothing; another company’s ids are not found', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const event = await createEvent(ready);
    const victim = await clientOf(ready);
    const attacker = await clientOf(ready);
    const outsider = await clientOf(other);
    const victimBooking = (await book(event.dates[0]?.classInstanceId ?? '', victim.headers)).json().data
      .id as string;
    await book(event.dates[0]?.classInstanceId ?? '', attacker.headers);
    const { url: own } = await cancelLinkIn(attacker.email);
    const base = `/api/public/${ready.slug}/events/${event.id}/users`;
    const sig = own.searchParams.get('sig') ?? '';

    // The attacker's own signature with the victim's ids: refused, nothing cancelled.
    for (const forged of [
      `${base}/${victim.id}/cancel?booking=${victimBooking}&sig=${sig}`,
      `${base}/${victim.id}/cancel?booking=${victimBooking}&sig=${'A'.repeat(43)}`,
      `${base}/${attacker.id}/cancel?booking=${victimBooking}&sig=${sig}`,
    ]) {
      const refused = await call('POST', forged);
      expect(refused.statusCode, forged).toBe(403);
      expect(refused.json().message).toMatch(/not valid/);
    }
    expect(await statusOf(victimBooking, victim.headers)).toBe('booked');

    const missing = await call('POST', `${base}/${victim.id}/cancel?booking=${victimBooking}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('sig');
    const malformed = await call('POST', `${base}/${victim.id}/cancel?booking=${victimBooking}&sig=abc`);
    expect(malformed.statusCode).toBe(400);
    // Another company's client or event: not found.
    expect(
      (await call('POST', `${base}/${outsider.id}/cancel?booking=${victimBooking}&sig=${sig}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          `/api/public/${other.slug}/events/${event.id}/users/${victim.id}/cancel?booking=${victimBooking}&sig=${sig}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(await statusOf(victimBooking, victim.headers)).toBe('booked');
  });
});

describe('paying an event place online', () => {
  it('opens Checkout returning to the event page, and the webhook marks the place paid', async () => {
    const ready = await studioReadyToSchedule(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/payment-settings/stripe',
      headers: ready.headers,
      payload: KEYS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const event = await createEvent(ready, { price: 2500 });
    const client = await clientOf(ready);
    const stranger = await clientOf(await studioReadyToSchedule(app));
    const page = (await call('GET', `/api/public/${ready.slug}/events/${event.id}/page`)).json().data;
    expect(page).toMatchObject({ payOnline: true, price: 2500 });

    // Nothing that pays: the client must choose the drop-in (pay at the studio or online).
    expect((await book(event.dates[0]?.classInstanceId ?? '', client.headers)).statusCode).toBe(402);
    const booked = await book(event.dates[0]?.classInstanceId ?? '', client.headers, { payWith: 'drop-in' });
    expect(booked.statusCode, booked.body).toBe(200);
    const bookingId = booked.json().data.id as string;
    const path = `/api/public/${ready.slug}/events/${event.id}/checkout`;

    expect((await call('POST', path, {}, { bookingId })).statusCode).toBe(401);
    expect((await call('POST', path, client.headers, { bookingId: 'nope' })).statusCode).toBe(400);
    expect((await call('POST', path, stranger.headers, { bookingId })).statusCode).toBe(404);
    const opened = await call('POST', path, client.headers, { bookingId });
    expect(opened.statusCode, opened.body).toBe(200);
    const sessionId = String(opened.json().data.url).split('/').pop() ?? '';
    const created = stripe.requests.find(
      (request) => request.path === '/v1/checkout/sessions' && request.params.success_url?.includes(event.id),
    );
    expect(created?.params.success_url).toBe(
      `http://localhost:3000/${ready.slug}/client/client/app/payment/book-event/${event.id}?booking=${bookingId}&checkout=done`,
    );

    const mine = () => call('GET', `/api/public/${ready.slug}/events/${event.id}/my-booking`, client.headers);
    expect((await mine()).json().data.booking).toMatchObject({
      owed: true,
      payment: { dropIn: { amount: 2500, paid: false } },
    });
    const payload = JSON.stringify(stripe.completeCheckout(sessionId));
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret });
    const hook = await app.inject({
      method: 'POST',
      url: `/api/webhooks/stripe/${ready.companyId}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await mine()).json().data.booking).toMatchObject({
      owed: false,
      payment: { dropIn: { paid: true } },
    });
    // Paid: nothing left to pay online.
    expect((await call('POST', path, client.headers, { bookingId })).statusCode).toBe(409);
  });
});
