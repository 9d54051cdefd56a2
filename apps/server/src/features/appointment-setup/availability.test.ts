import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';

/**
 * Working hours and exceptions (issue 17 §2): a manager of the schedule keeps everyone's, an instructor
 * their own (read and write), nobody another company's; studios must be the company's.
 */
const { app, db } = await createTestApp();

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const week = {
  monday: [
    { start: '13:00', end: '17:00' },
    { start: '09:00', end: '12:00' },
  ],
  sunday: [],
};

/** Indira's login: an instructor user linked to her instructor row, as an invitation links it. */
async function indiraSignedIn(ready: ReadyStudio) {
  const login = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
  const userId = (await call('GET', '/api/me', login.headers)).json().data.user.id as string;
  await db.pool.query('update instructors set user_id = $1 where company_id = $2 and id = $3', [
    userId,
    ready.companyId,
    ready.indira,
  ]);
  return login.headers;
}

describe('availability', () => {
  it('answers 401 without a session and 403 to a client', async () => {
    const ready = await studioReadyToSchedule(app);
    expect((await call('GET', '/api/availability')).statusCode).toBe(401);
    expect(
      (await call('PUT', `/api/availability/${ready.indira}/weekly`, {}, { studios: [] })).statusCode,
    ).toBe(401);
    const client = bearer((await signUpClient(app, ready.slug)).session.token);
    expect((await call('GET', '/api/availability', client)).statusCode).toBe(403);
    expect((await call('GET', `/api/availability/${ready.indira}`, client)).statusCode).toBe(403);
  });

  it("saves an instructor's week per studio (sorted, empty days left out) and replaces it on the next save", async () => {
    const ready = await studioReadyToSchedule(app);
    const saved = await call('PUT', `/api/availability/${ready.indira}/weekly`, ready.headers, {
      studios: [{ studioId: ready.studioId, hours: week }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Working hours saved.',
      data: {
        instructorId: ready.indira,
        instructorName: 'Indira Patel',
        weekly: [
          {
            studioId: ready.studioId,
            hours: {
              monday: [
                { start: '09:00', end: '12:00' },
                { start: '13:00', end: '17:00' },
              ],
            },
          },
        ],
        exceptions: [],
      },
    });
    const cleared = await call('PUT', `/api/availability/${ready.indira}/weekly`, ready.headers, {
      studios: [],
    });
    expect(cleared.json().data.weekly).toEqual([]);
    expect(
      (await call('GET', `/api/availability/${ready.indira}`, ready.headers)).json().data.weekly,
    ).toEqual([]);
  });

  it('answers 400 for overlapping hours, a studio twice, or a studio not the company’s', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const url = `/api/availability/${ready.indira}/weekly`;
    const overlapping = await call('PUT', url, ready.headers, {
      studios: [
        {
          studioId: ready.studioId,
          hours: {
            tuesday: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
          },
        },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().errors).toEqual({
      'studios.0.hours.tuesday': 'Tuesday 11:00–13:00 overlaps 09:00–12:00.',
    });
    const twice = await call('PUT', url, ready.headers, {
      studios: [
        { studioId: ready.studioId, hours: {} },
        { studioId: ready.studioId, hours: {} },
      ],
    });
    expect(twice.json().errors).toEqual({ 'studios.1.studioId': 'Each studio once' });
    const theirs = await call('PUT', url, ready.headers, {
      studios: [
        { studioId: ready.studioId, hours: week },
        { studioId: other.studioId, hours: week },
      ],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toEqual({ 'studios.1.studioId': 'Choose one of your studios.' });
    // Nothing was saved.
    expect(
      (await call('GET', `/api/availability/${ready.indira}`, ready.headers)).json().data.weekly,
    ).toEqual([]);
  });

  it('adds and removes time off and extra hours; checks their times and studio', async () => {
    const ready = await studioReadyToSchedule(app);
    const url = `/api/availability/${ready.indira}/exceptions`;
    const off = await call('POST', url, ready.headers, { date: '2030-01-07', kind: 'off', note: 'Dentist' });
    expect(off.statusCode).toBe(201);
    expect(off.json()).toMatchObject({
      message: 'Time off added.',
      data: { date: '2030-01-07', kind: 'off', studioId: null, start: null, end: null, note: 'Dentist' },
    });
    const extra = await call('POST', url, ready.headers, {
      date: '2030-01-05',
      kind: 'extra',
      studioId: ready.studioId,
      start: '10:00',
      end: '12:00',
    });
    expect(extra.json().message).toBe('Extra hours added.');
    // Past exceptions are not listed.
    await call('POST', url, ready.headers, { date: '2020-01-06', kind: 'off' });
    const read = (await call('GET', `/api/availability/${ready.indira}`, ready.headers)).json().data;
    expect(read.exceptions.map((item: { date: string }) => item.date)).toEqual(['2030-01-05', '2030-01-07']);

    const halfDone = await call('POST', url, ready.headers, {
      date: '2030-01-07',
      kind: 'off',
      start: '10:00',
    });
    expect(halfDone.json().errors).toEqual({
      end: 'Enter both the start and the end, or neither for the whole day',
    });
    const backwards = await call('POST', url, ready.headers, {
      date: '2030-01-07',
      kind: 'off',
      start: '12:00',
      end: '10:00',
    });
    expect(backwards.json().errors).toEqual({ end: 'The end must be after the start' });
    const nowhere = await call('POST', url, ready.headers, {
      date: '2030-01-07',
      kind: 'extra',
      start: '09:00',
      end: '10:00',
    });
    expect(nowhere.json().errors).toEqual({ studioId: 'Choose the studio of the extra hours' });
    const other = await studioReadyToSchedule(app);
    const theirStudio = await call('POST', url, ready.headers, {
      date: '2030-01-07',
      kind: 'off',
      studioId: other.studioId,
    });
    expect(theirStudio.statusCode).toBe(400);
    expect(theirStudio.json().errors).toEqual({ studioId: 'Choose one of your studios.' });

    const removed = await call('DELETE', `${url}/${off.json().data.id}`, ready.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Exception removed.');
    expect((await call('DELETE', `${url}/${off.json().data.id}`, ready.headers)).statusCode).toBe(404);
    const after = (await call('GET', `/api/availability/${ready.indira}`, ready.headers)).json().data;
    expect(after.exceptions.map((item: { kind: string }) => item.kind)).toEqual(['extra']);
  });

  it("answers 404 for another company's instructor or exception", async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const theirs = (
      await call('POST', `/api/availability/${other.indira}/exceptions`, other.headers, {
        date: '2030-01-07',
        kind: 'off',
      })
    ).json().data.id;
    const cases: [Method, string, object?][] = [
      ['GET', `/api/availability/${other.indira}`],
      ['PUT', `/api/availability/${other.indira}/weekly`, { studios: [] }],
      ['POST', `/api/availability/${other.indira}/exceptions`, { date: '2030-01-08', kind: 'off' }],
      ['DELETE', `/api/availability/${other.indira}/exceptions/${theirs}`],
    ];
    for (const [method, url, payload] of cases) {
      const response = await call(method, url, ready.headers, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('We could not find that instructor.');
    }
    // Their exception through one of our instructors: still not found, and still theirs.
    expect(
      (await call('DELETE', `/api/availability/${ready.indira}/exceptions/${theirs}`, ready.headers))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/availability/${other.indira}`, other.headers)).json().data.exceptions,
    ).toHaveLength(1);
    expect((await call('GET', '/api/availability', ready.headers)).json().data.items).toHaveLength(2);
  });

  it('an instructor keeps their own hours and cannot see or change another’s; staff keep everyone’s', async () => {
    const ready = await studioReadyToSchedule(app);
    const indira = await indiraSignedIn(ready);
    const own = await call('PUT', `/api/availability/${ready.indira}/weekly`, indira, {
      studios: [{ studioId: ready.studioId, hours: week }],
    });
    expect(own.statusCode).toBe(200);
    const timeOff = await call('POST', `/api/availability/${ready.indira}/exceptions`, indira, {
      date: '2030-01-07',
      kind: 'off',
    });
    expect(timeOff.statusCode).toBe(201);
    expect((await call('GET', `/api/availability/${ready.indira}`, indira)).statusCode).toBe(200);
    const listed = (await call('GET', '/api/availability', indira)).json().data.items;
    expect(listed.map((item: { instructorName: string }) => item.instructorName)).toEqual(['Indira Patel']);

    const refusal = 'You can see and change only your own working hours.';
    for (const [method, url, payload] of [
      ['GET', `/api/availability/${ready.marco}`],
      ['PUT', `/api/availability/${ready.marco}/weekly`, { studios: [] }],
      ['POST', `/api/availability/${ready.marco}/exceptions`, { date: '2030-01-07', kind: 'off' }],
    ] as [Method, string, object?][]) {
      const response = await call(method, url, indira, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(refusal);
    }
    // An instructor login without an instructor row sees nobody.
    const unlinked = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    expect((await call('GET', '/api/availability', unlinked.headers)).json().data.items).toEqual([]);
    expect((await call('GET', `/api/availability/${ready.indira}`, unlinked.headers)).statusCode).toBe(403);

    // Staff manage the schedule: everyone's hours, by name.
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const all = (await call('GET', '/api/availability', staff.headers)).json().data.items;
    expect(all.map((item: { instructorName: string }) => item.instructorName)).toEqual([
      'Indira Patel',
      'Marco Reyes',
    ]);
    expect(all[0].weekly).toHaveLength(1);
    expect(all[0].exceptions).toHaveLength(1);
    const marco = await call('PUT', `/api/availability/${ready.marco}/weekly`, staff.headers, {
      studios: [{ studioId: ready.studioId, hours: week }],
    });
    expect(marco.statusCode).toBe(200);
    expect(
      (
        await call(
          'DELETE',
          `/api/availability/${ready.indira}/exceptions/${timeOff.json().data.id}`,
          staff.headers,
        )
      ).statusCode,
    ).toBe(200);
  });
});
