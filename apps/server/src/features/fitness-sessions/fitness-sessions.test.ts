import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import type { ClassInstanceDto } from '@kinetic/shared';
import { localTimeOf } from './zoned-time.ts';

const { app, db } = await createTestApp();

type Headers = Record<string, string>;
const schedule = (headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url: '/api/fitness-sessions', headers, payload });

async function classesBetween(ready: ReadyStudio, from: string, to: string, filters = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/class-instances?from=${from}&to=${to}${filters}`,
    headers: ready.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items as ClassInstanceDto[];
}

/** The future classes of a series, soonest first, seen through the Classes list. */
async function upcomingOf(ready: ReadyStudio, seriesId: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/classes?pageSize=100',
    headers: ready.headers,
  });
  return (response.json().data.items as ClassInstanceDto[]).filter(
    (item) => item.fitnessSessionId === seriesId,
  );
}

describe('POST /api/fitness-sessions', () => {
  it('answers 401 without a session, 403 to instructors and clients; staff manage the schedule by default', async () => {
    const ready = await studioReadyToSchedule(app);
    expect((await schedule({}, weeklyClass(ready))).statusCode).toBe(401);
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const refused = await schedule(instructor.headers, weeklyClass(ready));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Ask the business owner or an admin/);
    const client = await signUpClient(app, ready.slug);
    expect((await schedule(bearer(client.session.token), weeklyClass(ready))).statusCode).toBe(403);
    // The front desk's default abilities include managing the schedule (issue 15 §2).
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const scheduled = await schedule(staff.headers, weeklyClass(ready));
    expect(scheduled.statusCode, scheduled.body).toBe(201);
  });

  it('expands a weekly 18:00 class in the studio zone: 18:00 local before and after the autumn change', async () => {
    const ready = await studioReadyToSchedule(app);
    const created = await schedule(ready.headers, weeklyClass(ready));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Class scheduled.');
    expect(created.json().data).toMatchObject({
      capacity: 12,
      dropInPrice: 2500,
      timeZone: 'America/New_York',
    });
    const items = await classesBetween(ready, '2026-10-18T00:00:00Z', '2026-11-15T00:00:00Z');
    expect(items.map((item) => item.startsAt)).toEqual([
      '2026-10-19T22:00:00.000Z',
      '2026-10-26T22:00:00.000Z',
      '2026-11-02T23:00:00.000Z',
      '2026-11-09T23:00:00.000Z',
    ]);
    for (const item of items) expect(localTimeOf(new Date(item.startsAt), 'America/New_York')).toBe('18:00');
    expect(items[0]).toMatchObject({
      templateName: 'Power Yoga',
      instructorName: 'Indira Patel',
      studioName: 'Midtown',
      roomName: 'Studio A',
      capacity: 12,
      bookedCount: 0,
      waitlistCount: 0,
      status: 'scheduled',
    });
  });

  it('keeps a Berlin class at 18:00 local across the European spring change', async () => {
    const ready = await studioReadyToSchedule(app, 'Europe/Berlin');
    const body = weeklyClass(ready, {
      schedule: { kind: 'weekly', weekdays: ['saturday'], everyWeeks: 1, startDate: '2026-03-21', count: 3 },
    });
    expect((await schedule(ready.headers, body)).statusCode).toBe(201);
    const items = await classesBetween(ready, '2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z');
    expect(items.map((item) => item.startsAt)).toEqual([
      '2026-03-21T17:00:00.000Z',
      '2026-03-28T17:00:00.000Z',
      '2026-04-04T16:00:00.000Z',
    ]);
  });

  it('generates classes at least 12 weeks ahead for a schedule without a near end', async () => {
    const ready = await studioReadyToSchedule(app);
    const body = weeklyClass(ready, {
      schedule: {
        kind: 'weekly',
        weekdays: ['tuesday'],
        everyWeeks: 1,
        startDate: dateFromToday(1),
        endDate: dateFromToday(700),
      },
    });
    const created = await schedule(ready.headers, body);
    expect(created.statusCode, created.body).toBe(201);
    const upcoming = await upcomingOf(ready, created.json().data.id);
    expect(upcoming.length).toBeGreaterThanOrEqual(12);
    expect(upcoming.length).toBeLessThanOrEqual(13);
  });

  it('refuses bad schedules with 400 naming the field, and saves nothing', async () => {
    const ready = await studioReadyToSchedule(app);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ durationMinutes: 0 }, 'durationMinutes', 'A class lasts at least 1 minute'],
      [{ startTime: '25:00' }, 'startTime', 'Enter a time as HH:MM (00:00 to 24:00)'],
      [
        {
          schedule: {
            kind: 'weekly',
            weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
            everyWeeks: 1,
            startDate: '2026-01-05',
            endDate: '2030-12-31',
          },
        },
        'schedule.endDate',
        'That schedule makes more than 1000 classes. Choose an earlier end date.',
      ],
      [
        { schedule: { kind: 'weekly', weekdays: ['monday'], everyWeeks: 1, startDate: '2026-01-05' } },
        'schedule.endDate',
        'Choose an end date or a number of classes',
      ],
      [{ schedule: { kind: 'once', date: '2026-02-30' } }, 'schedule.date', 'That date does not exist'],
      [{ capacity: 25 }, 'capacity', 'Studio A holds 20. Lower the capacity or choose a bigger room.'],
      [{ roomId: 'a'.repeat(24) }, 'roomId', 'Choose a room of Midtown.'],
      [
        { assistantId: ready.indira },
        'assistantId',
        'The assistant must be someone other than the instructor.',
      ],
    ];
    for (const [overrides, key, message] of cases) {
      const answer = await schedule(ready.headers, weeklyClass(ready, overrides));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(answer.json().errors?.[key], answer.body).toBe(message);
    }
    expect(await classesBetween(ready, '2025-12-01T00:00:00Z', '2026-03-01T00:00:00Z')).toEqual([]);
  });

  it("refuses another company's template, studio or instructor as not found in this company", async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    for (const [key, id] of [
      ['templateId', other.templateId],
      ['studioId', other.studioId],
      ['instructorId', other.indira],
    ] as const) {
      const answer = await schedule(ready.headers, weeklyClass(ready, { [key]: id, roomId: null }));
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().errors)).toEqual([key]);
    }
  });

  it('refuses an archived template or an inactive instructor for a new class', async () => {
    const ready = await studioReadyToSchedule(app);
    await app.inject({
      method: 'POST',
      url: `/api/class-templates/${ready.templateId}/archive`,
      headers: ready.headers,
    });
    const archived = await schedule(ready.headers, weeklyClass(ready));
    expect(archived.statusCode).toBe(400);
    expect(archived.json().errors.templateId).toBe(
      'Power Yoga is archived. Restore it or choose another template.',
    );
  });

  it('refuses a person in two classes at once, teaching or assisting in either (409 naming the field)', async () => {
    const ready = await studioReadyToSchedule(app);
    expect((await schedule(ready.headers, weeklyClass(ready, { assistantId: ready.marco }))).statusCode).toBe(
      201,
    );
    const assistantTeaches = await schedule(
      ready.headers,
      weeklyClass(ready, { roomId: ready.roomB, instructorId: ready.marco }),
    );
    expect(assistantTeaches.statusCode).toBe(409);
    expect(assistantTeaches.json().errors.instructorId).toBe(
      'Marco Reyes already assists in Power Yoga on Mon, 19 Oct 2026, 18:00.',
    );
    const person = { name: 'Tara Quinn', email: null, phone: null, bio: null, photo: null, active: true };
    const tara = (
      await app.inject({ method: 'POST', url: '/api/instructors', headers: ready.headers, payload: person })
    ).json().data.id;
    const instructorAssists = await schedule(
      ready.headers,
      weeklyClass(ready, {
        roomId: ready.roomB,
        instructorId: tara,
        assistantId: ready.indira,
        startTime: '18:30',
      }),
    );
    expect(instructorAssists.statusCode).toBe(409);
    expect(instructorAssists.json().errors.assistantId).toBe(
      'Indira Patel already teaches Power Yoga on Mon, 19 Oct 2026, 18:00.',
    );
    expect(
      (await schedule(ready.headers, weeklyClass(ready, { roomId: ready.roomB, instructorId: tara })))
        .statusCode,
    ).toBe(201);
  });

  it('refuses an overlap for the same instructor or room with 409 naming the other class; a confirmed room double-booking is allowed', async () => {
    const ready = await studioReadyToSchedule(app);
    expect((await schedule(ready.headers, weeklyClass(ready))).statusCode).toBe(201);
    const sameInstructor = await schedule(
      ready.headers,
      weeklyClass(ready, { roomId: ready.roomB, startTime: '18:30' }),
    );
    expect(sameInstructor.statusCode).toBe(409);
    expect(sameInstructor.json().message).toBe(
      'Indira Patel already teaches Power Yoga on Mon, 19 Oct 2026, 18:00.',
    );
    const sameRoom = await schedule(
      ready.headers,
      weeklyClass(ready, { instructorId: ready.marco, startTime: '18:59' }),
    );
    expect(sameRoom.statusCode).toBe(409);
    expect(sameRoom.json().errors.roomId).toBe(
      'Studio A is already booked for Power Yoga on Mon, 19 Oct 2026, 18:00. Book the room anyway to double-book it.',
    );
    // Back to back is not an overlap.
    expect(
      (await schedule(ready.headers, weeklyClass(ready, { instructorId: ready.marco, startTime: '19:00' })))
        .statusCode,
    ).toBe(201);
    const confirmed = await schedule(
      ready.headers,
      weeklyClass(ready, {
        instructorId: ready.marco,
        startTime: '18:15',
        durationMinutes: 30,
        allowRoomOverlap: true,
      }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });

  it('lets the database refuse an instructor overlap written past the application (the exclusion constraint)', async () => {
    const ready = await studioReadyToSchedule(app);
    await schedule(ready.headers, weeklyClass(ready));
    const first = (await classesBetween(ready, '2026-10-18T00:00:00Z', '2026-10-20T12:00:00Z'))[0];
    await expect(
      db.pool.query(
        `insert into class_instances (company_id, id, fitness_session_id, template_id, studio_id, instructor_id, local_date, starts_at, ends_at, capacity)
         select company_id, 'ffffffffffffffffffffffff', fitness_session_id, template_id, studio_id, instructor_id, local_date, starts_at + interval '10 minutes', ends_at, capacity
         from class_instances where id = $1`,
        [first?.id],
      ),
    ).rejects.toThrow(/class_instances_instructor_overlap/);
  });
});

describe('GET /api/class-instances', () => {
  it('answers 400 for a from after to, more than 92 days, or a bad instant, and 401 without a session', async () => {
    const ready = await studioReadyToSchedule(app);
    const ask = (query: string, headers: Headers = ready.headers) =>
      app.inject({ method: 'GET', url: `/api/class-instances?${query}`, headers });
    expect((await ask('from=2026-11-10T00:00:00Z&to=2026-11-01T00:00:00Z')).json().errors).toEqual({
      to: '`to` must be after `from`',
    });
    expect((await ask('from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z')).statusCode).toBe(400);
    expect((await ask('from=yesterday&to=2026-06-01T00:00:00Z')).statusCode).toBe(400);
    expect((await ask('from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z', {})).statusCode).toBe(401);
  });

  it('filters by instructor, studio and template, and the team reads it', async () => {
    const ready = await studioReadyToSchedule(app);
    await schedule(ready.headers, weeklyClass(ready));
    await schedule(ready.headers, weeklyClass(ready, { instructorId: ready.marco, roomId: ready.roomB }));
    const range = 'from=2026-10-18T00:00:00Z&to=2026-11-15T00:00:00Z';
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const all = await app.inject({
      method: 'GET',
      url: `/api/class-instances?${range}`,
      headers: staff.headers,
    });
    expect(all.json().data.items).toHaveLength(8);
    const marcos = await classesBetween(
      ready,
      '2026-10-18T00:00:00Z',
      '2026-11-15T00:00:00Z',
      `&instructorId=${ready.marco}`,
    );
    expect(marcos.map((item) => item.instructorName)).toEqual(Array(4).fill('Marco Reyes'));
    const other = await studioReadyToSchedule(app);
    expect(
      await classesBetween(
        ready,
        '2026-10-18T00:00:00Z',
        '2026-11-15T00:00:00Z',
        `&studioId=${other.studioId}`,
      ),
    ).toEqual([]);
  });

  it("never shows another company's classes, and answers 404 for one by id", async () => {
    const ready = await studioReadyToSchedule(app);
    await schedule(ready.headers, weeklyClass(ready));
    const other = await studioReadyToSchedule(app);
    expect(await classesBetween(other, '2026-10-18T00:00:00Z', '2026-11-15T00:00:00Z')).toEqual([]);
    const [mine] = await classesBetween(ready, '2026-10-18T00:00:00Z', '2026-11-15T00:00:00Z');
    for (const [method, url] of [
      ['GET', `/api/class-instances/${mine?.id}`],
      ['POST', `/api/class-instances/${mine?.id}/cancel`],
      ['GET', `/api/fitness-sessions/${mine?.fitnessSessionId}`],
    ] as const) {
      const answer = await app.inject({
        method,
        url,
        headers: other.headers,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(answer.statusCode, url).toBe(404);
    }
  });
});

describe('editing, cancelling and substituting classes still to come', () => {
  async function futureSeries(ready: ReadyStudio) {
    const startDate = dateFromToday(8, 1); // a Monday at least a week ahead
    const created = await schedule(
      ready.headers,
      weeklyClass(ready, {
        schedule: { kind: 'weekly', weekdays: ['monday'], everyWeeks: 1, startDate, count: 4 },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const series = created.json().data;
    const classes = await upcomingOf(ready, series.id);
    expect(classes).toHaveLength(4);
    return { series, classes, body: weeklyClass(ready, { schedule: series.schedule }) };
  }
  const edit = (ready: ReadyStudio, seriesId: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/fitness-sessions/${seriesId}`, headers: ready.headers, payload });
  const localTimes = (items: ClassInstanceDto[]) =>
    items.map((item) => localTimeOf(new Date(item.startsAt), 'America/New_York'));

  it('edits this class only: one moves to 07:00, the others keep 18:00', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, body } = await futureSeries(ready);
    const answer = await edit(ready, series.id, {
      ...body,
      startTime: '07:00',
      scope: 'one',
      classInstanceId: classes[1]?.id,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(localTimes(await upcomingOf(ready, series.id))).toEqual(['18:00', '07:00', '18:00', '18:00']);
  });

  it('edits this and following: the series splits, earlier classes keep their time and ids stay', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, body } = await futureSeries(ready);
    const answer = await edit(ready, series.id, {
      ...body,
      startTime: '19:30',
      instructorId: ready.marco,
      scope: 'following',
      classInstanceId: classes[2]?.id,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const split = answer.json().data;
    expect(split.id).not.toBe(series.id);
    expect(localTimes(await upcomingOf(ready, series.id))).toEqual(['18:00', '18:00']);
    const following = await upcomingOf(ready, split.id);
    expect(localTimes(following)).toEqual(['19:30', '19:30']);
    expect(following.map((item) => item.instructorName)).toEqual(['Marco Reyes', 'Marco Reyes']);
    // Updated in place, so bookings (next issue) stay with their class.
    expect(following.map((item) => item.id)).toEqual([classes[2]?.id, classes[3]?.id]);
  });

  it('edits all: every class to come changes; a dropped weekday goes, a new one comes', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes, body } = await futureSeries(ready);
    const rule = { ...series.schedule, weekdays: ['wednesday'] };
    const answer = await edit(ready, series.id, {
      ...body,
      schedule: rule,
      capacity: 15,
      scope: 'all',
      classInstanceId: classes[0]?.id,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = await upcomingOf(ready, series.id);
    expect(after.length).toBe(4);
    expect(after.every((item) => new Date(item.startsAt).getUTCDay() === 3 && item.capacity === 15)).toBe(
      true,
    );
  });

  it('refuses an edit from a class of another series, or one already past', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, body } = await futureSeries(ready);
    await schedule(ready.headers, weeklyClass(ready, { instructorId: ready.marco, roomId: ready.roomB }));
    const [past] = await classesBetween(ready, '2026-10-18T00:00:00Z', '2026-10-20T00:00:00Z');
    const answer = await edit(ready, series.id, { ...body, scope: 'all', classInstanceId: past?.id });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.classInstanceId).toBe('That class is not one of this series.');
    const pastEdit = await edit(ready, past?.fitnessSessionId ?? '', {
      ...weeklyClass(ready, { instructorId: ready.marco, roomId: ready.roomB }),
      scope: 'one',
      classInstanceId: past?.id,
    });
    expect(pastEdit.json().errors.classInstanceId).toBe(
      'That class has already started; classes in the past are not changed.',
    );
  });

  it('cancels one class; it shows as cancelled and no longer blocks its instructor or room', async () => {
    const ready = await studioReadyToSchedule(app);
    const { classes } = await futureSeries(ready);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${classes[0]?.id}/cancel`,
      headers: ready.headers,
      payload: { reason: 'Instructor unwell' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ message: 'Class cancelled.', data: { status: 'cancelled' } });
    const again = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${classes[0]?.id}/cancel`,
      headers: ready.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const date = classes[0]?.startsAt.slice(0, 10);
    const replacement = await schedule(
      ready.headers,
      weeklyClass(ready, { schedule: { kind: 'once', date } }),
    );
    expect(replacement.statusCode, replacement.body).toBe(201);
  });

  it('substitutes an instructor for one class, refusing one who teaches at that time', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes } = await futureSeries(ready);
    const sub = (instructorId: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/class-instances/${classes[1]?.id}/instructor`,
        headers: ready.headers,
        payload: { instructorId },
      });
    const busy = await schedule(
      ready.headers,
      weeklyClass(ready, {
        instructorId: ready.marco,
        roomId: ready.roomB,
        schedule: { kind: 'once', date: classes[1]?.startsAt.slice(0, 10) },
        startTime: '18:30',
      }),
    );
    expect(busy.statusCode, busy.body).toBe(201);
    expect((await sub(ready.marco)).statusCode).toBe(409);
    await app.inject({
      method: 'DELETE',
      url: `/api/fitness-sessions/${busy.json().data.id}?scope=all&classInstanceId=${(await upcomingOf(ready, busy.json().data.id))[0]?.id}`,
      headers: ready.headers,
    });
    const answer = await sub(ready.marco);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('Marco Reyes now teaches this class.');
    expect((await upcomingOf(ready, series.id)).map((item) => item.instructorName)).toEqual([
      'Indira Patel',
      'Marco Reyes',
      'Indira Patel',
      'Indira Patel',
    ]);
  });

  it('deletes this and following; earlier classes stay', async () => {
    const ready = await studioReadyToSchedule(app);
    const { series, classes } = await futureSeries(ready);
    const answer = await app.inject({
      method: 'DELETE',
      url: `/api/fitness-sessions/${series.id}?scope=following&classInstanceId=${classes[1]?.id}`,
      headers: ready.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('3 classes removed.');
    expect((await upcomingOf(ready, series.id)).map((item) => item.id)).toEqual([classes[0]?.id]);
  });

  it('refuses to delete a studio or room that classes still to come use, naming how many', async () => {
    const ready = await studioReadyToSchedule(app);
    await futureSeries(ready);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/studios/${ready.studioId}`,
      headers: ready.headers,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      '4 classes still to come are held at Midtown. Move or cancel them before deleting the studio.',
    );
  });
});

