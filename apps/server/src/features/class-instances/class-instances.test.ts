import { describe, expect, it } from 'vitest';
import { SESSION_SETTINGS_DEFAULTS, type ClassInstanceDto } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { overlapOf, overlapsAsConflict } from '../fitness-sessions/fitness-sessions.service.ts';
import { effectiveRules } from './class-instances.service.ts';
import { generateId } from '../../db/ids.ts';

/**
 * The schedule endpoints one by one (401 / 400 naming the field / 403 / another company's 404 / 200),
 * classes with bookings kept in place, old series keeping what new ones may not use, and the database's
 * overlap refusal answered with the other class's name.
 */
const { app, db } = await createTestApp();

/**
 * Real places in a class: `booked` booked and `waitlisted` waiting clients (rows, and the counts they
 * make), so every path that cancels classes is seen to end them (class-cancellation.ts).
 */
async function seat(ready: ReadyStudio, classId: string | undefined, booked: number, waitlisted = 0) {
  for (const status of [
    ...Array<'booked'>(booked).fill('booked'),
    ...Array<'waitlisted'>(waitlisted).fill('waitlisted'),
  ]) {
    const client = await signUpClient(app, ready.slug);
    await db.pool.query(
      `insert into bookings (company_id, id, class_instance_id, client_id, status, waitlisted_at)
       values ($1, $2, $3, $4, $5, case when $5 = 'waitlisted' then now() end)`,
      [ready.companyId, generateId(), classId, client.session.user._id, status],
    );
  }
  await db.pool.query(
    'update class_instances set booked_count = booked_count + $2, waitlist_count = waitlist_count + $3 where id = $1',
    [classId, booked, waitlisted],
  );
}

/** Each class's bookings as [status, cancelled by]: ended by the studio, or still held. */
async function bookingsOf(classIds: readonly (string | undefined)[]) {
  const result = await db.pool.query<{ status: string; cancelled_by: string | null }>(
    'select status, cancelled_by from bookings where class_instance_id = any($1::char(24)[]) order by id',
    [classIds],
  );
  return result.rows.map((row) => [row.status, row.cancelled_by]);
}

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A company with a Monday series of four classes still to come, and another company with its own. */
async function twoCompanies() {
  const ready = await studioReadyToSchedule(app);
  const mine = await upcomingSeries(ready);
  const other = await studioReadyToSchedule(app);
  const theirs = await upcomingSeries(other);
  const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
  // An instructor reads the schedule but may not change it (no manageSchedule by default, issue 15 §2).
  const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
  const client = await signUpClient(app, ready.slug);
  return {
    ready,
    mine,
    other,
    theirs,
    staff: staff.headers,
    instructor: instructor.headers,
    client: bearer(client.session.token),
  };
}

async function upcomingSeries(ready: ReadyStudio, overrides: Record<string, unknown> = {}) {
  const startDate = dateFromToday(8, 1); // a Monday at least a week ahead
  const body = weeklyClass(ready, {
    schedule: { kind: 'weekly', weekdays: ['monday'], everyWeeks: 1, startDate, count: 4 },
    ...overrides,
  });
  const created = await call('POST', '/api/fitness-sessions', ready.headers, body);
  expect(created.statusCode, created.body).toBe(201);
  const series = created.json().data;
  return {
    series,
    classes: await upcomingOf(ready, series.id),
    body: { ...body, schedule: series.schedule },
  };
}

async function upcomingOf(ready: ReadyStudio, seriesId: string, when = 'upcoming') {
  const response = await call('GET', `/api/classes?when=${when}&pageSize=100`, ready.headers);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.items as ClassInstanceDto[]).filter(
    (item) => item.fitnessSessionId === seriesId,
  );
}

const BAD_ID = 'not-an-id';

