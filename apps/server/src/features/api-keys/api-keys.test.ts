import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, testConfig } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { bookClass, classAt, minutesFromNow, quickClients } from '../../test/bookings.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';

const { app, db } = await createTestApp();

type Headers = Record<string, string>;

async function createKey(headers: Headers, payload: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload });
  if (response.statusCode !== 201) throw new Error(`key not created: ${response.body}`);
  const data = response.json().data as { key: string; apiKey: { id: string; prefix: string } };
  return { ...data, headers: bearer(data.key) };
}

describe('API keys', () => {
  it('creates a key shown once, stores only its hash, and lists it with who created it', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers,
      payload: { name: 'Zapier', scope: 'write', rateLimitPerMinute: 60 },
    });
    expect(created.statusCode).toBe(201);
    const { key, apiKey } = created.json().data;
    expect(key).toMatch(/^kin_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'Zapier', scope: 'write', rateLimitPerMinute: 60, revokedAt: null });
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    expect(apiKey.prefix).toHaveLength(12);

    const list = await app.inject({ method: 'GET', url: '/api/api-keys', headers });
    expect(list.statusCode).toBe(200);
    const [listed] = list.json().data.items;
    expect(listed).toMatchObject({ id: apiKey.id, createdBy: { name: 'Olive Owner' }, lastUsedAt: null });
    expect(JSON.stringify(list.json())).not.toContain(key);

    // Nowhere in the database: neither the key nor its secret part.
    const secret = key.slice(4);
    const stored = await db.pool.query(
      `select count(*)::int as n from api_keys where token_hash like '%' || $1 || '%' or prefix = $2 or name like '%' || $1 || '%'`,
      [secret, key],
    );
    expect(stored.rows[0].n).toBe(0);
    const dump = await db.pool.query(`select row_to_json(k)::text as row from api_keys k`);
    expect(dump.rows.some((row: { row: string }) => row.row.includes(secret))).toBe(false);
  });

  it('refuses bad input with the field named, and an unknown key id with 404', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers,
      payload: { name: ' ', scope: 'admin', rateLimitPerMinute: 1_000_000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: 'Enter a name for the key',
      scope: 'Choose read or write',
      rateLimitPerMinute: 'Allow at most 6,000 requests a minute',
    });
    const missing = await app.inject({ method: 'DELETE', url: `/api/api-keys/${'a'.repeat(24)}`, headers });
    expect(missing.statusCode).toBe(404);
  });

  it('a write key lists clients and books a client into a class; its last use is recorded', async () => {
    const ready = await studioReadyToSchedule(app);
    const [clientId] = await quickClients(app, ready, 1, 'keyed');
    const classId = await classAt(app, ready, minutesFromNow(24 * 60));
    const { headers, apiKey } = await createKey(ready.headers, { name: 'Booking bot', scope: 'write' });

    const clients = await app.inject({ method: 'GET', url: '/api/clients', headers });
    expect(clients.statusCode).toBe(200);
    expect(clients.json().data.items.map((item: { id: string }) => item.id)).toContain(clientId);
    expect(clients.headers['x-ratelimit-limit']).toBe('120');
    expect(clients.headers['x-ratelimit-remaining']).toBe('119');

    const booked = await bookClass(app, classId, headers, { clientId, payWith: 'drop-in' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data).toMatchObject({ clientId, status: 'booked' });
    const roster = await app.inject({ method: 'GET', url: `/api/class-instances/${classId}/bookings`, headers });
    expect(roster.statusCode).toBe(200);
    expect(JSON.stringify(roster.json().data)).toContain(clientId);

    const list = await app.inject({ method: 'GET', url: '/api/api-keys', headers: ready.headers });
    const listed = list.json().data.items.find((item: { id: string }) => item.id === apiKey.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('a read key reads and is refused a POST', async () => {
    const ready = await studioReadyToSchedule(app);
    const { headers } = await createKey(ready.headers, { name: 'Reports', scope: 'read' });
    expect((await app.inject({ method: 'GET', url: '/api/clients', headers })).statusCode).toBe(200);
    const post = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers,
      payload: { name: 'Nope', email: 'nope@example.com', phone: '' },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ status: 0, message: 'This API key is read-only: it can only make GET requests.' });
    const clients = await app.inject({ method: 'GET', url: '/api/clients?search=Nope', headers: ready.headers });
    expect(clients.json().data.items).toHaveLength(0);
  });

  it('a revoked key answers 401; the list keeps it as revoked', async () => {
    const owner = await signUpCompany(app);
    const { headers, apiKey } = await createKey(bearer(owner.session.token), { name: 'Old', scope: 'read' });
    expect((await app.inject({ method: 'GET', url: '/api/clients', headers })).statusCode).toBe(200);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${apiKey.id}`,
      headers: bearer(owner.session.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    const after = await app.inject({ method: 'GET', url: '/api/clients', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/revoked/);
    const list = await app.inject({ method: 'GET', url: '/api/api-keys', headers: bearer(owner.session.token) });
    expect(list.json().data.items).toHaveLength(1);
    expect(list.json().data.items[0].revokedAt).not.toBeNull();
    // An unknown key of the right shape.
    const unknown = await app.inject({ method: 'GET', url: '/api/clients', headers: bearer(`kin_${'x'.repeat(43)}`) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toMatch(/not valid/);
  });

  it("another company's ids answer 404 to a key", async () => {
    const other = await studioReadyToSchedule(app);
    const [otherClient] = await quickClients(app, other, 1, 'theirs');
    const otherClass = await classAt(app, other, minutesFromNow(26 * 60));
    const mine = await signUpCompany(app);
    const { headers } = await createKey(bearer(mine.session.token), { name: 'Mine', scope: 'write' });
    expect((await app.inject({ method: 'GET', url: `/api/clients/${otherClient}`, headers })).statusCode).toBe(404);
    const booking = await bookClass(app, otherClass, headers, { clientId: otherClient, payWith: 'drop-in' });
    expect(booking.statusCode).toBe(404);
  });

  it("a suspended company's key answers 401", async () => {
    const owner = await signUpCompany(app);
    const { headers } = await createKey(bearer(owner.session.token), { name: 'Sync', scope: 'read' });
    expect((await app.inject({ method: 'GET', url: '/api/clients', headers })).statusCode).toBe(200);
    await db.pool.query(`update companies set suspended_at = now() where id = $1`, [owner.session.company.id]);
    const after = await app.inject({ method: 'GET', url: '/api/clients', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/suspended/);
  });

  it('a key cannot create or revoke keys, nor use the routes about a person', async () => {
    const owner = await signUpCompany(app);
    const { headers, apiKey } = await createKey(bearer(owner.session.token), { name: 'Admin bot', scope: 'write' });
    const create = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers,
      payload: { name: 'Child', scope: 'write' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toMatch(/API keys cannot be used here/);
    expect((await app.inject({ method: 'GET', url: '/api/api-keys', headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/my/bookings', headers })).statusCode).toBe(403);
    // Staff management needs a person too (a key has every ability but manageStaff).
    expect((await app.inject({ method: 'GET', url: '/api/staff-members', headers })).statusCode).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/api-keys', headers: bearer(owner.session.token) });
    expect(list.json().data.items).toHaveLength(1);
    expect(list.json().data.items[0].revokedAt).toBeNull();
  });

  it("a solo business's key acts as its owner: it reads clients but cannot add a second studio", async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const { headers } = await createKey(bearer(solo.session.token), { name: 'Solo sync', scope: 'write' });
    expect((await app.inject({ method: 'GET', url: '/api/clients', headers })).statusCode).toBe(200);
    const studio = await app.inject({ method: 'POST', url: '/api/studios', headers, payload: {} });
    expect(studio.statusCode).toBe(403);
  });

  it('team members without manageSettings and clients cannot manage keys', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const refused = await app.inject({ method: 'GET', url: '/api/api-keys', headers: bearer(client.session.token) });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/api-keys' })).statusCode).toBe(401);
  });

  it('answers 429 over the key’s limit with Retry-After, shared by two server processes on one database', async () => {
    const owner = await signUpCompany(app);
    const { headers } = await createKey(bearer(owner.session.token), {
      name: 'Tight',
      scope: 'read',
      rateLimitPerMinute: 10,
    });
    const second = await buildApp({ config: testConfig(), db }, { logger: false });
    await second.ready();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 10; index += 1) {
        const server = index % 2 === 0 ? app : second;
        statuses.push((await server.inject({ method: 'GET', url: '/api/clients', headers })).statusCode);
      }
      expect(statuses).toEqual(Array(10).fill(200));
      const over = await second.inject({ method: 'GET', url: '/api/clients', headers });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ status: 0 });
      expect(over.json().message).toMatch(/more than 10 requests in a minute/);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(over.headers['x-ratelimit-limit']).toBe('10');
      expect(over.headers['x-ratelimit-remaining']).toBe('0');
      expect((await app.inject({ method: 'GET', url: '/api/clients', headers })).statusCode).toBe(429);
      // The owner's own session is not limited by the key.
      const session = await app.inject({ method: 'GET', url: '/api/clients', headers: bearer(owner.session.token) });
      expect(session.statusCode).toBe(200);
      expect(session.headers['x-ratelimit-limit']).toBeUndefined();
    } finally {
      await second.close();
    }
  });

  it('/api/docs/json has the API key scheme and the routes with their security', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.info.description).toContain('Kinetic-Signature: t=<unix seconds>,v1=');
    expect(spec.paths['/api/clients'].get.security).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(spec.paths['/api/api-keys'].post.security).toEqual([{ session: [] }]);
    expect(spec.paths['/api/me'].get.security).toEqual([{ session: [] }]);
    expect(spec.paths['/api/login'].post.security).toBeUndefined();
  });
});
