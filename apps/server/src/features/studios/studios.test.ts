import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';

const { app, db } = await createTestApp();

async function owner() {
  const signedUp = await signUpCompany(app);
  return { ...signedUp, headers: bearer(signedUp.session.token) };
}

const studio = (overrides: Record<string, unknown> = {}) => ({
  name: 'Midtown',
  address: {
    line1: '10 Peachtree St',
    line2: '',
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30303',
    country: 'United States',
  },
  phone: '(404) 555-0123',
  email: 'midtown@example.com',
  timeZone: '',
  openingHours: {
    monday: [
      { start: '06:00', end: '12:00' },
      { start: '16:00', end: '21:00' },
    ],
    saturday: [{ start: '08:00', end: '14:00' }],
  },
  amenities: [
    { name: 'Showers', value: 'Yes' },
    { name: 'Parking', value: 'Free after 6 pm' },
  ],
  rooms: [
    { name: 'Studio A', capacity: 20 },
    { name: 'Studio B', capacity: '12' },
  ],
  ...overrides,
});

type Headers = Record<string, string>;
const create = (headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url: '/api/studios', headers, payload });
const save = (headers: Headers, id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/studios/${id}`, headers, payload });
const read = async (headers: Headers, id: string) =>
  (await app.inject({ method: 'GET', url: `/api/studios/${id}`, headers })).json().data;

/** The body a page sends back after loading a studio: the DTO minus what the server owns. */
function bodyFrom(dto: Record<string, unknown>) {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...body } = dto;
  return body as Omit<ReturnType<typeof studio>, 'openingHours' | 'rooms'> & {
    openingHours: Record<string, { start: string; end: string }[]>;
    rooms: { id?: string; name: string; capacity: number }[];
  };
}

describe('studios', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/studios'],
      ['POST', '/api/studios'],
      ['GET', '/api/studios/aaaaaaaaaaaaaaaaaaaaaaaa'],
      ['PUT', '/api/studios/aaaaaaaaaaaaaaaaaaaaaaaa'],
      ['DELETE', '/api/studios/aaaaaaaaaaaaaaaaaaaaaaaa'],
    ] as const) {
      expect(
        (
          await app.inject({
            method,
            url,
            payload: method === 'POST' || method === 'PUT' ? studio() : undefined,
          })
        ).statusCode,
        `${method} ${url}`,
      ).toBe(401);
    }
  });

  it("adds a studio with the company's time zone, rooms with their own ids, and completes the studios step", async () => {
    const { headers } = await owner();
    const response = await create(headers, studio());
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Studio added.');
    const data = response.json().data;
    expect(data).toMatchObject({
      name: 'Midtown',
      timeZone: 'America/New_York',
      phone: '(404) 555-0123',
      address: { line1: '10 Peachtree St', line2: null },
      openingHours: studio().openingHours,
      amenities: studio().amenities,
      rooms: [
        { name: 'Studio A', capacity: 20 },
        { name: 'Studio B', capacity: 12 },
      ],
    });
    expect(data.id).toMatch(/^[0-9a-f]{24}$/);
    for (const room of data.rooms) expect(room.id).toMatch(/^[0-9a-f]{24}$/);
    expect(await read(headers, data.id)).toEqual(data);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json().data.onBoardingData).not.toContain('studios');
  });

  it('keeps a chosen time zone', async () => {
    const { headers } = await owner();
    const response = await create(headers, studio({ timeZone: 'europe/london' }));
    expect(response.json().data.timeZone).toBe('Europe/London');
  });

  it('load list, delete by _id', async () => {
    const { headers } = await owner();
    const first = (await create(headers, studio({ name: 'First' }))).json().data;
    const second = (await create(headers, studio({ name: 'Second' }))).json().data;
    const list = await app.inject({ method: 'GET', url: '/api/studios', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(2);
    expect(list.json().data.items.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
    expect(list.json().data.items[0].rooms).toHaveLength(2);

    const removed = await app.inject({ method: 'DELETE', url: `/api/studios/${first.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: 1, message: 'Studio deleted.' });
    const after = (await app.inject({ method: 'GET', url: '/api/studios', headers })).json().data;
    expect(after).toMatchObject({ total: 1, items: [{ id: second.id }] });
    expect((await app.inject({ method: 'GET', url: `/api/studios/${first.id}`, headers })).statusCode).toBe(
      404,
    );
    const { rows } = await db.pool.query('select count(*)::int as n from studio_rooms where studio_id = $1', [
      first.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('pages the list', async () => {
    const { headers } = await owner();
    for (const name of ['One', 'Two', 'Three']) await create(headers, studio({ name }));
    const page = (await app.inject({ method: 'GET', url: '/api/studios?page=2&pageSize=2', headers })).json()
      .data;
    expect(page.total).toBe(3);
    expect(page.items.map((item: { name: string }) => item.name)).toEqual(['Three']);
    expect((await app.inject({ method: 'GET', url: '/api/studios?pageSize=1000', headers })).statusCode).toBe(
      400,
    );
  });

  it('delete a studio hour', async () => {
    const { headers } = await owner();
    const created = (await create(headers, studio())).json().data;
    const body = bodyFrom(created);
    body.openingHours = {
      monday: [{ start: '16:00', end: '21:00' }],
      saturday: [{ start: '08:00', end: '14:00' }],
    };
    const saved = await save(headers, created.id, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Studio saved.');
    expect((await read(headers, created.id)).openingHours).toEqual({
      monday: [{ start: '16:00', end: '21:00' }],
      saturday: [{ start: '08:00', end: '14:00' }],
    });
  });

  it('add or edit hours', async () => {
    const { headers } = await owner();
    const created = (await create(headers, studio())).json().data;
    const body = bodyFrom(created);
    body.openingHours = {
      ...body.openingHours,
      saturday: [{ start: '09:00', end: '13:00' }],
      sunday: [{ start: '10:00', end: '12:00' }],
    };
    await save(headers, created.id, body);
    expect((await read(headers, created.id)).openingHours).toEqual({
      monday: [
        { start: '06:00', end: '12:00' },
        { start: '16:00', end: '21:00' },
      ],
      saturday: [{ start: '09:00', end: '13:00' }],
      sunday: [{ start: '10:00', end: '12:00' }],
    });
  });

  it('delete an amenity', async () => {
    const { headers } = await owner();
    const created = (await create(headers, studio())).json().data;
    const body = bodyFrom(created);
    body.amenities = body.amenities.filter((amenity) => amenity.name !== 'Showers');
    await save(headers, created.id, body);
    expect((await read(headers, created.id)).amenities).toEqual([
      { name: 'Parking', value: 'Free after 6 pm' },
    ]);
  });

  it('add or edit rooms (room ids stay the same across edits)', async () => {
    const { headers } = await owner();
    const created = (await create(headers, studio())).json().data;
    const [roomA, roomB] = created.rooms;
    const body = bodyFrom(created);
    body.rooms = [
      { id: roomB.id, name: 'Studio B (big)', capacity: 30 },
      { id: roomA.id, name: 'Studio A', capacity: 20 },
      { name: 'Reformer room', capacity: 8 },
    ];
    const saved = (await save(headers, created.id, body)).json().data;
    expect(saved.rooms).toEqual([
      { id: roomB.id, name: 'Studio B (big)', capacity: 30 },
      { id: roomA.id, name: 'Studio A', capacity: 20 },
      { id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Reformer room', capacity: 8 },
    ]);
    expect(await read(headers, created.id)).toEqual(saved);
  });

  it('delete a room', async () => {
    const { headers } = await owner();
    const created = (await create(headers, studio())).json().data;
    const body = bodyFrom(created);
    body.rooms = body.rooms.filter((room) => room.name !== 'Studio A');
    const saved = (await save(headers, created.id, body)).json().data;
    expect(saved.rooms).toEqual([created.rooms[1]]);
    const { rows } = await db.pool.query('select id from studio_rooms where studio_id = $1', [created.id]);
    expect(rows.map((row) => row.id)).toEqual([created.rooms[1].id]);
  });

  it("refuses a room id that is not this studio's (another studio's, or another company's)", async () => {
    const { headers } = await owner();
    const first = (await create(headers, studio())).json().data;
    const second = (await create(headers, studio({ name: 'Second' }))).json().data;
    const body = bodyFrom(first);
    body.rooms = [...body.rooms, { id: second.rooms[0].id, name: 'Stolen', capacity: 5 }];
    const response = await save(headers, first.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'rooms.2.id': 'This room is not in this studio' });
    expect((await read(headers, second.id)).rooms).toEqual(second.rooms);

    const onCreate = await create(
      headers,
      studio({ rooms: [{ id: first.rooms[0].id, name: 'Copy', capacity: 5 }] }),
    );
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json().errors).toEqual({ 'rooms.0.id': 'This room is not in this studio' });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ phone: '555-12' }, 'phone'],
    [{ email: 'not-an-email' }, 'email'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [
      { address: { line1: 'x'.repeat(201), line2: '', city: '', state: '', postalCode: '', country: '' } },
      'address.line1',
    ],
    [{ openingHours: { monday: [{ start: '12:00', end: '09:00' }] } }, 'openingHours.monday'],
    [
      {
        openingHours: {
          monday: [
            { start: '06:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      },
      'openingHours.monday',
    ],
    [{ openingHours: { funday: [] } }, 'openingHours'],
    [{ openingHours: { monday: [{ start: '6am', end: '12:00' }] } }, 'openingHours.monday.0.start'],
    [{ amenities: [{ name: '', value: 'Yes' }] }, 'amenities.0.name'],
    [{ rooms: [{ name: 'A', capacity: 0 }] }, 'rooms.0.capacity'],
    [{ rooms: [{ name: 'A', capacity: 1001 }] }, 'rooms.0.capacity'],
    [{ rooms: [{ name: 'A', capacity: 2.5 }] }, 'rooms.0.capacity'],
    [{ rooms: [{ name: 'A', capacity: '' }] }, 'rooms.0.capacity'],
    [{ rooms: [{ name: '', capacity: 5 }] }, 'rooms.0.name'],
    [{ rooms: [{ id: 'nope', name: 'A', capacity: 5 }] }, 'rooms.0.id'],
  ])('answers 400 naming the field for %j', async (overrides, field) => {
    const { headers } = await owner();
    const response = await create(headers, studio(overrides));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('opening-hours errors name the day and range', async () => {
    const { headers } = await owner();
    const response = await create(
      headers,
      studio({
        openingHours: {
          tuesday: [
            { start: '06:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      }),
    );
    expect(response.json().errors['openingHours.tuesday']).toBe('Tuesday 11:00–13:00 overlaps 06:00–12:00.');
  });

  it("another company's studio answers 404 on read, save and delete, and is untouched", async () => {
    const first = await owner();
    const second = await owner();
    const created = (await create(first.headers, studio())).json().data;
    expect(
      (await app.inject({ method: 'GET', url: `/api/studios/${created.id}`, headers: second.headers }))
        .statusCode,
    ).toBe(404);
    expect((await save(second.headers, created.id, studio({ name: 'Hijacked' }))).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/studios/${created.id}`, headers: second.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/studios', headers: second.headers })).json().data,
    ).toEqual({ items: [], total: 0 });
    expect(await read(first.headers, created.id)).toEqual(created);
  });

  it('an id that is not 24 hex characters answers 400', async () => {
    const { headers } = await owner();
    expect((await app.inject({ method: 'GET', url: '/api/studios/not-an-id', headers })).statusCode).toBe(
      400,
    );
  });

  it('staff and instructors read studios but get 403 on writes; clients get 403 on both', async () => {
    const { headers, session, slug } = await owner();
    const created = (await create(headers, studio())).json().data;
    for (const role of ['staff', 'instructor'] as const) {
      const member = await signInTeamMember(app, db.db, session.company.id, role);
      expect(
        (await app.inject({ method: 'GET', url: '/api/studios', headers: member.headers })).statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: `/api/studios/${created.id}`, headers: member.headers }))
          .statusCode,
      ).toBe(200);
      expect((await create(member.headers, studio())).statusCode).toBe(403);
      expect((await save(member.headers, created.id, studio())).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/studios/${created.id}`, headers: member.headers }))
          .statusCode,
      ).toBe(403);
    }
    const client = bearer((await signUpClient(app, slug)).session.token);
    expect((await app.inject({ method: 'GET', url: '/api/studios', headers: client })).statusCode).toBe(403);
    expect((await create(client, studio())).statusCode).toBe(403);
    expect(await read(headers, created.id)).toEqual(created);
  });

  it('a solo company has one implicit studio from sign-up, which the solo instructor reads but does not manage', async () => {
    const solo = await signUpCompany(app, { kind: 'solo', companyName: 'Sol Yoga' });
    const headers = bearer(solo.session.token);
    const list = (await app.inject({ method: 'GET', url: '/api/studios', headers })).json().data;
    expect(list).toMatchObject({
      total: 1,
      items: [{ name: 'Sol Yoga', timeZone: 'America/New_York', rooms: [] }],
    });
    expect((await create(headers, studio())).statusCode).toBe(403);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json().data.can.manageStudios).toBe(false);
    expect(me.json().data.onBoardingData).not.toContain('studios');
  });
});
