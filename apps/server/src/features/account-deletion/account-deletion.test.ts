import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, PASSWORD, signUpClient, signUpCompany } from '../../test/factories.ts';
import { anonymiseDueAccounts } from './account-deletion.service.ts';

/** Delete my account (issue 11 §5): asked with the password, seen by the studio, anonymised after 30 days. */
const { app, db } = await createTestApp();
const DAY = 86_400_000;
const request = (headers: Record<string, string>, password: string) =>
  app.inject({ method: 'POST', url: '/api/my/deletion-request', headers, payload: { password } });

describe('delete my account', () => {
  it('asks for the password, answers the date, the studio sees it, and the client can withdraw', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const headers = bearer(client.session.token);
    const wrong = await request(headers, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'The password is incorrect.' });

    const asked = await request(headers, PASSWORD);
    expect(asked.statusCode, asked.body).toBe(200);
    const { requestedAt, takesEffectAt } = asked.json().data;
    expect(Date.parse(takesEffectAt) - Date.parse(requestedAt)).toBe(30 * DAY);
    expect(asked.json().message).toMatch(/^Your account will be deleted on \d{1,2} \w+ \d{4}\. Until then you can change your mind here\.$/);
    // Asking again keeps the first date.
    expect((await request(headers, PASSWORD)).json().data.requestedAt).toBe(requestedAt);

    const seen = await app.inject({ method: 'GET', url: `/api/clients/${client.session.user._id}/account`, headers: bearer(owner.session.token) });
    expect(seen.json().data.deletionRequestedAt).toBe(requestedAt);

    const withdrawn = await app.inject({ method: 'DELETE', url: '/api/my/deletion-request', headers });
    expect(withdrawn.json()).toMatchObject({ message: 'Your account stays: the request is withdrawn.', data: { requestedAt: null } });
    expect((await app.inject({ method: 'GET', url: '/api/my/deletion-request', headers })).json().data.requestedAt).toBeNull();
  });

  it('after 30 days the details are replaced, the login stops working, and the orders stay without a name', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const headers = bearer(client.session.token);
    // The client follows their classes in a calendar app.
    const feed = await app.inject({ method: 'POST', url: '/api/my/calendar-feed', headers });
    expect(feed.statusCode, feed.body).toBe(200);
    await request(headers, PASSWORD);
    // Not yet: 29 days on, nothing changes.
    expect(await anonymiseDueAccounts(db.db, new Date(Date.now() + 29 * DAY))).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);

    expect(await anonymiseDueAccounts(db.db, new Date(Date.now() + 31 * DAY))).toBeGreaterThanOrEqual(1);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: client.email, password: PASSWORD, companyId: owner.session.company.id, roleId: 'client' },
    });
    expect(login.statusCode).toBe(401);
    const seen = await app.inject({ method: 'GET', url: `/api/clients/${client.session.user._id}/account`, headers: bearer(owner.session.token) });
    expect(seen.json().data.clientName).toBe('Deleted client');
    const row = await db.pool.query('select email, phone, anonymised_at from users where id = $1', [client.session.user._id]);
    expect(row.rows[0]).toMatchObject({ email: `deleted-${client.session.user._id}@deleted.invalid`, phone: null });
    expect(row.rows[0].anonymised_at).not.toBeNull();
    // The private calendar address is gone, not only refused.
    const feeds = await db.pool.query('select 1 from calendar_feeds where user_id = $1', [client.session.user._id]);
    expect(feeds.rowCount).toBe(0);
    expect((await app.inject({ method: 'GET', url: new URL(feed.json().data.url).pathname })).statusCode).toBe(404);
    // Done once: the next sweep finds nothing more for this client.
    const again = await db.pool.query('select anonymised_at from users where id = $1', [client.session.user._id]);
    await anonymiseDueAccounts(db.db, new Date(Date.now() + 40 * DAY));
    expect((await db.pool.query('select anonymised_at from users where id = $1', [client.session.user._id])).rows[0]).toEqual(again.rows[0]);
  });

  it('401 without a session; the team cannot use it (403)', async () => {
    const owner = await signUpCompany(app);
    expect((await app.inject({ method: 'POST', url: '/api/my/deletion-request', payload: { password: 'x' } })).statusCode).toBe(401);
    expect((await request(bearer(owner.session.token), PASSWORD)).statusCode).toBe(403);
  });
});
