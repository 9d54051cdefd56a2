import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withPlatform } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { payRates, payrollPeriods, users } from '../../db/schema/index.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { addDays } from '../orders/membership-changes.ts';

const { app, db } = await createTestApp();

type Headers = Record<string, string>;

/** The test companies keep New York's clock (sign-up's time zone). */
const today = () => localDateOf(new Date(), 'America/New_York');

const rate = (instructorId: string, overrides: Record<string, unknown> = {}) => ({
  instructorId,
  effectiveFrom: today(),
  kind: 'per_class',
  amount: 2500,
  ...overrides,
});

const post = (headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url: '/api/pay-rates', headers, payload });
const put = (headers: Headers, id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/pay-rates/${id}`, headers, payload });
const remove = (headers: Headers, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/pay-rates/${id}`, headers });
const list = (headers: Headers, query = '') =>
  app.inject({ method: 'GET', url: `/api/pay-rates${query}`, headers });

async function created(headers: Headers, payload: object): Promise<string> {
  const response = await post(headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function closePayrollThrough(companyId: string, startsOn: string, endsOn: string) {
  await withPlatform(db.db, (tx) =>
    tx.insert(payrollPeriods).values({
      companyId,
      id: generateId(),
      startsOn,
      endsOn,
      frequency: 'monthly',
      currency: 'USD',
      totalAmount: 0,
      closedByName: 'Olive Owner',
    }),
  );
}

describe('pay rates: who may', () => {
  it('answers 401 without a session and 403 to clients, staff and instructors with their role defaults', async () => {
    const ready = await studioReadyToSchedule(app);
    expect((await list({})).statusCode).toBe(401);
    const client = await signUpClient(app, ready.slug);
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    for (const headers of [bearer(client.session.token), staff.headers, instructor.headers]) {
      const listed = await list(headers);
      expect(listed.statusCode).toBe(403);
      expect(listed.json().message).toBe(
        'Your account cannot do this. Ask the business owner or an admin for access.',
      );
      expect((await post(headers, rate(ready.indira))).statusCode).toBe(403);
    }
    // Nothing was written by the refused calls.
    expect((await list(ready.headers)).json().data.items).toEqual([]);
  });

  it('needs both managing staff and seeing financial data', async () => {
    const ready = await studioReadyToSchedule(app);
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const setAbilities = (abilities: string[]) =>
      withPlatform(db.db, (tx) =>
        tx
          .update(users)
          .set({ abilities })
          .where(and(eq(users.companyId, ready.companyId), eq(users.role, 'staff'))),
      );
    await setAbilities(['manageStaff']);
    expect((await list(staff.headers)).statusCode).toBe(403);
    await setAbilities(['seeFinancials']);
    expect((await list(staff.headers)).statusCode).toBe(403);
    await setAbilities(['manageStaff', 'seeFinancials']);
    expect((await list(staff.headers)).statusCode).toBe(200);
    expect((await post(staff.headers, rate(ready.indira))).statusCode).toBe(201);
  });

  it('answers 403 to a solo instructor: a business of one has no staff to pay', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const headers = bearer(solo.session.token);
    expect((await list(headers)).statusCode).toBe(403);
    expect((await post(headers, rate('0123456789abcdef01234567'))).statusCode).toBe(403);
    expect(
      (await put(headers, '0123456789abcdef01234567', rate('0123456789abcdef01234567'))).statusCode,
    ).toBe(403);
    expect((await remove(headers, '0123456789abcdef01234567')).statusCode).toBe(403);
  });
});

describe('pay rates', () => {
  it('lists rates newest first with names, and which one is in force, scheduled or past', async () => {
    const ready = await studioReadyToSchedule(app);
    const old = await created(ready.headers, rate(ready.indira, { effectiveFrom: addDays(today(), -60) }));
    const current = await created(
      ready.headers,
      rate(ready.indira, { effectiveFrom: addDays(today(), -21), amount: 3000 }),
    );
    const next = await created(
      ready.headers,
      rate(ready.indira, { effectiveFrom: addDays(today(), 14), amount: 3500 }),
    );
    const yoga = await created(
      ready.headers,
      rate(ready.indira, {
        templateId: ready.templateId,
        kind: 'per_attendee',
        amount: 300,
        baseAmount: 1000,
        capAmount: 4000,
        effectiveFrom: addDays(today(), -5),
      }),
    );
    const marco = await created(
      ready.headers,
      rate(ready.marco, { kind: 'hourly', amount: 2800, peakAmount: 3200 }),
    );

    const response = await list(ready.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total: 5, today: today(), closedThrough: null, currency: 'USD' });
    expect(
      data.items.map((item: Record<string, unknown>) => [
        item.id,
        item.instructorName,
        item.templateName,
        item.status,
      ]),
    ).toEqual([
      [next, 'Indira Patel', null, 'scheduled'],
      [current, 'Indira Patel', null, 'in_force'],
      [old, 'Indira Patel', null, 'past'],
      [yoga, 'Indira Patel', 'Power Yoga', 'in_force'],
      [marco, 'Marco Reyes', null, 'in_force'],
    ]);
    expect(data.items[3]).toMatchObject({
      kind: 'per_attendee',
      amount: 300,
      baseAmount: 1000,
      capAmount: 4000,
      peakAmount: null,
      service: 'class',
    });
    expect(data.items[4]).toMatchObject({ kind: 'hourly', amount: 2800, peakAmount: 3200, capAmount: null });

    const marcos = (await list(ready.headers, `?instructorId=${ready.marco}`)).json().data;
    expect(marcos.items.map((item: { id: string }) => item.id)).toEqual([marco]);
  });

  it('refuses bad amounts with 400 naming the field', async () => {
    const ready = await studioReadyToSchedule(app);
    const refused = async (payload: object, field: string) => {
      const response = await post(ready.headers, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
      return response.json().errors[field] as string;
    };
    expect(await refused(rate(ready.indira, { amount: -100 }), 'amount')).toBe('Must be 0 or more');
    expect(await refused(rate(ready.indira, { amount: 25.5 }), 'amount')).toBe('Use a whole number');
    await refused(rate(ready.indira, { amount: null }), 'amount');
    await refused(rate(ready.indira, { peakAmount: -1 }), 'peakAmount');
    expect(await refused(rate(ready.indira, { baseAmount: 500 }), 'baseAmount')).toBe(
      'Only a per-attendee rate has a base amount',
    );
    expect(await refused(rate(ready.indira, { kind: 'hourly', capAmount: 5000 }), 'capAmount')).toBe(
      'Only a per-attendee rate has a cap',
    );
    expect(
      await refused(
        rate(ready.indira, { kind: 'per_attendee', amount: 300, baseAmount: 1000, capAmount: 900 }),
        'capAmount',
      ),
    ).toBe('The cap cannot be less than the base amount');
    await refused(rate(ready.indira, { kind: 'weekly' }), 'kind');
    await refused(rate(ready.indira, { effectiveFrom: '2026-02-30' }), 'effectiveFrom');
    // Year 0 does not exist in the database (it answered 500); far-off years are typing mistakes.
    for (const effectiveFrom of ['0000-06-01', '0001-06-01', '1999-12-31', '2100-01-01', '9999-12-31']) {
      expect(await refused(rate(ready.indira, { effectiveFrom }), 'effectiveFrom')).toBe(
        'Choose a date between 2000 and 2099',
      );
    }
    expect(
      await refused(
        rate(ready.indira, { service: 'appointment', templateId: ready.templateId }),
        'templateId',
      ),
    ).toBe('An appointment rate applies to all appointments; leave the class template empty.');
    expect((await list(ready.headers)).json().data.items).toEqual([]);
    // A peak amount is fine for every kind.
    await created(ready.headers, rate(ready.indira, { kind: 'hourly', amount: 2800, peakAmount: 3500 }));
  });

  it('refuses a second rate for the same instructor, classes and date with 409 naming the date', async () => {
    const ready = await studioReadyToSchedule(app);
    const from = addDays(today(), 7);
    await created(ready.headers, rate(ready.indira, { effectiveFrom: from }));
    const again = await post(ready.headers, rate(ready.indira, { effectiveFrom: from, amount: 4000 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.effectiveFrom).toMatch(/^There is already a rate from /);
    // The same date for one template, or for another instructor, is another rate.
    await created(ready.headers, rate(ready.indira, { effectiveFrom: from, templateId: ready.templateId }));
    await created(ready.headers, rate(ready.marco, { effectiveFrom: from }));
    const templateAgain = await post(
      ready.headers,
      rate(ready.indira, { effectiveFrom: from, templateId: ready.templateId }),
    );
    expect(templateAgain.statusCode).toBe(409);
  });

  it('answers 404 for another company’s instructor, template and rate', async () => {
    const ours = await studioReadyToSchedule(app);
    const theirs: ReadyStudio = await studioReadyToSchedule(app);
    const theirRate = await created(
      theirs.headers,
      rate(theirs.indira, { effectiveFrom: addDays(today(), 10) }),
    );

    const instructor = await post(ours.headers, rate(theirs.indira));
    expect(instructor.statusCode).toBe(404);
    expect(instructor.json().message).toBe('We could not find that instructor.');
    const template = await post(ours.headers, rate(ours.indira, { templateId: theirs.templateId }));
    expect(template.statusCode).toBe(404);
    expect(template.json().message).toBe('We could not find that class template.');
    expect((await list(ours.headers, `?instructorId=${theirs.indira}`)).statusCode).toBe(404);

    const { instructorId: _instructorId, ...changes } = rate(theirs.indira, {
      effectiveFrom: addDays(today(), 11),
    });
    expect((await put(ours.headers, theirRate, changes)).statusCode).toBe(404);
    expect((await remove(ours.headers, theirRate)).statusCode).toBe(404);
    // Their rate is untouched.
    const [row] = (await list(theirs.headers)).json().data.items;
    expect(row).toMatchObject({ id: theirRate, effectiveFrom: addDays(today(), 10), amount: 2500 });
  });

  it('edits and deletes a scheduled rate, but never one in force or past', async () => {
    const ready = await studioReadyToSchedule(app);
    const past = await created(ready.headers, rate(ready.indira, { effectiveFrom: addDays(today(), -30) }));
    const inForce = await created(
      ready.headers,
      rate(ready.indira, { effectiveFrom: today(), amount: 2700 }),
    );
    const scheduled = await created(
      ready.headers,
      rate(ready.indira, { effectiveFrom: addDays(today(), 1) }),
    );

    const edited = await put(ready.headers, scheduled, {
      effectiveFrom: addDays(today(), 3),
      kind: 'per_attendee',
      amount: 400,
      baseAmount: 500,
      capAmount: 3000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: scheduled,
      effectiveFrom: addDays(today(), 3),
      kind: 'per_attendee',
      amount: 400,
      baseAmount: 500,
      capAmount: 3000,
    });

    for (const id of [past, inForce]) {
      const refusedEdit = await put(ready.headers, id, {
        effectiveFrom: addDays(today(), 5),
        kind: 'per_class',
        amount: 1,
      });
      expect(refusedEdit.statusCode).toBe(409);
      expect(refusedEdit.json().message).toMatch(
        /cannot be edited: classes already taught keep the rate they were paid at\. To change what Indira Patel is paid, add a new rate from the date it should change\.$/,
      );
      const refusedDelete = await remove(ready.headers, id);
      expect(refusedDelete.statusCode).toBe(409);
      expect(refusedDelete.json().message).toMatch(/cannot be deleted/);
    }

    const deleted = await remove(ready.headers, scheduled);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Pay rate deleted.');
    const items = (await list(ready.headers)).json().data.items;
    expect(items.map((item: { id: string; amount: number }) => [item.id, item.amount])).toEqual([
      [inForce, 2700],
      [past, 2500],
    ]);
    expect((await remove(ready.headers, scheduled)).statusCode).toBe(404);
  });

  it('refuses a start date on or before the end of a closed payroll period, even by editing a scheduled rate', async () => {
    const ready = await studioReadyToSchedule(app);
    // "Pay at this rate since …" is fine while payroll is open.
    await created(ready.headers, rate(ready.indira, { effectiveFrom: '2026-09-01' }));
    await closePayrollThrough(ready.companyId, '2026-10-01', '2026-10-31');

    const message = 'Payroll is closed up to 31 Oct 2026; rates can start from 1 Nov 2026.';
    for (const effectiveFrom of ['2026-10-31', '2026-10-15', '2026-01-01']) {
      const response = await post(ready.headers, rate(ready.marco, { effectiveFrom }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message, errors: { effectiveFrom: message } });
    }
    await created(ready.headers, rate(ready.marco, { effectiveFrom: '2026-11-01' }));

    const scheduled = await created(
      ready.headers,
      rate(ready.indira, { effectiveFrom: addDays(today(), 20) }),
    );
    const moved = await put(ready.headers, scheduled, {
      effectiveFrom: '2026-10-20',
      kind: 'per_class',
      amount: 2500,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(message);

    expect((await list(ready.headers)).json().data.closedThrough).toBe('2026-10-31');
  });

  it('waits for a payroll close running at the same moment, then refuses a date it closed', async () => {
    const ready = await studioReadyToSchedule(app);
    const closing = await db.pool.connect();
    try {
      // A close in progress: payroll's per-company lock held, its period written but not yet committed.
      await closing.query('begin');
      await closing.query('select pg_advisory_xact_lock(hashtext($1))', [`payroll:${ready.companyId}`]);
      await closing.query(
        `insert into payroll_periods (company_id, id, starts_on, ends_on, frequency, currency, total_amount, closed_by_name)
         values ($1, $2, '2026-10-01', '2026-10-31', 'monthly', 'USD', 0, 'Olive Owner')`,
        [ready.companyId, generateId()],
      );
      let answered = false;
      const pending = post(ready.headers, rate(ready.indira, { effectiveFrom: '2026-10-15' })).then(
        (response) => {
          answered = true;
          return response;
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      await closing.query('commit');
      const response = await pending;
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Payroll is closed up to 31 Oct 2026; rates can start from 1 Nov 2026.',
      );
    } finally {
      closing.release();
    }
  });

  it('records who set the rate, for all classes of the class service by default', async () => {
    const ready = await studioReadyToSchedule(app);
    await created(ready.headers, rate(ready.indira));
    const rows = await withPlatform(db.db, (tx) =>
      tx.select().from(payRates).where(eq(payRates.companyId, ready.companyId)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ createdBy: ready.session.user._id, templateId: null, service: 'class' });
  });
});
