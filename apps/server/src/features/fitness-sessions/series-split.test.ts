import { describe, expect, it } from 'vitest';
import {
  abilitiesOf,
  editFitnessSessionBody,
  type ClassInstanceDto,
  type FitnessSessionDto,
} from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass, type ReadyStudio } from '../../test/schedule.ts';
import { editSeries } from './fitness-sessions.service.ts';
import { addDays } from './zoned-time.ts';

/**
 * A series that "this and following" split, or a delete ended, keeps its end through later edits: its
 * later dates belong to the series that followed it (or were removed), so an edit never brings them back.
 */
const { app, db } = await createTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function upcoming(ready: ReadyStudio) {
  const response = await call('GET', '/api/classes?when=upcoming&pageSize=100', ready.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items as ClassInstanceDto[];
}

async function seriesOf(ready: ReadyStudio, id: string): Promise<FitnessSessionDto> {
  const response = await call('GET', `/api/fitness-sessions/${id}`, ready.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The body the web sends to edit a series: the series as GET answers it, with a change, scope and class. */
function editOf(
  series: FitnessSessionDto,
  change: object,
  scope: string,
  classInstanceId: string | undefined,
) {
  const {
    id: _i,
    timeZone: _t,
    generatedUntil: _g,
    endedAfter: _e,
    createdAt: _c,
    updatedAt: _u,
    ...values
  } = series;
  return { ...values, ...change, scope, classInstanceId };
}

/** Six Mondays at 18:00 (New York), from a Monday at least a week ahead. */
async function sixMondays(ready: ReadyStudio) {
  const startDate = dateFromToday(8, 1);
  const body = weeklyClass(ready, {
    schedule: {
      kind: 'weekly',
      weekdays: ['monday'],
      everyWeeks: 1,
      startDate,
      endDate: addDays(startDate, 35),
    },
  });
  const created = await call('POST', '/api/fitness-sessions', ready.headers, body);
  expect(created.statusCode, created.body).toBe(201);
  const series = created.json().data as FitnessSessionDto;
  expect(series.endedAfter).toBeNull();
  const classes = await upcoming(ready);
  expect(classes).toHaveLength(6);
  return { series, classes, body };
}

/** Split at the third class: the first series ends the day before it, the second takes 19:00 from there. */
async function splitAtThird(ready: ReadyStudio) {
  const { series, classes, body } = await sixMondays(ready);
  const split = await call('PUT', `/api/fitness-sessions/${series.id}`, ready.headers, {
    ...body,
    startTime: '19:00',
    scope: 'following',
    classInstanceId: classes[2]?.id,
  });
  expect(split.statusCode, split.body).toBe(200);
  const first = await seriesOf(ready, series.id);
  expect(first.endedAfter).toBe(addDays(classes[2]!.startsAt.slice(0, 10), -1));
  return { first, second: split.json().data as FitnessSessionDto, classes };
}

const perSeries = (items: ClassInstanceDto[]) =>
  items.reduce<Record<string, number>>((counts, item) => {
    counts[item.fitnessSessionId] = (counts[item.fitnessSessionId] ?? 0) + 1;
    return counts;
  }, {});

describe('a series ended by a split or a delete', () => {
  it('"all" from an earlier class changes its own classes and adds none after the split', async () => {
    const ready = await studioReadyToSchedule(app);
    const { first, second, classes } = await splitAtThird(ready);
    const edited = await call(
      'PUT',
      `/api/fitness-sessions/${first.id}`,
      ready.headers,
      editOf(first, { roomId: ready.roomB, capacity: 8 }, 'all', classes[0]?.id),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.endedAfter).toBe(first.endedAfter);
    const now = await upcoming(ready);
    expect(perSeries(now)).toEqual({ [first.id]: 2, [second.id]: 4 });
    expect(now.filter((item) => item.fitnessSessionId === first.id).map((item) => item.roomId)).toEqual([
      ready.roomB,
      ready.roomB,
    ]);
  });

  it('"this and following" from an earlier class makes a series that ends where the old one did', async () => {
    const ready = await studioReadyToSchedule(app);
    const { first, second, classes } = await splitAtThird(ready);
    const edited = await call(
      'PUT',
      `/api/fitness-sessions/${first.id}`,
      ready.headers,
      editOf(first, { startTime: '07:00' }, 'following', classes[1]?.id),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const third = edited.json().data as FitnessSessionDto;
    expect(third.endedAfter).toBe(first.endedAfter);
    const now = await upcoming(ready);
    expect(perSeries(now)).toEqual({ [first.id]: 1, [third.id]: 1, [second.id]: 4 });
  });

  it('after "delete this and following", an edit of the classes left does not bring the deleted ones back', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes } = await sixMondays(ready);
    const removed = await call(
      'DELETE',
      `/api/fitness-sessions/${series.id}?scope=following&classInstanceId=${classes[3]?.id}`,
      ready.headers,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const ended = await seriesOf(ready, series.id);
    const edited = await call(
      'PUT',
      `/api/fitness-sessions/${series.id}`,
      ready.headers,
      editOf(ended, { notes: 'Bring a mat' }, 'all', classes[0]?.id),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const now = await upcoming(ready);
    expect(now.map((item) => [item.id, item.notes])).toEqual(
      classes.slice(0, 3).map((item) => [item.id, 'Bring a mat']),
    );
  });

  it('a class deleted on its own stays deleted through later "all" and "this and following" edits', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes } = await sixMondays(ready);
    const removed = await call(
      'DELETE',
      `/api/fitness-sessions/${series.id}?scope=one&classInstanceId=${classes[2]?.id}`,
      ready.headers,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const kept = classes.filter((_, index) => index !== 2).map((item) => item.id);
    expect((await upcoming(ready)).map((item) => item.id)).toEqual(kept);
    const current = await seriesOf(ready, series.id);
    const all = await call(
      'PUT',
      `/api/fitness-sessions/${series.id}`,
      ready.headers,
      editOf(current, { notes: 'Bring a mat' }, 'all', classes[0]?.id),
    );
    expect(all.statusCode, all.body).toBe(200);
    expect((await upcoming(ready)).map((item) => item.id)).toEqual(kept);
    const following = await call(
      'PUT',
      `/api/fitness-sessions/${series.id}`,
      ready.headers,
      editOf(current, { startTime: '07:00' }, 'following', classes[1]?.id),
    );
    expect(following.statusCode, following.body).toBe(200);
    const now = await upcoming(ready);
    expect(now).toHaveLength(5);
    expect(now.map((item) => item.startsAt.slice(0, 10))).not.toContain(classes[2]!.startsAt.slice(0, 10));
  });
});

describe('a class moved on its own ("this class only" to another day or time)', () => {
  const localOf = (item: ClassInstanceDto) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: item.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(item.startsAt));

  /** Six Mondays; the second moved to the Tuesday after it at 07:00, as a drag in the calendar does. */
  async function movedSecond(ready: ReadyStudio) {
    const { series, classes, body } = await sixMondays(ready);
    const monday = localOf(classes[1]!).slice(0, 10);
    const tuesday = addDays(monday, 1);
    const moved = await call('PUT', `/api/fitness-sessions/${series.id}`, ready.headers, {
      ...body,
      schedule: { kind: 'once', date: tuesday },
      startTime: '07:00',
      scope: 'one',
      classInstanceId: classes[1]?.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const current = await seriesOf(ready, series.id);
    return { series: current, classes, monday, tuesday };
  }

  it('keeps its day and time through an "all" edit that keeps the timing, and takes the other changes', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, monday, tuesday } = await movedSecond(ready);
    const edited = await call(
      'PUT',
      `/api/fitness-sessions/${series.id}`,
      ready.headers,
      editOf(series, { roomId: ready.roomB, capacity: 8 }, 'all', classes[0]?.id),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const now = await upcoming(ready);
    expect(now.map((item) => item.id).sort()).toEqual(classes.map((item) => item.id).sort());
    const second = now.find((item) => item.id === classes[1]?.id)!;
    expect(localOf(second)).toBe(`${tuesday} 07:00`);
    expect(now.every((item) => item.roomId === ready.roomB)).toBe(true);
    expect(now.some((item) => localOf(item) === `${monday} 18:00`)).toBe(false);
  });

  it('goes back to the rule when an "all" edit changes the timing (same class, same id)', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, monday } = await movedSecond(ready);
    const edited = await call(
      'PUT',
      `/api/fitness-sessions/${series.id}`,
      ready.headers,
      editOf(series, { startTime: '19:00' }, 'all', classes[0]?.id),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const now = await upcoming(ready);
    expect(now).toHaveLength(6);
    expect(localOf(now.find((item) => item.id === classes[1]?.id)!)).toBe(`${monday} 19:00`);
  });

  it('deleted after the move, its Monday does not come back on an "all" edit', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, monday } = await movedSecond(ready);
    const removed = await call(
      'DELETE',
      `/api/fitness-sessions/${series.id}?scope=one&classInstanceId=${classes[1]?.id}`,
      ready.headers,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const edited = await call(
      'PUT',
      `/api/fitness-sessions/${series.id}`,
      ready.headers,
      editOf(await seriesOf(ready, series.id), { notes: 'Bring a mat' }, 'all', classes[0]?.id),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const now = await upcoming(ready);
    expect(now).toHaveLength(5);
    expect(
      now.some((item) => item.startsAt.slice(0, 10) === monday || localOf(item).startsWith(monday)),
    ).toBe(false);
  });

  it('stays when its rule date has passed and it has not: an edit the day between keeps it', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, monday, tuesday } = await movedSecond(ready);
    // Monday noon in New York: the rule's Monday 18:00 is still to come, so move it to Wednesday instead.
    const wednesday = addDays(tuesday, 1);
    const body = editOf(series, {}, 'one', classes[1]?.id);
    const again = await call('PUT', `/api/fitness-sessions/${series.id}`, ready.headers, {
      ...body,
      schedule: { kind: 'once', date: wednesday },
      startTime: '07:00',
    });
    expect(again.statusCode, again.body).toBe(200);
    // Tuesday noon: the rule's Monday is past, the moved class (Wednesday) is not.
    const now = new Date(`${tuesday}T17:00:00Z`);
    const actor = {
      sessionId: '',
      userId: '',
      companyId: ready.companyId,
      roleId: 'admin' as const,
      abilities: abilitiesOf('admin', null),
    };
    const edit = editFitnessSessionBody.parse(
      editOf(series, { notes: 'Bring a mat' }, 'all', classes[2]?.id),
    );
    await editSeries(db.db, actor, series.id, edit, now);
    const after = await upcoming(ready);
    const second = after.find((item) => item.id === classes[1]?.id);
    expect(second && localOf(second)).toBe(`${wednesday} 07:00`);
    expect(second?.notes).toBe('Bring a mat');
    expect(after.some((item) => localOf(item).startsWith(monday))).toBe(false);
  });
});
