import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';
import { copyName } from './class-templates.service.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'kinetic-templates-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const { app, db } = await createTestApp({ config: { DATA_DIR: dataDir } });

type Headers = Record<string, string>;

async function owner(kind: 'company' | 'solo' = 'company') {
  const signedUp = await signUpCompany(app, { kind });
  return { ...signedUp, headers: bearer(signedUp.session.token) };
}

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Power Yoga',
  description: 'A strong flow for all levels.',
  durationMinutes: 60,
  defaultCapacity: 20,
  dropInPrice: 2500,
  colour: '#4860CF',
  image: null,
  tags: ['Yoga', 'strength', 'yoga'],
  ...overrides,
});

const create = (headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url: '/api/class-templates', headers, payload });
const list = async (headers: Headers, query = '') =>
  (await app.inject({ method: 'GET', url: `/api/class-templates${query}`, headers })).json().data;
const action = (headers: Headers, id: string, verb: 'copy' | 'archive' | 'restore') =>
  app.inject({ method: 'POST', url: `/api/class-templates/${id}/${verb}`, headers });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
async function uploadImage(headers: Headers): Promise<string> {
  const boundary = '----kinetic-template-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="class.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json().data.file as string;
}

describe('class templates', () => {
  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/class-templates' })).statusCode).toBe(401);
    expect((await create({}, template())).statusCode).toBe(401);
    expect((await action({}, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'copy')).statusCode).toBe(401);
  });

  it('adds a template: colour lower-cased, tags deduplicated, price in minor units with the currency', async () => {
    const { headers } = await owner();
    const response = await create(headers, template());
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Class template added.');
    expect(response.json().data).toMatchObject({
      name: 'Power Yoga',
      durationMinutes: 60,
      defaultCapacity: 20,
      dropInPrice: 2500,
      currency: 'USD',
      colour: '#4860cf',
      tags: ['Yoga', 'strength'],
      archived: false,
      image: null,
      imageUrl: null,
    });
    const id = response.json().data.id;
    const read = await app.inject({ method: 'GET', url: `/api/class-templates/${id}`, headers });
    expect(read.json().data).toEqual(response.json().data);
  });

  it('keeps an uploaded image and refuses a name that was never uploaded', async () => {
    const { headers } = await owner();
    const file = await uploadImage(headers);
    const saved = await create(headers, template({ image: file }));
    expect(saved.json().data.imageUrl).toBe(`/api/uploads/original/${file}`);
    const missing = await create(headers, template({ name: 'Other', image: 'aaaaaaaaaaaaaaaaaaaaaaaa.png' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ image: 'The image was not found; upload it again.' });
  });

  it('edits a template', async () => {
    const { headers } = await owner();
    const id = (await create(headers, template())).json().data.id;
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/class-templates/${id}`,
      headers,
      payload: template({ name: 'Power Yoga 75', durationMinutes: '75', dropInPrice: '' }),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({
      id,
      name: 'Power Yoga 75',
      durationMinutes: 75,
      dropInPrice: 0,
    });
  });

  it('copies under a free name, with the same terms', async () => {
    const { headers } = await owner();
    const source = (await create(headers, template())).json().data;
    const first = await action(headers, source.id, 'copy');
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Copied as “Power Yoga (copy)”.');
    const { id: _a, name: _b, createdAt: _c, updatedAt: _d, ...terms } = source;
    expect(first.json().data).toMatchObject({ ...terms, name: 'Power Yoga (copy)' });
    expect(first.json().data.id).not.toBe(source.id);
    const second = await action(headers, first.json().data.id, 'copy');
    expect(second.json().data.name).toBe('Power Yoga (copy 2)');
  });

  it('names copies by the first free number', () => {
    expect(copyName('Barre', [])).toBe('Barre (copy)');
    expect(copyName('Barre', ['Barre (Copy)', 'barre (copy 2)'])).toBe('Barre (copy 3)');
    expect(copyName('Barre (copy 2)', ['Barre (copy)', 'Barre (copy 2)'])).toBe('Barre (copy 3)');
  });

  it('archives and restores; the list shows active templates unless asked', async () => {
    const { headers } = await owner();
    const kept = (await create(headers, template({ name: 'Barre' }))).json().data;
    const old = (await create(headers, template({ name: 'Spin' }))).json().data;
    const archived = await action(headers, old.id, 'archive');
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.archived).toBe(true);
    expect(await list(headers)).toMatchObject({ total: 1, items: [{ id: kept.id }] });
    expect(await list(headers, '?status=archived')).toMatchObject({ total: 1, items: [{ id: old.id }] });
    expect((await list(headers, '?status=all')).total).toBe(2);
    // Archiving frees the name; restoring needs it free again.
    expect((await create(headers, template({ name: 'spin' }))).statusCode).toBe(201);
    const clash = await action(headers, old.id, 'restore');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A class template called “Spin” already exists. Choose another name.');
  });

  it('refuses a second active template with the same name (409, any case)', async () => {
    const { headers } = await owner();
    await create(headers, template());
    const again = await create(headers, template({ name: 'POWER YOGA' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.name).toMatch(/already exists/);
  });

  it.each([
    ['name', ''],
    ['description', 'x'.repeat(5001)],
    ['durationMinutes', 4],
    ['durationMinutes', 1441],
    ['durationMinutes', ''],
    ['durationMinutes', 30.5],
    ['defaultCapacity', 0],
    ['defaultCapacity', 1001],
    ['dropInPrice', -1],
    ['dropInPrice', 100_000_001],
    ['dropInPrice', 1e21],
    ['colour', 'blue'],
    ['image', '../../etc/passwd'],
    ['tags', ['x'.repeat(41)]],
    ['tags', Array.from({ length: 21 }, (_, index) => `tag${index}`)],
  ])('answers 400 naming %s for %j', async (field, value) => {
    const { headers } = await owner();
    const response = await create(headers, template({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)[0]).toMatch(new RegExp(`^${field}`));
  });

  it("another company's template answers 404 everywhere", async () => {
    const first = await owner();
    const second = await owner();
    const id = (await create(first.headers, template())).json().data.id;
    expect(
      (await app.inject({ method: 'GET', url: `/api/class-templates/${id}`, headers: second.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/class-templates/${id}`,
          headers: second.headers,
          payload: template(),
        })
      ).statusCode,
    ).toBe(404);
    for (const verb of ['copy', 'archive', 'restore'] as const)
      expect((await action(second.headers, id, verb)).statusCode, verb).toBe(404);
    expect(await list(second.headers, '?status=all')).toEqual({ items: [], total: 0 });
  });

  it('staff and instructors read templates but get 403 on writes; clients get 403; a solo instructor manages them', async () => {
    const { headers, session, slug } = await owner();
    const id = (await create(headers, template())).json().data.id;
    for (const role of ['staff', 'instructor'] as const) {
      const member = await signInTeamMember(app, db.db, session.company.id, role);
      expect(
        (await app.inject({ method: 'GET', url: '/api/class-templates', headers: member.headers }))
          .statusCode,
      ).toBe(200);
      expect((await create(member.headers, template({ name: 'Nope' }))).statusCode).toBe(403);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/class-templates/${id}`,
            headers: member.headers,
            payload: template(),
          })
        ).statusCode,
      ).toBe(403);
      expect((await action(member.headers, id, 'archive')).statusCode).toBe(403);
    }
    const client = bearer((await signUpClient(app, slug)).session.token);
    expect(
      (await app.inject({ method: 'GET', url: '/api/class-templates', headers: client })).statusCode,
    ).toBe(403);
    const solo = await owner('solo');
    expect((await create(solo.headers, template())).statusCode).toBe(201);
  });
});
