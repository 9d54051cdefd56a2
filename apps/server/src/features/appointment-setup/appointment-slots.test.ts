import { describe, expect, it } from 'vitest';
import type { AppointmentSlotDto, AppointmentSlotsQuery } from '@kinetic/shared';
import { withTenant } from '../../db/client.ts';
import { createTestApp } from '../../test/harness.ts';
import { classAt, signedInClient } from '../../test/bookings.ts';
import { created } from '../../test/packages.ts';
import { dateFromToday, studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { addDays, zonedInstant } from '../fitness-sessions/zoned-time.ts';
import { createType, setWeek, storedAppointment } from './appointment-test-helpers.ts';
import { findBookableSlot, freeSlots } from './appointment-slots.service.ts';

/**
 * Free appointment slots from the database (issue 17 §2): working hours less classes (taught or
 * assisted), other appointments and buffers, time off and extra hours, the booking window, rooms, and
 * semi-private sessions with places to join; across DST; the public endpoint; and the re-check booking
 * makes (findBookableSlot).
 */
const { app, db } = await createTestApp();

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const NY = 'America/New_York';

/** A weekday a few days ahead (inside the default 14-day booking window, clear of "too soon"). */
const DAY = dateFromToday(4);

async function slotsVia(headers: Headers, query: Record<string, string>): Promise<AppointmentSlotDto[]> {
  const response = await get(`/api/appointment-slots?${new URLSearchParams(query)}`, headers);
  if (response.statusCode !== 200) throw new Error(`slots: ${response.body}`);
  return response.json().data.items;
}

/** Free slots as the service answers them at a chosen moment. */
const slotsAt = (ready: ReadyStudio, query: AppointmentSlotsQuery, now: Date) =>
  withTenant(db.db, ready.companyId, (tx) => freeSlots(tx, ready.companyId, query, now));

const localTimes = (slots: readonly AppointmentSlotDto[], who?: string) =>
  slots.filter((slot) => !who || slot.instructorId === who).map((slot) => slot.localTime);

describe('free appointment slots', () => {
  it('answers 401 without a session; 400 for a bad range; 404 for a type, instructor or studio not offered', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const typeId = await createType(app, ready);
    const theirType = await createType(app, other);
    const query = (extra: Record<string, string> = {}) =>
      `/api/appointment-slots?${new URLSearchParams({ appointmentTypeId: typeId, from: DAY, to: DAY, ...extra })}`;
    expect((await get(query())).statusCode).toBe(401);
    const backwards = await get(query({ to: addDays(DAY, -1) }), ready.headers);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ to: 'The end date must be on or after the start' });
    const tooLong = await get(query({ to: addDays(DAY, 42) }), ready.headers);
    expect(tooLong.json().errors).toEqual({ to: 'Ask for at most 42 days at once' });
    const cases: [Record<string, string>, string][] = [
      [{ appointmentTypeId: theirType }, 'We could not find that appointment type.'],
      [{ instructorId: other.indira }, 'That instructor does not offer this appointment.'],
      [{ instructorId: ready.marco }, 'That instructor does not offer this appointment.'],
      [{ studioId: other.studioId }, 'This appointment is not offered at that studio.'],
    ];
    for (const [extra, message] of cases) {
      const response = await get(query(extra), ready.headers);
      expect(response.statusCode, message).toBe(404);
      expect(response.json().message).toBe(message);
    }
  });

  it('keeps a 09:00 working day at 09:00 local across the autumn DST change (New York and London)', async () => {
    const newYork = await studioReadyToSchedule(app, NY);
    await setWeek(app, newYork, newYork.indira, { start: '09:00', end: '11:00' });
    const nyType = await createType(app, newYork, { ruleOverrides: { bookingOpensDaysBefore: 30 } });
    const ny = await slotsAt(
      newYork,
      { appointmentTypeId: nyType, from: '2026-10-31', to: '2026-11-02' },
      new Date('2026-10-20T12:00:00Z'),
    );
    expect(ny.map((slot) => `${slot.localDate} ${slot.localTime} ${slot.startsAt}`)).toEqual([
      '2026-10-31 09:00 2026-10-31T13:00:00.000Z',
      '2026-10-31 10:00 2026-10-31T14:00:00.000Z',
      '2026-11-01 09:00 2026-11-01T14:00:00.000Z',
      '2026-11-01 10:00 2026-11-01T15:00:00.000Z',
      '2026-11-02 09:00 2026-11-02T14:00:00.000Z',
      '2026-11-02 10:00 2026-11-02T15:00:00.000Z',
    ]);
    expect(ny[0]).toMatchObject({
      instructorId: newYork.indira,
      instructorName: 'Indira Patel',
      studioId: newYork.studioId,
      studioName: 'Midtown',
      timeZone: NY,
      placesLeft: 1,
      appointmentId: null,
      endsAt: '2026-10-31T14:00:00.000Z',
    });

    const london = await studioReadyToSchedule(app, 'Europe/London');
    await setWeek(app, london, london.indira, { start: '09:00', end: '10:00' });
    const londonType = await createType(app, london, { ruleOverrides: { bookingOpensDaysBefore: 30 } });
    const uk = await slotsAt(
      london,
      { appointmentTypeId: londonType, from: '2026-10-24', to: '2026-10-26' },
      new Date('2026-10-20T12:00:00Z'),
    );
    expect(uk.map((slot) => `${slot.localTime} ${slot.startsAt}`)).toEqual([
      '09:00 2026-10-24T08:00:00.000Z',
      '09:00 2026-10-25T09:00:00.000Z',
      '09:00 2026-10-26T09:00:00.000Z',
    ]);
  });

  it('a class in the middle of working hours removes exactly the slots it overlaps, also one she assists', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '17:00' });
    const typeId = await createType(app, ready);
    const query = { appointmentTypeId: typeId, from: DAY, to: DAY };
    expect(localTimes(await slotsVia(ready.headers, query))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    await classAt(app, ready, zonedInstant(DAY, '12:30', NY));
    expect(localTimes(await slotsVia(ready.headers, query))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    // Marco teaches at 15:00 with Indira assisting: she is busy too. Another room: no clash for the room.
    await classAt(app, ready, zonedInstant(DAY, '15:00', NY), {
      instructorId: ready.marco,
      assistantId: ready.indira,
      roomId: ready.roomB,
    });
    expect(localTimes(await slotsVia(ready.headers, query))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '14:00',
      '16:00',
    ]);
  });

  it('buffers keep slots clear of classes and of other appointments and their buffers', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '17:00' });
    const typeId = await createType(app, ready, {
      bufferBeforeMinutes: 30,
      bufferAfterMinutes: 15,
      slotIntervalMinutes: 30,
    });
    const query = { appointmentTypeId: typeId, from: DAY, to: DAY };
    await classAt(app, ready, zonedInstant(DAY, '11:00', NY));
    // Another appointment 14:00–15:00 with 30 minutes after it: Indira is taken 14:00–15:30.
    await storedAppointment(db.db, ready, {
      appointmentTypeId: typeId,
      instructorId: ready.indira,
      startsAt: zonedInstant(DAY, '14:00', NY),
      minutes: 60,
      bufferAfter: 30,
    });
    // 09:00 and 09:30 end by 10:45 with their 15 minutes after; 10:00 would touch the class at 11:00.
    // After the class (till 12:00) a slot needs 30 minutes before: 12:30, then 13:00 (ends 14:00 + 15
    // minutes: touches the appointment, no). After it (till 15:30) 16:00 is the first; 16:30 would end 17:30.
    expect(localTimes(await slotsVia(ready.headers, query))).toEqual(['09:00', '09:30', '12:30', '16:00']);
  });

  it('time off (all day, part of a day, one studio) and extra hours change the slots', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '12:00' });
    const typeId = await createType(app, ready);
    const [dayOff, partOff, extraDay] = [DAY, addDays(DAY, 1), addDays(DAY, 2)];
    const add = async (body: object) =>
      created(app, ready.headers, `/api/availability/${ready.indira}/exceptions`, body);
    await add({ date: dayOff, kind: 'off', note: 'Holiday' });
    await add({ date: partOff, kind: 'off', studioId: ready.studioId, start: '10:00', end: '11:00' });
    await add({ date: extraDay, kind: 'extra', studioId: ready.studioId, start: '12:00', end: '14:00' });
    const slots = await slotsVia(ready.headers, { appointmentTypeId: typeId, from: dayOff, to: extraDay });
    expect(slots.map((slot) => `${slot.localDate} ${slot.localTime}`)).toEqual([
      `${partOff} 09:00`,
      `${partOff} 11:00`,
      `${extraDay} 09:00`,
      `${extraDay} 10:00`,
      `${extraDay} 11:00`,
      `${extraDay} 12:00`,
      `${extraDay} 13:00`,
    ]);
  });

  it('offers only what booking is open for: not too soon, not too far ahead (the type’s own rules)', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '13:00' });
    const typeId = await createType(app, ready, {
      ruleOverrides: { bookingOpensDaysBefore: 2, bookingClosesMinutesBefore: 120 },
    });
    const now = zonedInstant(DAY, '09:10', NY);
    const slots = await slotsAt(ready, { appointmentTypeId: typeId, from: DAY, to: addDays(DAY, 3) }, now);
    // Today 09:00 has begun and 10:00, 11:00 start within two hours. Two days on, booking opened at the
    // slot's own time two days before: 09:00 has, 10:00 not yet. Three days on: nothing yet.
    expect(slots.map((slot) => `${slot.localDate} ${slot.localTime}`)).toEqual([
      `${DAY} 12:00`,
      `${addDays(DAY, 1)} 09:00`,
      `${addDays(DAY, 1)} 10:00`,
      `${addDays(DAY, 1)} 11:00`,
      `${addDays(DAY, 1)} 12:00`,
      `${addDays(DAY, 2)} 09:00`,
    ]);
  });

  it('a type that needs a room takes the first free one, and has no slot when every room is busy', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '12:00' });
    const sam = await created(app, ready.headers, '/api/instructors', {
      name: 'Sam Lee',
      email: null,
      phone: null,
      bio: null,
      photo: null,
      active: true,
    });
    const typeId = await createType(app, ready, { roomIds: [ready.roomA, ready.roomB] });
    // 09:00: room A busy, B free. 10:00: both busy. 11:00: both free.
    await classAt(app, ready, zonedInstant(DAY, '09:00', NY), {
      instructorId: ready.marco,
      roomId: ready.roomA,
    });
    await classAt(app, ready, zonedInstant(DAY, '10:00', NY), {
      instructorId: ready.marco,
      roomId: ready.roomA,
    });
    await classAt(app, ready, zonedInstant(DAY, '10:00', NY), { instructorId: sam.id, roomId: ready.roomB });
    expect(
      localTimes(await slotsVia(ready.headers, { appointmentTypeId: typeId, from: DAY, to: DAY })),
    ).toEqual(['09:00', '11:00']);
    const at = (time: string) =>
      withTenant(db.db, ready.companyId, (tx) =>
        findBookableSlot(
          tx,
          ready.companyId,
          {
            appointmentTypeId: typeId,
            instructorId: null,
            studioId: ready.studioId,
            startsAt: zonedInstant(DAY, time, NY),
          },
          new Date(),
        ),
      );
    expect((await at('09:00'))?.candidates).toEqual([
      { instructorId: ready.indira, instructorName: 'Indira Patel', roomId: ready.roomB },
    ]);
    expect((await at('11:00'))?.candidates[0]?.roomId).toBe(ready.roomA);
    expect(await at('10:00')).toBeNull();
  });

  it('a room a class was double-booked into ("book the room anyway") is not offered to an appointment', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '12:00' });
    const typeId = await createType(app, ready, { roomIds: [ready.roomA] });
    // Marco's 10:00 class in room A lets the room be shared: the room exclusion constraint leaves it out.
    const shared = await classAt(app, ready, zonedInstant(DAY, '10:00', NY), {
      instructorId: ready.marco,
      roomId: ready.roomA,
      allowRoomOverlap: true,
    });
    const { rows } = await db.pool.query<{ allow_room_overlap: boolean }>(
      'select allow_room_overlap from class_instances where id = $1',
      [shared],
    );
    expect(rows[0]?.allow_room_overlap).toBe(true);
    expect(
      localTimes(await slotsVia(ready.headers, { appointmentTypeId: typeId, from: DAY, to: DAY })),
    ).toEqual(['09:00', '11:00']);
    // Booking re-checks the slot the same way: 10:00 has no room, so it is refused (409), nothing written.
    const client = await signedInClient(app, ready);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: client.headers,
      payload: {
        appointmentTypeId: typeId,
        instructorId: ready.indira,
        studioId: ready.studioId,
        startsAt: zonedInstant(DAY, '10:00', NY).toISOString(),
        payWith: 'drop-in',
      },
    });
    expect(booked.statusCode).toBe(409);
    expect(booked.json().message).toBe(
      'Indira Patel is not free for Private Pilates at that time, or no room is; choose another time.',
    );
    const { rows: written } = await db.pool.query(
      'select id from class_instances where appointment_type_id = $1',
      [typeId],
    );
    expect(written).toEqual([]);
  });

  it('offers a semi-private session with places left to join, and none once it is full', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '12:00' });
    const typeId = await createType(app, ready, { maxAttendees: 3 });
    const session = await storedAppointment(db.db, ready, {
      appointmentTypeId: typeId,
      instructorId: ready.indira,
      startsAt: zonedInstant(DAY, '10:00', NY),
      minutes: 60,
      capacity: 3,
      bookedCount: 1,
    });
    const slots = await slotsVia(ready.headers, { appointmentTypeId: typeId, from: DAY, to: DAY });
    expect(slots.map((slot) => [slot.localTime, slot.appointmentId, slot.placesLeft])).toEqual([
      ['09:00', null, 3],
      ['10:00', session, 2],
      ['11:00', null, 3],
    ]);
    const bookable = await withTenant(db.db, ready.companyId, (tx) =>
      findBookableSlot(
        tx,
        ready.companyId,
        {
          appointmentTypeId: typeId,
          instructorId: ready.indira,
          studioId: ready.studioId,
          startsAt: zonedInstant(DAY, '10:00', NY).toISOString(),
        },
        new Date(),
      ),
    );
    expect(bookable).toMatchObject({
      localDate: DAY,
      localTime: '10:00',
      join: { appointmentId: session, instructorId: ready.indira, placesLeft: 2 },
      candidates: [],
    });
    await db.pool.query('update class_instances set booked_count = 3 where id = $1', [session]);
    const full = await slotsVia(ready.headers, { appointmentTypeId: typeId, from: DAY, to: DAY });
    expect(localTimes(full)).toEqual(['09:00', '11:00']);
  });

  it('a semi-private session of an instructor deactivated since is no longer offered to join, nor joined', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '12:00' });
    const typeId = await createType(app, ready, { maxAttendees: 3 });
    await storedAppointment(db.db, ready, {
      appointmentTypeId: typeId,
      instructorId: ready.indira,
      startsAt: zonedInstant(DAY, '10:00', NY),
      minutes: 60,
      capacity: 3,
      bookedCount: 1,
    });
    const query = { appointmentTypeId: typeId, from: DAY, to: DAY };
    expect(localTimes(await slotsVia(ready.headers, query))).toEqual(['09:00', '10:00', '11:00']);
    const person = (await get(`/api/instructors/${ready.indira}`, ready.headers)).json().data;
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = person;
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/instructors/${ready.indira}`,
      headers: ready.headers,
      payload: { ...fields, active: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await slotsVia(ready.headers, query)).toEqual([]);
    const bookable = await withTenant(db.db, ready.companyId, (tx) =>
      findBookableSlot(
        tx,
        ready.companyId,
        {
          appointmentTypeId: typeId,
          instructorId: null,
          studioId: ready.studioId,
          startsAt: zonedInstant(DAY, '10:00', NY),
        },
        new Date(),
      ),
    );
    expect(bookable).toBeNull();
  });

  it('findBookableSlot: anyone free in the type’s order; null outside hours or off the interval', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '12:00' });
    await setWeek(app, ready, ready.marco, { start: '09:00', end: '12:00' });
    const typeId = await createType(app, ready, { instructorIds: [ready.marco, ready.indira] });
    const check = (time: string, instructorId: string | null = null) =>
      withTenant(db.db, ready.companyId, (tx) =>
        findBookableSlot(
          tx,
          ready.companyId,
          {
            appointmentTypeId: typeId,
            instructorId,
            studioId: ready.studioId,
            startsAt: zonedInstant(DAY, time, NY),
          },
          new Date(),
        ),
      );
    expect((await check('09:00'))?.candidates.map((candidate) => candidate.instructorName)).toEqual([
      'Marco Reyes',
      'Indira Patel',
    ]);
    await classAt(app, ready, zonedInstant(DAY, '09:00', NY), { instructorId: ready.marco });
    expect((await check('09:00'))?.candidates.map((candidate) => candidate.instructorId)).toEqual([
      ready.indira,
    ]);
    expect(await check('09:00', ready.marco)).toBeNull();
    expect(await check('09:30')).toBeNull();
    expect(await check('12:00')).toBeNull();
    const found = await check('11:00', ready.indira);
    expect(found).toMatchObject({
      studio: { id: ready.studioId, timeZone: NY },
      localTime: '11:00',
      join: null,
      candidates: [{ instructorId: ready.indira, roomId: null }],
    });
    expect(found?.endsAt.getTime()).toBe(zonedInstant(DAY, '12:00', NY).getTime());
  });

  it('clients see active types only; the team also inactive ones', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '10:00' });
    const typeId = await createType(app, ready, { active: false });
    const client = await signedInClient(app, ready);
    const query = new URLSearchParams({ appointmentTypeId: typeId, from: DAY, to: DAY });
    expect((await get(`/api/appointment-slots?${query}`, client.headers)).statusCode).toBe(404);
    expect((await get(`/api/public/${ready.slug}/appointment-slots?${query}`)).statusCode).toBe(404);
    expect(localTimes(await slotsVia(ready.headers, Object.fromEntries(query)))).toEqual(['09:00']);
  });
});

describe('the public slots', () => {
  it('answers 404 for an unknown company', async () => {
    const response = await get(
      `/api/public/nobody-here-at-all/appointment-slots?appointmentTypeId=aaaaaaaaaaaaaaaaaaaaaaaa&from=${DAY}&to=${DAY}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'We could not find a business at “nobody-here-at-all”. Check the address.',
    );
  });

  it('answers the same slots as a signed-in client sees, without a login', async () => {
    const ready = await studioReadyToSchedule(app);
    await setWeek(app, ready, ready.indira, { start: '09:00', end: '11:00' });
    const typeId = await createType(app, ready);
    const client = await signedInClient(app, ready);
    const query = { appointmentTypeId: typeId, from: DAY, to: addDays(DAY, 1) };
    const open = await get(`/api/public/${ready.slug}/appointment-slots?${new URLSearchParams(query)}`);
    expect(open.statusCode).toBe(200);
    expect(open.json().data.items).toHaveLength(4);
    expect(open.json().data.items).toEqual(await slotsVia(client.headers, query));
    // Another company's type through this company's address: not found.
    const other = await studioReadyToSchedule(app);
    const theirs = await createType(app, other);
    const crossed = await get(
      `/api/public/${ready.slug}/appointment-slots?${new URLSearchParams({ ...query, appointmentTypeId: theirs })}`,
    );
    expect(crossed.statusCode).toBe(404);
  });
});
