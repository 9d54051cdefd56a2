import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientsListItemDto } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { classAt, minutesFromNow, sellPackage } from '../../test/bookings.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';

/**
 * The Clients list (issue 14 §1) against a company of 10,001 clients: 10,000 seeded in one INSERT …
 * generate_series (client n is "Fn{n} Ln{10001-n}", seed-{n}@clients.test, (212) 555-{n}, joined n minutes
 * into 2026) and Zara Quinn made at the desk today.
 */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;
const SEEDED = 10_000;
const TOTAL = SEEDED + 1;
const pad = (n: number, width = 5) => String(n).padStart(width, '0');
const seededId = (n: number) => `c1${n.toString(16).padStart(22, '0')}`;

let ready: ReadyStudio;
let uptown: string;
let zara: string;

const list = (query: Record<string, string | number | boolean>, headers: Headers = ready.headers) =>
  app.inject({
    method: 'GET',
    url: `/api/clients/list?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
    headers,
  });
async function page(query: Record<string, string | number | boolean>, headers?: Headers) {
  const response = await list(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: ClientsListItemDto[]; total: number };
}
const names = (items: ClientsListItemDto[]) => items.map((item) => item.name);

beforeAll(async () => {
  ready = await studioReadyToSchedule(app);
  const post = async (url: string, payload: object) => created(app, ready.headers, url, payload);
  uptown = (
    await post('/api/studios', {
      name: 'Uptown',
      address: { line1: '1 High St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '', country: '' },
      phone: '',
      email: '',
      timeZone: 'America/New_York',
      openingHours: {},
      amenities: [],
      rooms: [{ name: 'Loft', capacity: 10 }],
    })
  ).id;
  await withPlatform(db.db, (tx) =>
    tx.execute(sql`
      insert into users (company_id, id, role, name, email, phone, password_hash, created_at, updated_at)
      select ${ready.companyId}, 'c1' || lpad(to_hex(n), 22, '0'), 'client',
             'Fn' || lpad(n::text, 5, '0') || ' Ln' || lpad((${TOTAL} - n)::text, 5, '0'),
             'seed-' || lpad(n::text, 5, '0') || '@clients.test',
             case when n < 10000 then '(212) 555-' || lpad(n::text, 4, '0') end,
             'invited', timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute', now()
        from generate_series(1, ${SEEDED}) as n`),
  );
  const desk = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: ready.headers,
    payload: { name: 'Zara Quinn', email: 'zara.quinn@example.com', phone: '(404) 777-8899' },
  });
  expect(desk.statusCode, desk.body).toBe(200);
  zara = desk.json().data.id;

  // Memberships for clients 1 and 2; packs for 3 (10 credits) and 4 (expired).
  const monthly = await post('/api/packages', membership());
  const pack = await post('/api/packages', classPack());
  await sellPackage(app, ready, seededId(1), monthly.id);
  await sellPackage(app, ready, seededId(2), monthly.id);
  await sellPackage(app, ready, seededId(3), pack.id);
  await sellPackage(app, ready, seededId(4), pack.id);

  // Visits: client 5 three days ago, client 6 sixty days ago (classes made ahead, then their time passed).
  const recent = await classAt(app, ready, minutesFromNow(60 * 24));
  const old = await classAt(app, ready, minutesFromNow(60 * 24 + 120));
  await withPlatform(db.db, async (tx) => {
    await tx.execute(sql`update client_packages set expires_at = now() - interval '1 day'
      where company_id = ${ready.companyId} and client_id = ${seededId(4)}`);
    await tx.execute(sql`update class_instances set starts_at = now() - interval '3 days',
      ends_at = now() - interval '3 days' + interval '1 hour' where company_id = ${ready.companyId} and id = ${recent}`);
    await tx.execute(sql`update class_instances set starts_at = now() - interval '60 days',
      ends_at = now() - interval '60 days' + interval '1 hour' where company_id = ${ready.companyId} and id = ${old}`);
    await tx.execute(sql`insert into bookings (company_id, id, class_instance_id, client_id, status) values
      (${ready.companyId}, 'b10000000000000000000005', ${recent}, ${seededId(5)}, 'checked_in'),
      (${ready.companyId}, 'b10000000000000000000006', ${old}, ${seededId(6)}, 'checked_in')`);
    // Home studios: client 7 Uptown, client 8 Midtown.
    await tx.execute(sql`insert into client_signup_details (company_id, id, user_id, home_studio_id) values
      (${ready.companyId}, ${seededId(7)}, ${seededId(7)}, ${uptown}),
      (${ready.companyId}, ${seededId(8)}, ${seededId(8)}, ${ready.studioId})`);
  });

  // The waiver: clients 1 to 5,000 signed it.
  const waiver = await app.inject({
    method: 'PUT',
    url: '/api/waiver',
    headers: ready.headers,
    payload: {
      title: 'Liability waiver',
      text: 'I take part in classes at my own risk and tell the instructor about any injury before class.',
      terms: [{ label: 'I am 18 or older' }],
      askToSignAgain: true,
    },
  });
  expect(waiver.statusCode, waiver.body).toBe(200);
  await withPlatform(db.db, (tx) =>
    tx.execute(sql`
      insert into waiver_signatures (company_id, id, client_id, waiver_id, version, full_name, kind, accepted_terms)
      select w.company_id, 's1' || lpad(to_hex(n), 22, '0'), 'c1' || lpad(to_hex(n), 22, '0'), w.id, w.version,
             'Signed', 'typed', '[]'::jsonb
        from waivers w, generate_series(1, 5000) as n where w.company_id = ${ready.companyId}`),
  );
  // Statistics as autovacuum would gather them (as the tables' owner: the app role may not).
  await db.pool.query('analyze');
}, 120_000);

describe('clients list', () => {
  it('answers the spec defaults: page 0 of 10, first name A→Z, with the total and each row in full', async () => {
    const first = await page({});
    expect(first).toMatchObject({ total: TOTAL, currency: 'USD', timeZone: 'America/New_York' });
    expect(names(first.items)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Fn${pad(i + 1)} Ln${pad(TOTAL - i - 1)}`),
    );
    expect(first.items[0]).toEqual({
      id: seededId(1),
      name: 'Fn00001 Ln10000',
      email: 'seed-00001@clients.test',
      phone: '(212) 555-0001',
      joinedAt: '2026-01-01T00:01:00.000Z',
      lastVisitAt: null,
      packages: [{ name: 'Unlimited Monthly', kind: 'membership', creditsLeft: null, paused: false }],
      waiverSigned: true,
    });
    expect(first.items[2]?.packages).toEqual([
      { name: '10-Class Pack', kind: 'class-pack', creditsLeft: 10, paused: false },
    ]);
    expect(first.items[3]?.packages).toEqual([]);
    expect(first.items[4]?.lastVisitAt).not.toBeNull();
    expect(Date.now() - Date.parse(first.items[4]?.lastVisitAt ?? '')).toBeGreaterThan(2.9 * 86_400_000);
  });

  it('searches name, email and phone digits however typed, case-insensitively', async () => {
    expect(names((await page({ searchString: 'fn0004', itemsPerPage: 100 })).items)).toHaveLength(10);
    expect((await page({ searchString: 'FN00042' })).items.map((item) => item.email)).toEqual([
      'seed-00042@clients.test',
    ]);
    expect((await page({ searchString: 'seed-0123' })).total).toBe(10);
    expect((await page({ searchString: 'ln09959' })).items.map((item) => item.id)).toEqual([seededId(42)]);
    for (const typed of ['555-0042', '(212) 555 0042', '2125550042', '212.555.0042'])
      expect(
        (await page({ searchString: typed })).items.map((item) => item.id),
        typed,
      ).toEqual([seededId(42)]);
    expect(names((await page({ searchString: '404 777' })).items)).toEqual(['Zara Quinn']);
    expect(names((await page({ searchString: 'zara quinn' })).items)).toEqual(['Zara Quinn']);
    // Two letters (no trigram: read without the index) still find.
    expect(names((await page({ searchString: 'qU' })).items)).toEqual(['Zara Quinn']);
    // Wildcards are letters here, not patterns.
    expect((await page({ searchString: '%' })).total).toBe(0);
    expect((await page({ searchString: 'fn_0042' })).total).toBe(0);
  });

  it('filters: active membership, pack with credits left, no visit in 30 days, waiver unsigned, studio', async () => {
    const ids = async (query: Record<string, string | boolean>) =>
      (await page({ ...query, itemsPerPage: 100 })).items.map((item) => item.id);
    expect(await ids({ activeMembership: true })).toEqual([seededId(1), seededId(2)]);
    expect(await ids({ packHolder: true })).toEqual([seededId(3)]);
    const quiet = await page({ noRecentVisit: true, itemsPerPage: 10 });
    expect(quiet.total).toBe(TOTAL - 1);
    expect(quiet.items.map((item) => item.id)).not.toContain(seededId(5));
    expect(quiet.items.map((item) => item.id)).toContain(seededId(6));
    const unsigned = await page({ waiverUnsigned: true, itemsPerPage: 1 });
    expect(unsigned.total).toBe(TOTAL - 5000);
    expect(unsigned.items).toMatchObject([{ id: seededId(5001), waiverSigned: false }]);
    expect(await ids({ studioId: uptown })).toEqual([seededId(7)]);
    // Home studio only: clients 5 and 6 booked at Midtown but did not choose it.
    expect(await ids({ studioId: ready.studioId })).toEqual([seededId(8)]);
    // Filters combine (and), with the search too.
    expect(await ids({ activeMembership: true, searchString: 'fn00002' })).toEqual([seededId(2)]);
    expect((await page({ activeMembership: true, packHolder: true })).total).toBe(0);
  });

  it('sorts by first name, last name, email and joined, both ways', async () => {
    const top = async (orderBy: string, orderDirection: string) =>
      names((await page({ orderBy, orderDirection, itemsPerPage: 2 })).items);
    expect(await top('First Name', 'asc')).toEqual(['Fn00001 Ln10000', 'Fn00002 Ln09999']);
    expect(await top('First Name', 'desc')).toEqual(['Zara Quinn', 'Fn10000 Ln00001']);
    expect(await top('Last Name', 'asc')).toEqual(['Fn10000 Ln00001', 'Fn09999 Ln00002']);
    expect(await top('Last Name', 'desc')).toEqual(['Zara Quinn', 'Fn00001 Ln10000']);
    expect(await top('Email', 'asc')).toEqual(['Fn00001 Ln10000', 'Fn00002 Ln09999']);
    expect(await top('Email', 'desc')).toEqual(['Zara Quinn', 'Fn10000 Ln00001']);
    expect(await top('Joined', 'asc')).toEqual(['Fn00001 Ln10000', 'Fn00002 Ln09999']);
    expect(await top('Joined', 'desc')).toEqual(['Zara Quinn', 'Fn10000 Ln00001']);
  });

  it('pages with currentPage from 0 and itemsPerPage, the total unchanged, past the end empty', async () => {
    const fourth = await page({ currentPage: 3, itemsPerPage: 25 });
    expect(fourth.total).toBe(TOTAL);
    expect(fourth.items.map((item) => item.id)).toEqual(
      Array.from({ length: 25 }, (_, i) => seededId(76 + i)),
    );
    const last = await page({ currentPage: 400, itemsPerPage: 25 });
    expect(names(last.items)).toEqual(['Zara Quinn']);
    expect(await page({ currentPage: 401, itemsPerPage: 25 })).toMatchObject({ items: [], total: TOTAL });
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ currentPage: -1 }, 'currentPage'],
      [{ currentPage: 'two' }, 'currentPage'],
      [{ itemsPerPage: 1000 }, 'itemsPerPage'],
      [{ itemsPerPage: 0 }, 'itemsPerPage'],
      [{ orderBy: 'Age' }, 'orderBy'],
      [{ orderDirection: 'up' }, 'orderDirection'],
      [{ activeMembership: 'maybe' }, 'activeMembership'],
      [{ searchString: 'x'.repeat(101) }, 'searchString'],
    ];
    for (const [query, field] of cases) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().errors, JSON.stringify(query)).toHaveProperty([field]);
    }
  });

  it('asks for a login (401), refuses clients (403) and lets the team read', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/clients/list' })).statusCode).toBe(401);
    const client = await signUpClient(app, ready.slug);
    expect((await list({}, bearer(client.session.token))).statusCode).toBe(403);
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    expect((await page({}, staff.headers)).total).toBe(TOTAL + 1);
  });

  it("never shows another company's clients, and another company's studio is not found", async () => {
    const other = await studioReadyToSchedule(app);
    await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: other.headers,
      payload: { name: 'Fn00001 Elsewhere', email: 'seed-00001@other.test', phone: '(212) 555-0001' },
    });
    expect((await page({ searchString: 'other.test' })).total).toBe(0);
    expect(names((await page({ searchString: 'Fn00001' })).items)).toEqual(['Fn00001 Ln10000']);
    expect(names((await page({ searchString: '212 555 0001' })).items)).toEqual(['Fn00001 Ln10000']);
    const theirs = await page({}, other.headers);
    expect(names(theirs.items)).toEqual(['Fn00001 Elsewhere']);
    expect((await list({ studioId: other.studioId })).statusCode).toBe(404);
    expect((await list({ studioId: 'nonsense' })).statusCode).toBe(404);
    // The roster's search (GET /api/clients, q/page/pageSize) still answers as before.
    const roster = await app.inject({
      method: 'GET',
      url: '/api/clients?q=zara&page=1&pageSize=5',
      headers: ready.headers,
    });
    expect(roster.json().data).toMatchObject({ total: 1, items: [{ id: zara, name: 'Zara Quinn' }] });
  });
});
