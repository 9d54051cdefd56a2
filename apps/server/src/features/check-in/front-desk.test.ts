import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { PASSWORD, bearer, signUpClient } from '../../test/factories.ts';
import { actorFrom, classAt, minutesFromNow, quickClients, sellPackage } from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { undoCheckIn, walkIn } from './front-desk.service.ts';

/**
 * The team's check-in list, front desk and kiosk (issue 13 §4-§5): undo, walk-ins paying as bookings do,
 * the day's classes with counts, the kiosk (first name and initial only, waiver first, rate-limited), and
 * other companies' ids.
 */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

let hour = 0;
/** A class starting in `minutes` (check-in opens 60 minutes before by default); free unless told. */
async function classIn(ready: ReadyStudio, minutes = 20, overrides: Record<string, unknown> = {}) {
  hour += 1;
  return classAt(app, ready, minutesFromNow(minutes), {
    capacity: 5,
    dropInPrice: 0,
    instructorId: hour % 2 ? ready.indira : ready.marco,
    roomId: hour % 2 ? ready.roomA : ready.roomB,
    ...overrides,
  });
}

async function clientOf(ready: ReadyStudio, email?: string) {
  const signed = await signUpClient(app, ready.slug, email ? { email } : {});
  return {
    id: signed.session.user._id as string,
    headers: bearer(signed.session.token),
    email: signed.email,
    signed,
  };
}

const roster = async (ready: ReadyStudio, classId: string) =>
  (await get(`/api/class-instances/${classId}/bookings`, ready.headers)).json().data.items as {
    id: string;
    clientId: string;
    status: string;
    paidWith: string;
  }[];

async function publishWaiver(ready: ReadyStudio) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/waiver',
    headers: ready.headers,
    payload: {
      title: 'Waiver',
      text: 'I take part at my own risk.',
      terms: [{ label: 'I agree' }],
      askToSignAgain: true,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('undo a check-in', () => {
  it('puts a checked-in client back to booked; refused when not checked in, after the class ended + 30 minutes, and for another company', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const client = await clientOf(ready);
    const booked = await post(`/api/class-instances/${classId}/bookings`, client.headers, {});
    const bookingId = booked.json().data.id as string;
    expect((await post(`/api/bookings/${bookingId}/check-in`, ready.headers)).statusCode).toBe(200);

    const undone = await post(`/api/bookings/${bookingId}/undo-check-in`, ready.headers);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      status: 1,
      message: 'Chris Client’s check-in is undone: booked again.',
      data: { id: bookingId, status: 'booked' },
    });
    expect((await roster(ready, classId))[0]).toMatchObject({ status: 'booked' });
    const twice = await post(`/api/bookings/${bookingId}/undo-check-in`, ready.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Chris Client is not checked in, so there is nothing to undo.');

    // An instructor takes attendance, so may undo; a client may not; another company's booking is a 404.
    expect((await post(`/api/bookings/${bookingId}/check-in`, ready.headers)).statusCode).toBe(200);
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    expect((await post(`/api/bookings/${bookingId}/undo-check-in`, instructor.headers)).statusCode).toBe(200);
    expect((await post(`/api/bookings/${bookingId}/undo-check-in`, client.headers)).statusCode).toBe(403);
    const other = await studioReadyToSchedule(app);
    const foreign = await post(`/api/bookings/${bookingId}/undo-check-in`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 0, message: 'We could not find that booking.' });
    expect((await post('/api/bookings/nope/undo-check-in', ready.headers)).statusCode).toBe(400);
    expect((await post(`/api/bookings/${bookingId}/undo-check-in`, {})).statusCode).toBe(401);

    // The class (an hour long) ended 31 minutes ago: too late.
    expect((await post(`/api/bookings/${bookingId}/check-in`, ready.headers)).statusCode).toBe(200);
    const startsAt = new Date(
      (await get(`/api/class-instances/${classId}`, ready.headers)).json().data.startsAt,
    );
    const late = new Date(startsAt.getTime() + 91 * 60_000);
    await expect(undoCheckIn(db.db, actorFrom(ready), bookingId, late)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(
        /^A check-in can be undone until 30 minutes after the class ends \(.+\); that time has passed\.$/,
      ),
    });
    expect((await roster(ready, classId))[0]).toMatchObject({ status: 'checked_in' });
  });
});