describe('GET /api/classes and the public reads', () => {
  it('pages upcoming and past classes and searches by class or instructor name', async () => {
    const ready = await studioReadyToSchedule(app);
    await schedule(ready.headers, weeklyClass(ready));
    await schedule(
      ready.headers,
      weeklyClass(ready, {
        instructorId: ready.marco,
        schedule: {
          kind: 'weekly',
          weekdays: ['friday'],
          everyWeeks: 1,
          startDate: dateFromToday(1),
          count: 3,
        },
      }),
    );
    const past = await app.inject({
      method: 'GET',
      url: '/api/classes?when=past&pageSize=2',
      headers: ready.headers,
    });
    expect(past.json().data.total).toBe(4);
    expect(past.json().data.items.map((item: { startsAt: string }) => item.startsAt)).toEqual([
      '2026-11-09T23:00:00.000Z',
      '2026-11-02T23:00:00.000Z',
    ]);
    const search = await app.inject({ method: 'GET', url: '/api/classes?q=marco', headers: ready.headers });
    expect(search.json().data.total).toBe(3);
    expect(
      (await app.inject({ method: 'GET', url: '/api/classes?when=later', headers: ready.headers }))
        .statusCode,
    ).toBe(400);
  });

  it("shows a company's scheduled classes to anyone by its address, without notes; a cancelled one is out of the list but its link says it is cancelled", async () => {
    const ready = await studioReadyToSchedule(app);
    await schedule(ready.headers, weeklyClass(ready, { notes: 'Key is under the mat' }));
    const range = 'from=2026-10-18T00:00:00Z&to=2026-11-15T00:00:00Z';
    const [first] = await classesBetween(ready, '2026-10-18T00:00:00Z', '2026-11-15T00:00:00Z');
    await db.pool.query(`update class_instances set status = 'cancelled' where id = $1`, [first?.id]);
    const open = await app.inject({
      method: 'GET',
      url: `/api/public/${ready.slug}/class-instances?${range}`,
    });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.items).toHaveLength(3);
    expect(open.json().data.items.every((item: { notes: unknown }) => item.notes === null)).toBe(true);
    const [second] = open.json().data.items;
    const details = await app.inject({
      method: 'GET',
      url: `/api/public/${ready.slug}/class-instances/${second.id}`,
    });
    expect(details.json().data).toMatchObject({
      description: 'A strong flow for all levels.',
      dropInPrice: 2500,
      notes: null,
    });
    // Someone with a saved link learns it was cancelled rather than that it never existed.
    const cancelled = await app.inject({
      method: 'GET',
      url: `/api/public/${ready.slug}/class-instances/${first?.id}`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', notes: null });
    expect(
      (await app.inject({ method: 'GET', url: `/api/public/no-such-studio-x/class-instances?${range}` }))
        .statusCode,
    ).toBe(404);
  });
});
