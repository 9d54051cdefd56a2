import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../test/factories.ts';

/**
 * A signed-in request without a body gets its tenant transaction opened on the same round trip as
 * its session look-up (plugins/auth.ts, db/client.ts). These tests hold that path to what users
 * notice: right answers, ended sessions refused at once, and no connection ever left behind.
 */
const { app, db } = await createTestApp();

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
});
