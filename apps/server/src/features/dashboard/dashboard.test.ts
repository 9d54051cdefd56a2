import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDto } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import {
  bookClass,
  classAt,
  minutesFromNow,
  quickClients,
  sellPackage,
  setSessionRules,
  signedInClient,
} from '../../test/bookings.ts';
import { bearer, signUpCompany } from '../../test/factories.ts';
import { appointmentType, bookAppointment, localSlot, workingHours } from '../../test/appointments.ts';
import { createTestApp } from '../../test/harness.ts';
import { created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { addDays, localDateOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';
import { mondayOf } from '../staff-members/staff-members.service.ts';

const { app, db } = await createTestApp();
const NY = 'America/New_York';
type Headers = Record<string, string>;

async function dashboard(headers: Headers, date?: string): Promise<DashboardDto> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/dashboard${date ? `?date=${date}` : ''}`,
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`dashboard ${response.statusCode}: ${response.body}`);
  return response.json().data as DashboardDto;
}

const platform = <T>(work: Parameters<typeof withPlatform<T>>[1]) => withPlatform(db.db, work);

async function post(url: string, headers: Headers, payload?: object) {
  const response = await app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${url} ${response.statusCode}: ${response.body}`);
  return response.json().data;
}

/** Links an instructor row to a new instructor login, as accepting an invitation does. */
async function instructorLogin(ready: ReadyStudio, instructorId: string) {
  const login = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
  const me = (await app.inject({ method: 'GET', url: '/api/me', headers: login.headers })).json().data;
  await platform((tx) =>
    tx.execute(
      sql`update instructors set user_id = ${me.user.id} where company_id = ${ready.companyId} and id = ${instructorId}`,
    ),
  );
  return login;
}

