import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { bearer, logIn, signUpCompany } from '../test/factories.ts';
import { removeExpiredRecords } from './cleanup.ts';

const { app, db } = await createTestApp();

describe('cleanup of expired records', () => {
  it('removes expired sessions and old counters, keeps live ones', async () => {
    const live = await signUpCompany(app);
    const expired = await signUpCompany(app);
    await logIn(app, { email: 'nobody@example.com', password: 'whatever-1234' });
    await db.pool.query(`update sessions set expires_at = now() - interval '1 minute' where user_id = $1`, [expired.session.user._id]);
    await db.pool.query(`update rate_limits set window_started_at = now() - interval '2 days'`);

    await removeExpiredRecords(db.db);

    const { rows } = await db.pool.query('select user_id from sessions');
    expect(rows.map((row: { user_id: string }) => row.user_id)).toEqual([live.session.user._id]);
    expect((await db.pool.query('select count(*)::int as n from rate_limits')).rows[0].n).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(live.session.token) })).statusCode).toBe(200);
  });
});
