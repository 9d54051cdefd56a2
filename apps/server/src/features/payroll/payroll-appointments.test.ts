import { describe, expect, it } from 'vitest';
import { addDays, periodContaining, type PayrollLineDto, type PayrollPeriodDto } from '@kinetic/shared';
import { generateId } from '../../db/ids.ts';
import { appointmentAt, appointmentType } from '../../test/appointment-rows.ts';
import { classAt, quickClients } from '../../test/bookings.ts';
import { createTestApp } from '../../test/harness.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { localDateOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';

/** Payroll of appointments (issue 17 §4): paid at the instructor's appointment rate, named by their type. */
const { app, db } = await createTestApp();
const ZONE = 'America/New_York';
const WEEKLY = { frequency: 'weekly', periodAnchor: '2026-01-05' } as const;
const today = () => localDateOf(new Date(), ZONE);
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

async function rate(
  ready: ReadyStudio,
  instructorId: string,
  service: 'class' | 'appointment',
  fields: Record<string, unknown>,
) {
  const values = { effectiveFrom: '2020-01-01', kind: 'per_class', amount: 2500, ...fields };
  await db.pool.query(
    `insert into pay_rates (company_id, id, instructor_id, template_id, service, effective_from, kind, amount, base_amount)
     values ($1, $2, $3, null, $4, $5, $6, $7, 0)`,
    [ready.companyId, generateId(), instructorId, service, values.effectiveFrom, values.kind, values.amount],
  );
}

async function checkIn(ready: ReadyStudio, classId: string, count: number) {
  for (const clientId of await quickClients(app, ready, count, `c${generateId().slice(-8)}`)) {
    await db.pool.query(
      `insert into bookings (company_id, id, class_instance_id, client_id, status) values ($1, $2, $3, $4, 'checked_in')`,
      [ready.companyId, generateId(), classId, clientId],
    );
  }
}

async function period(ready: ReadyStudio, date: string): Promise<PayrollPeriodDto> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/payroll/periods?date=${date}`,
    headers: ready.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const linesOf = (answer: PayrollPeriodDto, name: string): PayrollLineDto[] =>
  answer.instructors.find((instructor) => instructor.instructorName === name)?.lines ?? [];

describe('appointments in payroll', () => {
  it('pays an appointment taught at the appointment rate, named by its type, beside classes at the class rate; no appointment rate pays nothing with a warning', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(1);
    // Indira: 25.00 a class; 40.00 an hour for appointments. Marco: a class rate only.
    await rate(ready, ready.indira, 'class', { amount: 2500 });
    await rate(ready, ready.indira, 'appointment', { kind: 'hourly', amount: 4000 });
    await rate(ready, ready.marco, 'class', { amount: 3000 });
    const typeId = await appointmentType(db.pool, ready, { name: 'Private Pilates' });

    const classId = await classAt(app, ready, zonedInstant(addDays(week.startsOn, 1), '18:00', ZONE), {
      capacity: 20,
    });
    await checkIn(ready, classId, 2);
    const pilates = await appointmentAt(
      db.pool,
      ready,
      typeId,
      zonedInstant(addDays(week.startsOn, 2), '10:00', ZONE),
      {
        minutes: 90,
      },
    );
    await checkIn(ready, pilates, 1);
    await appointmentAt(db.pool, ready, typeId, zonedInstant(addDays(week.startsOn, 2), '12:00', ZONE), {
      instructorId: ready.marco,
    });
    // A cancelled appointment is not paid.
    const cancelled = await appointmentAt(
      db.pool,
      ready,
      typeId,
      zonedInstant(addDays(week.startsOn, 3), '10:00', ZONE),
    );
    await db.pool.query(`update class_instances set status = 'cancelled' where company_id = $1 and id = $2`, [
      ready.companyId,
      cancelled,
    ]);

    const open = await period(ready, week.startsOn);
    expect(
      linesOf(open, 'Indira Patel').map((line) => [
        line.service,
        line.className,
        line.amount,
        line.rateSummary,
      ]),
    ).toEqual([
      ['class', 'Power Yoga', 2500, '$25.00 per class'],
      ['appointment', 'Private Pilates', 6000, '$40.00 an hour'],
    ]);
    expect(linesOf(open, 'Indira Patel')[1]).toMatchObject({
      kind: 'class',
      classInstanceId: pilates,
      localTime: '10:00',
      minutes: 90,
      attendees: 1,
      noRate: false,
    });
    expect(linesOf(open, 'Marco Reyes')).toEqual([
      expect.objectContaining({
        service: 'appointment',
        className: 'Private Pilates',
        amount: 0,
        noRate: true,
      }),
    ]);
    expect(open.warnings).toEqual([
      'Marco Reyes has no appointment pay rate for 1 appointment: it pays nothing until a rate is set in Staff Payrates.',
    ]);
    expect(open.total).toBe(2500 + 6000);
  });

  it('closing a period freezes the appointment line (its type renamed later keeps the old name); the CSV says Appointment', async () => {
    const ready = await weeklyCompany();
    const week = weekAgo(2);
    await rate(ready, ready.indira, 'appointment', { amount: 3500 });
    const typeId = await appointmentType(db.pool, ready, { name: 'Assessment' });
    const assessment = await appointmentAt(
      db.pool,
      ready,
      typeId,
      zonedInstant(addDays(week.startsOn, 1), '09:00', ZONE),
    );

    const closing = await app.inject({
      method: 'POST',
      url: '/api/payroll/periods/close',
      headers: ready.headers,
      payload: { startsOn: week.startsOn },
    });
    expect(closing.statusCode).toBe(200);
    const closed: PayrollPeriodDto = closing.json().data;
    expect(linesOf(closed, 'Indira Patel')).toEqual([
      expect.objectContaining({
        service: 'appointment',
        classInstanceId: assessment,
        className: 'Assessment',
        amount: 3500,
      }),
    ]);
    expect(closed.total).toBe(3500);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/payroll/periods/${closed.id}/csv`,
      headers: ready.headers,
    });
    expect(csv.body).toContain(
      `Indira Patel,${addDays(week.startsOn, 1)},09:00,Assessment,Midtown,,0,60,$35.00 per appointment,35.00,Appointment,\r\n`,
    );

    await db.pool.query(
      `update appointment_types set name = 'Fitness check' where company_id = $1 and id = $2`,
      [ready.companyId, typeId],
    );
    expect(await period(ready, week.startsOn)).toEqual(closed);
    // Paid once: the next open week carries no line for it.
    expect(linesOf(await period(ready, addDays(week.endsOn, 1)), 'Indira Patel')).toEqual([]);
  });
});
