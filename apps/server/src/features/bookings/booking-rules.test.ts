import { describe, expect, it } from 'vitest';
import { SESSION_SETTINGS_DEFAULTS, type SessionSettingsBody } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { actorFrom, classAt, minutesFromNow, quickClients, setSessionRules } from '../../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { HttpError } from '../../plugins/errors.ts';
import { bookingWindows } from './booking-rules.ts';
import {
  acceptOffer,
  bookClass,
  cancelBooking,
  checkIn,
  declineOffer,
  expireOffers,
  markNoShows,
  waiveFee,
  type BookingDeps,
} from './bookings.service.ts';

/**
 * Each booking rule at the instant it turns, by calling the services with a chosen `now` against the real
 * database: windows open and close at the right local instant, cancelling before and after the limit,
 * the waitlist in `auto` and `offer` mode, offers expiring, the cut-off, check-in and no-shows.
 */
const { app, db } = await createTestApp();
const deps: BookingDeps = { db: db.db, publicUrl: 'http://kinetic.test', log: () => {} };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (base: Date, offset: number) => new Date(base.getTime() + offset);

/** The 409 sentence a service call ends with (or a failure when it succeeds). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return error.message;
    throw error;
  }
  throw new Error('expected a 409');
}

async function readClass(ready: ReadyStudio, id: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/class-instances/${id}`,
    headers: ready.headers,
  });
  return response.json().data as { bookedCount: number; waitlistCount: number; capacity: number };
}

async function historyOf(bookingId: string) {
  const { rows } = await db.pool.query<{
    from_status: string | null;
    to_status: string;
    reason: string | null;
    actor_id: string | null;
  }>(
    'select from_status, to_status, reason, actor_id from booking_events where booking_id = $1 order by at, id',
    [bookingId],
  );
  return rows.map((row) => [row.from_status, row.to_status, row.reason]);
}

async function outboxTo(email: string) {
  const { rows } = await db.pool.query<{ subject: string; text: string }>(
    `select subject, text from email_outbox where "to" = $1 and subject not like 'Welcome to %' order by created_at`,
    [email],
  );
  return rows;
}

/** A fresh studio (its own rules), one class `startsIn` ahead, and clients made on the spot. */
async function scene(
  rules: Partial<SessionSettingsBody>,
  options: { capacity?: number; clients?: number; startsIn?: number } = {},
) {
  const ready = await studioReadyToSchedule(app);
  await setSessionRules(app, ready, rules);
  const startsAt = minutesFromNow(options.startsIn ?? 3 * 24 * 60);
  const classId = await classAt(app, ready, startsAt, { capacity: options.capacity ?? 5 });
  const clients = await quickClients(app, ready, options.clients ?? 3);
  const owner = actorFrom(ready);
  const bookAs = (clientId: string, now = new Date()) =>
    bookClass(deps, owner, classId, { clientId }, undefined, now);
  return { ready, startsAt, classId, clients, owner, bookAs };
}

describe('booking windows, at the local instant', () => {
  it('opens N days before at the class’s own local time across a DST change (New York and Berlin)', () => {
    const rules = { ...SESSION_SETTINGS_DEFAULTS, bookingOpensDaysBefore: 14 };
    // 18:00 in New York on Monday 2 November 2026 (EST); 14 days earlier is 18:00 EDT, not 19:00.
    const ny = bookingWindows(new Date('2026-11-02T23:00:00Z'), 'America/New_York', rules);
    expect(ny.opensAt.toISOString()).toBe('2026-10-19T22:00:00.000Z');
    // 18:00 in Berlin on Monday 29 March 2027 (CEST); 14 days earlier is 18:00 CET.
    const berlin = bookingWindows(new Date('2027-03-29T16:00:00Z'), 'Europe/Berlin', rules);
    expect(berlin.opensAt.toISOString()).toBe('2027-03-15T17:00:00.000Z');
    // The other limits count minutes and hours back from the start.
    expect(ny.freeCancellationUntil.toISOString()).toBe('2026-11-02T11:00:00.000Z');
    expect(ny.waitlistCutoffAt.toISOString()).toBe('2026-11-02T22:00:00.000Z');
  });

  it('refuses before booking opens and after it closes, and books in between', async () => {
    const { startsAt, clients, bookAs } = await scene({
      bookingOpensDaysBefore: 2,
      bookingClosesMinutesBefore: 30,
    });
    const [a, b, c] = clients as [string, string, string];
    const opens = bookingWindows(startsAt, 'America/New_York', {
      ...SESSION_SETTINGS_DEFAULTS,
      bookingOpensDaysBefore: 2,
    }).opensAt;
    expect(await refusal(bookAs(a, at(opens, -MINUTE)))).toMatch(
      /^Booking for this class opens \w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d\.$/,
    );
    expect((await bookAs(a, opens)).data.status).toBe('booked');
    expect(await refusal(bookAs(b, at(startsAt, -30 * MINUTE)))).toMatch(/^Booking for this class closed /);
    expect((await bookAs(c, at(startsAt, -31 * MINUTE))).data.status).toBe('booked');
    expect(await refusal(bookAs(b, at(startsAt, MINUTE)))).toBe(
      'This class has already started; it can no longer be booked.',
    );
  });
});