describe('each schedule endpoint: 401, 400 naming the field, 403, 404 for another company, 200', () => {
  it('GET /api/fitness-sessions/{id}', async () => {
    const { ready, mine, theirs, staff, client } = await twoCompanies();
    const url = (id: string) => `/api/fitness-sessions/${id}`;
    expect((await call('GET', url(mine.series.id))).statusCode).toBe(401);
    const bad = await call('GET', url(BAD_ID), ready.headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['fitnessSessionId']);
    expect((await call('GET', url(mine.series.id), client)).statusCode).toBe(403);
    expect((await call('GET', url(theirs.series.id), ready.headers)).statusCode).toBe(404);
    const read = await call('GET', url(mine.series.id), staff);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      id: mine.series.id,
      startTime: '18:00',
      timeZone: 'America/New_York',
    });
  });

  it('PUT /api/fitness-sessions/{id}', async () => {
    const { ready, mine, theirs, instructor } = await twoCompanies();
    const url = (id: string) => `/api/fitness-sessions/${id}`;
    const body = { ...mine.body, scope: 'all', classInstanceId: mine.classes[0]?.id };
    expect((await call('PUT', url(mine.series.id), {}, body)).statusCode).toBe(401);
    const bad = await call('PUT', url(mine.series.id), ready.headers, { ...body, scope: 'some' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.scope).toBe('Choose this class only, this and following, or all');
    const zero = await call('PUT', url(mine.series.id), ready.headers, { ...body, durationMinutes: 0 });
    expect(zero.json().errors.durationMinutes).toBe('A class lasts at least 1 minute');
    expect((await call('PUT', url(mine.series.id), instructor, body)).statusCode).toBe(403);
    const theirBody = { ...body, classInstanceId: theirs.classes[0]?.id };
    expect((await call('PUT', url(theirs.series.id), ready.headers, theirBody)).statusCode).toBe(404);
    const saved = await call('PUT', url(mine.series.id), ready.headers, { ...body, notes: 'Bring a mat' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Schedule saved.', data: { notes: 'Bring a mat' } });
  });

  it('DELETE /api/fitness-sessions/{id}', async () => {
    const { ready, mine, theirs, instructor } = await twoCompanies();
    const url = (id: string, query: string) => `/api/fitness-sessions/${id}?${query}`;
    const all = (classId?: string) => `scope=all&classInstanceId=${classId}`;
    expect((await call('DELETE', url(mine.series.id, all(mine.classes[0]?.id)))).statusCode).toBe(401);
    const bad = await call(
      'DELETE',
      url(mine.series.id, `classInstanceId=${mine.classes[0]?.id}`),
      ready.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['scope']);
    expect((await call('DELETE', url(mine.series.id, all(mine.classes[0]?.id)), instructor)).statusCode).toBe(
      403,
    );
    expect(
      (await call('DELETE', url(theirs.series.id, all(theirs.classes[0]?.id)), ready.headers)).statusCode,
    ).toBe(404);
    const one = await call(
      'DELETE',
      url(mine.series.id, `scope=one&classInstanceId=${mine.classes[2]?.id}`),
      ready.headers,
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe('Class removed.');
    expect((await upcomingOf(ready, mine.series.id)).map((item) => item.id)).toEqual([
      mine.classes[0]?.id,
      mine.classes[1]?.id,
      mine.classes[3]?.id,
    ]);
    const removed = await call('DELETE', url(mine.series.id, all(mine.classes[0]?.id)), ready.headers);
    expect(removed.json()).toMatchObject({
      message: '3 classes removed.',
      data: { removed: 3, cancelled: 0 },
    });
    // Nothing left: the series itself goes.
    expect((await call('GET', `/api/fitness-sessions/${mine.series.id}`, ready.headers)).statusCode).toBe(
      404,
    );
  });

  it('GET /api/class-instances/{id}: the details carry the company rules with the series overrides on top', async () => {
    const ready = await studioReadyToSchedule(app);
    const mine = await upcomingSeries(ready, {
      ruleOverrides: { lateCancelFee: 500, waitlistEnabled: false },
    });
    const other = await studioReadyToSchedule(app);
    const client = await signUpClient(app, ready.slug);
    const url = (id: string) => `/api/class-instances/${id}`;
    const id = mine.classes[0]?.id ?? '';
    expect((await call('GET', url(id))).statusCode).toBe(401);
    expect(Object.keys((await call('GET', url(BAD_ID), ready.headers)).json().errors)).toEqual([
      'classInstanceId',
    ]);
    expect((await call('GET', url(id), bearer(client.session.token))).statusCode).toBe(403);
    expect((await call('GET', url(id), other.headers)).statusCode).toBe(404);
    const read = await call('GET', url(id), ready.headers);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      id,
      templateName: 'Power Yoga',
      description: 'A strong flow for all levels.',
      dropInPrice: 2500,
      rules: { ...SESSION_SETTINGS_DEFAULTS, lateCancelFee: 500, waitlistEnabled: false },
      series: { startTime: '18:00', durationMinutes: 60 },
    });
  });

  it('POST /api/class-instances/{id}/cancel', async () => {
    const { ready, mine, theirs, instructor } = await twoCompanies();
    const url = (id?: string) => `/api/class-instances/${id}/cancel`;
    expect((await call('POST', url(mine.classes[0]?.id), {}, {})).statusCode).toBe(401);
    const long = await call('POST', url(mine.classes[0]?.id), ready.headers, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.reason).toBe('Use at most 500 characters');
    expect((await call('POST', url(BAD_ID), ready.headers, {})).json().errors).toHaveProperty(
      'classInstanceId',
    );
    expect((await call('POST', url(mine.classes[0]?.id), instructor, {})).statusCode).toBe(403);
    expect((await call('POST', url(theirs.classes[0]?.id), ready.headers, {})).statusCode).toBe(404);
    await seat(ready, mine.classes[0]?.id, 1);
    const cancelled = await call('POST', url(mine.classes[0]?.id), ready.headers, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    // Its bookings ended there too, by the studio (class-cancellation.ts).
    expect(await bookingsOf([mine.classes[0]?.id])).toEqual([['cancelled', 'studio']]);
    // The reason given is on the class page for the team and the public.
    const withReason = await call('POST', url(mine.classes[1]?.id), ready.headers, {
      reason: 'Instructor ill',
    });
    expect(withReason.statusCode).toBe(200);
    const page = await call('GET', `/api/class-instances/${mine.classes[1]?.id}`, ready.headers);
    expect(page.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Instructor ill' });
    const open = await call('GET', `/api/class-instances/${mine.classes[2]?.id}`, ready.headers);
    expect(open.json().data.cancelReason).toBeNull();
  });

  it('PUT /api/class-instances/{id}/instructor', async () => {
    const { ready, mine, theirs, instructor, other } = await twoCompanies();
    const url = (id?: string) => `/api/class-instances/${id}/instructor`;
    const id = mine.classes[0]?.id;
    expect((await call('PUT', url(id), {}, { instructorId: ready.marco })).statusCode).toBe(401);
    expect((await call('PUT', url(id), ready.headers, { instructorId: 'x' })).json().errors).toHaveProperty(
      'instructorId',
    );
    const foreign = await call('PUT', url(id), ready.headers, { instructorId: other.marco });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.instructorId).toBe('Choose one of your active instructors.');
    await db.pool.query('update instructors set active = false where id = $1', [ready.marco]);
    const inactive = await call('PUT', url(id), ready.headers, { instructorId: ready.marco });
    expect(inactive.json().errors.instructorId).toBe('Choose one of your active instructors.');
    await db.pool.query('update instructors set active = true where id = $1', [ready.marco]);
    expect((await call('PUT', url(id), instructor, { instructorId: ready.marco })).statusCode).toBe(403);
    expect(
      (await call('PUT', url(theirs.classes[0]?.id), ready.headers, { instructorId: ready.marco }))
        .statusCode,
    ).toBe(404);
    const done = await call('PUT', url(id), ready.headers, { instructorId: ready.marco });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.instructorName).toBe('Marco Reyes');
  });

  it('GET /api/classes and GET /api/class-instances: 401, 400, 403 to clients, the team reads', async () => {
    const { ready, mine, staff, client } = await twoCompanies();
    expect((await call('GET', '/api/classes')).statusCode).toBe(401);
    const bad = await call('GET', '/api/classes?pageSize=0', ready.headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['pageSize']);
    expect((await call('GET', '/api/classes', client)).statusCode).toBe(403);
    const page = await call('GET', `/api/classes?templateId=${ready.templateId}`, staff);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.items.map((item: ClassInstanceDto) => item.id)).toEqual(
      mine.classes.map((item) => item.id),
    );
    const range = `from=${mine.classes[0]?.startsAt}&to=${mine.classes[3]?.endsAt}`;
    expect((await call('GET', `/api/class-instances?${range}`, client)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/class-instances?${range}&studioId=nope`, ready.headers)).json().errors,
    ).toHaveProperty('studioId');
  });

  it('the public reads answer 400 for a bad range and never show another company a class', async () => {
    const { ready, theirs } = await twoCompanies();
    const bad = await call(
      'GET',
      `/api/public/${ready.slug}/class-instances?from=2026-11-10T00:00:00Z&to=2026-11-01T00:00:00Z`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ to: '`to` must be after `from`' });
    expect(
      (await call('GET', `/api/public/${ready.slug}/class-instances/${theirs.classes[0]?.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('a solo instructor', () => {
  it('schedules and cancels in their own company, on the studio and instructor row sign-up gave them', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const headers = bearer(solo.session.token);
    const [studio] = (await call('GET', '/api/studios', headers)).json().data.items;
    const [me] = (await call('GET', '/api/instructors', headers)).json().data.items;
    const template = await call('POST', '/api/class-templates', headers, {
      name: 'Private Pilates',
      description: null,
      durationMinutes: 45,
      defaultCapacity: 3,
      dropInPrice: 4000,
      colour: '#4D507B',
      image: null,
      tags: [],
    });
    expect(template.statusCode, template.body).toBe(201);
    const created = await call('POST', '/api/fitness-sessions', headers, {
      templateId: template.json().data.id,
      studioId: studio.id,
      instructorId: me.id,
      startTime: '09:00',
      durationMinutes: 45,
      schedule: { kind: 'once', date: dateFromToday(10) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ capacity: 3, dropInPrice: 4000, roomId: null });
    const [only] = (await call('GET', '/api/classes', headers)).json().data.items;
    expect(only).toMatchObject({ templateName: 'Private Pilates', instructorId: me.id, studioId: studio.id });
    const cancelled = await call('POST', `/api/class-instances/${only.id}/cancel`, headers, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});

describe('time zones', () => {
  it('an unknown time zone answers 400 naming the field: on the studio, and on a studio stored with one', async () => {
    const ready = await studioReadyToSchedule(app);
    const studio = (await call('GET', `/api/studios/${ready.studioId}`, ready.headers)).json().data;
    const { id: _id, createdAt: _c, updatedAt: _u, ...studioBody } = studio;
    const refused = await call('PUT', `/api/studios/${ready.studioId}`, ready.headers, {
      ...studioBody,
      timeZone: 'Mars/Olympus',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.timeZone).toBe('Choose a valid time zone');
    await db.pool.query(`update studios set time_zone = 'Mars/Olympus' where id = $1`, [ready.studioId]);
    const answer = await call('POST', '/api/fitness-sessions', ready.headers, weeklyClass(ready));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({
      studioId: 'Midtown has an unknown time zone (Mars/Olympus). Choose its time zone on the studio first.',
    });
  });
});

describe('classes with bookings, old series, rooms in use', () => {
  it('edits all: a booked class keeps its id; one the new rule drops is cancelled, not deleted', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, body } = await upcomingSeries(ready);
    await seat(ready, classes[0]?.id, 3);
    await seat(ready, classes[1]?.id, 0, 2);
    // Same weekday, new time: every class is updated in place.
    const moved = await call('PUT', `/api/fitness-sessions/${series.id}`, ready.headers, {
      ...body,
      startTime: '19:00',
      scope: 'all',
      classInstanceId: classes[0]?.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await upcomingOf(ready, series.id);
    expect(after.map((item) => item.id)).toEqual(classes.map((item) => item.id));
    expect(after[0]).toMatchObject({ bookedCount: 3, status: 'scheduled' });
    // Capacity never goes below the people booked.
    const tooSmall = await call('PUT', `/api/fitness-sessions/${series.id}`, ready.headers, {
      ...body,
      capacity: 2,
      scope: 'all',
      classInstanceId: classes[0]?.id,
    });
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json().errors.capacity).toMatch(
      /^3 people are booked in the class on \w{3}, \d{1,2} \w{3} \d{4};/,
    );
    // Wednesdays instead: the booked and waitlisted Mondays are cancelled (the bookings issue ends their
    // bookings there), the free ones are deleted.
    const wednesdays = await call('PUT', `/api/fitness-sessions/${series.id}`, ready.headers, {
      ...body,
      schedule: { ...body.schedule, weekdays: ['wednesday'] },
      scope: 'all',
      classInstanceId: classes[0]?.id,
    });
    expect(wednesdays.statusCode, wednesdays.body).toBe(200);
    const kept = await upcomingOf(ready, series.id);
    const cancelled = kept.filter((item) => item.status === 'cancelled').map((item) => item.id);
    expect(cancelled).toEqual([classes[0]?.id, classes[1]?.id]);
    expect(await bookingsOf(cancelled)).toEqual(Array(5).fill(['cancelled', 'studio']));
    expect(kept.filter((item) => item.status === 'scheduled')).toHaveLength(4);
  });

  it('deletes all: booked classes are cancelled and counted, free ones removed', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes } = await upcomingSeries(ready);
    await seat(ready, classes[2]?.id, 1);
    const answer = await call(
      'DELETE',
      `/api/fitness-sessions/${series.id}?scope=all&classInstanceId=${classes[0]?.id}`,
      ready.headers,
    );
    expect(answer.json()).toMatchObject({
      message: '3 classes removed; 1 with bookings cancelled.',
      data: { removed: 3, cancelled: 1 },
    });
    const left = await upcomingOf(ready, series.id);
    expect(left.map((item) => [item.id, item.status])).toEqual([[classes[2]?.id, 'cancelled']]);
    expect(await bookingsOf([classes[2]?.id])).toEqual([['cancelled', 'studio']]);
  });

  it('an inactive instructor cannot take a new series, yet a series that has them (or an archived template) can still be edited', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, body } = await upcomingSeries(ready);
    await db.pool.query('update instructors set active = false where id = $1', [ready.indira]);
    const inactive = await call(
      'POST',
      '/api/fitness-sessions',
      ready.headers,
      weeklyClass(ready, { startTime: '06:00' }),
    );
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors).toEqual({
      instructorId: 'Indira Patel is inactive. Make them active or choose someone else.',
    });
    const asAssistant = await call(
      'POST',
      '/api/fitness-sessions',
      ready.headers,
      weeklyClass(ready, { startTime: '06:00', instructorId: ready.marco, assistantId: ready.indira }),
    );
    expect(asAssistant.json().errors).toEqual({
      assistantId: 'Indira Patel is inactive. Make them active or choose someone else.',
    });
    await call('POST', `/api/class-templates/${ready.templateId}/archive`, ready.headers);
    const archived = await call(
      'POST',
      '/api/fitness-sessions',
      ready.headers,
      weeklyClass(ready, { startTime: '06:00', instructorId: ready.marco }),
    );
    expect(archived.statusCode).toBe(400);
    expect(archived.json().errors).toEqual({
      templateId: 'Power Yoga is archived. Restore it or choose another template.',
    });
    const kept = await call('PUT', `/api/fitness-sessions/${series.id}`, ready.headers, {
      ...body,
      notes: 'Still on',
      scope: 'all',
      classInstanceId: classes[0]?.id,
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('a room with classes to come cannot be deleted (409 naming how many); cancelled classes do not count', async () => {
    const ready = await studioReadyToSchedule(app);
    const { classes } = await upcomingSeries(ready);
    const studio = (await call('GET', `/api/studios/${ready.studioId}`, ready.headers)).json().data;
    const { id: _id, createdAt: _c, updatedAt: _u, ...studioBody } = studio;
    const withoutA = {
      ...studioBody,
      rooms: studio.rooms.filter((room: { id: string }) => room.id !== ready.roomA),
    };
    const refused = await call('PUT', `/api/studios/${ready.studioId}`, ready.headers, withoutA);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      '4 classes still to come use Studio A. Move or cancel them before deleting the room.',
    );
    for (const item of classes)
      await call('POST', `/api/class-instances/${item.id}/cancel`, ready.headers, {});
    const saved = await call('PUT', `/api/studios/${ready.studioId}`, ready.headers, withoutA);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('an overlap the database refused (a race past the application check)', () => {
  async function refusedInsert(ready: ReadyStudio, sourceId: string | undefined, instructorId: string) {
    return db.pool
      .query(
        `insert into class_instances (company_id, id, fitness_session_id, template_id, studio_id, room_id, instructor_id, local_date, starts_at, ends_at, capacity)
         select company_id, 'eeeeeeeeeeeeeeeeeeeeeeee', fitness_session_id, template_id, studio_id, room_id, $2, local_date, starts_at + interval '10 minutes', ends_at, capacity
         from class_instances where id = $1`,
        [sourceId, instructorId],
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
  }

  it('answers 409 naming the other class, for the instructor and for the room', async () => {
    const ready = await studioReadyToSchedule(app);
    const { classes } = await upcomingSeries(ready);
    const first = classes[0];
    const start = new Date(first?.startsAt ?? '');
    const zone = 'America/New_York';
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // "Mon, 19 Oct 2026, 18:00": as the pages show a class's time.
    const when = `${day.format(start)}, ${time.format(start)}`;

    const instructorError = await refusedInsert(ready, first?.id, ready.indira);
    expect(overlapOf(instructorError)).toEqual({
      kind: 'instructor',
      id: ready.indira,
      startsAt: new Date(first?.startsAt ?? ''),
      endsAt: new Date(first?.endsAt ?? ''),
    });
    await expect(
      overlapsAsConflict(() => Promise.reject(instructorError), db.db, ready.companyId),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: `Indira Patel already teaches Power Yoga on ${when}.`,
    });

    const roomError = await refusedInsert(ready, first?.id, ready.marco);
    expect(overlapOf(roomError)).toMatchObject({ kind: 'room', id: ready.roomA });
    await expect(
      overlapsAsConflict(() => Promise.reject(roomError), db.db, ready.companyId),
    ).rejects.toMatchObject({
      statusCode: 409,
      errors: {
        roomId: `Studio A is already booked for Power Yoga on ${when}. Book the room anyway to double-book it.`,
      },
    });
  });

  it('other errors pass through untouched', async () => {
    const error = new Error('boom');
    await expect(overlapsAsConflict(() => Promise.reject(error))).rejects.toBe(error);
    expect(overlapOf(error)).toBeUndefined();
  });
});

describe('effectiveRules', () => {
  it("is the company's Sessions Settings with the series' own values on top; absent overrides change nothing", () => {
    const company = { ...SESSION_SETTINGS_DEFAULTS, noShowFee: 300 };
    expect(effectiveRules(company, null)).toEqual(company);
    expect(effectiveRules(company, {})).toEqual(company);
    expect(
      effectiveRules(company, { noShowFee: 0, waitlistMode: 'auto', maxWaitlistLength: undefined }),
    ).toEqual({
      ...company,
      noShowFee: 0,
      waitlistMode: 'auto',
    });
  });
});
