import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass } from '../../test/schedule.ts';
import { extendHorizons } from './class-instances.service.ts';

const { app, db } = await createTestApp();

const countOf = async (seriesId: string) =>
  (await db.pool.query('select count(*)::int as n, max(local_date)::text as last from class_instances where fitness_session_id = $1', [seriesId])).rows[0] as {
    n: number;
    last: string;
  };

describe('the rolling horizon (daily job)', () => {
  it('generates the classes of an open series as the days pass, never past its end, skipping a date taken since', async () => {
    const ready = await studioReadyToSchedule(app);
    const startDate = dateFromToday(0);
    const created = await app.inject({
      method: 'POST',
      url: '/api/fitness-sessions',
      headers: ready.headers,
      payload: weeklyClass(ready, {
        schedule: { kind: 'weekly', weekdays: ['monday'], everyWeeks: 1, startDate, endDate: dateFromToday(200) },
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const series = created.json().data;
    const before = await countOf(series.id);
    expect(before.n).toBeGreaterThanOrEqual(12);

    // Three weeks later: the horizon has moved three weeks on.
    const later = new Date(Date.now() + 21 * 86_400_000);
    // Another class takes the instructor on one of the new dates first; that date is skipped, not forced.
    const takenDate = new Date(`${before.last}T12:00:00Z`);
    takenDate.setUTCDate(takenDate.getUTCDate() + 7);
    const clash = await app.inject({
      method: 'POST',
      url: '/api/fitness-sessions',
      headers: ready.headers,
      payload: weeklyClass(ready, { roomId: ready.roomB, schedule: { kind: 'once', date: takenDate.toISOString().slice(0, 10) } }),
    });
    expect(clash.statusCode, clash.body).toBe(201);

    const result = await extendHorizons(db.db, later);
    expect(result.series).toBeGreaterThanOrEqual(1);
    const after = await countOf(series.id);
    expect(after.n).toBe(before.n + 2);
    expect(after.last > before.last).toBe(true);
    // Run again the same day: nothing more to do.
    await extendHorizons(db.db, later);
    expect((await countOf(series.id)).n).toBe(after.n);

    // Far in the future, the series stops at its end date.
    await extendHorizons(db.db, new Date(Date.now() + 400 * 86_400_000));
    expect((await countOf(series.id)).last <= dateFromToday(200)).toBe(true);
  });

  it('passes over a series an edit holds, instead of writing classes of the rule being replaced', async () => {
    const ready = await studioReadyToSchedule(app);
    const startDate = dateFromToday(0);
    const created = await app.inject({
      method: 'POST',
      url: '/api/fitness-sessions',
      headers: ready.headers,
      payload: weeklyClass(ready, {
        schedule: { kind: 'weekly', weekdays: ['monday'], everyWeeks: 1, startDate, endDate: dateFromToday(200) },
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const series = created.json().data;
    const before = await countOf(series.id);
    const later = new Date(Date.now() + 21 * 86_400_000);
    // An edit of the series is under way: it holds the series row (as editSeries does) until it commits.
    const edit = await db.pool.connect();
    try {
      await edit.query('begin');
      await edit.query('select id from fitness_sessions where id = $1 for update', [series.id]);
      const timeout = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5_000));
      const outcome = await Promise.race([extendHorizons(db.db, later), timeout]);
      // Not blocked behind the edit, and nothing generated from the row the edit is about to change.
      expect(outcome).not.toBe('blocked');
      expect((await countOf(series.id)).n).toBe(before.n);
    } finally {
      await edit.query('rollback');
      edit.release();
    }
    // The next run, with the edit done, extends it.
    await extendHorizons(db.db, later);
    expect((await countOf(series.id)).n).toBe(before.n + 3);
  });
});
