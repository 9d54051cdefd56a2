import { describe, expect, it } from 'vitest';
import { appointmentAt, appointmentType } from '../../test/appointment-rows.ts';
import { bookClass, classAt, minutesFromNow, signedInClient } from '../../test/bookings.ts';
import { createTestApp } from '../../test/harness.ts';
import { studioReadyToSchedule, weeklyClass } from '../../test/schedule.ts';
import { localDateOf, localTimeOf } from '../fitness-sessions/zoned-time.ts';

/**
 * Appointments (issue 17) are class instances of kind 'appointment': they stay out of the lists where
 * only classes belong (the public timetable the client area and the widget read, the team's calendar and
 * Classes page) and show, by their type's name, where a person's day is shown (the client's profile
 * bookings, the front desk's day).
 */
const { app, db } = await createTestApp();
const DAY = 24 * 60;

async function scene() {
  const ready = await studioReadyToSchedule(app);
  const typeId = await appointmentType(db.pool, ready, { name: 'Private Pilates', price: 0 });
  const classStarts = minutesFromNow(2 * DAY);
  const classId = await classAt(app, ready, classStarts, { dropInPrice: 0 });
  const appointmentStarts = new Date(classStarts.getTime() + 3 * 3_600_000);
  const appointmentId = await appointmentAt(db.pool, ready, typeId, appointmentStarts, {
    roomId: ready.roomB,
  });
  const client = await signedInClient(app, ready);
  const booked = await bookClass(app, appointmentId, client.headers);
  expect(booked.statusCode, booked.body).toBe(200);
  const range = `from=${new Date(classStarts.getTime() - DAY * 60_000).toISOString()}&to=${new Date(
    classStarts.getTime() + DAY * 60_000,
  ).toISOString()}`;
  return { ready, classId, appointmentId, appointmentStarts, client, range };
}

const idsOf = (body: { data: { items: { id: string }[] } }) => body.data.items.map((item) => item.id);

describe('appointments in the lists', () => {
  it('are left out of the public timetable (client area and widget), the team calendar and the Classes page', async () => {
    const { ready, classId, appointmentId, range } = await scene();
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers });

    const timetable = await get(`/api/public/${ready.slug}/class-instances?${range}`);
    expect(timetable.statusCode, timetable.body).toBe(200);
    expect(idsOf(timetable.json())).toEqual([classId]);

    const calendar = await get(`/api/class-instances?${range}`, ready.headers);
    expect(idsOf(calendar.json())).toEqual([classId]);
    const classes = await get('/api/classes?when=upcoming', ready.headers);
    expect(idsOf(classes.json())).toEqual([classId]);
    expect(JSON.stringify([timetable.json(), calendar.json(), classes.json()])).not.toContain(appointmentId);
  });

  it('show by their type’s name in the client’s profile bookings, their own bookings and on the front desk’s day', async () => {
    const { ready, appointmentId, appointmentStarts, client } = await scene();
    const profile = await app.inject({
      method: 'GET',
      url: `/api/clients/${client.id}/profile/bookings?when=upcoming`,
      headers: ready.headers,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.items).toEqual([
      expect.objectContaining({
        classInstanceId: appointmentId,
        className: 'Private Pilates',
        instructorName: 'Indira Patel',
        studioName: 'Midtown',
        status: 'booked',
      }),
    ]);

    // The client's own bookings (client area) name it too, and say it is an appointment.
    const mine = await app.inject({ method: 'GET', url: '/api/my/bookings', headers: client.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.items).toEqual([
      expect.objectContaining({
        classInstance: expect.objectContaining({
          id: appointmentId,
          templateName: 'Private Pilates',
          instructorName: 'Indira Patel',
          roomName: 'Studio B',
          appointmentTypeId: expect.any(String),
        }),
      }),
    ]);

    const date = localDateOf(appointmentStarts, 'America/New_York');
    const desk = await app.inject({
      method: 'GET',
      url: `/api/front-desk?studioId=${ready.studioId}&date=${date}`,
      headers: ready.headers,
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const names = (
      desk.json().data.items as { classInstanceId: string; name: string; roomName: string | null }[]
    ).map((item) => [
      item.classInstanceId === appointmentId ? 'appointment' : 'class',
      item.name,
      item.roomName,
    ]);
    expect(names).toContainEqual(['appointment', 'Private Pilates', 'Studio B']);

    // The desk opens it like a class: its details (type's price, no series), for the team and the client's link.
    for (const url of [
      `/api/class-instances/${appointmentId}`,
      `/api/public/${ready.slug}/class-instances/${appointmentId}`,
    ]) {
      const details = await app.inject({
        method: 'GET',
        url,
        headers: url.includes('public') ? {} : ready.headers,
      });
      expect(details.statusCode, details.body).toBe(200);
      expect(details.json().data).toMatchObject({
        id: appointmentId,
        templateName: 'Private Pilates',
        instructorName: 'Indira Patel',
        dropInPrice: 0,
        series: null,
        bookedCount: 1,
        capacity: 1,
      });
      expect(details.json().data.rules.waitlistEnabled).toBe(false);
    }
    // Checking the client in from the desk two days ahead (check-in not open yet) answers a clear 4xx,
    // never a 500: the desk reads an appointment like a class.
    const bookingId = (mine.json().data.items[0] as { id: string }).id;
    const checkIn = await app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/check-in`,
      headers: ready.headers,
    });
    expect(checkIn.statusCode, checkIn.body).toBeLessThan(500);
  });

  it('a class scheduled over an appointment (or its buffer) is refused, naming the appointment', async () => {
    const { ready, appointmentStarts } = await scene();
    await db.pool.query(
      `update class_instances set buffer_after_minutes = 30 where company_id = $1 and kind = 'appointment'`,
      [ready.companyId],
    );
    // 15 minutes after the appointment ends: inside its 30-minute buffer.
    const startsAt = new Date(appointmentStarts.getTime() + 75 * 60_000);
    const created = await app.inject({
      method: 'POST',
      url: '/api/fitness-sessions',
      headers: ready.headers,
      payload: weeklyClass(ready, {
        schedule: { kind: 'once', date: localDateOf(startsAt, 'America/New_York') },
        startTime: localTimeOf(startsAt, 'America/New_York'),
        roomId: ready.roomA,
      }),
    });
    expect(created.statusCode, created.body).toBe(409);
    expect(created.json().message).toContain('Indira Patel already teaches Private Pilates');
  });

  it('the studio cancelling an appointment emails its client naming the type, with cancelled-appointment.ics', async () => {
    const { ready, appointmentId, client } = await scene();
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${appointmentId}/cancel`,
      headers: ready.headers,
      payload: { reason: 'Instructor unwell' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ templateName: 'Private Pilates', status: 'cancelled' });
    const { rows } = await db.pool.query<{
      subject: string;
      text: string;
      attachments: { filename: string }[] | null;
    }>(
      `select subject, text, attachments from email_outbox where "to" = $1 and text like '%cancel%' order by created_at`,
      [client.email],
    );
    const email = rows.at(-1);
    expect(email?.subject).toContain('Private Pilates');
    expect(email?.text).toContain('Instructor unwell');
    expect(email?.attachments?.[0]?.filename).toBe('cancelled-appointment.ics');
  });
});