describe('cancelling before and after the free-cancellation limit', () => {
  it('is free before the limit; late after it, with the fee recorded, which the team may waive', async () => {
    const { ready, startsAt, classId, clients, owner, bookAs } = await scene({
      freeCancellationHoursBefore: 12,
      lateCancelFee: 1500,
    });
    const [a, b, c] = clients as [string, string, string];
    const early = (await bookAs(a)).data;
    const late = (await bookAs(b)).data;
    const waived = (await bookAs(c)).data;

    const free = await cancelBooking(deps, owner, early.id, {}, at(startsAt, -12 * HOUR - MINUTE));
    expect(free.data).toMatchObject({ status: 'cancelled', fee: null });
    const charged = await cancelBooking(deps, owner, late.id, {}, at(startsAt, -12 * HOUR));
    expect(charged.message).toBe('Cancelled late: a late-cancellation fee of $15.00 applies.');
    expect(charged.data).toMatchObject({
      status: 'late_cancelled',
      fee: { kind: 'late_cancel', amount: 1500, currency: 'USD', status: 'due' },
    });
    const forgiven = await cancelBooking(deps, owner, waived.id, { waiveFee: true }, at(startsAt, -HOUR));
    expect(forgiven.data.fee).toMatchObject({ status: 'waived' });

    expect((await waiveFee(deps, owner, late.id, at(startsAt, -HOUR))).data.fee?.status).toBe('waived');
    expect(await refusal(waiveFee(deps, owner, late.id))).toBe('This booking has no fee to waive.');
    expect((await readClass(ready, classId)).bookedCount).toBe(0);
    expect(await historyOf(late.id)).toEqual([
      [null, 'booked', 'Booked by the studio'],
      ['booked', 'late_cancelled', 'Cancelled by the studio'],
      ['late_cancelled', 'late_cancelled', 'Fee waived'],
    ]);
  });
});

