import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withPlatform } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, minutesFromNow, quickClients, setSessionRules } from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';

/**
 * The booking endpoints one by one: who may call them (401 / 403), bad input (400 naming the field),
 * another company's ids and another client's bookings (404), and each rule's 409 with its sentence.
 */
const { app, db } = await createTestApp();

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const book = (classId: string, headers: Headers, payload?: object, extra: Headers = {}) =>
  call('POST', `/api/class-instances/${classId}/bookings`, { ...headers, ...extra }, payload);

let hour = 0;
/**
 * A free class two days from now (distinct hours, so the instructor is free), capacity as asked. Free, so
 * these tests are about places; how a place is paid for is `orders/booking-payments.test.ts`.
 */
async function upcoming(ready: ReadyStudio, capacity = 12, overrides: Record<string, unknown> = {}) {
  hour += 1;
  return classAt(app, ready, minutesFromNow(2 * 24 * 60 + hour * 90), {
    capacity,
    dropInPrice: 0,
    ...overrides,
  });
}

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return { headers: bearer(signed.session.token), id: signed.session.user._id };
}

describe('POST /api/class-instances/{id}/bookings', () => {
  it('books a signed-in client themself, and counts the place on the class', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready);
    const client = await clientOf(ready);

    const response = await book(classId, client.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('You are booked into Power Yoga.');
    expect(body.data).toMatchObject({
      status: 'booked',
      clientId: client.id,
      paidWith: 'free',
      waitlistPosition: null,
    });

    const details = await call('GET', `/api/class-instances/${classId}`, ready.headers);
    expect(details.json().data).toMatchObject({ bookedCount: 1, waitlistCount: 0 });
    const mine = await call('GET', `/api/my/bookings?classInstanceId=${classId}`, client.headers);
    expect(mine.json().data.items).toEqual([expect.objectContaining({ id: body.data.id, status: 'booked' })]);
  });

  it('refuses a second place for the same client with a sentence', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready);
    const client = await clientOf(ready);
    expect((await book(classId, client.headers)).statusCode).toBe(200);
    const again = await book(classId, client.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 0, message: 'You already have a place in this class.' });
  });

  it('waitlists when full (with position), and refuses when the waitlist is full or off', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { maxWaitlistLength: 2 });
    const classId = await upcoming(ready, 1);
    const [a, b, c, d] = await quickClients(app, ready, 4);
    expect((await book(classId, ready.headers, { clientId: a })).json().data.status).toBe('booked');
    const second = await book(classId, ready.headers, { clientId: b });
    expect(second.json()).toMatchObject({
      message: 'The class is full: client 1 is number 1 on the waitlist.',
      data: { status: 'waitlisted', waitlistPosition: 1 },
    });
    expect((await book(classId, ready.headers, { clientId: c })).json().data.waitlistPosition).toBe(2);
    const fourth = await book(classId, ready.headers, { clientId: d });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('This class is full, and so is its waitlist.');

    await setSessionRules(app, ready, { waitlistEnabled: false });
    const noWaitlist = await upcoming(ready, 1);
    await book(noWaitlist, ready.headers, { clientId: a });
    const refused = await book(noWaitlist, ready.headers, { clientId: b });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This class is full.');
  });

  it('answers a retried request with the same Idempotency-Key with the first result, not a second booking', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready);
    const client = await clientOf(ready);
    const key = { 'idempotency-key': 'retry-7f3c' };
    const first = await book(classId, client.headers, undefined, key);
    const [retryA, retryB] = await Promise.all([
      book(classId, client.headers, undefined, key),
      book(classId, client.headers, undefined, key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(retryA.statusCode).toBe(200);
    expect(retryB.statusCode).toBe(200);
    expect(retryA.json().data.id).toBe(first.json().data.id);
    expect(retryB.json().data.id).toBe(first.json().data.id);
    const details = await call('GET', `/api/class-instances/${classId}`, ready.headers);
    expect(details.json().data.bookedCount).toBe(1);

    // The same key for another class is a mistake, not a retry.
    const other = await upcoming(ready);
    const misuse = await book(other, client.headers, undefined, key);
    expect(misuse.statusCode).toBe(409);
    expect(misuse.json().message).toMatch(/already used for a different request/);
    const blank = await book(other, client.headers, undefined, { 'idempotency-key': 'has space' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty(['idempotency-key']);
  });

  it('refuses cancelled and started classes', async () => {
    const ready = await studioReadyToSchedule(app);
    const [a] = await quickClients(app, ready, 1);
    const cancelled = await upcoming(ready);
    await call('POST', `/api/class-instances/${cancelled}/cancel`, ready.headers, { reason: null });
    const onCancelled = await book(cancelled, ready.headers, { clientId: a });
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json().message).toBe('This class is cancelled.');
  });

  it('answers 401 without a session, 403 for an instructor booking a client, 400 naming a bad client id', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready);
    expect((await book(classId, {})).statusCode).toBe(401);
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const [a] = await quickClients(app, ready, 1);
    const refused = await book(classId, instructor.headers, { clientId: a });
    expect(refused.statusCode).toBe(403);
    const bad = await book(classId, ready.headers, { clientId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('clientId');
    const missing = await book(classId, ready.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('clientId');
  });

  it('answers 404 for another company’s class and another company’s client', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const theirClass = await upcoming(other);
    const [theirClient] = await quickClients(app, other, 1, 'theirs');
    const [mine] = await quickClients(app, ready, 1, 'mine');
    const myClass = await upcoming(ready);
    expect((await book(theirClass, ready.headers, { clientId: mine })).statusCode).toBe(404);
    const foreignClient = await book(myClass, ready.headers, { clientId: theirClient });
    expect(foreignClient.statusCode).toBe(404);
    expect(foreignClient.json().message).toBe('We could not find that client.');
  });
});

