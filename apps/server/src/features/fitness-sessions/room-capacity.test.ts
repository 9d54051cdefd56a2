import { describe, expect, it } from 'vitest';
import type { ClassInstanceDto } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass, type ReadyStudio } from '../../test/schedule.ts';

/** A room made smaller: its classes to come never hold more than it does, and bookings are never cut. */
const { app, db } = await createTestApp();

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function upcoming(ready: ReadyStudio) {
  const response = await call('GET', '/api/classes?when=upcoming&pageSize=100', ready.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items as ClassInstanceDto[];
}

async function resizeRoomA(ready: ReadyStudio, capacity: number) {
  const studio = (await call('GET', `/api/studios/${ready.studioId}`, ready.headers)).json().data;
  const { id: _id, createdAt: _c, updatedAt: _u, ...body } = studio;
  const rooms = studio.rooms.map((room: { id: string; capacity: number }) =>
    room.id === ready.roomA ? { ...room, capacity } : room,
  );
  return call('PUT', `/api/studios/${ready.studioId}`, ready.headers, { ...body, rooms });
}

async function seriesInRoomA(ready: ReadyStudio) {
  const created = await call(
    'POST',
    '/api/fitness-sessions',
    ready.headers,
    weeklyClass(ready, {
      capacity: 15,
      schedule: {
        kind: 'weekly',
        weekdays: ['monday'],
        everyWeeks: 1,
        startDate: dateFromToday(1, 1),
        count: 3,
      },
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as string;
}

describe('a room made smaller than its classes', () => {
  it('lowers the capacity of its classes to come and of their series', async () => {
    const ready = await studioReadyToSchedule(app);
    const seriesId = await seriesInRoomA(ready);
    const saved = await resizeRoomA(ready, 10);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await upcoming(ready)).map((item) => item.capacity)).toEqual([10, 10, 10]);
    const series = (await call('GET', `/api/fitness-sessions/${seriesId}`, ready.headers)).json().data;
    expect(series.capacity).toBe(10);
  });

  it('refuses with 409, changing nothing, while a class to come has more people booked than the room would hold', async () => {
    const ready = await studioReadyToSchedule(app);
    await seriesInRoomA(ready);
    const [first] = await upcoming(ready);
    await db.pool.query('update class_instances set booked_count = 9 where id = $1', [first?.id]);
    const refused = await resizeRoomA(ready, 8);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      '9 people are booked in a class to come in Studio A, so it cannot hold fewer than 9.',
    );
    expect((await upcoming(ready)).map((item) => item.capacity)).toEqual([15, 15, 15]);
    const studio = (await call('GET', `/api/studios/${ready.studioId}`, ready.headers)).json().data;
    expect(studio.rooms.find((room: { id: string }) => room.id === ready.roomA).capacity).toBe(20);
    // Down to exactly the booked number is fine.
    expect((await resizeRoomA(ready, 9)).statusCode).toBe(200);
    expect((await upcoming(ready)).map((item) => item.capacity)).toEqual([9, 9, 9]);
  });
});