describe("the dashboard's day", () => {
  let ready: ReadyStudio;
  let soon: Date;
  let date: string;
  let classId: string;
  let laterId: string;
  let clients: string[];

  beforeAll(async () => {
    ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistCutoffMinutesBefore: 0 });
    // Inside check-in's hour before the class; the dashboard is asked for the class's own local date,
    // so a run just before midnight in New York still finds it.
    soon = minutesFromNow(30);
    date = localDateOf(soon, NY);
    classId = await classAt(app, ready, soon, { capacity: 2 });
    laterId = await classAt(app, ready, new Date(soon.getTime() + 90 * 60_000), {
      instructorId: ready.marco,
    });
    clients = await quickClients(app, ready, 4, 'day');
    for (const clientId of clients.slice(0, 3)) {
      const booked = await bookClass(app, classId, ready.headers, { clientId });
      if (booked.statusCode !== 200) throw new Error(`not booked: ${booked.body}`);
    }
    await bookClass(app, laterId, ready.headers, { clientId: clients[3] });
    const roster = await app.inject({
      method: 'GET',
      url: `/api/class-instances/${classId}/bookings`,
      headers: ready.headers,
    });
    const first = (roster.json().data.items as { id: string; clientId: string }[]).find(
      (item) => item.clientId === clients[0],
    );
    if (!first) throw new Error(`no booking on the roster: ${roster.body}`);
    await post(`/api/bookings/${first.id}/check-in`, ready.headers);
  });

  it("shows each class's live seats, waitlist and check-ins on the studio's clock, and the next class", async () => {
    const data = await dashboard(ready.headers, date);
    expect(data.view).toBe('team');
    expect(data.date).toBe(date);
    const [studio] = data.studios;
    expect(studio?.name).toBe('Midtown');
    const cls = studio?.classes.find((item) => item.id === classId);
    expect(cls).toMatchObject({
      kind: 'class',
      name: 'Power Yoga',
      instructorName: 'Indira Patel',
      booked: 2,
      capacity: 2,
      waitlist: 1,
      checkedIn: 1,
      cancelled: false,
      startTime: new Intl.DateTimeFormat('en-GB', {
        timeZone: NY,
        hour: '2-digit',
        minute: '2-digit',
      }).format(soon),
    });
    expect(studio?.classes.find((item) => item.id === laterId)).toMatchObject({ booked: 1, checkedIn: 0 });
    expect(data.nextClass?.id).toBe(classId);

    // Live: a cancellation frees a seat and the next answer says so.
    const roster = await app.inject({
      method: 'GET',
      url: `/api/class-instances/${laterId}/bookings`,
      headers: ready.headers,
    });
    const booking = roster.json().data.items[0] as { id: string };
    await post(`/api/bookings/${booking.id}/cancel`, ready.headers, {});
    const after = await dashboard(ready.headers, date);
    expect(after.studios[0]?.classes.find((item) => item.id === laterId)?.booked).toBe(0);
  });

  it('lists the clients booked today who have not signed the current waiver, not those who have', async () => {
    let data = await dashboard(ready.headers, date);
    expect(data.waivers).toEqual({ required: false, count: 0, clients: [] });

    const signer = await signedInClient(app, ready);
    expect((await bookClass(app, laterId, ready.headers, { clientId: signer.id })).statusCode).toBe(200);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/waiver',
      headers: ready.headers,
      payload: {
        title: 'Waiver',
        text: 'I take part at my own risk.',
        terms: [{ label: 'I am 18 or older' }],
        askToSignAgain: true,
      },
    });
    expect(put.statusCode).toBe(200);
    data = await dashboard(ready.headers, date);
    // Two places in the first class and the signer's in the later one; the waitlisted client has no place.
    expect(data.waivers?.required).toBe(true);
    expect(data.waivers?.count).toBe(3);

    const mine = (await app.inject({ method: 'GET', url: '/api/my/waiver', headers: signer.headers })).json()
      .data;
    await post('/api/my/waiver/signatures', signer.headers, {
      waiverId: mine.waiver.id,
      acceptedTerms: mine.waiver.terms.map((term: { value: string }) => term.value),
      fullName: 'Chris Client',
      signature: { kind: 'typed' },
    });
    data = await dashboard(ready.headers, date);
    expect(data.waivers?.count).toBe(2);
    expect(data.waivers?.clients.map((item) => item.clientId).sort()).toEqual(clients.slice(0, 2).sort());
    expect(data.waivers?.clients[0]).toMatchObject({ classInstanceId: classId, className: 'Power Yoga' });
  });

  it('shows an instructor only the classes they teach, today and this week, and no money or clients', async () => {
    const marco = await instructorLogin(ready, ready.marco);
    const data = await dashboard(marco.headers, date);
    expect(data.view).toBe('instructor');
    expect(data.studios.flatMap((studio) => studio.classes.map((item) => item.id))).toEqual([laterId]);
    expect(data.myWeek?.map((item) => item.id)).toEqual([laterId]);
    expect(data.nextClass?.id).toBe(laterId);
    expect(data.week).toBeNull();
    expect(data.memberships).toBeNull();
    expect(data.waivers).toBeNull();
    expect(data.balances).toBeNull();

    // An instructor login not linked to anyone teaching sees no class at all.
    const stranger = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const nothing = await dashboard(stranger.headers, date);
    expect(nothing.studios).toEqual([]);
    expect(nothing.nextClass).toBeNull();
  });

  it('refuses a malformed date with a 400 naming it, and clients and strangers altogether', async () => {
    const bad = await app.inject({
      method: 'GET',
      url: '/api/dashboard?date=2026-02-30',
      headers: ready.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('That date does not exist');
    const client = await signedInClient(app, ready);
    expect(
      (await app.inject({ method: 'GET', url: '/api/dashboard', headers: client.headers })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});

describe("the dashboard's week, memberships and balances", () => {
  it('compares bookings, new clients and money taken this week with last week on the company clock', async () => {
    const ready = await studioReadyToSchedule(app);
    const c = ready.companyId;
    // Next week (its classes can still be booked through the API): a class early on Monday morning and
    // one late on the Sunday before, on either side of the week's start in New York (both on Monday in UTC).
    const monday = mondayOf(addDays(localDateOf(new Date(), NY), 8));
    const wednesday = addDays(monday, 2);
    const clients = await quickClients(app, ready, 3, 'week');
    const thisWeekClass = await classAt(app, ready, zonedInstant(monday, '06:00', NY));
    const lastWeekClass = await classAt(app, ready, zonedInstant(addDays(monday, -1), '21:00', NY));
    for (const clientId of clients) {
      expect((await bookClass(app, thisWeekClass, ready.headers, { clientId })).statusCode).toBe(200);
    }
    expect((await bookClass(app, lastWeekClass, ready.headers, { clientId: clients[0] })).statusCode).toBe(
      200,
    );

    // Money: two sales and a refund, moved to either side of Monday midnight in New York.
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      membership({ price: 10000, autoRenew: false }),
    );
    const sale = await sellPackage(app, ready, clients[0] ?? '', pack.id);
    const lastSale = await sellPackage(app, ready, clients[1] ?? '', pack.id);
    await post(`/api/orders/${sale.id}/refunds`, ready.headers, { amount: 2500, reason: 'goodwill' });
    const justAfter = zonedInstant(monday, '00:30', NY).toISOString();
    const justBefore = zonedInstant(addDays(monday, -1), '23:30', NY).toISOString();
    await platform(async (tx) => {
      await tx.execute(
        sql`update payments set at = ${justAfter}::timestamptz where company_id = ${c} and order_id = ${sale.id}`,
      );
      await tx.execute(
        sql`update payments set at = ${justBefore}::timestamptz where company_id = ${c} and order_id = ${lastSale.id}`,
      );
      // New clients: one joined just after Monday began in New York (Monday 05:30 UTC), two the Sunday
      // evening before (Monday 04:30 UTC: this week in UTC, last week on the company's clock).
      await tx.execute(
        sql`update users set created_at = ${justAfter}::timestamptz where company_id = ${c} and id = ${clients[0]}`,
      );
      await tx.execute(
        sql`update users set created_at = ${justBefore}::timestamptz where company_id = ${c} and id in (${clients[1]}, ${clients[2]})`,
      );
    });

    const data = await dashboard(ready.headers, wednesday);
    expect(data.week).toEqual({
      from: monday,
      to: addDays(monday, 6),
      lastFrom: addDays(monday, -7),
      lastTo: addDays(monday, -1),
      bookings: { thisWeek: 3, lastWeek: 1 },
      newClients: { thisWeek: 1, lastWeek: 2 },
      revenue: { thisWeek: 10000 - 2500, lastWeek: 10000 },
    });
    expect(data.currency).toBe('USD');

    // Staff without seeFinancials: the same week without money, and no balances.
    const staff = await signInTeamMember(app, db.db, c, 'staff');
    await platform((tx) =>
      tx.execute(
        sql`update users set abilities = array['manageClients', 'checkIn'] where company_id = ${c} and role = 'staff'`,
      ),
    );
    const plain = await dashboard(staff.headers, wednesday);
    expect(plain.week?.revenue).toBeNull();
    expect(plain.week?.bookings).toEqual({ thisWeek: 3, lastWeek: 1 });
    expect(plain.balances).toBeNull();
    expect(plain.memberships).not.toBeNull();
    expect(JSON.stringify(plain)).not.toContain('10000');
  });

  it('lists memberships renewing within 7 days and failed renewals, and balances owing, for this company only', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const c = ready.companyId;
    const today = localDateOf(new Date(), NY);
    const [soonClient, laterClient, failingClient, owingClient] = await quickClients(app, ready, 4, 'renew');
    const monthly = await created(app, ready.headers, '/api/packages', membership());
    const sold = async (clientId: string | undefined) => {
      await sellPackage(app, ready, clientId ?? '', monthly.id);
    };
    await sold(soonClient);
    await sold(laterClient);
    await sold(failingClient);
    // An order left open at the desk: owed.
    const open = await post('/api/orders', ready.headers, {
      clientId: owingClient,
      items: [{ kind: 'package', packageId: monthly.id }],
      promoCode: null,
      paidWith: null,
    });
    expect(open.order.status).toBe('open');
    await platform(async (tx) => {
      await tx.execute(
        sql`update client_packages set paid_until = ${addDays(today, 3)}::date where company_id = ${c} and client_id = ${soonClient}`,
      );
      await tx.execute(
        sql`update client_packages set paid_until = ${addDays(today, 10)}::date where company_id = ${c} and client_id = ${laterClient}`,
      );
      await tx.execute(
        sql`update client_packages set renewal_failures = 3, status = 'paused', paused_from = ${today}::date where company_id = ${c} and client_id = ${failingClient}`,
      );
    });

    const data = await dashboard(ready.headers);
    expect(data.memberships?.renewingCount).toBe(1);
    expect(data.memberships?.renewing[0]).toMatchObject({
      clientId: soonClient,
      packageName: 'Unlimited Monthly',
      date: addDays(today, 3),
    });
    expect(data.memberships?.failedCount).toBe(1);
    expect(data.memberships?.failed[0]).toMatchObject({ clientId: failingClient, failures: 3, paused: true });
    expect(data.balances).toEqual({
      count: 1,
      total: 12000,
      clients: [{ clientId: owingClient, clientName: 'renew 3', amount: 12000 }],
    });

    // Another company sees none of it.
    const theirs = await dashboard(other.headers);
    expect(theirs.memberships).toEqual({ renewingCount: 0, renewing: [], failedCount: 0, failed: [] });
    expect(theirs.balances).toEqual({ count: 0, total: 0, clients: [] });
    expect(theirs.week?.newClients).toEqual({ thisWeek: 0, lastWeek: 0 });
  });

  it("lists a day's appointment with its client among the day's sessions, never as the next class", async () => {
    const ready = await studioReadyToSchedule(app);
    const typeId = await appointmentType(app, ready);
    await workingHours(app, ready, ready.indira);
    const [clientId] = await quickClients(app, ready, 1, 'appt');
    const startsAt = localSlot(1, '10:00');
    const booked = await bookAppointment(app, ready.headers, {
      appointmentTypeId: typeId,
      instructorId: ready.indira,
      studioId: ready.studioId,
      startsAt: startsAt.toISOString(),
      clientId,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const data = await dashboard(ready.headers, localDateOf(startsAt, NY));
    expect(data.studios[0]?.classes).toEqual([
      expect.objectContaining({
        kind: 'appointment',
        name: 'Personal Training',
        instructorName: 'Indira Patel',
        clientName: 'appt 0',
        startTime: '10:00',
        endTime: '11:00',
        booked: 1,
      }),
    ]);
    expect(data.nextClass).toBeNull();
  });

  it("answers today's date on the company's clock when none is asked, for a fresh company with nothing yet", async () => {
    const fresh = await signUpCompany(app);
    const data = await dashboard(bearer(fresh.session.token));
    expect(data.date).toBe(localDateOf(new Date(), NY));
    expect(data.today).toBe(data.date);
    expect(data.studios).toEqual([]);
    expect(data.nextClass).toBeNull();
    expect(data.week?.bookings).toEqual({ thisWeek: 0, lastWeek: 0 });
  });
});
