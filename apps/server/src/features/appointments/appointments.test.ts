import { afterAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../../db/client.ts';
import { instructors } from '../../db/schema/index.ts';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { classAt, quickClients, signedInClient } from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { appointmentType, bookAppointment, localSlot, workingHours } from '../../test/appointments.ts';
import { momentLabel } from '../fitness-sessions/zoned-time.ts';
import { overlapOf, overlapsAsConflict } from '../fitness-sessions/fitness-sessions.service.ts';

/**
 * Booking appointments (issue 17 §3) against the real database and the real job worker: who books,
 * how it pays, the emails, the race for one slot, cancellation windows and the freed slot, the team
 * cancelling a whole appointment, and what another company or an instructor may see.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url });
const ZONE = 'America/New_York';
type Headers = Record<string, string>;

/** A studio whose two instructors work every day 06:00–22:00 (New York). */
async function studioWithHours(): Promise<ReadyStudio> {
  const ready = await studioReadyToSchedule(app);
  await workingHours(app, ready, ready.indira);
  await workingHours(app, ready, ready.marco);
  return ready;
}

const slotOf = (ready: ReadyStudio, typeId: string, startsAt: Date, more: Record<string, unknown> = {}) => ({
  appointmentTypeId: typeId,
  instructorId: ready.indira,
  studioId: ready.studioId,
  startsAt: startsAt.toISOString(),
  ...more,
});

async function waitForMail(to: string, subject: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = mail.mailTo(to).find((message) => message.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${subject}" to ${to}; got ${JSON.stringify(mail.mailTo(to).map((m) => m.subject))}`);
}

/** The appointment rows of a type, as the database holds them. */
async function instancesOf(typeId: string) {
  const { rows } = await db.pool.query<{
    id: string;
    status: string;
    booked_count: number;
    capacity: number;
    instructor_id: string;
    kind: string;
  }>(
    `select id, status, booked_count, capacity, instructor_id, kind from class_instances
      where appointment_type_id = $1 order by created_at, id`,
    [typeId],
  );
  return rows;
}

/** Links the team member signed in with `headers` to an instructor row (instructors.user_id). */
async function linkInstructor(headers: Headers, ready: ReadyStudio, instructorId: string) {
  const me = await app.inject({ method: 'GET', url: '/api/me', headers });
  await withPlatform(db.db, (tx) =>
    tx
      .update(instructors)
      .set({ userId: me.json().data.user.id })
      .where(and(eq(instructors.companyId, ready.companyId), eq(instructors.id, instructorId))),
  );
}

const cancelBooking = (bookingId: string, headers: Headers) =>
  app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/cancel`, headers, payload: {} });

describe('booking an appointment', () => {
  it('a client books a private session for themself: the appointment, their booking, and a confirmation naming the type', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0 });
    const client = await signedInClient(app, ready);
    const startsAt = localSlot(3, '10:00');

    const answer = await bookAppointment(app, client.headers, slotOf(ready, typeId, startsAt));
    expect(answer.statusCode, answer.body).toBe(200);
    const { appointment, booking } = answer.json().data;
    expect(answer.json().message).toBe('You are booked into Personal Training.');
    expect(appointment).toMatchObject({
      appointmentTypeId: typeId,
      typeName: 'Personal Training',
      instructorId: ready.indira,
      instructorName: 'Indira Patel',
      studioId: ready.studioId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      capacity: 1,
      bookedCount: 1,
      status: 'scheduled',
      attendees: [{ clientId: client.id, status: 'booked', paidWith: 'free' }],
    });
    expect(booking).toMatchObject({ clientId: client.id, status: 'booked', classInstanceId: appointment.id });
    expect(await instancesOf(typeId)).toMatchObject([
      { kind: 'appointment', status: 'scheduled', booked_count: 1 },
    ]);

    const email = await waitForMail(
      client.email,
      `Booked: Personal Training, ${momentLabel(startsAt, ZONE)}`,
    );
    expect(email.body).toContain('Personal Training');
  });

  it('the team books for a client (a drop-in owed at the studio); the client is emailed', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 8000 });
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const client = await signedInClient(app, ready);
    const startsAt = localSlot(4, '15:00');

    const answer = await bookAppointment(
      app,
      staff.headers,
      slotOf(ready, typeId, startsAt, { clientId: client.id, instructorId: null }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('Chris Client is booked into Personal Training.');
    expect(answer.json().data.booking).toMatchObject({ clientId: client.id, paidWith: 'drop-in' });
    // "Anyone": the first instructor of the type who is free.
    expect(answer.json().data.appointment.instructorId).toBe(ready.indira);
    await waitForMail(client.email, `Booked: Personal Training, ${momentLabel(startsAt, ZONE)}`);

    // A staff member without manageClients cannot book for clients.
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const refused = await bookAppointment(
      app,
      instructor.headers,
      slotOf(ready, typeId, localSlot(4, '17:00'), { clientId: client.id }),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('pays with a class pack the type names (one credit, once); a pack it does not name asks for payment (402); a drop-in when chosen', async () => {
    const ready = await studioWithHours();
    const named = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'PT 5-Pack', credits: 5 }),
    );
    const other = await created(app, ready.headers, '/api/packages', classPack({ name: 'Yoga 10' }));
    const typeId = await appointmentType(app, ready, { price: 8000, packageIds: [named.id] });
    const withPack = await signedInClient(app, ready);
    const withOther = await signedInClient(app, ready);
    for (const [clientId, packageId] of [
      [withPack.id, named.id],
      [withOther.id, other.id],
    ] as const)
      await created(app, ready.headers, '/api/orders', {
        clientId,
        items: [{ kind: 'package', packageId }],
        promoCode: null,
        paidWith: 'cash',
      });
    const startsAt = localSlot(5, '09:00');
    const options = (headers: Headers) =>
      app.inject({
        method: 'GET',
        url: `/api/appointment-types/${typeId}/payment-options?startsAt=${encodeURIComponent(startsAt.toISOString())}&studioId=${ready.studioId}`,
        headers,
      });

    const before = await options(withPack.headers);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({
      dropInPrice: 8000,
      best: { kind: 'class-pack', label: expect.stringContaining('PT 5-Pack') },
    });
    expect(before.json().data.packages).toMatchObject([{ name: 'PT 5-Pack', usable: true, remaining: 5 }]);

    const booked = await bookAppointment(app, withPack.headers, slotOf(ready, typeId, startsAt));
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data.booking.paidWith).toBe('class-pack');
    expect((await options(withPack.headers)).json().data.packages).toMatchObject([{ remaining: 4 }]);
    const { rows } = await db.pool.query<{ used: number }>(
      `select count(*)::int as used from credit_ledger l join client_packages p on p.id = l.client_package_id
        where p.client_id = $1 and l.credits < 0`,
      [withPack.id],
    );
    expect(rows[0]?.used).toBe(1);

    const unnamed = await options(withOther.headers);
    expect(unnamed.json().data.packages).toMatchObject([
      { name: 'Yoga 10', usable: false, problem: 'Yoga 10 does not pay for Personal Training.' },
    ]);
    const refused = await bookAppointment(
      app,
      withOther.headers,
      slotOf(ready, typeId, localSlot(5, '11:00')),
    );
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toMatch(
      /Yoga 10 does not pay for Personal Training\. .*drop-in for \$80\.00/,
    );
    expect(await instancesOf(typeId)).toHaveLength(1);

    const dropIn = await bookAppointment(
      app,
      withOther.headers,
      slotOf(ready, typeId, localSlot(5, '11:00'), { payWith: 'drop-in' }),
    );
    expect(dropIn.statusCode, dropIn.body).toBe(200);
    expect(dropIn.json().data.booking.paidWith).toBe('drop-in');
  });

  it('refuses a time outside working hours, too soon or too far ahead, an instructor who does not offer the type, an inactive type for clients', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0, instructorIds: [ready.indira] });
    const client = await signedInClient(app, ready);
    const book = (startsAt: Date, more: Record<string, unknown> = {}) =>
      bookAppointment(app, client.headers, slotOf(ready, typeId, startsAt, more));

    const night = await book(localSlot(3, '23:00'));
    expect(night.statusCode).toBe(409);
    expect(night.json().message).toBe(
      'Indira Patel is not free for Personal Training at that time; choose another time.',
    );
    const farAhead = await book(localSlot(40, '10:00'));
    expect(farAhead.statusCode).toBe(409);
    expect(farAhead.json().message).toMatch(/^Booking for that time opens /);
    const past = await book(new Date(Date.now() - 3_600_000));
    expect(past.json().message).toBe('That time has passed; choose another time.');
    const marco = await book(localSlot(3, '10:00'), { instructorId: ready.marco });
    expect(marco.statusCode).toBe(409);
    expect(marco.json().message).toBe('Marco Reyes does not offer Personal Training.');
    const badTime = await book(localSlot(3, '10:00'), { startsAt: 'tomorrow' });
    expect(badTime.statusCode).toBe(400);

    const inactive = await appointmentType(app, ready, { name: 'Assessment', price: 0, active: false });
    const closed = await bookAppointment(app, client.headers, slotOf(ready, inactive, localSlot(3, '12:00')));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Assessment is not open for booking at the moment.');
    const byTeam = await bookAppointment(
      app,
      ready.headers,
      slotOf(ready, inactive, localSlot(3, '12:00'), { clientId: client.id }),
    );
    expect(byTeam.statusCode, byTeam.body).toBe(200);
  });

  it('an inactive type stays closed to clients on the class booking route too (a semi-private session joined by its id)', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { name: 'Duet Pilates', price: 0, maxAttendees: 3 });
    const first = await signedInClient(app, ready);
    const other = await signedInClient(app, ready);
    const body = slotOf(ready, typeId, localSlot(5, '13:00'));
    const booked = await bookAppointment(app, first.headers, body);
    expect(booked.statusCode, booked.body).toBe(200);
    const appointmentId = booked.json().data.appointment.id as string;
    const closed = await app.inject({
      method: 'PUT',
      url: `/api/appointment-types/${typeId}`,
      headers: ready.headers,
      payload: {
        ...(
          await app.inject({ method: 'GET', url: `/api/appointment-types/${typeId}`, headers: ready.headers })
        ).json().data,
        active: false,
      },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await bookAppointment(app, other.headers, body)).statusCode).toBe(409);
    const viaClass = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${appointmentId}/bookings`,
      headers: other.headers,
      payload: {},
    });
    expect(viaClass.statusCode, viaClass.body).toBe(409);
    expect(viaClass.json().message).toBe('Duet Pilates is not open for booking at the moment.');
    expect(await instancesOf(typeId)).toMatchObject([{ status: 'scheduled', booked_count: 1 }]);
    // The team still books a client into it from the class's roster (the front desk's day opens it there).
    const [walkIn] = await quickClients(app, ready, 1, 'roster');
    const byTeam = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${appointmentId}/bookings`,
      headers: ready.headers,
      payload: { clientId: walkIn },
    });
    expect(byTeam.statusCode, byTeam.body).toBe(200);
  });

  it('replays an Idempotency-Key: the same answer, one booking; the key for another request is refused', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0 });
    const client = await signedInClient(app, ready);
    const body = slotOf(ready, typeId, localSlot(3, '08:00'));
    const first = await bookAppointment(app, client.headers, body, 'key-1');
    const again = await bookAppointment(app, client.headers, body, 'key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await instancesOf(typeId)).toHaveLength(1);
    const other = await bookAppointment(
      app,
      client.headers,
      { ...body, startsAt: localSlot(3, '09:00').toISOString() },
      'key-1',
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/already used for a different request/);
  });
});

describe('no double booking', () => {
  it('20 parallel requests (different clients) for one private slot: exactly one booked, 19 told the time is taken', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0 });
    const clients = await quickClients(app, ready, 20);
    const body = slotOf(ready, typeId, localSlot(6, '14:00'));
    const answers = await Promise.all(
      clients.map((clientId) => bookAppointment(app, ready.headers, { ...body, clientId })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(
      new Set(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message)),
    ).toEqual(new Set(['That time was just taken; choose another time.']));
    expect(await instancesOf(typeId)).toMatchObject([{ status: 'scheduled', booked_count: 1 }]);
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from bookings where class_instance_id = $1`,
      [(await instancesOf(typeId))[0]?.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('one client is never in two places at once: a second session overlapping their first is refused, naming it', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0, slotIntervalMinutes: 30 });
    const client = await signedInClient(app, ready);
    const first = await bookAppointment(app, client.headers, slotOf(ready, typeId, localSlot(5, '10:00')));
    expect(first.statusCode, first.body).toBe(200);
    // Marco is free at 10:30, the client is not.
    const second = await bookAppointment(
      app,
      client.headers,
      slotOf(ready, typeId, localSlot(5, '10:30'), { instructorId: ready.marco }),
    );
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(
      `You already have Personal Training at that time (${momentLabel(localSlot(5, '10:00'), ZONE)}); choose another time.`,
    );
    // The team is told by the client's name; right after, the same time with Marco is free for someone else.
    const forClient = await bookAppointment(
      app,
      ready.headers,
      slotOf(ready, typeId, localSlot(5, '10:30'), { instructorId: ready.marco, clientId: client.id }),
    );
    expect(forClient.statusCode).toBe(409);
    expect(forClient.json().message).toMatch(/^.+ already has Personal Training at that time/);
    expect((await instancesOf(typeId)).filter((row) => row.status === 'scheduled')).toHaveLength(1);
    const other = await signedInClient(app, ready);
    const free = await bookAppointment(
      app,
      other.headers,
      slotOf(ready, typeId, localSlot(5, '10:30'), { instructorId: ready.marco }),
    );
    expect(free.statusCode, free.body).toBe(200);
  });

  it('"anyone": 20 parallel requests for one time with two instructors free: two booked (one each), 18 refused', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0 });
    const clients = await quickClients(app, ready, 20, 'anyone');
    const body = slotOf(ready, typeId, localSlot(6, '16:00'), { instructorId: null });
    const answers = await Promise.all(
      clients.map((clientId) => bookAppointment(app, ready.headers, { ...body, clientId })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(18);
    const rows = await instancesOf(typeId);
    expect(rows.map((row) => row.instructor_id).sort()).toEqual([ready.indira, ready.marco].sort());
    expect(rows.every((row) => row.booked_count === 1)).toBe(true);
  });

  it('one room for two instructors: 10 parallel requests (5 each) for one time book exactly one, in that room', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0, roomIds: [ready.roomB] });
    const clients = await quickClients(app, ready, 10, 'room');
    const startsAt = localSlot(6, '12:00');
    const answers = await Promise.all(
      clients.map((clientId, index) =>
        bookAppointment(app, ready.headers, {
          ...slotOf(ready, typeId, startsAt),
          instructorId: index % 2 === 0 ? ready.indira : ready.marco,
          clientId,
        }),
      ),
    );
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    expect(won[0]?.json().data.appointment).toMatchObject({ roomId: ready.roomB, roomName: 'Studio B' });
    expect(await instancesOf(typeId)).toMatchObject([{ status: 'scheduled', booked_count: 1 }]);
    const loser = answers.find(
      (answer, index) =>
        answer.statusCode === 409 &&
        (index % 2 === 0 ? ready.indira : ready.marco) !== won[0]?.json().data.appointment.instructorId,
    );
    expect(loser?.json().message).toMatch(
      /^(Indira Patel|Marco Reyes) is not free for Personal Training at that time, or no room is; choose another time\.$/,
    );
  });

  it('a semi-private session for 3 with 5 parallel requests: 3 booked into one appointment, 2 refused', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { name: 'Duet Pilates', price: 0, maxAttendees: 3 });
    const clients = await quickClients(app, ready, 5, 'semi');
    const body = slotOf(ready, typeId, localSlot(6, '10:00'));
    const answers = await Promise.all(
      clients.map((clientId) => bookAppointment(app, ready.headers, { ...body, clientId })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(2);
    expect(await instancesOf(typeId)).toMatchObject([{ status: 'scheduled', booked_count: 3, capacity: 3 }]);
    const ids = new Set(
      answers
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => answer.json().data.appointment.id),
    );
    expect(ids.size).toBe(1);
  });

  it('an appointment over a class (buffers included) is refused; the database refuses one written directly too', async () => {
    const ready = await studioWithHours();
    const classStart = localSlot(7, '11:00');
    await classAt(app, ready, classStart);
    const typeId = await appointmentType(app, ready, { price: 0, bufferAfterMinutes: 30 });
    const client = await signedInClient(app, ready);

    // 10:00–11:00 touches the class only through its 30-minute buffer after.
    const overBuffer = await bookAppointment(
      app,
      client.headers,
      slotOf(ready, typeId, localSlot(7, '10:00')),
    );
    expect(overBuffer.statusCode).toBe(409);
    const overClass = await bookAppointment(app, client.headers, slotOf(ready, typeId, classStart));
    expect(overClass.statusCode).toBe(409);
    expect(await instancesOf(typeId)).toHaveLength(0);
    // Marco is free then.
    const marco = await bookAppointment(
      app,
      client.headers,
      slotOf(ready, typeId, localSlot(7, '10:00'), { instructorId: ready.marco }),
    );
    expect(marco.statusCode, marco.body).toBe(200);

    // Past every check in the code: the exclusion constraint alone refuses it (23P01).
    const direct = db.pool.query(
      `insert into class_instances (company_id, id, kind, appointment_type_id, studio_id, instructor_id,
         local_date, starts_at, ends_at, capacity, buffer_after_minutes, status)
       values ($1, $2, 'appointment', $3, $4, $5, $6, $7, $8, 1, 30, 'scheduled')`,
      [
        ready.companyId,
        'a'.repeat(24),
        typeId,
        ready.studioId,
        ready.indira,
        new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(classStart),
        new Date(classStart.getTime() - 3_600_000),
        classStart,
      ],
    );
    await expect(direct).rejects.toMatchObject({
      code: '23P01',
      constraint: 'class_instances_instructor_overlap',
    });
  });

  it('a 23P01 over an appointment’s buffer is read back as its blocked range and answered naming the appointment', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, {
      price: 0,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 30,
      roomIds: [ready.roomA],
    });
    const client = await signedInClient(app, ready);
    const startsAt = localSlot(9, '10:00');
    const booked = await bookAppointment(app, client.headers, slotOf(ready, typeId, startsAt));
    expect(booked.statusCode, booked.body).toBe(200);
    // A write past every application check, starting inside the 30-minute buffer after (11:10).
    const refused = (instructorId: string, roomId: string | null) =>
      db.pool
        .query(
          `insert into class_instances (company_id, id, kind, appointment_type_id, studio_id, instructor_id,
             room_id, local_date, starts_at, ends_at, capacity)
           values ($1, 'eeeeeeeeeeeeeeeeeeeeeeee', 'appointment', $2, $3, $4, $5, $6, $7, $8, 1)`,
          [
            ready.companyId,
            typeId,
            ready.studioId,
            instructorId,
            roomId,
            new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(startsAt),
            new Date(startsAt.getTime() + 70 * 60_000),
            new Date(startsAt.getTime() + 130 * 60_000),
          ],
        )
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    const blocked = {
      startsAt: new Date(startsAt.getTime() - 15 * 60_000),
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
    };
    const when = momentLabel(startsAt, ZONE);
    const byInstructor = await refused(ready.indira, null);
    expect(overlapOf(byInstructor)).toEqual({ kind: 'instructor', id: ready.indira, ...blocked });
    await expect(
      overlapsAsConflict(() => Promise.reject(byInstructor), db.db, ready.companyId),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: `Indira Patel already teaches Personal Training on ${when}.`,
    });
    const byRoom = await refused(ready.marco, ready.roomA);
    expect(overlapOf(byRoom)).toEqual({ kind: 'room', id: ready.roomA, ...blocked });
    await expect(
      overlapsAsConflict(() => Promise.reject(byRoom), db.db, ready.companyId),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: `Studio A is already booked for Personal Training on ${when}. Book the room anyway to double-book it.`,
    });
  });

  it('the exclusion constraint is the last word: a row another transaction writes meanwhile makes the booking answer 409', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0 });
    const client = await signedInClient(app, ready);
    const startsAt = localSlot(8, '09:00');
    const other = await db.pool.connect();
    try {
      // Another writer (not taking the booking locks) holds an uncommitted appointment of Indira's then.
      await other.query('begin');
      await other.query(
        `insert into class_instances (company_id, id, kind, appointment_type_id, studio_id, instructor_id,
           local_date, starts_at, ends_at, capacity, status)
         values ($1, $2, 'appointment', $3, $4, $5, $6, $7, $8, 1, 'scheduled')`,
        [
          ready.companyId,
          'b'.repeat(24),
          typeId,
          ready.studioId,
          ready.indira,
          new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(startsAt),
          startsAt,
          new Date(startsAt.getTime() + 3_600_000),
        ],
      );
      // The booking sees the time free (the row is not committed) and waits on the constraint.
      const answer = bookAppointment(app, client.headers, slotOf(ready, typeId, startsAt));
      for (let tries = 0; tries < 200; tries += 1) {
        const { rows } = await db.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query ilike 'insert into "class_instances"%'`,
        );
        if (rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await other.query('commit');
      const refused = await answer;
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        status: 0,
        message: 'That time was just taken; choose another time.',
        errors: { startsAt: 'That time was just taken; choose another time.' },
      });
    } finally {
      other.release();
    }
    expect(await instancesOf(typeId)).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('joining a semi-private session while its last client cancels books a new session at that (now free) time', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { name: 'Duet Pilates', price: 0, maxAttendees: 3 });
    const leaving = await signedInClient(app, ready);
    const joining = await signedInClient(app, ready);
    const body = slotOf(ready, typeId, localSlot(5, '15:00'));
    const first = await bookAppointment(app, leaving.headers, body);
    expect(first.statusCode, first.body).toBe(200);
    const emptied = first.json().data.appointment.id as string;
    // The last client's cancellation, caught mid-way: the session row is locked and already cancelled
    // (as cancelBooking leaves it), not yet committed when the join reads the free slots.
    const cancelling = await db.pool.connect();
    try {
      await cancelling.query('begin');
      await cancelling.query('select id from class_instances where id = $1 for update', [emptied]);
      await cancelling.query(
        `update bookings set status = 'cancelled', cancelled_by = 'client' where class_instance_id = $1`,
        [emptied],
      );
      await cancelling.query(
        `update class_instances set status = 'cancelled', booked_count = 0, cancelled_at = now() where id = $1`,
        [emptied],
      );
      const join = bookAppointment(app, joining.headers, body);
      // The join has found the session to join and waits for its row.
      for (let tries = 0; ; tries += 1) {
        const { rows } = await db.pool.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_locks where not granted and locktype in ('transactionid', 'tuple')`,
        );
        if ((rows[0]?.waiting ?? 0) > 0) break;
        if (tries > 200) throw new Error('the join never waited for the cancelling transaction');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await cancelling.query('commit');
      const answer = await join;
      expect(answer.statusCode, answer.body).toBe(200);
      const booked = answer.json().data.appointment;
      expect(booked.id).not.toBe(emptied);
      expect(booked).toMatchObject({ status: 'scheduled', bookedCount: 1, capacity: 3 });
    } finally {
      cancelling.release();
    }
    expect((await instancesOf(typeId)).map((row) => [row.status, row.booked_count])).toEqual([
      ['cancelled', 0],
      ['scheduled', 1],
    ]);
  });

  it('in time: no fee, the credit back, the emptied appointment is cancelled and its slot can be booked again', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, {
      price: 0,
      ruleOverrides: { freeCancellationHoursBefore: 24, lateCancelFee: 1500 },
    });
    const first = await signedInClient(app, ready);
    const second = await signedInClient(app, ready);
    const body = slotOf(ready, typeId, localSlot(3, '13:00'));
    const booked = await bookAppointment(app, first.headers, body);
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await bookAppointment(app, second.headers, body)).statusCode).toBe(409);

    const cancelled = await cancelBooking(booked.json().data.booking.id, first.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Booking cancelled.',
      data: { status: 'cancelled', fee: null },
    });
    expect(await instancesOf(typeId)).toMatchObject([{ status: 'cancelled', booked_count: 0 }]);

    const again = await bookAppointment(app, second.headers, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(await instancesOf(typeId)).toMatchObject([
      { status: 'cancelled' },
      { status: 'scheduled', booked_count: 1 },
    ]);
  });

  it('late (inside the type’s window): the type’s late-cancel fee is recorded, and the slot is free again', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, {
      price: 0,
      ruleOverrides: { freeCancellationHoursBefore: 96, lateCancelFee: 1500 },
    });
    const client = await signedInClient(app, ready);
    const body = slotOf(ready, typeId, localSlot(2, '13:00'));
    const booked = await bookAppointment(app, client.headers, body);
    expect(booked.statusCode, booked.body).toBe(200);
    const cancelled = await cancelBooking(booked.json().data.booking.id, client.headers);
    expect(cancelled.json()).toMatchObject({
      message: 'Cancelled late: a late-cancellation fee of $15.00 applies.',
      data: { status: 'late_cancelled', fee: { kind: 'late_cancel', amount: 1500, status: 'due' } },
    });
    expect(await instancesOf(typeId)).toMatchObject([{ status: 'cancelled' }]);
    const other = await signedInClient(app, ready);
    expect((await bookAppointment(app, other.headers, body)).statusCode).toBe(200);
  });

  it('a semi-private session stays while it has clients; the team cancels the whole appointment and every client is told', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { name: 'Duet Pilates', price: 0, maxAttendees: 3 });
    const clients = [
      await signedInClient(app, ready),
      await signedInClient(app, ready),
      await signedInClient(app, ready),
    ];
    const startsAt = localSlot(4, '18:00');
    const body = slotOf(ready, typeId, startsAt);
    const bookings = [];
    for (const client of clients) {
      const answer = await bookAppointment(app, client.headers, body);
      expect(answer.statusCode, answer.body).toBe(200);
      bookings.push(answer.json().data);
    }
    const appointmentId = bookings[0].appointment.id as string;
    expect((await cancelBooking(bookings[2].booking.id, clients[2]!.headers)).statusCode).toBe(200);
    expect(await instancesOf(typeId)).toMatchObject([{ status: 'scheduled', booked_count: 2 }]);

    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const cancel = (headers: Headers) =>
      app.inject({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/cancel`,
        headers,
        payload: { reason: 'Indira is unwell' },
      });
    // An instructor who does not teach it does not see it; the one who does may not cancel it.
    expect((await cancel(instructor.headers)).statusCode).toBe(404);
    await linkInstructor(instructor.headers, ready, ready.indira);
    const refused = await cancel(instructor.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account cannot cancel appointments.');
    const done = await cancel(staff.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'cancelled', bookedCount: 0 });
    expect(done.json().data.attendees.map((attendee: { status: string }) => attendee.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    for (const client of clients.slice(0, 2)) {
      const email = await waitForMail(
        client.email,
        `Cancelled by the studio: Duet Pilates, ${momentLabel(startsAt, ZONE)}`,
      );
      expect(email.body).toContain('Indira is unwell');
    }
    expect((await cancel(staff.headers)).json().message).toBe('This appointment is already cancelled.');
  });
});

describe('who sees what', () => {
  it('a client joining a semi-private session is answered with their own place only, not who else booked', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { name: 'Duet Pilates', price: 0, maxAttendees: 3 });
    const first = await signedInClient(app, ready);
    const second = await signedInClient(app, ready);
    const body = slotOf(ready, typeId, localSlot(5, '11:00'));
    expect((await bookAppointment(app, first.headers, body)).statusCode).toBe(200);
    const joined = await bookAppointment(app, second.headers, body, 'join-semi-private');
    expect(joined.statusCode, joined.body).toBe(200);
    const { appointment } = joined.json().data;
    expect(appointment.bookedCount).toBe(2);
    expect(appointment.attendees.map((attendee: { clientId: string }) => attendee.clientId)).toEqual([
      second.id,
    ]);
    expect(joined.body).not.toContain(first.id);
    // The replay of the same key answers the same (stored) answer, still without the other client.
    const replay = await bookAppointment(app, second.headers, body, 'join-semi-private');
    expect(replay.body).not.toContain(first.id);
    // The team booking a third client sees everyone.
    const [third] = await quickClients(app, ready, 1, 'semi-team');
    const team = await bookAppointment(app, ready.headers, { ...body, clientId: third });
    expect(team.statusCode, team.body).toBe(200);
    expect(
      team
        .json()
        .data.appointment.attendees.map((attendee: { clientId: string }) => attendee.clientId)
        .sort(),
    ).toEqual([first.id, second.id, third].sort());
  });

  it('another company’s appointment, type, studio and instructor ids answer 404 everywhere', async () => {
    const ours = await studioWithHours();
    const theirs = await studioWithHours();
    const theirType = await appointmentType(app, theirs, { price: 0 });
    const ourType = await appointmentType(app, ours, { price: 0 });
    const theirClient = await signedInClient(app, theirs);
    const booked = await bookAppointment(
      app,
      theirClient.headers,
      slotOf(theirs, theirType, localSlot(3, '10:00')),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const theirAppointment = booked.json().data.appointment.id as string;
    const theirBooking = booked.json().data.booking.id as string;
    const ourClient = await signedInClient(app, ours);
    const when = localSlot(3, '11:00').toISOString();

    const answers = {
      get: await app.inject({
        method: 'GET',
        url: `/api/appointments/${theirAppointment}`,
        headers: ours.headers,
      }),
      cancel: await app.inject({
        method: 'POST',
        url: `/api/appointments/${theirAppointment}/cancel`,
        headers: ours.headers,
        payload: {},
      }),
      options: await app.inject({
        method: 'GET',
        url: `/api/appointment-types/${theirType}/payment-options?startsAt=${encodeURIComponent(when)}&studioId=${theirs.studioId}`,
        headers: ourClient.headers,
      }),
      bookTheirType: await bookAppointment(app, ourClient.headers, slotOf(ours, theirType, new Date(when))),
      bookTheirStudio: await bookAppointment(
        app,
        ourClient.headers,
        slotOf(ours, ourType, new Date(when), { studioId: theirs.studioId }),
      ),
      bookTheirInstructor: await bookAppointment(
        app,
        ourClient.headers,
        slotOf(ours, ourType, new Date(when), { instructorId: theirs.indira }),
      ),
      cancelTheirBooking: await cancelBooking(theirBooking, ours.headers),
    };
    for (const [name, answer] of Object.entries(answers))
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(404);
    expect(answers.bookTheirStudio.json().message).toBe('We could not find that studio.');
    expect(answers.bookTheirInstructor.json().message).toBe('We could not find that instructor.');
    const listed = await app.inject({
      method: 'GET',
      url: `/api/appointments?from=2020-01-01&to=2020-02-01`,
      headers: ours.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(await instancesOf(theirType)).toMatchObject([{ status: 'scheduled', booked_count: 1 }]);
  });

  it('the team lists appointments by date with attendees; an instructor sees only their own', async () => {
    const ready = await studioWithHours();
    const typeId = await appointmentType(app, ready, { price: 0 });
    const client = await signedInClient(app, ready);
    const day = localSlot(5, '10:00');
    const withIndira = await bookAppointment(app, client.headers, slotOf(ready, typeId, day));
    const withMarco = await bookAppointment(
      app,
      client.headers,
      slotOf(ready, typeId, localSlot(5, '12:00'), { instructorId: ready.marco }),
    );
    expect(withIndira.statusCode).toBe(200);
    expect(withMarco.statusCode).toBe(200);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(day);
    const list = (headers: Headers, more = '') =>
      app.inject({ method: 'GET', url: `/api/appointments?from=${date}&to=${date}${more}`, headers });

    const all = await list(ready.headers);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.items).toMatchObject([
      { instructorName: 'Indira Patel', attendees: [{ clientId: client.id, clientName: 'Chris Client' }] },
      { instructorName: 'Marco Reyes' },
    ]);
    expect((await list(ready.headers, `&instructorId=${ready.marco}`)).json().data.items).toHaveLength(1);

    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    // Not linked to an instructor yet: nothing.
    expect((await list(instructor.headers)).json().data.items).toEqual([]);
    await linkInstructor(instructor.headers, ready, ready.indira);
    const own = (await list(instructor.headers)).json().data.items;
    expect(own.map((item: { instructorId: string }) => item.instructorId)).toEqual([ready.indira]);
    const marcoId = withMarco.json().data.appointment.id as string;
    const hidden = await app.inject({
      method: 'GET',
      url: `/api/appointments/${marcoId}`,
      headers: instructor.headers,
    });
    expect(hidden.statusCode).toBe(404);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/appointments/${withIndira.json().data.appointment.id}`,
      headers: instructor.headers,
    });
    expect(mine.statusCode).toBe(200);
    // A client is not the team.
    expect((await list(client.headers)).statusCode).toBe(403);
  });
});