describe('walk-ins', () => {
  it('a free class: booked and checked in at once; twice is refused; a full class says so', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready, 20, { capacity: 2 });
    const [first, second, third] = await quickClients(app, ready, 3, 'walker');
    const answer = await post(`/api/class-instances/${classId}/walk-ins`, ready.headers, { clientId: first });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'walker 0 walked in and is checked in to Power Yoga.',
      data: { clientId: first, status: 'checked_in', paidWith: 'free' },
    });
    // Standing at the desk, already checked in: no "Booked:" email for the class under way.
    const booked = await db.pool.query(
      `select o.subject from email_outbox o join users u on u.email = o."to" where u.id = $1 and o.subject like 'Booked:%'`,
      [first],
    );
    expect(booked.rows).toEqual([]);
    const again = await post(`/api/class-instances/${classId}/walk-ins`, ready.headers, { clientId: first });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('walker 0 already has a place in this class.');

    expect(
      (await post(`/api/class-instances/${classId}/walk-ins`, ready.headers, { clientId: second }))
        .statusCode,
    ).toBe(200);
    const full = await post(`/api/class-instances/${classId}/walk-ins`, ready.headers, { clientId: third });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      status: 0,
      message: 'Power Yoga is full: all 2 places are taken, so walker 2 cannot walk in.',
    });
    const door = (await get(`/api/class-instances/${classId}/door`, ready.headers)).json().data;
    expect(door).toMatchObject({ checkedIn: 2, booked: 2, capacity: 2 });
  });

  it('pays as a booking does: a drop-in owed at the studio, or a pack credit', async () => {
    const ready = await studioReadyToSchedule(app);
    const paid = await classIn(ready, 20, { dropInPrice: 2500 });
    const [cash, credit] = await quickClients(app, ready, 2, 'payer');
    const dropIn = await post(`/api/class-instances/${paid}/walk-ins`, ready.headers, { clientId: cash });
    expect(dropIn.statusCode, dropIn.body).toBe(200);
    expect(dropIn.json().data).toMatchObject({ status: 'checked_in', paidWith: 'drop-in' });
    const owed = (await get(`/api/clients/${cash}/account`, ready.headers)).json().data;
    expect(owed.balanceOwing).toBe(2500);

    const pack = await created(app, ready.headers, '/api/packages', classPack({ credits: 5 }));
    await sellPackage(app, ready, credit as string, pack.id);
    const withCredit = await post(`/api/class-instances/${paid}/walk-ins`, ready.headers, {
      clientId: credit,
    });
    expect(withCredit.statusCode, withCredit.body).toBe(200);
    expect(withCredit.json().data).toMatchObject({ status: 'checked_in', paidWith: 'class-pack' });
    const account = (await get(`/api/clients/${credit}/account`, ready.headers)).json().data;
    expect(account.packages[0]).toMatchObject({ remaining: 4 });
  });

  it('from when check-in opens until it closes (also after the start); waiver first, whoever books', async () => {
    const ready = await studioReadyToSchedule(app);
    const [early, late, tooLate, unsigned] = await quickClients(app, ready, 4, 'door');
    const later = await classIn(ready, 180);
    const notYet = await post(`/api/class-instances/${later}/walk-ins`, ready.headers, { clientId: early });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toMatch(/^Check-in opens /);

    const soon = await classIn(ready, 10);
    const startsAt = new Date(
      (await get(`/api/class-instances/${soon}`, ready.headers)).json().data.startsAt,
    );
    const deps = { db: db.db, publicUrl: 'http://localhost', log: () => {} };
    const tenPast = await walkIn(
      deps,
      actorFrom(ready),
      soon,
      { clientId: late as string },
      new Date(startsAt.getTime() + 10 * 60_000),
    );
    expect(tenPast.data).toMatchObject({ status: 'checked_in' });
    await expect(
      walkIn(
        deps,
        actorFrom(ready),
        soon,
        { clientId: tooLate as string },
        new Date(startsAt.getTime() + 31 * 60_000),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/^Check-in for Power Yoga closed .+, 30 minutes after the start\.$/),
    });

    await publishWaiver(ready);
    // Waiver first (issue 13 §3): no walk-in without it, and the team cannot override it at check-in.
    const refused = await post(`/api/class-instances/${soon}/walk-ins`, ready.headers, {
      clientId: unsigned,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ waiver: 'The waiver is not signed' });
    expect(refused.json().message).toMatch(/nobody is checked in without it/);
    const overridden = await post(`/api/class-instances/${soon}/walk-ins`, ready.headers, {
      clientId: unsigned,
      overrideWaiver: true,
    });
    expect(overridden.statusCode).toBe(409);
    // Booked for this class by the team (their override), the place is still not checked in without it.
    const booked = await post(`/api/class-instances/${soon}/bookings`, ready.headers, {
      clientId: unsigned,
      overrideWaiver: true,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const checkIn = await post(`/api/bookings/${booked.json().data.id}/check-in`, ready.headers, {});
    expect(checkIn.statusCode).toBe(409);
    expect(checkIn.json().errors).toEqual({ waiver: 'The waiver is not signed' });
  });

  it('400 names the field, 403 for instructors and clients, 404 for another company’s class or client', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const [clientId] = await quickClients(app, ready, 1, 'mine');
    const bad = await post(`/api/class-instances/${classId}/walk-ins`, ready.headers, { clientId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('clientId');
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const byInstructor = await post(`/api/class-instances/${classId}/walk-ins`, instructor.headers, {
      clientId,
    });
    expect(byInstructor.statusCode).toBe(403);
    const client = await clientOf(ready);
    expect(
      (await post(`/api/class-instances/${classId}/walk-ins`, client.headers, { clientId })).statusCode,
    ).toBe(403);

    const other = await studioReadyToSchedule(app);
    const [theirs] = await quickClients(app, other, 1, 'theirs');
    const foreignClass = await post(`/api/class-instances/${classId}/walk-ins`, other.headers, {
      clientId: theirs,
    });
    expect(foreignClass.statusCode).toBe(404);
    expect(foreignClass.json().message).toBe('We could not find that class.');
    const foreignClient = await post(`/api/class-instances/${classId}/walk-ins`, ready.headers, {
      clientId: theirs,
    });
    expect(foreignClient.statusCode).toBe(404);
    expect(foreignClient.json().message).toBe('We could not find that client.');
    expect(await roster(ready, classId)).toEqual([]);
  });
});

