import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { bearer, logIn, signUpCompany } from '../test/factories.ts';
import { removeExpiredRecords } from './cleanup.ts';

const { app, db } = await createTestApp();

describe('cleanup of expired records', () => {
  it('removes expired sessions, old counters and day-old idempotency keys, keeps live ones', async () => {
    const live = await signUpCompany(app);
    const expired = await signUpCompany(app);
    await logIn(app, { email: 'nobody@example.com', password: 'whatever-1234' });
    await db.pool.query(`update sessions set expires_at = now() - interval '1 minute' where user_id = $1`, [expired.session.user._id]);
    await db.pool.query(`update rate_limits set window_started_at = now() - interval '2 days'`);
    const company = live.session.company.id;
    const user = live.session.user._id;
    await db.pool.query(
      `insert into idempotency_keys (company_id, user_id, key, request, created_at)
       values ($1, $2, 'old', '{}', now() - interval '25 hours'), ($1, $2, 'fresh', '{}', now())`,
      [company, user],
    );

    await removeExpiredRecords(db.db);

    const { rows } = await db.pool.query('select user_id from sessions');
    expect(rows.map((row: { user_id: string }) => row.user_id)).toEqual([live.session.user._id]);
    expect((await db.pool.query('select count(*)::int as n from rate_limits')).rows[0].n).toBe(0);
    expect((await db.pool.query('select key from idempotency_keys')).rows).toEqual([{ key: 'fresh' }]);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(live.session.token) })).statusCode).toBe(200);
  });
});