describe('the waitlist', () => {
  it('auto: the first in line is booked in the cancelling transaction, and told by email', async () => {
    const { ready, classId, clients, owner, bookAs } = await scene({ waitlistMode: 'auto' }, { capacity: 1 });
    const [a, b, c] = clients as [string, string, string];
    const placed = (await bookAs(a)).data;
    const first = (await bookAs(b)).data;
    await bookAs(c);
    await cancelBooking(deps, owner, placed.id, {});
    expect(await readClass(ready, classId)).toMatchObject({ bookedCount: 1, waitlistCount: 1 });
    expect(await historyOf(first.id)).toEqual([
      [null, 'waitlisted', 'Booked by the studio'],
      ['waitlisted', 'booked', 'A place opened: promoted from the waitlist'],
    ]);
    const mail = await outboxTo(`client-1-${ready.companyId}@example.com`);
    expect(mail.map((row) => row.subject)).toEqual([
      expect.stringMatching(/^On the waitlist: Power Yoga, /),
      expect.stringMatching(/^You’re in: Power Yoga, /),
    ]);
  });

  it('offer: the place is held for the next in line; decline passes it on; accept books; an expired offer cannot be accepted', async () => {
    const { ready, classId, clients, owner, bookAs } = await scene(
      { waitlistMode: 'offer', offerHoldMinutes: 30 },
      { capacity: 1, clients: 4 },
    );
    const [a, b, c, d] = clients as [string, string, string, string];
    const placed = (await bookAs(a)).data;
    const second = (await bookAs(b)).data;
    const third = (await bookAs(c)).data;
    const now = new Date();
    await cancelBooking(deps, owner, placed.id, {}, now);
    const offers = await db.pool.query<{ id: string; status: string; offer_expires_at: Date }>(
      "select id, status, offer_expires_at from bookings where class_instance_id = $1 and status = 'offered'",
      [classId],
    );
    expect(offers.rows).toEqual([
      { id: second.id, status: 'offered', offer_expires_at: at(now, 30 * MINUTE) },
    ]);
    // The held place counts against capacity: a newcomer waits.
    expect((await bookAs(d)).data.status).toBe('waitlisted');
    expect(await readClass(ready, classId)).toMatchObject({ bookedCount: 1, waitlistCount: 2 });

    await declineOffer(deps, owner, second.id);
    const afterDecline = await db.pool.query(
      "select id from bookings where status = 'offered' and class_instance_id = $1",
      [classId],
    );
    expect(afterDecline.rows).toEqual([{ id: third.id }]);
    expect(await refusal(acceptOffer(deps, owner, third.id, at(new Date(), 31 * MINUTE)))).toBe(
      'This offer has expired; the place has gone to the next person.',
    );
    expect((await acceptOffer(deps, owner, third.id)).data.status).toBe('booked');
    expect(await readClass(ready, classId)).toMatchObject({ bookedCount: 1, waitlistCount: 1 });
    const mail = await outboxTo(`client-2-${ready.companyId}@example.com`);
    expect(mail[0]?.subject).toMatch(/^On the waitlist: Power Yoga, /);
    expect(mail[1]?.subject).toMatch(/^A place is held for you: Power Yoga, /);
    // Its accept and decline links: the offer page, signed for this booking and hold.
    expect(mail[1]?.text).toMatch(
      new RegExp(
        `Accept the place: http://kinetic\\.test/${ready.slug}/client/client/app/offer/${third.id}\\?exp=\\d+&sig=[\\w-]{43}&choice=accept`,
      ),
    );
  });

  it('an offer that runs out moves on to the next in line (the expiry job’s work)', async () => {
    const { ready, classId, clients, owner, bookAs } = await scene(
      { waitlistMode: 'offer', offerHoldMinutes: 10 },
      { capacity: 1 },
    );
    const [a, b, c] = clients as [string, string, string];
    const placed = (await bookAs(a)).data;
    const second = (await bookAs(b)).data;
    const third = (await bookAs(c)).data;
    const now = new Date();
    await cancelBooking(deps, owner, placed.id, {}, now);
    expect(await expireOffers(deps, at(now, 9 * MINUTE))).toBe(0);
    expect(await expireOffers(deps, at(now, 10 * MINUTE))).toBe(1);
    const { rows } = await db.pool.query<{ id: string; status: string }>(
      'select id, status from bookings where class_instance_id = $1 order by created_at, id',
      [classId],
    );
    expect(rows).toEqual([
      { id: placed.id, status: 'cancelled' },
      { id: second.id, status: 'cancelled' },
      { id: third.id, status: 'offered' },
    ]);
    expect((await historyOf(second.id)).at(-1)).toEqual(['offered', 'cancelled', 'Offer expired']);
    expect(await readClass(ready, classId)).toMatchObject({ bookedCount: 1, waitlistCount: 0 });
    expect((await outboxTo(`client-1-${ready.companyId}@example.com`)).map((row) => row.subject)).toEqual([
      expect.stringMatching(/^On the waitlist/),
      expect.stringMatching(/^A place is held for you/),
      expect.stringMatching(/^Your held place has gone/),
    ]);
  });

  it('a capacity raised by an edit gives the new places to the waitlist in order', async () => {
    const { ready, classId, clients, bookAs } = await scene({ waitlistMode: 'auto' }, { capacity: 1 });
    const [a, b, c] = clients as [string, string, string];
    await bookAs(a);
    const second = (await bookAs(b)).data;
    const third = (await bookAs(c)).data;
    const details = (
      await app.inject({ method: 'GET', url: `/api/class-instances/${classId}`, headers: ready.headers })
    ).json().data;
    const series = (
      await app.inject({
        method: 'GET',
        url: `/api/fitness-sessions/${details.fitnessSessionId}`,
        headers: ready.headers,
      })
    ).json().data;
    const raised = await app.inject({
      method: 'PUT',
      url: `/api/fitness-sessions/${series.id}`,
      headers: ready.headers,
      payload: { ...series, capacity: 2, scope: 'one', classInstanceId: classId },
    });
    expect(raised.statusCode).toBe(200);
    expect(await readClass(ready, classId)).toMatchObject({ capacity: 2, bookedCount: 2, waitlistCount: 1 });
    expect((await historyOf(second.id)).at(-1)).toEqual([
      'waitlisted',
      'booked',
      'A place opened: promoted from the waitlist',
    ]);
    expect(await historyOf(third.id)).toHaveLength(1);
  });

  it('inside the cut-off nobody is promoted or offered, nobody joins the waitlist, and the freed place opens to all', async () => {
    const { ready, startsAt, classId, clients, owner, bookAs } = await scene(
      { waitlistMode: 'auto', waitlistCutoffMinutesBefore: 60 },
      { capacity: 1, clients: 4 },
    );
    const [a, b, c, d] = clients as [string, string, string, string];
    const placed = (await bookAs(a)).data;
    const waiting = (await bookAs(b)).data;
    const insideCutoff = at(startsAt, -59 * MINUTE);
    expect(await refusal(bookAs(c, insideCutoff))).toBe('This class is full, and its waitlist has closed.');
    await cancelBooking(deps, owner, placed.id, {}, insideCutoff);
    expect(await readClass(ready, classId)).toMatchObject({ bookedCount: 0, waitlistCount: 1 });
    expect((await historyOf(waiting.id)).length).toBe(1);
    expect((await bookAs(d, insideCutoff)).data.status).toBe('booked');
  });
});

