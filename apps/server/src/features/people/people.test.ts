import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';

const { app, db } = await createTestApp();

type Headers = Record<string, string>;

async function owner(kind: 'company' | 'solo' = 'company') {
  const signedUp = await signUpCompany(app, { kind });
  return { ...signedUp, headers: bearer(signedUp.session.token) };
}

const person = (overrides: Record<string, unknown> = {}) => ({
  name: 'Indira Patel',
  email: 'Indira@Example.com',
  phone: '(404) 555-0144',
  bio: 'Teaches vinyasa and yin.',
  photo: null,
  active: true,
  ...overrides,
});

describe.each([
  { path: 'instructors', label: 'Instructor' },
  { path: 'facilitators', label: 'Facilitator' },
])('/api/$path', ({ path, label }) => {
  const url = `/api/${path}`;
  const create = (headers: Headers, payload: object) => app.inject({ method: 'POST', url, headers, payload });
  const edit = (headers: Headers, id: string, payload: object) =>
    app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload });
  const list = async (headers: Headers, query = '') =>
    (await app.inject({ method: 'GET', url: `${url}${query}`, headers })).json().data;

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await create({}, person())).statusCode).toBe(401);
    expect((await edit({}, 'aaaaaaaaaaaaaaaaaaaaaaaa', person())).statusCode).toBe(401);
  });

  it('adds, reads and edits; the email is lower-cased', async () => {
    const { headers } = await owner();
    const added = await create(headers, person());
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe(`${label} added.`);
    const data = added.json().data;
    expect(data).toMatchObject({
      name: 'Indira Patel',
      email: 'indira@example.com',
      phone: '(404) 555-0144',
      active: true,
      photoUrl: null,
    });
    expect((await app.inject({ method: 'GET', url: `${url}/${data.id}`, headers })).json().data).toEqual(
      data,
    );
    const saved = await edit(headers, data.id, person({ bio: '', phone: '' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ id: data.id, bio: null, phone: null });
  });

  it('an inactive person leaves the default list but is listed under inactive and all', async () => {
    const { headers } = await owner();
    const a = (await create(headers, person({ name: 'Alex', email: 'alex@example.com' }))).json().data;
    const b = (await create(headers, person({ name: 'Blake', email: '' }))).json().data;
    await edit(headers, a.id, person({ name: 'Alex', email: 'alex@example.com', active: false }));
    expect(await list(headers)).toMatchObject({ total: 1, items: [{ id: b.id }] });
    expect(await list(headers, '?status=inactive')).toMatchObject({
      total: 1,
      items: [{ id: a.id, active: false }],
    });
    expect((await list(headers, '?status=all')).items.map((item: { name: string }) => item.name)).toEqual([
      'Alex',
      'Blake',
    ]);
  });

  it('refuses a second person with the same email (409), while several may have none', async () => {
    const { headers } = await owner();
    await create(headers, person());
    const again = await create(headers, person({ name: 'Someone Else', email: 'INDIRA@example.com' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toBe(`Another ${label.toLowerCase()} already uses indira@example.com.`);
    expect((await create(headers, person({ email: '' }))).statusCode).toBe(201);
    expect((await create(headers, person({ email: null }))).statusCode).toBe(201);
  });

  it.each([
    ['name', ''],
    ['email', 'not-an-email'],
    ['phone', '12345'],
    ['bio', 'x'.repeat(5001)],
    ['photo', 'photo.png'],
    ['active', 'yes'],
  ])('answers 400 naming %s for %j', async (field, value) => {
    const { headers } = await owner();
    const response = await create(headers, person({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('refuses a photo that was never uploaded', async () => {
    const { headers } = await owner();
    const response = await create(headers, person({ photo: 'aaaaaaaaaaaaaaaaaaaaaaaa.png' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ photo: 'The photo was not found; upload it again.' });
  });

  it("another company's person answers 404 and is untouched", async () => {
    const first = await owner();
    const second = await owner();
    const data = (await create(first.headers, person())).json().data;
    expect(
      (await app.inject({ method: 'GET', url: `${url}/${data.id}`, headers: second.headers })).statusCode,
    ).toBe(404);
    expect((await edit(second.headers, data.id, person({ name: 'Hijacked' }))).statusCode).toBe(404);
    expect(await list(second.headers, '?status=all')).toEqual({ items: [], total: 0 });
    expect(
      (await app.inject({ method: 'GET', url: `${url}/${data.id}`, headers: first.headers })).json().data,
    ).toEqual(data);
  });

  it('staff and instructors read but get 403 on writes; clients get 403; a solo instructor manages them', async () => {
    const { headers, session, slug } = await owner();
    const data = (await create(headers, person())).json().data;
    for (const role of ['staff', 'instructor'] as const) {
      const member = await signInTeamMember(app, db.db, session.company.id, role);
      expect((await app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(200);
      expect((await create(member.headers, person({ email: '' }))).statusCode).toBe(403);
      expect((await edit(member.headers, data.id, person())).statusCode).toBe(403);
    }
    const client = bearer((await signUpClient(app, slug)).session.token);
    expect((await app.inject({ method: 'GET', url, headers: client })).statusCode).toBe(403);
    const solo = await owner('solo');
    expect((await create(solo.headers, person())).statusCode).toBe(201);
  });
});

it('instructors and facilitators are separate lists', async () => {
  const { headers } = await owner();
  await app.inject({ method: 'POST', url: '/api/instructors', headers, payload: person() });
  const facilitators = await app.inject({ method: 'GET', url: '/api/facilitators', headers });
  expect(facilitators.json().data).toEqual({ items: [], total: 0 });
});

it('documents the id parameters as the spec names them', async () => {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  expect(doc.paths['/api/instructors/{instructorId}'].put.parameters).toEqual(
    expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'instructorId' })]),
  );
  expect(doc.paths['/api/facilitators/{facilitatorId}'].get.parameters).toEqual(
    expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'facilitatorId' })]),
  );
});
