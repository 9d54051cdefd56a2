import { describe, expect, it } from 'vitest';
import { generateId } from '../../db/ids.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, quickClients } from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';

/** Attendance and revenue reports (issue 14 §5): known numbers, CSV, access. */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;

const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url, headers, payload });

/** A class next January (New York, the company's zone too) with bookings in the given statuses. */
async function classWithBookings(
  ready: ReadyStudio,
  startsAt: string,
  statuses: string[],
  overrides: Record<string, unknown> = {},
) {
  const classId = await classAt(app, ready, new Date(startsAt), { capacity: 10, ...overrides });
  const clients = await quickClients(app, ready, statuses.length, `c${generateId().slice(-6)}`);
  for (const [index, status] of statuses.entries()) {
    const late = status === 'late_cancelled';
    await db.pool.query(
      `insert into bookings (company_id, id, class_instance_id, client_id, status, fee_kind, fee_amount, fee_status)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        ready.companyId,
        generateId(),
        classId,
        clients[index],
        status,
        late ? 'late_cancel' : null,
        late ? 0 : null,
        late ? 'waived' : null,
      ],
    );
  }
  return classId;
}

const YEAR = new Date().getUTCFullYear() + 1;

describe('attendance report', () => {
  it('counts each status per instructor and class, with capacity, fill rate and totals; cancelled classes and other periods are left out', async () => {
    const ready = await studioReadyToSchedule(app);
    // 18:30 on 31 January in New York is 23:30 UTC; 20:00 on 31 January is already February in UTC.
    await classWithBookings(ready, `${YEAR}-01-12T23:00:00Z`, [
      'checked_in',
      'checked_in',
      'no_show',
      'late_cancelled',
      'cancelled',
      'booked',
    ]);
    await classWithBookings(ready, `${YEAR}-02-01T01:00:00Z`, ['checked_in', 'booked'], {
      instructorId: ready.marco,
    });
    const cancelled = await classWithBookings(ready, `${YEAR}-01-14T23:00:00Z`, ['booked']);
    await db.pool.query(`update class_instances set status = 'cancelled' where company_id = $1 and id = $2`, [
      ready.companyId,
      cancelled,
    ]);
    await classWithBookings(ready, `${YEAR}-02-02T23:00:00Z`, ['checked_in'], { instructorId: ready.marco });

    const response = await get(
      `/api/reports/attendance?from=${YEAR}-01-01&to=${YEAR}-01-31&groupBy=instructor`,
      ready.headers,
    );
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report.rows).toEqual([
      {
        key: ready.indira,
        label: 'Indira Patel',
        classes: 1,
        booked: 4,
        checkedIn: 2,
        noShows: 1,
        lateCancels: 1,
        cancellations: 1,
        capacity: 10,
        fillRate: 0.4,
      },
      {
        key: ready.marco,
        label: 'Marco Reyes',
        classes: 1,
        booked: 2,
        checkedIn: 1,
        noShows: 0,
        lateCancels: 0,
        cancellations: 0,
        capacity: 10,
        fillRate: 0.2,
      },
    ]);
    expect(report.totals).toEqual({
      classes: 2,
      booked: 6,
      checkedIn: 3,
      noShows: 1,
      lateCancels: 1,
      cancellations: 1,
      capacity: 20,
      fillRate: 0.3,
    });

    const byMonth = (
      await get(`/api/reports/attendance?from=${YEAR}-01-01&to=${YEAR}-02-28&groupBy=month`, ready.headers)
    ).json().data;
    expect(byMonth.rows.map((row: { label: string; classes: number }) => [row.label, row.classes])).toEqual([
      [`January ${YEAR}`, 2],
      [`February ${YEAR}`, 1],
    ]);

    const filtered = (
      await get(
        `/api/reports/attendance?from=${YEAR}-01-01&to=${YEAR}-01-31&instructorId=${ready.marco}`,
        ready.headers,
      )
    ).json().data;
    expect(filtered.rows).toMatchObject([{ label: 'Power Yoga', classes: 1, booked: 2 }]);
  });

  it('an event’s dates count like classes: named after the event under Class, together under Instructor; a class filter leaves them out', async () => {
    const ready = await studioReadyToSchedule(app);
    await classWithBookings(ready, `${YEAR}-04-06T22:00:00Z`, ['booked', 'booked']);
    const event = await post('/api/events', ready.headers, {
      title: 'Community Open Day',
      category: 'CommunityEvents',
      description: 'Meet the team.',
      image: null,
      studioId: ready.studioId,
      address: null,
      capacity: 30,
      price: 0,
      facilitatorIds: [],
      packageIds: [],
      visibility: 'public',
      waitlist: true,
      dates: [
        { startsAt: `${YEAR}-04-11T14:00:00Z`, durationMinutes: 120 },
        { startsAt: `${YEAR}-04-18T14:00:00Z`, durationMinutes: 120 },
      ],
    });
    expect(event.statusCode).toBe(201);
    const [first] = event.json().data.dates as { classInstanceId: string }[];
    const [client] = await quickClients(app, ready, 1, `e${generateId().slice(-6)}`);
    await db.pool.query(
      `insert into bookings (company_id, id, class_instance_id, client_id, status) values ($1, $2, $3, $4, 'checked_in')`,
      [ready.companyId, generateId(), first!.classInstanceId, client],
    );
    const report = async (query: string) =>
      (
        await get(`/api/reports/attendance?from=${YEAR}-04-01&to=${YEAR}-04-30&${query}`, ready.headers)
      ).json().data;

    const byClass = await report('groupBy=class');
    expect(
      byClass.rows.map((row: { label: string; classes: number; booked: number; capacity: number }) => [
        row.label,
        row.classes,
        row.booked,
        row.capacity,
      ]),
    ).toEqual([
      ['Community Open Day (event)', 2, 1, 60],
      ['Power Yoga', 1, 2, 10],
    ]);
    const byInstructor = await report('groupBy=instructor');
    expect(
      byInstructor.rows.map((row: { label: string; classes: number }) => [row.label, row.classes]),
    ).toEqual([
      ['Events (no instructor)', 2],
      ['Indira Patel', 1],
    ]);
    const oneClass = await report(`groupBy=class&templateId=${ready.templateId}`);
    expect(oneClass.totals).toMatchObject({ classes: 1, booked: 2 });
  });

  it('streams CSV with quoting, formula protection, a totals row and a descriptive file name', async () => {
    const ready = await studioReadyToSchedule(app);
    const template = await created(app, ready.headers, '/api/class-templates', {
      name: '=HYPERLINK("x"), "Barre"',
      description: 'A formula as a name.',
      durationMinutes: 45,
      defaultCapacity: 8,
      dropInPrice: 0,
      colour: '#4860CF',
      image: null,
      tags: [],
    });
    await classWithBookings(ready, `${YEAR}-03-03T23:00:00Z`, ['checked_in', 'no_show'], {
      templateId: template.id,
    });
    const response = await get(
      `/api/reports/attendance.csv?from=${YEAR}-03-01&to=${YEAR}-03-31&groupBy=class`,
      ready.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="attendance-by-class-${YEAR}-03-01-to-${YEAR}-03-31.csv"`,
    );
    expect(response.body).toBe(
      'Class,Classes,Booked,Checked in,No-shows,Late cancels,Cancellations,Capacity,Fill rate (%)\r\n' +
        `"'=HYPERLINK(""x""), ""Barre""",1,2,1,1,0,0,10,20.0\r\n` +
        'Total,1,2,1,1,0,0,10,20.0\r\n',
    );
  });
});