describe('attendance', () => {
  it('checks in from when check-in opens; after the start the rest become no-shows with the fee', async () => {
    const { ready, startsAt, classId, clients, owner, bookAs } = await scene({
      checkInOpensMinutesBefore: 60,
      noShowFee: 800,
    });
    const [a, b, c] = clients as [string, string, string];
    const present = (await bookAs(a)).data;
    const absent = (await bookAs(b)).data;
    const cancelled = (await bookAs(c)).data;
    await cancelBooking(deps, owner, cancelled.id, {});
    expect(await refusal(checkIn(deps, owner, present.id, at(startsAt, -61 * MINUTE)))).toMatch(
      /^Check-in opens /,
    );
    expect((await checkIn(deps, owner, present.id, at(startsAt, -60 * MINUTE))).data.status).toBe(
      'checked_in',
    );
    expect(await refusal(checkIn(deps, owner, present.id, startsAt))).toBe('client 0 is already checked in.');

    expect(await refusal(markNoShows(deps, owner, classId, at(startsAt, -MINUTE)))).toBe(
      'Mark no-shows once the class has started.',
    );
    const marked = await markNoShows(deps, owner, classId, at(startsAt, 5 * MINUTE));
    expect(marked).toEqual({ message: '1 client was marked as no-show.', data: { marked: 1 } });
    const rows = await db.pool.query<{ id: string; status: string; fee_amount: number | null }>(
      'select id, status, fee_amount from bookings where class_instance_id = $1 order by created_at, id',
      [classId],
    );
    expect(rows.rows).toEqual([
      { id: present.id, status: 'checked_in', fee_amount: null },
      { id: absent.id, status: 'no_show', fee_amount: 800 },
      { id: cancelled.id, status: 'cancelled', fee_amount: null },
    ]);
    expect(await readClass(ready, classId)).toMatchObject({ bookedCount: 1 });
    // A no-show marked by mistake is corrected by checking the client in: the fee goes.
    const corrected = await checkIn(deps, owner, absent.id, at(startsAt, 20 * MINUTE));
    expect(corrected.data).toMatchObject({ status: 'checked_in', fee: null });
  });
});
