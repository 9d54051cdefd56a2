import { describe, expect, it } from 'vitest';
import { CHECK_IN_STEP_SECONDS, checkInCode, checkInStepAt } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { actorFrom, classAt, minutesFromNow } from '../../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { codeFor } from './check-in-codes.ts';
import { bookClass } from '../bookings/bookings.service.ts';
import { buyPass, PASS_READS_PER_MINUTE, checkInWithCode } from './check-in.service.ts';

/**
 * Check-in at the door (issue 13 §1-§3, §6): the door screen's secret and counts, codes that live 30-60
 * seconds, the window, waiver first, a place offered when there is none, and other companies' ids.
 */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url, headers, payload });

let hour = 0;
/** A free class starting in `minutes` (check-in opens 60 minutes before by default). */
async function classIn(ready: ReadyStudio, minutes = 20, overrides: Record<string, unknown> = {}) {
  hour += 1;
  // Distinct instructors and rooms per class of one company, so nothing overlaps.
  return classAt(app, ready, minutesFromNow(minutes), {
    capacity: 5,
    dropInPrice: 0,
    instructorId: hour % 2 ? ready.indira : ready.marco,
    roomId: hour % 2 ? ready.roomA : ready.roomB,
    ...overrides,
  });
}

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return { id: signed.session.user._id as string, headers: bearer(signed.session.token), signed };
}

async function door(ready: ReadyStudio, classId: string) {
  const response = await get(`/api/class-instances/${classId}/door`, ready.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    secret: string;
    fitnessSessionId: string;
    classInstanceId: string;
    checkedIn: number;
    booked: number;
  };
}

/** What a phone sends after scanning the screen `stepsAgo` steps ago. */
async function scanned(
  screen: { secret: string; fitnessSessionId: string; classInstanceId: string },
  stepsAgo = 0,
) {
  const step = checkInStepAt(Date.now()) - stepsAgo;
  return {
    fitnessSessionId: screen.fitnessSessionId,
    classInstanceId: screen.classInstanceId,
    code: await checkInCode(screen.secret, screen.fitnessSessionId, screen.classInstanceId, step),
    step,
  };
}

describe('the door screen', () => {
  it('gives the team the class secret and live counts; 401 without a session, 403 for clients, 404 for another company', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const screen = await door(ready, classId);
    expect(screen).toMatchObject({
      classInstanceId: classId,
      checkedIn: 0,
      booked: 0,
      capacity: 5,
      stepSeconds: 30,
    });
    expect(screen.secret).toMatch(/^[0-9a-f]{64}$/);
    // The same secret each time the screen opens (a second tablet shows the same codes).
    expect((await door(ready, classId)).secret).toBe(screen.secret);

    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    expect((await get(`/api/class-instances/${classId}/door`, instructor.headers)).statusCode).toBe(200);
    expect((await get(`/api/class-instances/${classId}/door`)).statusCode).toBe(401);
    const client = await clientOf(ready);
    expect((await get(`/api/class-instances/${classId}/door`, client.headers)).statusCode).toBe(403);
    const other = await studioReadyToSchedule(app);
    const foreign = await get(`/api/class-instances/${classId}/door`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 0, message: 'We could not find that class.' });
    expect((await get(`/api/check-in/door?studioId=${ready.studioId}`, other.headers)).statusCode).toBe(404);
  });

  it('for a studio or room, shows the class that starts next there', async () => {
    const ready = await studioReadyToSchedule(app);
    const later = await classAt(app, ready, minutesFromNow(180), {
      capacity: 5,
      roomId: ready.roomA,
      instructorId: ready.indira,
    });
    const sooner = await classAt(app, ready, minutesFromNow(60), {
      capacity: 5,
      roomId: ready.roomB,
      instructorId: ready.marco,
    });
    const studio = (await get(`/api/check-in/door?studioId=${ready.studioId}`, ready.headers)).json().data;
    expect(studio.classInstance).toMatchObject({
      classInstanceId: sooner,
      name: 'Power Yoga',
      roomName: 'Studio B',
    });
    const roomA = (
      await get(`/api/check-in/door?studioId=${ready.studioId}&roomId=${ready.roomA}`, ready.headers)
    ).json().data;
    expect(roomA.classInstance.classInstanceId).toBe(later);
    const bad = await get(`/api/check-in/door?studioId=nope`, ready.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('studioId');
  });
});