describe('the front desk', () => {
  it('lists a studio’s classes of the day with live counts; 400 for a bad date, 404 for another company’s studio', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready, 20);
    const [booked, walker] = await quickClients(app, ready, 2, 'desk');
    expect(
      (await post(`/api/class-instances/${classId}/bookings`, ready.headers, { clientId: booked }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/class-instances/${classId}/walk-ins`, ready.headers, { clientId: walker }))
        .statusCode,
    ).toBe(200);
    const startsAt = new Date(
      (await get(`/api/class-instances/${classId}`, ready.headers)).json().data.startsAt,
    );
    const date = localDateOf(startsAt, 'America/New_York');
    const desk = await get(`/api/front-desk?studioId=${ready.studioId}&date=${date}`, ready.headers);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().data).toMatchObject({ studioName: 'Midtown', date, timeZone: 'America/New_York' });
    expect(desk.json().data.items).toEqual([
      expect.objectContaining({
        classInstanceId: classId,
        name: 'Power Yoga',
        booked: 2,
        checkedIn: 1,
        capacity: 5,
        roomName: 'Studio A',
      }),
    ]);
    const otherDay = await get(`/api/front-desk?studioId=${ready.studioId}&date=2020-01-01`, ready.headers);
    expect(otherDay.json().data.items).toEqual([]);

    const bad = await get(`/api/front-desk?studioId=${ready.studioId}&date=tomorrow`, ready.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ date: 'Give the date as YYYY-MM-DD' });
    const other = await studioReadyToSchedule(app);
    const foreign = await get(`/api/front-desk?studioId=${ready.studioId}`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('We could not find that studio.');
    const client = await clientOf(ready);
    expect((await get(`/api/front-desk?studioId=${ready.studioId}`, client.headers)).statusCode).toBe(403);
    expect((await get(`/api/front-desk?studioId=${ready.studioId}`)).statusCode).toBe(401);
  });
});

describe('the kiosk', () => {
  it('checks a booked client in by email or phone and names them by first name and last initial only', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const nora = await clientOf(ready);
    await db.pool.query(`update users set name = 'Nora Kowalski' where id = $1`, [nora.id]);
    expect((await post(`/api/class-instances/${classId}/bookings`, nora.headers, {})).statusCode).toBe(200);

    const shown = await get(`/api/kiosk?studioId=${ready.studioId}`, ready.headers);
    expect(shown.json().data).toMatchObject({ studioName: 'Midtown', classes: [{ name: 'Power Yoga' }] });

    const answer = await post('/api/kiosk/check-ins', ready.headers, {
      studioId: ready.studioId,
      identifier: ` ${nora.email.toUpperCase()} `,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const initial = 'Nora K.';
    expect(answer.json()).toEqual({
      status: 1,
      message: `Welcome, ${initial} You are checked in to Power Yoga.`,
      data: {
        displayName: initial,
        className: 'Power Yoga',
        startsAt: expect.any(String),
        alreadyCheckedIn: false,
      },
    });
    expect(answer.body).not.toContain(nora.email);
    expect(answer.body).not.toContain(nora.id);
    expect((await roster(ready, classId))[0]).toMatchObject({ clientId: nora.id, status: 'checked_in' });
    const again = await post('/api/kiosk/check-ins', ready.headers, {
      studioId: ready.studioId,
      identifier: nora.email,
    });
    expect(again.json().message).toBe(`${initial} You are already checked in to Power Yoga.`);
    expect(again.json().data.alreadyCheckedIn).toBe(true);

    // By phone, however it is typed.
    const chris = await clientOf(ready);
    await db.pool.query(`update users set phone = '(404) 555-7788' where id = $1`, [chris.id]);
    expect((await post(`/api/class-instances/${classId}/bookings`, chris.headers, {})).statusCode).toBe(200);
    const byPhone = await post('/api/kiosk/check-ins', ready.headers, {
      studioId: ready.studioId,
      identifier: '404-555-7788',
    });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json().data.displayName).toBe('Chris C.');
  });

  it('not found, no place and another company’s client all get the same sentence; waiver first', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const unbooked = await clientOf(ready);
    const other = await studioReadyToSchedule(app);
    const theirs = await signUpClient(app, other.slug);
    const sentence =
      'We could not find a booking for a class starting now under that email or phone. Check what you typed, or please see the front desk.';
    for (const identifier of ['nobody@example.com', unbooked.email, theirs.email]) {
      const answer = await post('/api/kiosk/check-ins', ready.headers, {
        studioId: ready.studioId,
        identifier,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ status: 0, message: sentence });
    }
    const empty = await post('/api/kiosk/check-ins', ready.headers, {
      studioId: ready.studioId,
      identifier: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ identifier: 'Type your email or phone number' });
    const foreignStudio = await post('/api/kiosk/check-ins', other.headers, {
      studioId: ready.studioId,
      identifier: unbooked.email,
    });
    expect(foreignStudio.statusCode).toBe(404);
    expect((await get(`/api/kiosk?studioId=${ready.studioId}`, other.headers)).statusCode).toBe(404);
    expect(
      (
        await post('/api/kiosk/check-ins', unbooked.headers, {
          studioId: ready.studioId,
          identifier: 'x@y.z',
        })
      ).statusCode,
    ).toBe(403);

    expect((await post(`/api/class-instances/${classId}/bookings`, unbooked.headers, {})).statusCode).toBe(
      200,
    );
    await publishWaiver(ready);
    const waiver = await post('/api/kiosk/check-ins', ready.headers, {
      studioId: ready.studioId,
      identifier: unbooked.email,
    });
    expect(waiver.statusCode).toBe(409);
    expect(waiver.json()).toMatchObject({
      message:
        'Welcome, Chris C. Please sign the studio’s waiver first: see the front desk, or scan the QR code on the door screen.',
      errors: { checkIn: 'waiver' },
    });
    expect((await roster(ready, classId))[0]).toMatchObject({ status: 'booked' });
  });

  it('allows 10 tries a minute per kiosk, then answers 429; leaving kiosk mode needs the staff password', async () => {
    const ready = await studioReadyToSchedule(app);
    await classIn(ready);
    for (let index = 0; index < 10; index += 1) {
      const answer = await post('/api/kiosk/check-ins', ready.headers, {
        studioId: ready.studioId,
        identifier: `guess-${index}@example.com`,
      });
      expect(answer.statusCode).toBe(404);
    }
    const limited = await post('/api/kiosk/check-ins', ready.headers, {
      studioId: ready.studioId,
      identifier: 'guess@example.com',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      status: 0,
      message: 'Too many tries at this kiosk. Please wait a minute, or see the front desk.',
    });

    const wrong = await post('/api/kiosk/unlock', ready.headers, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'That password is not right' });
    const right = await post('/api/kiosk/unlock', ready.headers, { password: PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ message: 'Kiosk mode is off.' });
  });
});
