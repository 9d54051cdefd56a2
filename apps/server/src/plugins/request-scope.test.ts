import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ANY_ROLE, requireRole } from './auth.ts';
import { buildApp } from '../app.ts';
import { connectDatabase, withTenant } from '../db/client.ts';
import { createTestApp, testConfig } from '../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../test/factories.ts';

/**
 * A signed-in request without a body gets its tenant transaction opened on the same round trip as
 * its session look-up (plugins/auth.ts, db/client.ts). These tests hold that path to what users
 * notice: right answers, ended sessions refused at once, and no connection ever left behind.
 */
const { app, db } = await createTestApp({
  beforeReady: (instance) => {
    // A signed-in route that never queries (its parked transaction is only ever discarded).
    instance.get('/api/test/ping', { onRequest: requireRole(ANY_ROLE) }, async () => ({ status: 1 }));
    // What a platform tool does: a signed-in request that works on a company named in the path.
    instance.withTypeProvider<ZodTypeProvider>().get(
      '/api/test/companies/:companyId/name',
      { onRequest: requireRole(ANY_ROLE), schema: { params: z.object({ companyId: z.string().regex(/^[0-9a-f]{24}$/) }) } },
      async (request) => {
        const rows = await withTenant(instance.deps.db.db, request.params.companyId, (tx) =>
          tx.execute(sql`select name from companies where id = ${request.params.companyId}`),
        );
        return { status: 1, data: rows.rows[0] ?? null };
      },
    );
  },
});

/** Connections of this test database that sit inside a transaction nobody is using. */
async function idleInTransaction(): Promise<number> {
  const { rows } = await db.pool.query(
    `select count(*)::int as count from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`,
  );
  return rows[0].count;
}

describe('the signed-in request path', () => {
  it('answers each account with its own company, under many parallel requests', async () => {
    const owners = await Promise.all([signUpCompany(app), signUpCompany(app), signUpCompany(app)]);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const owner = owners[index % owners.length]!;
        return app
          .inject({ method: 'GET', url: '/api/me', headers: bearer(owner.session.token) })
          .then((response) => ({ owner, response }));
      }),
    );
    for (const { owner, response } of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data.company.slug).toBe(owner.slug);
    }
    expect(db.pool.totalCount).toBeLessThanOrEqual(10);
  });

  it('a token that is logged out fails on its very next request', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(after.statusCode).toBe(401);
  });

  it('refusals (no session, ended session, wrong role, bad input) leave no connection in a transaction', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const ended = await signUpCompany(app);
    await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(ended.session.token) });
    const requests = Array.from({ length: 15 }, () => [
      app.inject({ method: 'GET', url: '/api/me', headers: bearer('not-a-session') }),
      app.inject({ method: 'GET', url: '/api/me', headers: bearer(ended.session.token) }),
      // A client may not read the team's company details: 403 after the session was found.
      app.inject({ method: 'GET', url: '/api/company/details', headers: bearer(client.session.token) }),
      app.inject({ method: 'DELETE', url: '/api/company/details', headers: bearer(owner.session.token) }),
    ]).flat();
    const answers = await Promise.all(requests);
    expect(new Set(answers.map((response) => response.statusCode))).toEqual(new Set([401, 403, 404]));
    expect(await idleInTransaction()).toBe(0);
    expect(db.pool.idleCount).toBe(db.pool.totalCount);
  });

  it('many more parallel logouts than the pool has connections all finish (no request waits on itself)', async () => {
    const owners = await Promise.all(Array.from({ length: 25 }, () => signUpCompany(app)));
    const answers = await Promise.all(
      owners.map((owner) => app.inject({ method: 'POST', url: '/api/logout', headers: bearer(owner.session.token) })),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(owners.map(() => 200));
    expect(await idleInTransaction()).toBe(0);
  });

  it('a write made by the first tenant transaction of a request is committed', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const current = (await app.inject({ method: 'GET', url: '/api/company/details', headers })).json().data;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/company/details',
      headers,
      payload: { name: 'Renamed Studio', email: null, phone: null, address: current.address, timeZone: current.timeZone, currency: current.currency, logo: null },
    });
    expect(saved.statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(again.json().data.company.name).toBe('Renamed Studio');
  });

  it('a request working on another company than its session\'s never waits on itself (more requests than connections)', async () => {
    const admin = await signUpCompany(app);
    const other = await signUpCompany(app);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        app.inject({ method: 'GET', url: `/api/test/companies/${other.session.user.companyId}/name`, headers: bearer(admin.session.token) }),
      ),
    );
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 200));
    expect(await idleInTransaction()).toBe(0);
  });

  it('a client that hangs up while its session is being looked up leaves no connection behind', async () => {
    const owner = await signUpCompany(app);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // Every connection busy, so the look-up waits; the client gives up meanwhile.
    const held = await Promise.all(Array.from({ length: 10 }, () => db.pool.connect()));
    await new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(address).port), '127.0.0.1', () => {
        socket.write(`GET /api/test/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${owner.session.token}\r\n\r\n`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 150);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const client of held) client.release();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await idleInTransaction()).toBe(0);
    expect(db.pool.idleCount).toBe(db.pool.totalCount);
  });

  it('when no connection frees up in time the answer is 503 in the envelope, not a hang', async () => {
    const small = connectDatabase(db.url, { max: 1, waitMs: 200 });
    afterAll(() => small.close());
    const busyApp = await buildApp({ config: testConfig(), db: small }, { logger: false });
    afterAll(() => busyApp.close());
    const owner = await signUpCompany(app);
    const held = await small.pool.connect();
    const response = await busyApp.inject({ method: 'GET', url: '/api/me', headers: bearer(owner.session.token) });
    held.release();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 0, message: 'The server is busy. Please try again in a moment.' });
  });
});
