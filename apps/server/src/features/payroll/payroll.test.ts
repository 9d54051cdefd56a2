import { describe, expect, it } from 'vitest';
import { addDays, periodContaining, type PayrollLineDto, type PayrollPeriodDto } from '@kinetic/shared';
import { generateId } from '../../db/ids.ts';
import { classAt, quickClients } from '../../test/bookings.ts';
import { bearer, signUpCompany } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { localDateOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';

/** Payroll (issue 15 §4): pay computed from classes taught, closing, adjustments, CSV, access. */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;
const ZONE = 'America/New_York';

const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url, headers, payload });

const today = () => localDateOf(new Date(), ZONE);
/** Weekly pay periods from Mondays; `weeksAgo` weeks back from this week (all have ended when ≥ 1). */
const WEEKLY = { frequency: 'weekly', periodAnchor: '2026-01-05' } as const;
const weekAgo = (weeksAgo: number) => periodContaining(addDays(today(), -7 * weeksAgo), WEEKLY);

async function weeklyCompany() {
  const ready = await studioReadyToSchedule(app);
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/payroll/settings',
    headers: ready.headers,
    payload: WEEKLY,
  });
  expect(saved.statusCode).toBe(200);
  return ready;
}

/** A rate written straight into the table (the pay-rates API is tested on its own). */
async function rate(ready: ReadyStudio, instructorId: string, fields: Record<string, unknown>) {
  const values = {
    templateId: null,
    effectiveFrom: '2020-01-01',
    kind: 'per_class',
    amount: 2500,
    peakAmount: null,
    baseAmount: 0,
    capAmount: null,
    ...fields,
  };
  await db.pool.query(
    `insert into pay_rates (company_id, id, instructor_id, template_id, effective_from, kind, amount, peak_amount, base_amount, cap_amount)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      ready.companyId,
      generateId(),
      instructorId,
      values.templateId,
      values.effectiveFrom,
      values.kind,
      values.amount,
      values.peakAmount,
      values.baseAmount,
      values.capAmount,
    ],
  );
}

/** A class on `date` at `time` (New York) with `checkedIn` attendees; answers its id. */
async function taught(
  ready: ReadyStudio,
  date: string,
  time: string,
  checkedIn: number,
  overrides: Record<string, unknown> = {},
) {
  const classId = await classAt(app, ready, zonedInstant(date, time, ZONE), { capacity: 20, ...overrides });
  await checkIn(ready, classId, checkedIn);
  return classId;
}

async function checkIn(ready: ReadyStudio, classId: string, count: number) {
  const clients = await quickClients(app, ready, count, `c${generateId().slice(-8)}`);
  for (const clientId of clients) {
    await db.pool.query(
      `insert into bookings (company_id, id, class_instance_id, client_id, status) values ($1, $2, $3, $4, 'checked_in')`,
      [ready.companyId, generateId(), classId, clientId],
    );
  }
}

async function period(ready: ReadyStudio, date: string): Promise<PayrollPeriodDto> {
  const response = await get(`/api/payroll/periods?date=${date}`, ready.headers);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const close = (ready: ReadyStudio, startsOn: string) =>
  post('/api/payroll/periods/close', ready.headers, { startsOn });

const linesOf = (answer: PayrollPeriodDto, name: string): PayrollLineDto[] =>
  answer.instructors.find((instructor) => instructor.instructorName === name)?.lines ?? [];

describe('pay computed for an open period', () => {
  it('pays the rate in force on each class date, the substitute, per attendee with a cap, hourly and peak amounts', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(2);
    const hana = (
      await post('/api/instructors', ready.headers, {
        name: 'Hana Kim',
        email: null,
        phone: null,
        bio: null,
        photo: null,
        active: true,
      })
    ).json().data.id as string;
    // Indira: 25.00 a class, 30.00 from the week's Thursday on.
    await rate(ready, ready.indira, { amount: 2500 });
    await rate(ready, ready.indira, { amount: 3000, effectiveFrom: addDays(week.startsOn, 3) });
    // Marco: 10.00 + 3.00 an attendee, at most 20.00.
    await rate(ready, ready.marco, { kind: 'per_attendee', amount: 300, baseAmount: 1000, capAmount: 2000 });
    // Hana: 28.00 an hour, 36.00 in peak hours (Wednesdays 17:00-20:00).
    await rate(ready, hana, { kind: 'hourly', amount: 2800, peakAmount: 3600 });
    const peak = await post('/api/hours', ready.headers, {
      band: 'peak',
      day: 'wednesday',
      ranges: [{ start: '17:00', end: '20:00' }],
    });
    expect(peak.statusCode).toBeLessThan(300);

    const before = await taught(ready, addDays(week.startsOn, 1), '18:00', 3);
    const after = await taught(ready, addDays(week.startsOn, 4), '18:00', 3);
    // Marco substitutes on Indira's Tuesday class at 07:00; 5 attend (10 + 15 = 25, capped at 20).
    const covered = await taught(ready, addDays(week.startsOn, 1), '07:00', 5);
    await db.pool.query(`update class_instances set instructor_id = $1 where company_id = $2 and id = $3`, [
      ready.marco,
      ready.companyId,
      covered,
    ]);
    // Hana: 45 minutes on Wednesday at 18:00 (peak) and at 10:00 (not).
    await taught(ready, addDays(week.startsOn, 2), '18:00', 1, { instructorId: hana, durationMinutes: 45 });
    await taught(ready, addDays(week.startsOn, 2), '10:00', 1, { instructorId: hana, durationMinutes: 45 });
    // A cancelled class and a class the week after are not paid.
    const cancelled = await taught(ready, addDays(week.startsOn, 5), '18:00', 2);
    await db.pool.query(`update class_instances set status = 'cancelled' where company_id = $1 and id = $2`, [
      ready.companyId,
      cancelled,
    ]);
    await taught(ready, addDays(week.endsOn, 1), '18:00', 2);

    const answer = await period(ready, addDays(week.startsOn, 2));
    expect(answer).toMatchObject({
      startsOn: week.startsOn,
      endsOn: week.endsOn,
      status: 'open',
      ended: true,
    });
    expect(answer.closeRefusal).toBeNull();

    const indira = linesOf(answer, 'Indira Patel');
    expect(indira.map((line) => [line.classInstanceId, line.amount, line.rateSummary])).toEqual([
      [before, 2500, '$25.00 per class'],
      [after, 3000, '$30.00 per class'],
    ]);
    const marco = linesOf(answer, 'Marco Reyes');
    expect(marco).toHaveLength(1);
    expect(marco[0]).toMatchObject({
      classInstanceId: covered,
      substituteFor: 'Indira Patel',
      attendees: 5,
      amount: 2000,
      rateSummary: '$10.00 base + $3.00 per attendee, at most $20.00',
    });
    const hanaLines = linesOf(answer, 'Hana Kim');
    expect(hanaLines.map((line) => [line.localTime, line.minutes, line.amount, line.rateSummary])).toEqual([
      ['10:00', 45, 2100, '$36.00 an hour in peak hours, $28.00 otherwise'],
      ['18:00', 45, 2700, '$36.00 an hour in peak hours, $28.00 otherwise (peak)'],
    ]);
    expect(answer.instructors.map((instructor) => [instructor.instructorName, instructor.subtotal])).toEqual([
      ['Hana Kim', 4800],
      ['Indira Patel', 5500],
      ['Marco Reyes', 2000],
    ]);
    expect(answer.total).toBe(12300);
  });

  it('lists a class without a rate at nothing, with a warning', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(1);
    await taught(ready, addDays(week.startsOn, 1), '18:00', 2);
    const answer = await period(ready, week.startsOn);
    expect(linesOf(answer, 'Indira Patel')[0]).toMatchObject({
      rateSummary: 'No rate set',
      amount: 0,
      noRate: true,
    });
    expect(answer.warnings).toEqual([
      'Indira Patel has no pay rate for 1 class: it pays nothing until a rate is set in Staff Payrates.',
    ]);
  });
});

describe('closing a period', () => {
  it('freezes the figures: JSON and CSV unchanged after a rate change, a late check-in and a cancelled or edited class; the corrections appear once in the next open period', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(3);
    const next = weekAgo(2);
    await rate(ready, ready.indira, { kind: 'per_attendee', amount: 500, baseAmount: 0 });
    await rate(ready, ready.marco, { amount: 4000 });
    const attended = await taught(ready, addDays(week.startsOn, 1), '18:00', 8);
    const toCancel = await taught(ready, addDays(week.startsOn, 2), '18:00', 2);
    const toSubstitute = await taught(ready, addDays(week.startsOn, 3), '18:00', 1);
    await taught(ready, addDays(next.startsOn, 1), '18:00', 1);

    const closing = await close(ready, week.startsOn);
    expect(closing.statusCode).toBe(200);
    const closed: PayrollPeriodDto = closing.json().data;
    expect(closed).toMatchObject({ status: 'closed', closedByName: 'Olive Owner', total: 5500 });
    const csvBefore = await get(`/api/payroll/periods/${week.startsOn}/csv`, ready.headers);
    expect(csvBefore.statusCode).toBe(200);
    expect(csvBefore.headers['content-disposition']).toContain(
      `payroll-${week.startsOn}-to-${week.endsOn}.csv`,
    );
    expect(csvBefore.body.split('\r\n')[0]).toBe(
      'Instructor,Date,Time,Class,Studio,Substitute for,Attendees,Minutes,Rate,Amount,Kind,Note',
    );
    expect(csvBefore.body).toContain(
      `Indira Patel,${addDays(week.startsOn, 1)},18:00,Power Yoga,Midtown,,8,60,$5.00 per attendee,40.00,Class,\r\n`,
    );
    expect(csvBefore.body.endsWith('Total,,,,,,,,,55.00,,\r\n')).toBe(true);

    // After closing: a new rate from before the week, a late check-in, a cancellation and a substitute.
    await rate(ready, ready.indira, {
      kind: 'per_attendee',
      amount: 700,
      effectiveFrom: addDays(week.startsOn, -1),
    });
    await checkIn(ready, attended, 1);
    const sql = `update class_instances set %s where company_id = $1 and id = $2`;
    await db.pool.query(sql.replace('%s', `status = 'cancelled'`), [ready.companyId, toCancel]);
    await db.pool.query(sql.replace('%s', `instructor_id = '${ready.marco}'`), [
      ready.companyId,
      toSubstitute,
    ]);

    const again = await period(ready, week.startsOn);
    expect(again).toEqual(closed);
    const csvAfter = await get(`/api/payroll/periods/${closed.id}/csv`, ready.headers);
    expect(csvAfter.body).toBe(csvBefore.body);

    // The next week carries the corrections: Indira's class now 9 × 7.00 instead of 8 × 5.00 (+23.00),
    // the cancelled class taken back (-10.00), the substituted class taken from Indira (-5.00) and paid to Marco (+40.00).
    const open = await period(ready, next.startsOn);
    const indira = linesOf(open, 'Indira Patel');
    expect(indira.map((line) => [line.kind, line.classInstanceId, line.amount])).toEqual([
      ['class', expect.any(String), 700],
      ['adjustment', attended, 2300],
      ['adjustment', toCancel, -1000],
      ['adjustment', toSubstitute, -500],
    ]);
    const label = `the period ${periodLabelOf(week.startsOn, week.endsOn)}`;
    expect(indira[1]!.note).toBe(
      `Attendance changed after ${label} closed: 8 → 9 attendees; Rate changed after ${label} closed: $5.00 per attendee → $7.00 per attendee`,
    );
    expect(indira[1]!.adjustsPeriod).toEqual({ id: closed.id, startsOn: week.startsOn, endsOn: week.endsOn });
    expect(indira[2]!.note).toBe(`Class cancelled after ${label} closed`);
    expect(indira[3]!.note).toBe(`Taught by Marco Reyes instead (recorded after ${label} closed)`);
    const marco = linesOf(open, 'Marco Reyes');
    expect(marco).toHaveLength(1);
    expect(marco[0]).toMatchObject({ kind: 'adjustment', amount: 4000, substituteFor: 'Indira Patel' });
    expect(open.total).toBe(700 + 2300 - 1000 - 500 + 4000);

    // Closing the next week freezes the corrections; the week after carries none of them again.
    expect((await close(ready, next.startsOn)).statusCode).toBe(200);
    const third = await period(ready, addDays(next.endsOn, 1));
    expect(third.instructors.flatMap((instructor) => instructor.lines)).toEqual([]);
    // A further late change after both closed shows again, once, in the first open period.
    await checkIn(ready, attended, 1);
    const later = await period(ready, addDays(next.endsOn, 1));
    expect(linesOf(later, 'Indira Patel').map((line) => [line.kind, line.amount])).toEqual([
      ['adjustment', 700],
    ]);
    // The first closed week still reads the same.
    expect((await get(`/api/payroll/periods/${week.startsOn}/csv`, ready.headers)).body).toBe(csvBefore.body);
  });

  it('a class added to a closed week afterwards is paid as an adjustment in the next open week, the closed week unchanged', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(2);
    await rate(ready, ready.indira, { amount: 2500 });
    await taught(ready, addDays(week.startsOn, 1), '18:00', 1);
    const closed: PayrollPeriodDto = (await close(ready, week.startsOn)).json().data;
    const added = await taught(ready, addDays(week.startsOn, 3), '09:00', 0);
    expect(await period(ready, week.startsOn)).toEqual(closed);
    const next = await period(ready, addDays(week.endsOn, 1));
    expect(linesOf(next, 'Indira Patel')).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        classInstanceId: added,
        amount: 2500,
        note: `Class added after the period ${periodLabelOf(week.startsOn, week.endsOn)} closed`,
      }),
    ]);
  });

  it('refuses a period still running, one already closed and a date that does not start a period; two closes at once make one', async () => {
    const ready = await weeklyCompany();
    const running = weekAgo(0);
    const refused = await close(ready, running.startsOn);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('is still running');
    expect((await period(ready, running.startsOn)).closeRefusal).toContain('still running');

    const week = weekAgo(1);
    const notStart = await close(ready, addDays(week.startsOn, 1));
    expect(notStart.statusCode).toBe(409);
    expect(notStart.json().message).toContain('No open period starts on');

    const both = await Promise.all([close(ready, week.startsOn), close(ready, week.startsOn)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((response) => response.statusCode === 409)!.json().message).toContain('already closed');
    const { rows } = await db.pool.query(
      `select count(*)::int as n from payroll_periods where company_id = $1`,
      [ready.companyId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a period is not over while its last day goes on in a studio west of the company’s clock', async () => {
    const ready = await studioReadyToSchedule(app);
    // The company keeps Kiritimati's clock (UTC+14), its studio Pago Pago's (UTC-11): the company's date
    // is always at least a day ahead, so the week ending on the company's yesterday is still being taught.
    await db.pool.query(`update companies set time_zone = 'Pacific/Kiritimati' where id = $1`, [
      ready.companyId,
    ]);
    await db.pool.query(`update studios set time_zone = 'Pacific/Pago_Pago' where company_id = $1`, [
      ready.companyId,
    ]);
    const companyToday = localDateOf(new Date(), 'Pacific/Kiritimati');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/payroll/settings',
      headers: ready.headers,
      payload: { frequency: 'weekly', periodAnchor: companyToday },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const lastWeek = addDays(companyToday, -7);

    const open = await period(ready, lastWeek);
    expect(open.startsOn).toBe(lastWeek);
    expect(open.ended).toBe(false);
    expect(open.closeRefusal).toContain('is not over yet in every studio');
    const refused = await close(ready, lastWeek);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors.startsOn).toBe('Still running');

    // Once the studio keeps the company's clock, the week is over and closes.
    await db.pool.query(`update studios set time_zone = 'Pacific/Kiritimati' where company_id = $1`, [
      ready.companyId,
    ]);
    expect((await period(ready, lastWeek)).ended).toBe(true);
    expect((await close(ready, lastWeek)).statusCode).toBe(200);
  });

  it('refuses with 409 (not 500) a period whose amounts are beyond what can be stored, naming the rate to check', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(1);
    // The largest per-attendee amount a rate may name (1,000,000.00) with no cap, and 22 attendees: 22,000,000.00.
    await rate(ready, ready.indira, { kind: 'per_attendee', amount: 100_000_000 });
    await taught(ready, addDays(week.startsOn, 1), '09:00', 22);
    const open = await period(ready, week.startsOn);
    expect(open.total).toBe(2_200_000_000);
    const refused = await close(ready, week.startsOn);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      'Indira Patel’s pay in this period is too large to record (more than $21,474,836.47): check their pay rates in Staff Payrates, then close the period.',
    );
    expect((await period(ready, week.startsOn)).status).toBe('open');
  });

  it('switching frequency keeps closed periods and starts the next period the day after the last closed one', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(2);
    expect((await close(ready, week.startsOn)).statusCode).toBe(200);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/payroll/settings',
      headers: ready.headers,
      payload: { frequency: 'monthly', periodAnchor: '2026-01-05' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.closedThrough).toBe(week.endsOn);
    const after = await period(ready, addDays(week.endsOn, 1));
    const month = periodContaining(addDays(week.endsOn, 1), {
      frequency: 'monthly',
      periodAnchor: '2026-01-05',
    });
    expect(after.startsOn).toBe(month.startsOn > week.endsOn ? month.startsOn : addDays(week.endsOn, 1));
    expect((await period(ready, week.startsOn)).status).toBe('closed');

    const bad = await app.inject({
      method: 'PUT',
      url: '/api/payroll/settings',
      headers: ready.headers,
      payload: { frequency: 'daily', periodAnchor: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose weekly, fortnightly or monthly');
  });
});

describe('access', () => {
  it('needs manageStaff and seeFinancials: staff and instructors by default, solo owners and another company are refused', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(1);
    await taught(ready, addDays(week.startsOn, 1), '18:00', 1);
    const closed: PayrollPeriodDto = (await close(ready, week.startsOn)).json().data;

    for (const role of ['staff', 'instructor'] as const) {
      const member = await signInTeamMember(app, db.db, ready.companyId, role);
      for (const url of [
        '/api/payroll/settings',
        `/api/payroll/periods?date=${week.startsOn}`,
        `/api/payroll/periods/${closed.id}/csv`,
      ]) {
        expect((await get(url, member.headers)).statusCode).toBe(403);
      }
      expect(
        (await post('/api/payroll/periods/close', member.headers, { startsOn: week.startsOn })).statusCode,
      ).toBe(403);
    }
    const solo = await signUpCompany(app, { kind: 'solo' });
    expect((await get('/api/payroll/settings', bearer(solo.session.token))).statusCode).toBe(403);

    const other = await studioReadyToSchedule(app);
    expect((await get(`/api/payroll/periods/${closed.id}`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/payroll/periods/${closed.id}/csv`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/payroll/periods/${closed.id}`, ready.headers)).json().data.id).toBe(closed.id);
    expect((await get('/api/payroll/periods/not-a-date/csv', ready.headers)).statusCode).toBe(400);
    expect((await get('/api/payroll/periods?date=2026-13-01', ready.headers)).statusCode).toBe(400);
    const farOut = await get('/api/payroll/periods?date=9999-12-31', ready.headers);
    expect(farOut.statusCode).toBe(400);
    expect(farOut.json().errors).toEqual({ date: 'Choose a date between 2000 and 2099' });
    expect((await get('/api/payroll/periods/2026-13-45/csv', ready.headers)).statusCode).toBe(400);
    expect(
      (await post('/api/payroll/periods/close', ready.headers, { startsOn: '0001-01-01' })).statusCode,
    ).toBe(400);
  });
});

function periodLabelOf(startsOn: string, endsOn: string) {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const [y1, m1, d1] = startsOn.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = endsOn.split('-').map(Number) as [number, number, number];
  if (y1 === y2 && m1 === m2) return `${d1}–${d2} ${months[m2 - 1]} ${y2}`;
  if (y1 === y2) return `${d1} ${months[m1 - 1]} – ${d2} ${months[m2 - 1]} ${y2}`;
  return `${d1} ${months[m1 - 1]} ${y1} – ${d2} ${months[m2 - 1]} ${y2}`;
}
