import { describe, expect, it } from 'vitest';
import { generateId } from '../../db/ids.ts';
import { appointmentAt, appointmentType } from '../../test/appointment-rows.ts';
import { classAt, quickClients } from '../../test/bookings.ts';
import { createTestApp } from '../../test/harness.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';

/** Appointments (issue 17) in the attendance report: counted like classes, grouped under their type's name. */
const { app, db } = await createTestApp();
const YEAR = new Date().getUTCFullYear() + 1;

async function checkIn(ready: ReadyStudio, classId: string, count: number) {
  for (const clientId of await quickClients(app, ready, count, `c${generateId().slice(-6)}`)) {
    await db.pool.query(
      `insert into bookings (company_id, id, class_instance_id, client_id, status) values ($1, $2, $3, $4, 'checked_in')`,
      [ready.companyId, generateId(), classId, clientId],
    );
  }
}

describe('attendance report with appointments', () => {
  it('groups an appointment type’s sessions by class under “(appointment)”, by instructor with their classes, and leaves them out when asked for one class template', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classAt(app, ready, new Date(`${YEAR}-01-12T23:00:00Z`), { capacity: 10 });
    await checkIn(ready, classId, 3);
    const typeId = await appointmentType(db.pool, ready, { name: 'Private Pilates' });
    for (const day of ['13', '14']) {
      const appointment = await appointmentAt(
        db.pool,
        ready,
        typeId,
        new Date(`${YEAR}-01-${day}T15:00:00Z`),
      );
      await checkIn(ready, appointment, 1);
    }
    const report = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/reports/attendance?from=${YEAR}-01-01&to=${YEAR}-01-31&${query}`,
        headers: ready.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (
        response.json().data.rows as { label: string; classes: number; checkedIn: number; capacity: number }[]
      ).map((row) => [row.label, row.classes, row.checkedIn, row.capacity]);
    };
    expect(await report('groupBy=class')).toEqual([
      ['Power Yoga', 1, 3, 10],
      ['Private Pilates (appointment)', 2, 2, 2],
    ]);
    expect(await report('groupBy=instructor')).toEqual([['Indira Patel', 3, 5, 12]]);
    expect(await report(`groupBy=class&templateId=${ready.templateId}`)).toEqual([['Power Yoga', 1, 3, 10]]);
  });
});