describe('revenue report', () => {
  it('gross, discount and tax in the month sold; a refund in the month it was given, its tax given back', async () => {
    const ready = await studioReadyToSchedule(app);
    const rate = await created(app, ready.headers, '/api/tax-rates', {
      name: 'Sales tax',
      ratePpm: 100_000,
      inclusive: false,
    });
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Ten Pack', price: 10000, taxRateId: rate.id }),
    );
    const water = await created(app, ready.headers, '/api/products', {
      kind: 'product',
      name: 'Water',
      description: null,
      price: 300,
      taxRateId: null,
      sku: null,
    });
    await created(app, ready.headers, '/api/promo-codes', {
      code: 'TENOFF',
      discountKind: 'percent',
      discountValue: 10,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      maxUsesPerClient: null,
      packageIds: [],
    });
    const client = (await signUpClient(app, ready.slug)).session.user._id as string;
    const sell = async (items: object[], promoCode: string | null) => {
      const response = await post('/api/orders', ready.headers, {
        clientId: client,
        items,
        promoCode,
        paidWith: 'cash',
      });
      expect(response.statusCode).toBe(201);
      return response.json().data.order as { id: string; total: number };
    };
    const packOrder = await sell([{ kind: 'package', packageId: pack.id }], 'TENOFF');
    expect(packOrder.total).toBe(9900);
    const waterOrder = await sell([{ kind: 'product', productId: water.id, quantity: 2 }], null);
    const refunded = await post(`/api/orders/${packOrder.id}/refunds`, ready.headers, {
      amount: 4950,
      reason: 'Moved',
    });
    expect(refunded.statusCode).toBe(200);
    // What happened then, moved into last January and February: the sales in January, the refund in February.
    const at = (order: string, instant: string) =>
      db.pool.query('update orders set created_at = $3 where company_id = $1 and id = $2', [
        ready.companyId,
        order,
        instant,
      ]);
    await at(packOrder.id, `${YEAR - 2}-01-10T15:00:00Z`);
    await at(waterOrder.id, `${YEAR - 2}-02-01T04:30:00Z`); // 23:30 on 31 January in New York
    await db.pool.query(
      `update payments set at = $3 where company_id = $1 and order_id = $2 and kind = 'refund'`,
      [ready.companyId, packOrder.id, `${YEAR - 2}-02-05T15:00:00Z`],
    );

    const january = (
      await get(`/api/reports/revenue?from=${YEAR - 2}-01-01&to=${YEAR - 2}-01-31`, ready.headers)
    ).json().data;
    expect(january.currency).toBe('USD');
    expect(january.rows).toEqual([
      {
        key: 'class-pack',
        label: 'Class packs',
        grossSales: 10000,
        discounts: 1000,
        refunds: 0,
        net: 9000,
        tax: 900,
        total: 9900,
      },
      {
        key: 'product',
        label: 'Products',
        grossSales: 600,
        discounts: 0,
        refunds: 0,
        net: 600,
        tax: 0,
        total: 600,
      },
    ]);
    expect(january.totals).toEqual({
      grossSales: 10600,
      discounts: 1000,
      refunds: 0,
      net: 9600,
      tax: 900,
      total: 10500,
    });

    const february = (
      await get(
        `/api/reports/revenue?from=${YEAR - 2}-02-01&to=${YEAR - 2}-02-28&groupBy=package`,
        ready.headers,
      )
    ).json().data;
    expect(february.rows).toEqual([
      {
        key: pack.id,
        label: 'Ten Pack',
        grossSales: 0,
        discounts: 0,
        refunds: 4500,
        net: -4500,
        tax: -450,
        total: -4950,
      },
    ]);

    const csv = await get(
      `/api/reports/revenue.csv?from=${YEAR - 2}-01-01&to=${YEAR - 2}-02-28&groupBy=month`,
      ready.headers,
    );
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="revenue-by-month-${YEAR - 2}-01-01-to-${YEAR - 2}-02-28.csv"`,
    );
    expect(csv.body).toBe(
      'Month,Gross sales (USD),Discounts (USD),Refunds (USD),Net (USD),Tax (USD),Total (USD)\r\n' +
        `January ${YEAR - 2},106.00,10.00,0.00,96.00,9.00,105.00\r\n` +
        `February ${YEAR - 2},0.00,0.00,45.00,-45.00,-4.50,-49.50\r\n` +
        'Total,106.00,10.00,45.00,51.00,4.50,55.50\r\n',
    );
  });
});

describe('report access and bad requests', () => {
  it('owners only; another company’s ids 404; bad dates, groupings and periods 400 naming the field', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const period = `from=${YEAR}-01-01&to=${YEAR}-01-31`;
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const client = bearer((await signUpClient(app, ready.slug)).session.token);
    for (const url of ['attendance', 'attendance.csv', 'revenue', 'revenue.csv']) {
      expect((await get(`/api/reports/${url}?${period}`, {})).statusCode).toBe(401);
      for (const headers of [staff.headers, instructor.headers, client]) {
        expect((await get(`/api/reports/${url}?${period}`, headers)).statusCode).toBe(403);
      }
      expect((await get(`/api/reports/${url}?${period}`, ready.headers)).statusCode).toBe(200);
    }

    for (const [field, id] of [
      ['studioId', other.studioId],
      ['instructorId', other.indira],
      ['templateId', other.templateId],
    ] as const) {
      for (const url of ['attendance', 'attendance.csv']) {
        const response = await get(`/api/reports/${url}?${period}&${field}=${id}`, ready.headers);
        expect(response.statusCode).toBe(404);
        expect(response.json().errors[field]).toMatch(/^No such/);
      }
    }
    expect(
      (await get(`/api/reports/revenue.csv?${period}&studioId=${other.studioId}`, ready.headers)).statusCode,
    ).toBe(404);

    const bad = async (query: string, field: string) => {
      const response = await get(`/api/reports/revenue?${query}`, ready.headers);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
      return response.json().errors[field] as string;
    };
    expect(await bad(`from=${YEAR}-13-01&to=${YEAR}-01-31`, 'from')).toBe('Enter a date as YYYY-MM-DD');
    expect(await bad(`from=${YEAR}-01-01`, 'to')).toBeTruthy();
    expect(await bad(`${period}&groupBy=class`, 'groupBy')).toMatch(/^Group by one of: package-type/);
    expect(await bad(`from=${YEAR}-02-01&to=${YEAR}-01-31`, 'to')).toBe(
      'The last day must be on or after the first',
    );
    expect(await bad(`from=${YEAR - 3}-01-01&to=${YEAR}-01-31`, 'to')).toBe(
      'Ask for at most two years at a time',
    );
    const attendance = await get(`/api/reports/attendance.csv?${period}&groupBy=package`, ready.headers);
    expect(attendance.statusCode).toBe(400);
    expect(attendance.json().errors.groupBy).toMatch(/^Group by one of: class/);
  });
});
