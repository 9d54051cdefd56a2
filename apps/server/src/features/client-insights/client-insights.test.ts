import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientInsightsDto } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { signedInClient } from '../../test/bookings.ts';
import { createTestApp } from '../../test/harness.ts';
import { studioReadyToSchedule, weeklyClass, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';

/**
 * Client insights (issue 14 §3) against a seeded company whose numbers are known:
 * - 20 regulars at Midtown (8 Asian / Pacific Islander, 6 prefer not to respond, 6 who never answered),
 *   checked in at every Monday 18:00 Power Yoga from 5 Jan 2026 for 20 weeks;
 * - 3 Native American clients (age stored under the spec's legacy key `<45-54`), checked in once, at
 *   Decatur's Yin Yoga on Tuesday 13 Jan 2026 and never again: the small group no answer may reveal.
 */
const { app, db: connection } = await createTestApp();
const db = connection.db;

let ready: ReadyStudio;
let decaturId: string;

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function post(url: string, payload: object) {
  const response = await call('POST', url, ready.headers, payload);
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
  return response.json().data;
}

async function insights(query: string, headers = ready.headers): Promise<ClientInsightsDto> {
  const response = await call('GET', `/api/client-insights?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ClientInsightsDto;
}

/** Clients made in one statement each group: `count` users with the given answers and sign-up time. */
async function seedClients(
  prefix: string,
  count: number,
  createdAt: string,
  answers: { race: string | null; age: string | null } | null,
) {
  const companyId = ready.companyId;
  await withPlatform(db, async (tx) => {
    await tx.execute(sql`
      insert into users (company_id, id, role, name, email, password_hash, created_at)
      select ${companyId}, substr(md5(${companyId} || ${prefix} || n), 1, 24), 'client', ${prefix} || ' ' || n,
             ${prefix} || n || '@example.com', 'x', ${createdAt}::timestamptz
      from generate_series(1, ${count}) n`);
    if (answers)
      await tx.execute(sql`
        insert into client_signup_details (company_id, id, user_id, race_ethnicity, age)
        select ${companyId}, substr(md5(${companyId} || ${prefix} || n), 1, 24), substr(md5(${companyId} || ${prefix} || n), 1, 24),
               ${answers.race}, ${answers.age}
        from generate_series(1, ${count}) n`);
  });
}

/** Every client whose name starts with `prefix` checked in at every class of the series. */
async function checkIn(prefix: string, seriesId: string) {
  await withPlatform(db, (tx) =>
    tx.execute(sql`
      insert into bookings (company_id, id, class_instance_id, client_id, status)
      select ${ready.companyId}, substr(md5(ci.id || u.id), 1, 24), ci.id, u.id, 'checked_in'
      from class_instances ci, users u
      where ci.company_id = ${ready.companyId} and ci.fitness_session_id = ${seriesId}
        and u.company_id = ${ready.companyId} and u.name like ${`${prefix} %`}`),
  );
}

beforeAll(async () => {
  ready = await studioReadyToSchedule(app);
  const decatur = await post('/api/studios', {
    name: 'Decatur',
    address: { line1: '1 Church St', line2: '', city: 'Decatur', state: 'GA', postalCode: '', country: '' },
    phone: '',
    email: '',
    timeZone: 'America/New_York',
    openingHours: {},
    amenities: [],
    rooms: [{ name: 'Main Room', capacity: 30 }],
  });
  decaturId = decatur.id;
  const yin = await post('/api/class-templates', {
    name: 'Yin Yoga',
    description: 'Slow and deep.',
    durationMinutes: 60,
    defaultCapacity: 12,
    dropInPrice: 2000,
    colour: '#4860CF',
    image: null,
    tags: [],
  });
  const weekly = (weekday: string, startDate: string, count: number) => ({
    kind: 'weekly',
    weekdays: [weekday],
    everyWeeks: 1,
    startDate,
    count,
  });
  const power = await post(
    '/api/fitness-sessions',
    weeklyClass(ready, { roomId: null, capacity: 30, schedule: weekly('monday', '2026-01-05', 20) }),
  );
  const yinSeries = await post(
    '/api/fitness-sessions',
    weeklyClass(ready, {
      templateId: yin.id,
      studioId: decaturId,
      roomId: null,
      instructorId: ready.marco,
      capacity: 30,
      schedule: weekly('tuesday', '2026-01-13', 1),
    }),
  );
  // Peak hours on Mondays 17:00–20:00: Midtown's class is peak, Decatur's Tuesday class in no band.
  await post('/api/hours', { band: 'peak', day: 'monday', ranges: [{ start: '17:00', end: '20:00' }] });

  await seedClients('Asian', 8, '2026-01-02T12:00:00Z', { race: 'asian_pacific', age: '25-34' });
  await seedClients('Private', 6, '2025-12-01T12:00:00Z', { race: 'prefer_not_to_respond', age: '25-34' });
  await seedClients('Silent', 6, '2025-12-01T12:00:00Z', null);
  await seedClients('Native', 3, '2026-01-10T12:00:00Z', { race: 'native_american', age: '<45-54' });
  for (const prefix of ['Asian', 'Private', 'Silent']) await checkIn(prefix, power.id);
  await checkIn('Native', yinSeries.id);
});

const Q1 = 'from=2026-01-01&to=2026-03-31';

describe('client insights', () => {
  it('answers the demographics as labelled groups, "prefer not to respond" and "not answered" their own, small ones merged', async () => {
    const data = await insights(Q1);
    expect(data).toMatchObject({ studioId: null, from: '2026-01-01', to: '2026-03-31', clients: 25 });
    const race = data.breakdowns.find((item) => item.key === 'raceEthnicity')!;
    // Named as on the client's profile and in the CSV report, so an owner reads one name for one answer.
    expect(race.title).toBe('Race or ethnicity');
    expect(data.breakdowns.map((item) => item.title)).toEqual(
      expect.arrayContaining(['Age range', 'Household income', 'Household income (earlier answer)']),
    );
    expect(data.breakdowns.map((item) => item.title).join(' ')).not.toMatch(/first list|second list/);
    expect(race.groups).toEqual([
      { key: 'asian_pacific', label: 'Asian / Pacific Islander', count: 10 },
      { key: 'prefer_not_to_respond', label: 'Prefer not to respond', count: 5 },
      { key: 'not_answered', label: 'Not answered', count: 5 },
    ]);
    // The 3 Native American clients are inside "fewer than 5 each" with the empty groups; its sum (3) is not told.
    expect(race.fewerThanFive.labels).toContain('Native American');
    expect(race.fewerThanFive.labels).toContain('White / Caucasian');
    expect(race.fewerThanFive.count).toBeNull();
    const age = data.breakdowns.find((item) => item.key === 'age')!;
    expect(age.groups).toEqual([
      { key: '25-34', label: '25–34', count: 15 },
      { key: 'not_answered', label: 'Not answered', count: 5 },
    ]);
    // The legacy key is read as 45–54, one group with the offered key.
    expect(age.fewerThanFive.labels).toContain('45–54');
    expect(age.fewerThanFive.labels.filter((label) => label === '45–54')).toHaveLength(1);
    const income = data.breakdowns.find((item) => item.key === 'incomeBandTo200k')!;
    expect(income.groups).toEqual([{ key: 'not_answered', label: 'Not answered', count: 25 }]);
    const npu = data.breakdowns.find((item) => item.key === 'planningUnit')!;
    expect(npu.fewerThanFive.labels).toContain('NPU A');
    expect(data.breakdowns.map((item) => item.key)).toEqual([
      'age',
      'incomeBandTo200k',
      'incomeBandTo120k',
      'raceEthnicity',
      'industry',
      'planningUnit',
      'visitsPerClient',
    ]);
  });

  it('answers new clients per month, retention, visits per client, busiest classes and times, fill rate by band', async () => {
    const data = await insights(Q1);
    expect(data.newClientsByMonth).toEqual([
      { month: '2026-01', count: 10 },
      { month: '2026-02', count: null },
      { month: '2026-03', count: null },
    ]);
    // 23 first visits in the period (all long enough ago); the 20 regulars still booked 30 and 90 days later.
    expect(data.retention).toEqual([
      { days: 30, cohort: 25, retained: 20, percent: 80 },
      { days: 90, cohort: 25, retained: 20, percent: 80 },
    ]);
    const visits = data.breakdowns.find((item) => item.key === 'visitsPerClient')!;
    // 13 Mondays in the period: the regulars are "8 or more"; the 3 single visits are merged.
    expect(visits.groups).toEqual([{ key: '8+', label: '8 or more visits', count: 20 }]);
    expect(visits.fewerThanFive.labels).toContain('1 visit');
    expect(data.busiestClasses).toEqual([{ name: 'Power Yoga', visits: 260 }]);
    expect(data.hiddenClasses).toBe(1);
    expect(data.busiestTimes).toEqual([
      { weekday: 1, hour: 18, visits: 260 },
      { weekday: 2, hour: 18, visits: null },
    ]);
    expect(data.fillRate).toEqual([
      { band: 'peak', classes: 13, places: 260, capacity: 390, percent: 67 },
      { band: 'none', classes: 1, places: null, capacity: 30, percent: null },
    ]);
  });

  it('a studio filters to the clients who took a place there', async () => {
    const midtown = await insights(`${Q1}&studioId=${ready.studioId}`);
    expect(midtown.clients).toBe(20);
    const decatur = await insights(`${Q1}&studioId=${decaturId}`);
    expect(decatur.clients).toBeNull();
    expect(decatur.busiestClasses).toEqual([]);
    expect(decatur.hiddenClasses).toBe(1);
  });

  it('never reveals the group of 3, by any one answer or by subtracting any two', async () => {
    // The answers an attacker would compare: the period with and without the day the 3 came (A vs A+1 day),
    // each studio vs all, the day alone, Decatur alone, the whole period.
    const queries = [
      Q1,
      'from=2026-01-01&to=2026-01-12',
      'from=2026-01-01&to=2026-01-13',
      'from=2026-01-13&to=2026-01-13',
      'from=2026-01-14&to=2026-03-31',
      `${Q1}&studioId=${ready.studioId}`,
      `${Q1}&studioId=${decaturId}`,
      `from=2026-01-01&to=2026-01-13&studioId=${ready.studioId}`,
      `from=2026-01-01&to=2026-01-13&studioId=${decaturId}`,
    ];
    const answers = await Promise.all(queries.map((query) => insights(query)));
    const numbersOf = (data: ClientInsightsDto) => [
      data.clients,
      ...data.breakdowns.flatMap((item) => [
        ...item.groups.map((group) => group.count),
        item.fewerThanFive.count,
      ]),
      ...data.newClientsByMonth.map((month) => month.count),
      ...data.retention.flatMap((row) => [row.cohort, row.retained]),
      ...data.busiestClasses.map((row) => row.visits),
      ...data.busiestTimes.map((row) => row.visits),
      ...data.fillRate.map((row) => row.places),
    ];
    const all = answers.flatMap(numbersOf).filter((value): value is number => value !== null);
    expect(all.length).toBeGreaterThan(50);
    // No published count is 1–4 (the group alone, or a part of it).
    expect(all.filter((value) => value > 0 && value < 5)).toEqual([]);
    // No two published counts (in one answer: a total and its groups; across answers: A vs A+1 day,
    // a studio vs all) differ by 1–4.
    const gaps = new Set<number>();
    for (const a of all) for (const b of all) gaps.add(Math.abs(a - b));
    expect([1, 2, 3, 4].filter((gap) => gaps.has(gap))).toEqual([]);
    // Within one answer: total minus the shown groups of race is no exact count of the hidden ones.
    for (const data of answers) {
      const race = data.breakdowns.find((item) => item.key === 'raceEthnicity')!;
      const shown =
        race.groups.reduce((sum, group) => sum + group.count, 0) + (race.fewerThanFive.count ?? 0);
      expect((data.clients ?? 0) - shown).not.toBe(3);
      expect(((data.clients ?? 0) - shown) % 5).toBe(0);
    }
    // The day the 3 came: fewer than 5 clients in all, so nothing about them at all.
    const day = answers[3]!;
    expect(day.clients).toBeNull();
    expect(day.breakdowns.every((item) => item.groups.length === 0)).toBe(true);
  });

  it('answers 403 to staff, instructors and clients, 401 without a session', async () => {
    const staff = await signInTeamMember(app, db, ready.companyId, 'staff');
    const instructor = await signInTeamMember(app, db, ready.companyId, 'instructor');
    const client = await signedInClient(app, ready);
    for (const headers of [staff.headers, instructor.headers, client.headers]) {
      const response = await call('GET', `/api/client-insights?${Q1}`, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().status).toBe(0);
    }
    expect((await call('GET', `/api/client-insights?${Q1}`, {})).statusCode).toBe(401);
  });

  it("answers 404 for another company's studio and 400 naming the field for bad dates", async () => {
    const other = await studioReadyToSchedule(app);
    const foreign = await call('GET', `/api/client-insights?${Q1}&studioId=${other.studioId}`, ready.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('We could not find that studio.');
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-31', 'from'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
      ['from=yesterday&to=2026-01-01', 'from'],
      [`${Q1}&studioId=nope`, 'studioId'],
    ];
    for (const [query, field] of cases) {
      const response = await call('GET', `/api/client-insights?${query}`, ready.headers);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field);
    }
  });

  it('answers the last year by default', async () => {
    const data = await insights('');
    expect(data.to > data.from).toBe(true);
    expect(data.newClientsByMonth).toHaveLength(13);
  });
});
