import { afterAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import {
  bookClass,
  classAt,
  minutesFromNow,
  quickClients,
  sellPackage,
  setSessionRules,
} from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { startWebhookReceiver, verifySignature } from '../../test/webhook-receiver.ts';
import { signatureHeader } from './webhook-sender.ts';
import { emitWebhookEvent } from './emit.ts';

/**
 * Webhooks end to end: endpoints made through the API, events emitted by the real actions, delivered by
 * the real pg-boss worker to a real HTTP receiver on 127.0.0.1 that verifies the signature.
 */
const mail = await startMailCatcher();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await receiver.stop();
  await mail.stop();
});
const { app, db } = await createTestApp({
  smtpUrl: mail.url,
  config: { WEBHOOKS_ALLOW_HTTP: 'true' },
  jobOptions: { webhookAllowLocal: true, webhookRetryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let pathSequence = 0;
/** An endpoint of the owner's company at its own path on the receiver; answers it with its secret. */
async function endpointFor(headers: Headers, events: string[], extra: Record<string, unknown> = {}) {
  const path = `/hooks/${(pathSequence += 1)}`;
  const response = await call('POST', '/api/webhook-endpoints', headers, {
    url: receiver.url(path),
    description: 'Zapier',
    events,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; secret: string; url: string };
}

let hour = 0;
async function upcoming(ready: ReadyStudio, capacity = 12, minutes = 3 * 24 * 60) {
  hour += 1;
  return classAt(app, ready, minutesFromNow(minutes + hour * 90), { capacity, dropInPrice: 0 });
}

const deliveriesOf = async (headers: Headers, endpointId: string) =>
  (await call('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, headers)).json().data as {
    items: {
      id: string;
      eventId: string;
      eventType: string;
      status: string;
      attempts: number;
      responseStatus: number | null;
      responseBody: string | null;
    }[];
    total: number;
  };

/** Waits until the endpoint's log shows `count` deliveries of `type` in `status`. */
async function logShows(headers: Headers, endpointId: string, type: string, status: string, count = 1) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = (await deliveriesOf(headers, endpointId)).items.filter(
      (row) => row.eventType === type && row.status === status,
    );
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`no ${status} ${type} in the log`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The requests the receiver got for these event ids. */
const requestsFor = (eventIds: string[]) =>
  receiver.received.filter((hook) => eventIds.includes(hook.json.id));

async function delivered(headers: Headers, endpointId: string, type: string, count = 1) {
  const rows = await logShows(headers, endpointId, type, 'delivered', count);
  return requestsFor(rows.map((row) => row.eventId)).filter((hook) => hook.json.type === type);
}

describe('a booking sends booking.created, signed', () => {
  it('delivers JSON with the documented headers and a signature the receiver verifies; a stale one is refused', async () => {
    const ready = await studioReadyToSchedule(app);
    const endpoint = await endpointFor(ready.headers, ['booking.created']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const classId = await upcoming(ready);
    const client = await signUpClient(app, ready.slug);
    const booked = await bookClass(app, classId, bearer(client.session.token));
    expect(booked.statusCode).toBe(200);

    const [hook] = await delivered(ready.headers, endpoint.id, 'booking.created');
    if (!hook) throw new Error('no delivery');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['user-agent']).toBe('Kinetic-Webhooks/1');
    expect(hook.headers['kinetic-event-type']).toBe('booking.created');
    expect(hook.headers['kinetic-event-id']).toBe(hook.json.id);
    expect(hook.json).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      type: 'booking.created',
      companyId: ready.companyId,
      data: {
        booking: { id: booked.json().data.id, status: 'booked' },
        client: { id: client.session.user._id, name: 'Chris Client', email: client.email },
        class: { id: classId, kind: 'class', name: 'Power Yoga', studio: { name: 'Midtown' } },
      },
    });
    const signature = String(hook.headers['kinetic-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, hook.body, endpoint.secret)).toBe(true);
    // Another secret, a changed body, or a timestamp more than 5 minutes old: refused.
    expect(verifySignature(signature, hook.body, 'whsec_other')).toBe(false);
    expect(verifySignature(signature, hook.body.replace('booked', 'cancelled'), endpoint.secret)).toBe(false);
    const stale = signatureHeader(endpoint.secret, hook.body, new Date(Date.now() - 301_000));
    expect(verifySignature(stale, hook.body, endpoint.secret)).toBe(false);
    const fresh = signatureHeader(endpoint.secret, hook.body, new Date(Date.now() - 60_000));
    expect(verifySignature(fresh, hook.body, endpoint.secret)).toBe(true);

    const log = await deliveriesOf(ready.headers, endpoint.id);
    expect(log.items[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok, thanks',
    });
  });
});

describe('each event from its real action', () => {
  it('client.created, booking.created/cancelled (late), waitlist.promoted, check_in.created, purchase.created, refund.created', async () => {
    const ready = await studioReadyToSchedule(app);
    const endpoint = await endpointFor(ready.headers, [
      'client.created',
      'booking.created',
      'booking.cancelled',
      'waitlist.promoted',
      'check_in.created',
      'purchase.created',
      'refund.created',
    ]);
    // client.created: signing up, and the team adding one.
    const signed = await signUpClient(app, ready.slug);
    const [added] = await quickClients(app, ready, 1, 'Dana');
    const clientHooks = await delivered(ready.headers, endpoint.id, 'client.created', 2);
    expect(
      clientHooks
        .map((hook) => hook.json.data)
        .sort((a, b) => String(a.source).localeCompare(String(b.source))),
    ).toEqual([
      {
        client: expect.objectContaining({ id: signed.session.user._id, email: signed.email }),
        source: 'signup',
      },
      { client: expect.objectContaining({ id: added, name: 'Dana 0' }), source: 'studio' },
    ]);

    // A class of one place: A books, B waits; A cancels late (inside the 12 h) and B is promoted.
    await setSessionRules(app, ready, {
      lateCancelFee: 500,
      freeCancellationHoursBefore: 24,
      waitlistMode: 'auto',
    });
    const small = await upcoming(ready, 1, 60);
    const [a, b] = await quickClients(app, ready, 2, 'Wait');
    const first = (await bookClass(app, small, ready.headers, { clientId: a })).json().data;
    const second = (await bookClass(app, small, ready.headers, { clientId: b })).json().data;
    expect(second.status).toBe('waitlisted');
    const cancel = await call('POST', `/api/bookings/${first.id}/cancel`, ready.headers, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [cancelled] = await delivered(ready.headers, endpoint.id, 'booking.cancelled');
    expect(cancelled?.json.data).toMatchObject({
      booking: {
        id: first.id,
        status: 'late_cancelled',
        cancelledBy: 'studio',
        fee: { kind: 'late_cancel', amount: 500, currency: 'USD' },
      },
      late: true,
      reason: 'cancelled',
    });
    const [promoted] = await delivered(ready.headers, endpoint.id, 'waitlist.promoted');
    expect(promoted?.json.data).toMatchObject({
      booking: { id: second.id, status: 'booked' },
      client: { id: b },
    });
    expect((await delivered(ready.headers, endpoint.id, 'booking.created', 2)).length).toBe(2);

    // check_in.created: B checked in once check-in opens (an hour before).
    const soon = await classAt(app, ready, minutesFromNow(30), {
      capacity: 5,
      dropInPrice: 0,
      instructorId: ready.marco,
      roomId: ready.roomB,
    });
    const place = (await bookClass(app, soon, ready.headers, { clientId: b })).json().data;
    const checkIn = await call('POST', `/api/bookings/${place.id}/check-in`, ready.headers, {});
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const [checkedIn] = await delivered(ready.headers, endpoint.id, 'check_in.created');
    expect(checkedIn?.json.data).toMatchObject({
      booking: { id: place.id, status: 'checked_in' },
      class: { id: soon },
      checkedInAt: expect.any(String),
    });

    // purchase.created and refund.created: a pack sold for cash, then part refunded.
    const pack = await created(app, ready.headers, '/api/packages', classPack());
    const order = await sellPackage(app, ready, b as string, pack.id);
    const [purchase] = await delivered(ready.headers, endpoint.id, 'purchase.created');
    expect(purchase?.json.data).toMatchObject({
      order: {
        id: order.id,
        status: 'paid',
        total: 18000,
        currency: 'USD',
        lines: [{ description: '10-Class Pack', total: 18000 }],
      },
      client: { id: b },
      payment: { amount: 18000, method: 'cash' },
    });
    const refund = await call('POST', `/api/orders/${order.id}/refunds`, ready.headers, {
      amount: 5000,
      reason: 'Moved away',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [refunded] = await delivered(ready.headers, endpoint.id, 'refund.created');
    expect(refunded?.json.data).toMatchObject({
      refund: { amount: 5000, currency: 'USD', reason: 'Moved away' },
      order: { id: order.id, refunded: 5000, status: 'partly-refunded' },
    });
  });
});

describe('who receives what', () => {
  it('sends nothing to an endpoint not subscribed to the event, or turned off; nothing for a change rolled back', async () => {
    const ready = await studioReadyToSchedule(app);
    const listening = await endpointFor(ready.headers, ['client.created']);
    const other = await endpointFor(ready.headers, ['refund.created']);
    const off = await endpointFor(ready.headers, ['client.created'], { active: false });
    const rolledBackId = await withTenant(db.db, ready.companyId, async (tx) => {
      const ids = await emitWebhookEvent(tx, ready.companyId, 'client.created', { client: { id: 'never' } });
      expect(ids).toHaveLength(1);
      throw new Error('roll back');
    }).catch(() => 'rolled back');
    expect(rolledBackId).toBe('rolled back');
    await quickClients(app, ready, 1, 'Solo');
    await delivered(ready.headers, listening.id, 'client.created');
    // Wait a moment more for anything that should not come.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await deliveriesOf(ready.headers, other.id)).total).toBe(0);
    expect((await deliveriesOf(ready.headers, off.id)).total).toBe(0);
    expect((await deliveriesOf(ready.headers, listening.id)).total).toBe(1);
    expect(receiver.received.filter((hook) => JSON.stringify(hook.json.data).includes('"never"'))).toEqual(
      [],
    );
  });
});

describe('retries and re-sends', () => {
  it('retries a receiver answering 500, then 200: delivered on the second attempt', async () => {
    const ready = await studioReadyToSchedule(app);
    const endpoint = await endpointFor(ready.headers, ['client.created']);
    receiver.answers.push(500);
    await quickClients(app, ready, 1, 'Retry');
    const [row] = await logShows(ready.headers, endpoint.id, 'client.created', 'delivered');
    expect(row).toMatchObject({ attempts: 2, responseStatus: 200 });
    const requests = requestsFor([row?.eventId ?? '']);
    expect(requests).toHaveLength(2);
    expect(new Set(requests.map((hook) => hook.headers['kinetic-event-id']))).toEqual(
      new Set([row?.eventId]),
    );
  });

  it('sends a test event and re-sends a delivery with the same event id', async () => {
    const ready = await studioReadyToSchedule(app);
    const endpoint = await endpointFor(ready.headers, ['client.created'], { active: false });
    const test = await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, ready.headers);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({
      message: 'Test event delivered: the receiver answered 200.',
      data: { eventType: 'ping', status: 'delivered', attempts: 1 },
    });
    const eventId = test.json().data.eventId as string;
    receiver.answers.push(503);
    const resent = await call('POST', `/api/webhook-deliveries/${test.json().data.id}/resend`, ready.headers);
    expect(resent.json()).toMatchObject({
      message: 'Event not delivered: The receiver answered 503.',
      data: { status: 'failed', attempts: 2, responseStatus: 503, responseBody: 'error 503' },
    });
    const again = await call('POST', `/api/webhook-deliveries/${test.json().data.id}/resend`, ready.headers);
    expect(again.json().data).toMatchObject({ status: 'delivered', attempts: 3, eventId });
    const requests = requestsFor([eventId]);
    expect(requests).toHaveLength(3);
    expect(
      requests.every((hook) =>
        verifySignature(String(hook.headers['kinetic-signature']), hook.body, endpoint.secret),
      ),
    ).toBe(true);
  });
});

describe('endpoints API', () => {
  it('lists, edits, rotates the secret and deletes; another company’s ids answer 404', async () => {
    const ready = await studioReadyToSchedule(app);
    const endpoint = await endpointFor(ready.headers, ['booking.created']);
    const list = await call('GET', '/api/webhook-endpoints', ready.headers);
    expect(list.json().data.items).toEqual([
      expect.objectContaining({ id: endpoint.id, events: ['booking.created'], active: true }),
    ]);
    const patched = await call('PATCH', `/api/webhook-endpoints/${endpoint.id}`, ready.headers, {
      events: ['refund.created', 'booking.created'],
      active: false,
    });
    expect(patched.json().data).toMatchObject({
      events: ['booking.created', 'refund.created'],
      active: false,
    });
    const rotated = await call('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, ready.headers);
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(endpoint.secret);

    const stranger = await signUpCompany(app);
    const theirs = bearer(stranger.session.token);
    for (const [method, url] of [
      ['GET', `/api/webhook-endpoints/${endpoint.id}`],
      ['PATCH', `/api/webhook-endpoints/${endpoint.id}`],
      ['DELETE', `/api/webhook-endpoints/${endpoint.id}`],
      ['POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`],
      ['POST', `/api/webhook-endpoints/${endpoint.id}/test`],
      ['GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`],
    ] as const) {
      const response = await call(method, url, theirs, method === 'PATCH' ? { active: true } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const test = await call('POST', `/api/webhook-endpoints/${endpoint.id}/test`, ready.headers);
    const resend = await call('POST', `/api/webhook-deliveries/${test.json().data.id}/resend`, theirs);
    expect(resend.statusCode).toBe(404);
    expect((await call('GET', '/api/webhook-endpoints', theirs)).json().data.items).toEqual([]);

    const removed = await call('DELETE', `/api/webhook-endpoints/${endpoint.id}`, ready.headers);
    expect(removed.json()).toMatchObject({ status: 1, message: 'Webhook endpoint removed.' });
    expect((await call('GET', `/api/webhook-endpoints/${endpoint.id}`, ready.headers)).statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 for staff without Manage settings', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/webhook-endpoints' })).statusCode).toBe(401);
    const ready = await studioReadyToSchedule(app);
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    expect((await call('GET', '/api/webhook-endpoints', staff.headers)).statusCode).toBe(403);
    // Events and their log carry clients' details and sales: Manage settings alone is not enough.
    await db.pool.query(
      "update users set abilities = array['manageSettings'] where company_id = $1 and role = 'staff'",
      [ready.companyId],
    );
    const settingsOnly = await call('GET', '/api/webhook-endpoints', staff.headers);
    expect(settingsOnly.statusCode).toBe(403);
    expect(settingsOnly.json().message).toContain('Ask the');
    await db.pool.query(
      "update users set abilities = array['manageSettings', 'manageClients', 'seeFinancials'] where company_id = $1 and role = 'staff'",
      [ready.companyId],
    );
    expect((await call('GET', '/api/webhook-endpoints', staff.headers)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for bad input', async () => {
    const ready = await studioReadyToSchedule(app);
    const noEvents = await call('POST', '/api/webhook-endpoints', ready.headers, {
      url: 'https://hooks.example.com/k',
      events: [],
    });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().errors).toHaveProperty('events', 'Choose at least one event');
    const unknown = await call('POST', '/api/webhook-endpoints', ready.headers, {
      url: 'https://hooks.example.com/k',
      events: ['booking.made'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().errors)).toContain('events');
    const noUrl = await call('POST', '/api/webhook-endpoints', ready.headers, {
      url: 'not a url',
      events: ['booking.created'],
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().errors).toHaveProperty('url');
    const badPage = await call(
      'GET',
      `/api/webhook-endpoints/${'a'.repeat(24)}/deliveries?pageSize=500`,
      ready.headers,
    );
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().errors).toHaveProperty('pageSize');
  });
});

describe('without WEBHOOKS_ALLOW_HTTP', async () => {
  const strict = await createTestApp();
  it('refuses http:// and loopback or private addresses, naming the url', async () => {
    const owner = await signUpCompany(strict.app);
    const headers = bearer(owner.session.token);
    for (const [url, message] of [
      ['http://hooks.example.com/k', 'Use an https:// address (webhooks are sent only over https)'],
      ['https://127.0.0.1/k', /^Use a public address/],
      ['https://localhost:8443/k', /^Use a public address/],
      ['https://10.1.2.3/k', /^Use a public address/],
      ['https://[::1]/k', /^Use a public address/],
      ['https://[::ffff:192.168.1.1]/k', /^Use a public address/],
      ['https://169.254.169.254/latest/meta-data', /^Use a public address/],
    ] as const) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/webhook-endpoints',
        headers,
        payload: { url, events: ['booking.created'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors.url).toMatch(message);
    }
    const ok = await strict.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers,
      payload: { url: 'https://93.184.215.14/hooks', events: ['booking.created'] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
