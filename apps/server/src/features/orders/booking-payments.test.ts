import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import {
  bookClass,
  classAt,
  minutesFromNow,
  quickClients,
  sellPackage,
  setSessionRules,
  signedInClient,
} from '../../test/bookings.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { zonedInstant, addDays, localDateOf } from '../fitness-sessions/zoned-time.ts';

/**
 * How bookings pay (issue 10): the best package a client holds, a period's class limit, pack credits used
 * and returned, fees owed, drop-ins asked for, and the race for a pack's last credit.
 */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;

const DAY = 24 * 60;
let slot = 0;
/** A class `days` ahead at a fresh hour (so one instructor is never in two places). */
async function classIn(ready: ReadyStudio, days: number, overrides: Record<string, unknown> = {}) {
  slot += 1;
  return classAt(app, ready, minutesFromNow(days * DAY + slot * 75), { capacity: 10, ...overrides });
}
const book = (classId: string, headers: Headers, payload?: object) => bookClass(app, classId, headers, payload);
const cancel = (bookingId: string, headers: Headers) =>
  app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/cancel`, headers });

const sell = (ready: ReadyStudio, clientId: string, packageId: string) =>
  sellPackage(app, ready, clientId, packageId);

async function account(headers: Headers, clientId?: string) {
  const url = clientId ? `/api/clients/${clientId}/account` : '/api/my/account';
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    balanceOwing: number;
    packages: { id: string; terms: { name: string }; remaining: number | null; status: string }[];
    orders: {
      number: number;
      status: string;
      total: number;
      lines: { kind: string; description: string }[];
    }[];
    ledger: { entry: string; credits: number; reason: string }[];
  };
}

const signedClient = (ready: ReadyStudio) => signedInClient(app, ready);

describe('bookings pay with what the client holds', () => {
  it('an 8-a-month membership books eight classes; the ninth asks for payment', async () => {
    const ready = await studioReadyToSchedule(app);
    const eight = await created(
      app,
      ready.headers,
      '/api/packages',
      membership({ name: '8 a Month', classLimit: 8 }),
    );
    const client = await signedClient(ready);
    await sell(ready, client.id, eight.id);
    for (let index = 0; index < 8; index += 1) {
      const answer = await book(await classIn(ready, 1 + (index % 5)), client.headers);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.paidWith).toBe('membership');
    }
    expect((await account(client.headers)).packages[0]).toMatchObject({ remaining: 0 });
    const ninth = await book(await classIn(ready, 6), client.headers);
    expect(ninth.statusCode).toBe(402);
    expect(ninth.json().message).toBe(
      '8 a Month: all 8 classes of this month are used. Buy a package, or book as a drop-in for $25.00.',
    );
    // Choosing the drop-in books it, with an order to pay at the studio.
    const dropIn = await book(await classIn(ready, 6), client.headers, { payWith: 'drop-in' });
    expect(dropIn.json().data).toMatchObject({ status: 'booked', paidWith: 'drop-in' });
    const mine = await account(client.headers);
    expect(mine.balanceOwing).toBe(2500);
    expect(mine.orders[0]).toMatchObject({ status: 'open', total: 2500, lines: [{ kind: 'drop-in' }] });
  });

  it("a class limit counts per period, with the boundary on the company's clock (New York), not UTC", async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { bookingOpensDaysBefore: 30 });
    const twice = await created(
      app,
      ready.headers,
      '/api/packages',
      membership({ name: 'Twice a Week', period: 'week', classLimit: 2, price: 4000 }),
    );
    const client = await signedClient(ready);
    await sell(ready, client.id, twice.id);
    const today = localDateOf(new Date(), 'America/New_York');
    const lastDay = addDays(today, 6);
    // 23:30 on the period's last day in New York is already the next day in UTC.
    const lateOnLastDay = zonedInstant(lastDay, '23:30', 'America/New_York');
    const nextPeriod = zonedInstant(addDays(today, 7), '00:30', 'America/New_York');
    expect(localDateOf(lateOnLastDay, 'UTC')).toBe(addDays(today, 7));

    expect((await book(await classIn(ready, 1), client.headers)).statusCode).toBe(200);
    expect((await book(await classIn(ready, 2), client.headers)).statusCode).toBe(200);
    const third = await book(await classAt(app, ready, lateOnLastDay, { capacity: 5 }), client.headers);
    expect(third.statusCode).toBe(402);
    expect(third.json().message).toMatch(/^Twice a Week: all 2 classes of this week are used\./);
    const next = await book(
      await classAt(app, ready, nextPeriod, { capacity: 5, instructorId: ready.marco }),
      client.headers,
    );
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data.paidWith).toBe('membership');
  });

  it('a pack’s credits go down on booking and come back on a timely cancel; a late cancel spends it and owes the fee', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { freeCancellationHoursBefore: 12, lateCancelFee: 1000 });
    const five = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Five Pack', credits: 5 }),
    );
    const client = await signedClient(ready);
    await sell(ready, client.id, five.id);

    const first = await book(await classIn(ready, 2), client.headers);
    expect(first.json().data.paidWith).toBe('class-pack');
    expect((await account(client.headers)).packages[0]?.remaining).toBe(4);
    expect((await cancel(first.json().data.id, client.headers)).statusCode).toBe(200);
    const afterCancel = await account(client.headers);
    expect(afterCancel.packages[0]?.remaining).toBe(5);
    expect(afterCancel.ledger.map((row) => [row.entry, row.credits])).toEqual([
      ['return', 1],
      ['use', -1],
      ['grant', 5],
    ]);

    // Six hours ahead: inside the 12-hour window.
    const soon = await classAt(app, ready, minutesFromNow(6 * 60), { capacity: 5 });
    const late = await book(soon, client.headers);
    const cancelled = await cancel(late.json().data.id, client.headers);
    expect(cancelled.json().message).toBe('Cancelled late: a late-cancellation fee of $10.00 applies.');
    const afterLate = await account(client.headers);
    expect(afterLate.packages[0]?.remaining).toBe(4);
    expect(afterLate.balanceOwing).toBe(1000);
    expect(afterLate.orders[0]?.lines[0]?.description).toMatch(/^Late-cancellation fee: Power Yoga/);

    // Waiving the fee cancels what is owed.
    const waived = await app.inject({
      method: 'POST',
      url: `/api/bookings/${late.json().data.id}/waive-fee`,
      headers: ready.headers,
    });
    expect(waived.statusCode).toBe(200);
    expect((await account(client.headers)).balanceOwing).toBe(0);
  });

  it('a client who chooses the drop-in pays the drop-in: no credit of the pack they hold is used', async () => {
    const ready = await studioReadyToSchedule(app);
    const five = await created(app, ready.headers, '/api/packages', classPack({ name: 'Five Pack', credits: 5 }));
    const client = await signedClient(ready);
    await sell(ready, client.id, five.id);
    const booked = await book(await classIn(ready, 2), client.headers, { payWith: 'drop-in' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data.paidWith).toBe('drop-in');
    const after = await account(client.headers);
    expect(after.packages[0]?.remaining).toBe(5);
    expect(after.ledger.map((row) => row.entry)).toEqual(['grant']);
    expect(after.balanceOwing).toBeGreaterThan(0);
  });

  it('a free class costs nothing: no credit of the pack the client holds is spent on it', async () => {
    const ready = await studioReadyToSchedule(app);
    const five = await created(app, ready.headers, '/api/packages', classPack({ name: 'Five Pack', credits: 5 }));
    const client = await signedClient(ready);
    await sell(ready, client.id, five.id);
    const classId = await classIn(ready, 2, { dropInPrice: 0 });
    const options = await app.inject({
      method: 'GET',
      url: `/api/class-instances/${classId}/payment-options`,
      headers: client.headers,
    });
    expect(options.json().data.best).toMatchObject({ kind: 'free', label: 'Free' });
    const booked = await book(classId, client.headers);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data.paidWith).toBe('free');
    const after = await account(client.headers);
    expect(after.packages[0]?.remaining).toBe(5);
    expect(after.balanceOwing).toBe(0);
  });

  it('picks the unlimited membership first, then a limited one, then the pack that expires soonest; the client may choose', async () => {
    const ready = await studioReadyToSchedule(app);
    const [clientId] = await quickClients(app, ready, 1);
    const id = clientId as string;
    const longPack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Long Pack', expiryDays: 365 }),
    );
    const shortPack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Short Pack', expiryDays: 30 }),
    );
    const limited = await created(
      app,
      ready.headers,
      '/api/packages',
      membership({ name: 'Four a Month', classLimit: 4 }),
    );
    const unlimited = await created(app, ready.headers, '/api/packages', membership({ name: 'Unlimited' }));
    await sell(ready, id, longPack.id);
    await sell(ready, id, shortPack.id);
    const bookFor = async () => {
      const answer = await book(await classIn(ready, 2), ready.headers, { clientId: id });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    const names = async () =>
      Object.fromEntries(
        (await account(ready.headers, id)).packages.map((held) => [held.terms.name, held.remaining]),
      );

    await bookFor();
    expect(await names()).toMatchObject({ 'Short Pack': 9, 'Long Pack': 10 });
    await sell(ready, id, limited.id);
    await bookFor();
    expect(await names()).toMatchObject({ 'Four a Month': 3, 'Short Pack': 9 });
    await sell(ready, id, unlimited.id);
    expect((await bookFor()).paidWith).toBe('membership');
    expect(await names()).toMatchObject({
      'Four a Month': 3,
      'Short Pack': 9,
      'Long Pack': 10,
      Unlimited: null,
    });

    const chosen = (await account(ready.headers, id)).packages.find(
      (held) => held.terms.name === 'Long Pack',
    );
    const answer = await book(await classIn(ready, 3), ready.headers, {
      clientId: id,
      clientPackageId: chosen?.id,
    });
    expect(answer.json().data.paidWith).toBe('class-pack');
    expect(await names()).toMatchObject({ 'Long Pack': 9 });
  });

  it('a pack for some templates, studios or off-peak hours only does not pay for other classes', async () => {
    const ready = await studioReadyToSchedule(app);
    // Peak all day, every day: no class is off-peak.
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
      await created(
        app,
        ready.headers,
        '/api/hours',
        { band: 'peak', day, ranges: [{ start: '00:00', end: '24:00' }] },
        200,
      );
    const offPeak = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Off-Peak Pack', offPeakOnly: true }),
    );
    const client = await signedClient(ready);
    await sell(ready, client.id, offPeak.id);
    const answer = await book(await classIn(ready, 2), client.headers);
    expect(answer.statusCode).toBe(402);
    expect(answer.json().message).toMatch(/^Off-Peak Pack is for off-peak classes only\./);
  });

  it('two bookings at once on a pack’s last credit: exactly one wins', async () => {
    const ready = await studioReadyToSchedule(app);
    const single = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Single', credits: 1 }),
    );
    const client = await signedClient(ready);
    await sell(ready, client.id, single.id);
    const classes = await Promise.all([
      classIn(ready, 2),
      classIn(ready, 3),
      classIn(ready, 4),
      classIn(ready, 5),
    ]);
    const answers = await Promise.all(classes.map((classId) => book(classId, client.headers)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402, 402, 402]);
    const mine = await account(client.headers);
    expect(mine.packages[0]?.remaining).toBe(0);
    expect(mine.ledger.filter((row) => row.entry === 'use')).toHaveLength(1);
  });

  it('an expired pack pays for nothing', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Short Lived', expiryDays: 1 }),
    );
    const client = await signedClient(ready);
    await sell(ready, client.id, pack.id);
    const answer = await book(await classIn(ready, 3), client.headers);
    expect(answer.statusCode).toBe(402);
    expect(answer.json().message).toMatch(/^Short Lived expires before this class\./);
    // Credits that lapse while the client waits are not handed out either.
    await db.pool.query(
      `update client_packages set expires_at = now() - interval '1 minute' where client_id = $1`,
      [client.id],
    );
    expect((await account(client.headers)).packages[0]?.status).toBe('expired');
  });

  it('a class the studio cancels returns every credit and cancels unpaid drop-ins', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack({ name: 'Ten', credits: 10 }));
    const [withPack, walkIn] = (await quickClients(app, ready, 2)) as [string, string];
    await sell(ready, withPack, pack.id);
    const classId = await classIn(ready, 2);
    expect((await book(classId, ready.headers, { clientId: withPack })).json().data.paidWith).toBe(
      'class-pack',
    );
    expect((await book(classId, ready.headers, { clientId: walkIn })).json().data.paidWith).toBe('drop-in');
    expect((await account(ready.headers, walkIn)).balanceOwing).toBe(2500);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${classId}/cancel`,
      headers: ready.headers,
      payload: { reason: 'Instructor ill' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await account(ready.headers, withPack)).packages[0]?.remaining).toBe(10);
    const walkInAccount = await account(ready.headers, walkIn);
    expect(walkInAccount.balanceOwing).toBe(0);
    expect(walkInAccount.orders[0]?.status).toBe('cancelled');
  });

  it('tells the client before booking what it will pay with: the best package, the others and why not, or the drop-in', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await signedClient(ready);
    const classId = await classIn(ready, 2);
    const options = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/class-instances/${classId}/payment-options`,
          headers: client.headers,
        })
      ).json().data;
    expect(await options()).toMatchObject({
      dropInPrice: 2500,
      best: { kind: 'drop-in', label: 'Drop-in: $25.00, paid at the studio' },
      packages: [],
    });
    const pack = await created(app, ready.headers, '/api/packages', classPack({ name: 'Five', credits: 5 }));
    const other = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Elsewhere', studioIds: [], templateIds: [], credits: 2, expiryDays: 1 }),
    );
    await sell(ready, client.id, pack.id);
    await sell(ready, client.id, other.id);
    const answer = await options();
    expect(answer.best).toMatchObject({ kind: 'class-pack', label: 'Uses 1 credit of your Five' });
    expect(answer.packages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Five', remaining: 5, usable: true, problem: null }),
        expect.objectContaining({
          name: 'Elsewhere',
          usable: false,
          problem: 'Elsewhere expires before this class.',
        }),
      ]),
    );
    // The team asks for a client; another company's class answers 404.
    const team = await app.inject({
      method: 'GET',
      url: `/api/class-instances/${classId}/payment-options?clientId=${client.id}`,
      headers: ready.headers,
    });
    expect(team.json().data.best.kind).toBe('class-pack');
    const theirs = await studioReadyToSchedule(app);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/class-instances/${await classIn(theirs, 2)}/payment-options`,
      headers: client.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
