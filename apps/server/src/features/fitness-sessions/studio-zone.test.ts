import { describe, expect, it } from 'vitest';
import type { ClassInstanceDto } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass, type ReadyStudio } from '../../test/schedule.ts';
import { extendHorizons } from '../class-instances/class-instances.service.ts';
import { localTimeOf } from './zoned-time.ts';

/** Correcting a studio's time zone keeps its classes to come at their local times, in the new zone. */
const { app, db } = await createTestApp();

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function upcoming(ready: ReadyStudio) {
  const response = await call('GET', '/api/classes?when=upcoming&pageSize=100', ready.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items as ClassInstanceDto[];
}

async function setZone(ready: ReadyStudio, timeZone: string) {
  const studio = (await call('GET', `/api/studios/${ready.studioId}`, ready.headers)).json().data;
  const { id: _id, createdAt: _c, updatedAt: _u, ...body } = studio;
  return call('PUT', `/api/studios/${ready.studioId}`, ready.headers, { ...body, timeZone });
}

const mondays = (ready: ReadyStudio) =>
  weeklyClass(ready, {
    schedule: {
      kind: 'weekly',
      weekdays: ['monday'],
      everyWeeks: 1,
      startDate: dateFromToday(1, 1),
      endDate: dateFromToday(300),
    },
  });

describe("a studio's time zone corrected after classes were scheduled", () => {
  it('keeps 18:00 at 18:00, now in the new zone, for the classes to come and those the job adds later', async () => {
    const ready = await studioReadyToSchedule(app, 'America/New_York');
    const created = await call('POST', '/api/fitness-sessions', ready.headers, mondays(ready));
    expect(created.statusCode, created.body).toBe(201);
    const before = await upcoming(ready);
    // Eleven or twelve Mondays before the twelve-week horizon, by the hour the suite runs (the horizon
    // counts from today in New York, the start date from tomorrow in UTC).
    expect(before.length).toBeGreaterThanOrEqual(11);

    const saved = await setZone(ready, 'America/Los_Angeles');
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await upcoming(ready);
    expect(after.map((item) => item.id)).toEqual(before.map((item) => item.id));
    for (const item of after) {
      expect(item.timeZone).toBe('America/Los_Angeles');
      expect(localTimeOf(new Date(item.startsAt), 'America/Los_Angeles'), item.startsAt).toBe('18:00');
      expect(Date.parse(item.endsAt) - Date.parse(item.startsAt)).toBe(60 * 60_000);
    }
    const series = (
      await call('GET', `/api/fitness-sessions/${created.json().data.id}`, ready.headers)
    ).json().data;
    expect(series.timeZone).toBe('America/Los_Angeles');

    await extendHorizons(db.db, new Date(Date.now() + 28 * 86_400_000));
    const later = await upcoming(ready);
    expect(later.length).toBeGreaterThan(after.length);
    for (const item of later)
      expect(localTimeOf(new Date(item.startsAt), 'America/Los_Angeles')).toBe('18:00');
  });

  it('refuses with 409, changing nothing, when the move would overlap the same instructor in another studio', async () => {
    const ready = await studioReadyToSchedule(app, 'America/New_York');
    expect((await call('POST', '/api/fitness-sessions', ready.headers, mondays(ready))).statusCode).toBe(201);
    const west = await call('POST', '/api/studios', ready.headers, {
      name: 'Venice',
      address: {
        line1: '1 Ocean Ave',
        line2: '',
        city: 'Los Angeles',
        state: 'CA',
        postalCode: '',
        country: '',
      },
      phone: '',
      email: '',
      timeZone: 'America/Los_Angeles',
      openingHours: {},
      amenities: [],
      rooms: [],
    });
    expect(west.statusCode, west.body).toBe(201);
    // Indira also teaches Mondays 18:00 in Los Angeles (21:00 in New York: no overlap today).
    const there = await call('POST', '/api/fitness-sessions', ready.headers, {
      ...mondays(ready),
      studioId: west.json().data.id,
      roomId: null,
    });
    expect(there.statusCode, there.body).toBe(201);
    const before = await upcoming(ready);

    const refused = await setZone(ready, 'America/Los_Angeles');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('would overlap');
    expect(await upcoming(ready)).toEqual(before);
    const studio = (await call('GET', `/api/studios/${ready.studioId}`, ready.headers)).json().data;
    expect(studio.timeZone).toBe('America/New_York');
  });

  it('moves back-to-back classes of one instructor together (no overlap with a neighbour not yet moved)', async () => {
    const ready = await studioReadyToSchedule(app, 'America/New_York');
    for (const startTime of ['18:00', '19:00', '20:00'])
      expect(
        (await call('POST', '/api/fitness-sessions', ready.headers, { ...mondays(ready), startTime }))
          .statusCode,
      ).toBe(201);
    const saved = await setZone(ready, 'America/Chicago');
    expect(saved.statusCode, saved.body).toBe(200);
    const times = new Set(
      (await upcoming(ready)).map((item) => localTimeOf(new Date(item.startsAt), 'America/Chicago')),
    );
    expect([...times].sort()).toEqual(['18:00', '19:00', '20:00']);
  });
});