describe('cancel, roster and fees through the API', () => {
  it('lets a client cancel their own booking (the place is freed) but not another client’s (404)', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready);
    const alice = await clientOf(ready);
    const bob = await clientOf(ready);
    const booking = (await book(classId, alice.headers)).json().data;

    const stranger = await call('POST', `/api/bookings/${booking.id}/cancel`, bob.headers, {});
    expect(stranger.statusCode).toBe(404);
    const other = await studioReadyToSchedule(app);
    expect((await call('POST', `/api/bookings/${booking.id}/cancel`, other.headers, {})).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/bookings/${booking.id}`, bob.headers)).statusCode).toBe(404);

    const waive = await call('POST', `/api/bookings/${booking.id}/cancel`, alice.headers, { waiveFee: true });
    expect(waive.statusCode).toBe(403);
    const cancelled = await call('POST', `/api/bookings/${booking.id}/cancel`, alice.headers, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Booking cancelled.',
      data: { status: 'cancelled', cancelledBy: 'client', fee: null },
    });
    expect(
      (await call('GET', `/api/class-instances/${classId}`, ready.headers)).json().data.bookedCount,
    ).toBe(0);
    const twice = await call('POST', `/api/bookings/${booking.id}/cancel`, alice.headers, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This booking has already ended.');
  });

  it('a staff member cancels late for a client, but waives the fee only with “Sell and refund” (issue 15 §2)', async () => {
    const ready = await studioReadyToSchedule(app);
    // Two days ahead is inside a 72-hour window: a late cancellation with a fee.
    await setSessionRules(app, ready, { freeCancellationHoursBefore: 72, lateCancelFee: 500 });
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const staffId = (await call('GET', '/api/me', staff.headers)).json().data.user.id as string;
    const setAbilities = (abilities: string[] | null) =>
      withPlatform(db.db, (tx) => tx.update(users).set({ abilities }).where(eq(users.id, staffId)));
    const client = await clientOf(ready);
    const first = (await book(await upcoming(ready), client.headers)).json().data;
    const second = (await book(await upcoming(ready), client.headers)).json().data;

    await setAbilities(['manageSchedule', 'manageClients', 'seeFinancials', 'checkIn']);
    const refused = await call('POST', `/api/bookings/${first.id}/cancel`, staff.headers, { waiveFee: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 0, message: 'Your account cannot waive fees.' });
    const kept = await call('POST', `/api/bookings/${first.id}/cancel`, staff.headers, {});
    expect(kept.json().data).toMatchObject({ status: 'late_cancelled', fee: { amount: 500, status: 'due' } });

    await setAbilities(null);
    const waived = await call('POST', `/api/bookings/${second.id}/cancel`, staff.headers, { waiveFee: true });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().data).toMatchObject({ status: 'late_cancelled', fee: { status: 'waived' } });
  });

  it('answers 404 for a booking id of another company on every booking action', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const classId = await upcoming(ready);
    const [a] = await quickClients(app, ready, 1);
    const booking = (await book(classId, ready.headers, { clientId: a })).json().data;
    expect((await call('GET', `/api/bookings/${booking.id}`, other.headers)).statusCode).toBe(404);
    for (const verb of ['cancel', 'accept', 'decline', 'check-in', 'waive-fee']) {
      const response = await call('POST', `/api/bookings/${booking.id}/${verb}`, other.headers, {});
      expect([verb, response.statusCode, response.json().message]).toEqual([
        verb,
        404,
        'We could not find that booking.',
      ]);
    }
    const roster = await call('GET', `/api/class-instances/${classId}/bookings`, other.headers);
    expect(roster.statusCode).toBe(404);
    expect((await call('POST', `/api/class-instances/${classId}/no-shows`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/bookings/${booking.id}`, ready.headers)).json().data.status).toBe(
      'booked',
    );
  });

  it('shows the team the roster in order, and refuses instructors the right to cancel (403)', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready, 1);
    const [a, b, c] = await quickClients(app, ready, 3);
    const first = (await book(classId, ready.headers, { clientId: a })).json().data;
    await book(classId, ready.headers, { clientId: b });
    await book(classId, ready.headers, { clientId: c });
    const roster = await call('GET', `/api/class-instances/${classId}/bookings`, ready.headers);
    expect(roster.statusCode).toBe(200);
    expect(
      roster
        .json()
        .data.items.map((row: { clientName: string; status: string; waitlistPosition: number | null }) => [
          row.clientName,
          row.status,
          row.waitlistPosition,
        ]),
    ).toEqual([
      ['client 0', 'booked', null],
      ['client 1', 'waitlisted', 1],
      ['client 2', 'waitlisted', 2],
    ]);
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    expect(
      (await call('GET', `/api/class-instances/${classId}/bookings`, instructor.headers)).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/bookings/${first.id}/cancel`, instructor.headers, {})).statusCode).toBe(
      403,
    );
    const client = await clientOf(ready);
    expect((await call('GET', `/api/class-instances/${classId}/bookings`, client.headers)).statusCode).toBe(
      403,
    );
  });

  it('refuses to lower a class’s capacity below its booked places (409), keeping what was saved', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready, 3);
    const [a, b] = await quickClients(app, ready, 2);
    await book(classId, ready.headers, { clientId: a });
    await book(classId, ready.headers, { clientId: b });
    const details = (await call('GET', `/api/class-instances/${classId}`, ready.headers)).json().data;
    const series = (
      await call('GET', `/api/fitness-sessions/${details.fitnessSessionId}`, ready.headers)
    ).json().data;
    const lowered = await call('PUT', `/api/fitness-sessions/${series.id}`, ready.headers, {
      ...series,
      capacity: 1,
      scope: 'one',
      classInstanceId: classId,
    });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().errors.capacity).toBe('2 people are booked; the capacity cannot go below that.');
    expect((await call('GET', `/api/class-instances/${classId}`, ready.headers)).json().data).toMatchObject({
      capacity: 3,
      bookedCount: 2,
    });
  });

  it('ends every booking of a class the studio cancels, as cancelled by the studio', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready, 1);
    const [a, b] = await quickClients(app, ready, 2);
    const placed = (await book(classId, ready.headers, { clientId: a })).json().data;
    const waiting = (await book(classId, ready.headers, { clientId: b })).json().data;
    expect(
      (
        await call('POST', `/api/class-instances/${classId}/cancel`, ready.headers, {
          reason: 'Heating broken',
        })
      ).statusCode,
    ).toBe(200);
    for (const id of [placed.id, waiting.id]) {
      const booking = (await call('GET', `/api/bookings/${id}`, ready.headers)).json().data;
      expect(booking).toMatchObject({ status: 'cancelled', cancelledBy: 'studio', fee: null });
    }
    expect((await call('GET', `/api/class-instances/${classId}`, ready.headers)).json().data).toMatchObject({
      status: 'cancelled',
      bookedCount: 0,
      waitlistCount: 0,
    });
  });

  it('creates a client on the spot and finds them by name, email or phone', async () => {
    const ready = await studioReadyToSchedule(app);
    const created = await call('POST', '/api/clients', ready.headers, {
      name: 'Dana Desk',
      email: 'Dana@Example.com',
      phone: '(404) 555-0000',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ name: 'Dana Desk', email: 'dana@example.com' });
    const duplicate = await call('POST', '/api/clients', ready.headers, {
      name: 'Dana Again',
      email: 'dana@example.com',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors.email).toBe('A client with this email already exists');
    for (const q of ['dana', 'EXAMPLE.com', '555-0000'])
      expect(
        (await call('GET', `/api/clients?q=${encodeURIComponent(q)}`, ready.headers)).json().data.total,
      ).toBe(1);
    const other = await studioReadyToSchedule(app);
    expect((await call('GET', '/api/clients?q=dana', other.headers)).json().data.total).toBe(0);
    const bad = await call('POST', '/api/clients', ready.headers, { name: '', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name']);
  });
});

describe('GET /api/my/bookings', () => {
  it('answers classes to come by default and those already over with when=past, latest first; bad when is 400', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await clientOf(ready);
    const [first, second, later] = [await upcoming(ready), await upcoming(ready), await upcoming(ready)];
    for (const classId of [first, second, later]) expect((await book(classId, client.headers)).statusCode).toBe(200);
    // Two of them took place last week (moved back in time as the clock would have).
    await db.pool.query(
      `update class_instances set starts_at = starts_at - interval '10 days', ends_at = ends_at - interval '10 days'
        where id = any($1)`,
      [[first, second]],
    );
    const upcomingOnes = (await call('GET', '/api/my/bookings', client.headers)).json().data.items;
    expect(upcomingOnes.map((item: { classInstanceId: string }) => item.classInstanceId)).toEqual([later]);
    const past = (await call('GET', '/api/my/bookings?when=past', client.headers)).json().data.items;
    expect(past.map((item: { classInstanceId: string }) => item.classInstanceId)).toEqual([second, first]);
    const bad = await call('GET', '/api/my/bookings?when=yesterday', client.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ when: 'Choose upcoming or past' });
  });

  it('says what pays each place: the pack by name, the drop-in with its price and whether it is paid, nothing while waiting', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack({ name: '5-Class Pack', credits: 5 }));
    const client = await clientOf(ready);
    await created(app, ready.headers, '/api/orders', {
      clientId: client.id,
      items: [{ kind: 'package', packageId: pack.id }],
      promoCode: null,
      paidWith: 'cash',
    });
    const withPack = await upcoming(ready, 12, { dropInPrice: 3500 });
    const dropIn = await upcoming(ready, 12, { dropInPrice: 3500 });
    const free = await upcoming(ready);
    const full = await upcoming(ready, 1, { dropInPrice: 3500 });
    const [someone] = await quickClients(app, ready, 1);
    expect((await book(full, ready.headers, { clientId: someone, overrideWaiver: true })).statusCode).toBe(200);
    expect((await book(withPack, client.headers)).json().data.paidWith).toBe('class-pack');
    expect((await book(dropIn, client.headers, { payWith: 'drop-in' })).json().data.paidWith).toBe('drop-in');
    expect((await book(full, client.headers)).json().data.status).toBe('waitlisted');
    // A client holding nothing books a free class: nothing pays it.
    const other = await clientOf(ready);
    expect((await book(free, other.headers)).json().data.paidWith).toBe('free');

    const items: { classInstanceId: string; payment: unknown }[] = (await call('GET', '/api/my/bookings', client.headers)).json().data.items;
    const paymentOf = (classId: string) => items.find((item) => item.classInstanceId === classId)?.payment;
    expect(paymentOf(withPack)).toEqual({ packageName: '5-Class Pack', dropIn: null });
    expect(paymentOf(dropIn)).toEqual({ packageName: null, dropIn: { amount: 3500, currency: 'USD', paid: false } });
    expect(paymentOf(full)).toEqual({ packageName: null, dropIn: null });
    const theirs = (await call('GET', '/api/my/bookings', other.headers)).json().data.items;
    expect(theirs).toEqual([expect.objectContaining({ classInstanceId: free, payment: { packageName: null, dropIn: null } })]);
  });
});