describe('POST /api/check-in', () => {
  it('a booked client scanning the current code is checked in, and the door screen counts them', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const client = await clientOf(ready);
    expect((await post(`/api/class-instances/${classId}/bookings`, client.headers, {})).statusCode).toBe(200);
    const screen = await door(ready, classId);
    expect(screen).toMatchObject({ checkedIn: 0, booked: 1 });

    const answer = await post('/api/check-in', client.headers, await scanned(screen));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toMatch(/^You are checked in to Power Yoga\./);
    expect(answer.json().data).toMatchObject({
      clientName: 'Chris Client',
      classInstance: { name: 'Power Yoga' },
    });
    expect(await door(ready, classId)).toMatchObject({ checkedIn: 1, booked: 1 });
    const roster = (await get(`/api/class-instances/${classId}/bookings`, ready.headers)).json().data.items;
    expect(roster).toEqual([expect.objectContaining({ clientId: client.id, status: 'checked_in' })]);

    // Scanning again is harmless; the checked-in page reads the check-in back.
    const again = await post('/api/check-in', client.headers, await scanned(screen));
    expect(again.json().message).toBe('You are already checked in to Power Yoga.');
    const mine = await get(`/api/my/check-ins/${screen.fitnessSessionId}`, client.headers);
    expect(mine.json().data).toMatchObject({ classInstance: { classInstanceId: classId } });
  });

  it('the server and the browser derive the same code', async () => {
    const secret = 'ab'.repeat(32);
    const ids = ['6650f0a1b2c3d4e5f6a7b8c9', '6650f0a1b2c3d4e5f6a7b8ca'] as const;
    expect(codeFor(secret, ...ids, 58_000_000)).toBe(await checkInCode(secret, ...ids, 58_000_000));
    expect(codeFor(secret, ...ids, 58_000_000)).not.toBe(codeFor(secret, ...ids, 58_000_001));
  });

  it('accepts the code of the step before (a slow scan) but refuses one two steps old, a forged one and another class’s', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const otherClass = await classIn(ready, 25);
    const client = await clientOf(ready);
    for (const id of [classId, otherClass])
      expect((await post(`/api/class-instances/${id}/bookings`, client.headers, {})).statusCode).toBe(200);
    const screen = await door(ready, classId);
    const otherScreen = await door(ready, otherClass);

    const old = await post('/api/check-in', client.headers, await scanned(screen, 2));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ status: 0, errors: { code: 'expired' } });
    expect(old.json().message).toMatch(
      /^This code has expired: the door screen shows a new one every 30 seconds/,
    );

    const forged = await post('/api/check-in', client.headers, {
      ...(await scanned(screen)),
      code: '0123456789ab',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(
      'This code is not valid for this class. Scan the code on the door screen at the studio again.',
    );
    // The other class's genuine code, sent for this class: refused.
    const crossed = await post('/api/check-in', client.headers, {
      ...(await scanned(otherScreen)),
      classInstanceId: classId,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors).toEqual({ code: 'forged' });
    expect((await door(ready, classId)).checkedIn).toBe(0);

    const previousStep = await post('/api/check-in', client.headers, await scanned(screen, 1));
    expect(previousStep.statusCode, previousStep.body).toBe(200);
  });

  it('refuses outside the window: before check-in opens and 30 minutes after the start', async () => {
    const ready = await studioReadyToSchedule(app);
    const early = await classIn(ready, 180);
    const client = await clientOf(ready);
    expect((await post(`/api/class-instances/${early}/bookings`, client.headers, {})).statusCode).toBe(200);
    const screen = await door(ready, early);
    const tooSoon = await post('/api/check-in', client.headers, await scanned(screen));
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toMatch(
      /^Check-in for Power Yoga opens \w{3}, \d+ \w{3} \d{4}, \d{2}:\d{2}\.$/,
    );

    const soon = await classIn(ready, 10);
    expect((await post(`/api/class-instances/${soon}/bookings`, client.headers, {})).statusCode).toBe(200);
    const soonScreen = await door(ready, soon);
    // 31 minutes after the start, with a code the screen shows then.
    const startsAt = new Date(
      (await get(`/api/class-instances/${soon}`, ready.headers)).json().data.startsAt,
    );
    const then = new Date(startsAt.getTime() + 31 * 60_000);
    const step = checkInStepAt(then.getTime());
    const late = checkInWithCode(
      db.db,
      actorFrom(client.signed),
      {
        fitnessSessionId: soonScreen.fitnessSessionId,
        classInstanceId: soon,
        code: codeFor(soonScreen.secret, soonScreen.fitnessSessionId, soon, step),
        step,
      },
      then,
    );
    await expect(late).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/^Check-in for Power Yoga closed .+, 30 minutes after the start\.$/),
    });
  });

  it('nobody is checked in without the current signed waiver', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const client = await clientOf(ready);
    expect((await post(`/api/class-instances/${classId}/bookings`, client.headers, {})).statusCode).toBe(200);
    // Published after the booking: the check-in still asks for it.
    await app.inject({
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
    const screen = await door(ready, classId);
    const refused = await post('/api/check-in', client.headers, await scanned(screen));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Sign the studio’s waiver first: nobody is checked in without it.',
      errors: { checkIn: 'waiver' },
    });
    const mine = (await get('/api/my/waiver', client.headers)).json().data;
    const signed = await post('/api/my/waiver/signatures', client.headers, {
      waiverId: mine.waiver.id,
      acceptedTerms: mine.waiver.terms.map((term: { value: string }) => term.value),
      fullName: 'Chris Client',
      signature: { kind: 'typed' },
    });
    expect(signed.statusCode).toBe(201);
    expect((await post('/api/check-in', client.headers, await scanned(screen))).statusCode).toBe(200);
  });

  it('without a place: offered one while one is left, booked through the booking endpoint with the pass, then checked in; full says so', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready, 20, { capacity: 1 });
    const screen = await door(ready, classId);
    const walkIn = await clientOf(ready);

    // The phone first trades the code for a pass (no session needed), then checks in with it.
    const passAnswer = await post(`/api/public/${ready.slug}/check-in/pass`, {}, await scanned(screen));
    expect(passAnswer.statusCode, passAnswer.body).toBe(200);
    const { pass, classInstance } = passAnswer.json().data;
    expect(classInstance).toMatchObject({ name: 'Power Yoga', placesLeft: 1 });
    const body = { fitnessSessionId: screen.fitnessSessionId, classInstanceId: classId, pass };

    const offer = await post('/api/check-in', walkIn.headers, body);
    expect(offer.statusCode).toBe(409);
    expect(offer.json()).toMatchObject({
      message: 'You have no place in Power Yoga. One place is left: book one to check in.',
      errors: { checkIn: 'book' },
    });
    expect((await post(`/api/class-instances/${classId}/bookings`, walkIn.headers, {})).statusCode).toBe(200);
    const done = await post('/api/check-in', walkIn.headers, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(await door(ready, classId)).toMatchObject({ checkedIn: 1, booked: 1 });

    const latecomer = await clientOf(ready);
    const full = await post('/api/check-in', latecomer.headers, body);
    expect(full.json()).toMatchObject({ errors: { checkIn: 'full' } });
    expect(full.json().message).toBe(
      'You have no place in Power Yoga, and it is full. Please ask at the front desk.',
    );
    // The booking endpoint keeps the capacity (its waitlist has closed an hour before the start).
    const refused = await post(`/api/class-instances/${classId}/bookings`, latecomer.headers, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This class is full, and its waitlist has closed.');
    expect((await door(ready, classId)).booked).toBe(1);
  });

  it('a place held from the waitlist: the door says so with the booking, which is taken (accept) and checked in; waitlisted only is refused', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready, 20, { capacity: 2 });
    const screen = await door(ready, classId);
    const held = await clientOf(ready);
    const waiting = await clientOf(ready);
    for (const client of [held, waiting])
      expect((await post(`/api/class-instances/${classId}/bookings`, client.headers, {})).statusCode).toBe(
        200,
      );
    // As the waitlist leaves them: one offered a place (held for 30 minutes), one still waiting.
    await db.pool.query(
      `update bookings set status = 'offered', offer_expires_at = now() + interval '30 minutes' where client_id = $1`,
      [held.id],
    );
    await db.pool.query(`update bookings set status = 'waitlisted' where client_id = $1`, [waiting.id]);

    const offered = await post('/api/check-in', held.headers, await scanned(screen));
    expect(offered.statusCode).toBe(409);
    const { bookingId } = offered.json().errors;
    expect(offered.json()).toMatchObject({
      message: 'A place in Power Yoga is held for you: take it and you are checked in.',
      errors: { checkIn: 'offered', bookingId: expect.any(String) },
    });
    expect((await post(`/api/bookings/${bookingId}/accept`, held.headers, {})).statusCode).toBe(200);
    const done = await post('/api/check-in', held.headers, await scanned(screen));
    expect(done.statusCode, done.body).toBe(200);

    const refused = await post('/api/check-in', waiting.headers, await scanned(screen));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'You are on the waitlist of Power Yoga, not booked. Please ask at the front desk.',
      errors: { checkIn: 'waitlisted' },
    });
    expect(await door(ready, classId)).toMatchObject({ checkedIn: 1 });
  });

  it('at the door after the start, the pass lets a client take a free place (the booking endpoint) and check in', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready, 20, { capacity: 2 });
    const screen = await door(ready, classId);
    const walkIn = await clientOf(ready);
    const startsAt = new Date(
      (await get(`/api/class-instances/${classId}`, ready.headers)).json().data.startsAt,
    );
    const then = new Date(startsAt.getTime() + 10 * 60_000);
    const step = checkInStepAt(then.getTime());
    const code = codeFor(screen.secret, screen.fitnessSessionId, classId, step);
    const { pass } = await buyPass(
      db.db,
      ready.slug,
      '127.0.0.1',
      { fitnessSessionId: screen.fitnessSessionId, classInstanceId: classId, code, step },
      then,
    );
    const deps = { db: db.db, publicUrl: 'http://kinetic.test', log: () => {} };
    const actor = actorFrom(walkIn.signed);

    await expect(bookClass(deps, actor, classId, {}, undefined, then)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This class has already started; it can no longer be booked.',
    });
    await expect(
      bookClass(
        deps,
        actor,
        classId,
        { checkInPass: `${pass.split('.')[0]}.${'0'.repeat(32)}` },
        undefined,
        then,
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: { checkInPass: 'forged' },
    });
    const booked = await bookClass(deps, actor, classId, { checkInPass: pass }, undefined, then);
    expect(booked.data.status).toBe('booked');
    const checkedIn = await checkInWithCode(
      db.db,
      actor,
      { fitnessSessionId: screen.fitnessSessionId, classInstanceId: classId, pass },
      then,
    );
    expect(checkedIn.message).toMatch(/^You are checked in to Power Yoga\./);
    expect(await door(ready, classId)).toMatchObject({ checkedIn: 1, booked: 1 });
  });

  it('eight clients at the door at once for the last three places: three are booked and checked in, never more', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready, 20, { capacity: 3 });
    const screen = await door(ready, classId);
    const walkIns = await Promise.all(Array.from({ length: 8 }, () => clientOf(ready)));
    const { pass } = (await post(`/api/public/${ready.slug}/check-in/pass`, {}, await scanned(screen))).json()
      .data;
    const body = { fitnessSessionId: screen.fitnessSessionId, classInstanceId: classId, pass };
    const outcomes = await Promise.all(
      walkIns.map(async (walkIn) => {
        const booked = await post(`/api/class-instances/${classId}/bookings`, walkIn.headers, {
          checkInPass: pass,
        });
        if (booked.statusCode !== 200) return booked.json().message as string;
        const checkedIn = await post('/api/check-in', walkIn.headers, body);
        return checkedIn.statusCode === 200 ? 'checked in' : checkedIn.body;
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'checked in')).toHaveLength(3);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'checked in'))).toEqual(
      new Set(['This class is full, and its waitlist has closed.']),
    );
    expect(await door(ready, classId)).toMatchObject({ checkedIn: 3, booked: 3, capacity: 3 });
  });

  it('a pass is for its class only and runs out; a tampered pass is refused', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const otherClass = await classIn(ready, 25);
    const screen = await door(ready, classId);
    await door(ready, otherClass);
    const client = await clientOf(ready);
    const { pass } = (await post(`/api/public/${ready.slug}/check-in/pass`, {}, await scanned(screen))).json()
      .data;
    const elsewhere = await post('/api/check-in', client.headers, {
      fitnessSessionId: screen.fitnessSessionId,
      classInstanceId: otherClass,
      pass,
    });
    expect(elsewhere.statusCode).toBe(400);
    const tampered = `${Number(pass.split('.')[0]) + 3600}.${pass.split('.')[1]}`;
    const forged = await post('/api/check-in', client.headers, {
      fitnessSessionId: screen.fitnessSessionId,
      classInstanceId: classId,
      pass: tampered,
    });
    expect(forged.statusCode).toBe(400);
    const later = new Date(Date.now() + 16 * 60_000);
    await expect(
      checkInWithCode(
        db.db,
        actorFrom(client.signed),
        { fitnessSessionId: screen.fitnessSessionId, classInstanceId: classId, pass },
        later,
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Your check-in pass has run out\./),
    });
  });

  it('bad input names the field; no session 401; the team 403; another company’s class 404', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const screen = await door(ready, classId);
    const client = await clientOf(ready);
    const good = await scanned(screen);

    expect((await post('/api/check-in', {}, good)).statusCode).toBe(401);
    const team = await post('/api/check-in', ready.headers, good);
    expect(team.statusCode).toBe(403);
    const noCode = await post('/api/check-in', client.headers, {
      fitnessSessionId: good.fitnessSessionId,
      classInstanceId: classId,
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual({ code: 'Scan the code on the door screen to check in.' });
    const badCode = await post('/api/check-in', client.headers, { ...good, code: 'x<script>' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors.code).toMatch(/not a check-in code/);
    const badStep = await post(`/api/public/${ready.slug}/check-in/pass`, {}, { ...good, step: 'soon' });
    expect(badStep.statusCode).toBe(400);
    expect(badStep.json().errors).toHaveProperty('step');

    const other = await studioReadyToSchedule(app);
    const stranger = await clientOf(other);
    const foreign = await post('/api/check-in', stranger.headers, good);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('We could not find that class.');
    expect((await post(`/api/public/${other.slug}/check-in/pass`, {}, good)).statusCode).toBe(404);
    expect((await post(`/api/public/no-such-studio-here/check-in/pass`, {}, good)).statusCode).toBe(404);
    expect((await get(`/api/my/check-ins/${good.fitnessSessionId}`, stranger.headers)).statusCode).toBe(404);
    expect(CHECK_IN_STEP_SECONDS).toBe(30);
  });

  it('reading codes is rate-limited per address: a script trying codes gets 429, another network still checks in', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classIn(ready);
    const good = await scanned(await door(ready, classId));
    const forged = { ...good, code: good.code.split('').reverse().join('') };
    const from = (remoteAddress: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/public/${ready.slug}/check-in/pass`, payload, remoteAddress });
    for (let i = 0; i < PASS_READS_PER_MINUTE; i += 1)
      expect((await from('203.0.113.9', forged)).statusCode).toBe(400);
    const stopped = await from('203.0.113.9', good);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({
      status: 0,
      message: expect.stringMatching(/^Too many check-in tries/),
    });
    const elsewhere = await from('198.51.100.4', good);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().data.pass).toEqual(expect.any(String));
  });
});
