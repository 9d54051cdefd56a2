import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMPANY_UNAVAILABLE_MESSAGE } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, PASSWORD, signUpClient, signUpCompany } from '../../test/factories.ts';
import { ensurePlatformAdmin } from '../demo/platform-admin.ts';
import { bookClass, classAt, minutesFromNow, quickClients } from '../../test/bookings.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';

const { app, db } = await createTestApp();
const PLATFORM_EMAIL = 'root@platform.example.com';
const PLATFORM_PASSWORD = 'a-long-platform-password-1';
await ensurePlatformAdmin(db.db, PLATFORM_EMAIL, PLATFORM_PASSWORD);

let address = 0;
/** Each login from its own documentation address: the per-address limit is not what these test. */
const loginFrom = (payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload,
    remoteAddress: `203.0.113.${(address++ % 250) + 1}`,
  });

async function platformToken(): Promise<string> {
  const response = await loginFrom({ email: PLATFORM_EMAIL, password: PLATFORM_PASSWORD });
  expect(response.statusCode).toBe(200);
  const data = response.json().data;
  expect(data).toMatchObject({ hostType: 'uber', platformUser: { email: PLATFORM_EMAIL } });
  return data.token as string;
}

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('platform login (issue 18 §2)', () => {
  it('logs a platform user in at the root login, with a hashed platform session, and logs them out', async () => {
    const token = await platformToken();
    const me = await get('/api/platform/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: PLATFORM_EMAIL, name: 'Platform admin' });
    const stored = await withPlatform(db.db, (tx) =>
      tx.execute<{ token_hash: string }>(sql`select token_hash from platform_sessions`),
    );
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(token);
    expect((await post('/api/platform/logout', token)).statusCode).toBe(200);
    expect((await get('/api/platform/me', token)).statusCode).toBe(401);
  });

  it('answers the same wrong-credentials message for a wrong platform password', async () => {
    const wrong = await loginFrom({ email: PLATFORM_EMAIL, password: 'not-the-password-9' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The email or password is incorrect.');
    // A company's login page never admits a platform user.
    const owner = await signUpCompany(app);
    const onCompanyPage = await loginFrom({
      email: PLATFORM_EMAIL,
      password: PLATFORM_PASSWORD,
      roleId: 'admin',
      companyId: owner.session.company.id,
    });
    expect(onCompanyPage.statusCode).toBe(401);
  });

  it('keeps company sessions out of platform routes and the platform session out of company routes', async () => {
    const owner = await signUpCompany(app);
    const asCompany = await get('/api/platform/companies', owner.session.token);
    expect(asCompany.statusCode).toBe(403);
    expect(asCompany.json().message).toMatch(/cannot/);
    const suspendAsCompany = await post(
      `/api/platform/companies/${owner.session.company.id}/suspend`,
      owner.session.token,
      {
        reason: 'Trying',
      },
    );
    expect(suspendAsCompany.statusCode).toBe(403);
    const token = await platformToken();
    const asPlatform = await get('/api/me', token);
    expect(asPlatform.statusCode).toBe(401);
    expect((await get('/api/support-sessions', token)).statusCode).toBe(401);
  });
});

describe('companies', () => {
  it('finds a company by name or address and pages the answer', async () => {
    const owner = await signUpCompany(app, { companyName: 'Zebra Pilates Loft' });
    const token = await platformToken();
    const found = await get('/api/platform/companies?search=zebra%20pilates&pageSize=5', token);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({
      total: 1,
      items: [
        {
          id: owner.session.company.id,
          name: 'Zebra Pilates Loft',
          kind: 'company',
          activeClients: 0,
          suspendedAt: null,
        },
      ],
    });
    expect(found.json().data.items[0].lastActivityAt).not.toBeNull();
    const bySlug = await get(`/api/platform/companies?search=${owner.slug}`, token);
    expect(bySlug.json().data.items.map((item: { id: string }) => item.id)).toEqual([
      owner.session.company.id,
    ]);
    const bad = await get('/api/platform/companies?kind=huge', token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('kind');
    const unknown = await get('/api/platform/companies/0123456789abcdef01234567', token);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('last activity', () => {
  it("is the studio's newest booking when no session is left (logouts and a suspension end them)", async () => {
    const ready = await studioReadyToSchedule(app);
    const [clientId] = await quickClients(app, ready, 1, 'active');
    const classId = await classAt(app, ready, minutesFromNow(24 * 60));
    const booked = await bookClass(app, classId, ready.headers, { clientId, payWith: 'drop-in' });
    expect(booked.statusCode, booked.body).toBe(200);
    const token = await platformToken();
    const suspended = await post(`/api/platform/companies/${ready.companyId}/suspend`, token, {
      reason: 'Testing last activity',
    });
    expect(suspended.statusCode).toBe(200);
    const { rows } = await withPlatform(db.db, (tx) =>
      tx.execute<{ created_at: Date }>(
        sql`select created_at from bookings where company_id = ${ready.companyId}`,
      ),
    );
    const listed = await get(`/api/platform/companies?search=${ready.slug}`, token);
    const company = listed.json().data.items.find((item: { id: string }) => item.id === ready.companyId);
    expect(company.activeClients).toBe(1);
    expect(company.lastActivityAt).toBe(new Date(rows[0]?.created_at ?? 0).toISOString());
  });
});

describe('suspension', () => {
  it('ends the sessions, refuses logins and public pages, and reactivation undoes it; each in the audit log', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const companyId = owner.session.company.id;
    const token = await platformToken();

    const missing = await post(`/api/platform/companies/${companyId}/suspend`, token, { reason: '' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['reason']);

    const suspended = await post(`/api/platform/companies/${companyId}/suspend`, token, {
      reason: 'Unpaid invoices',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data).toMatchObject({ suspendedReason: 'Unpaid invoices' });
    expect(suspended.json().data.suspendedAt).not.toBeNull();

    // Sessions ended in the same transaction.
    expect((await get('/api/me', owner.session.token)).statusCode).toBe(401);
    expect((await get('/api/me', client.session.token)).statusCode).toBe(401);
    // Logins refused with a clear sentence (only after the right password).
    const ownerLogin = await loginFrom({
      email: owner.email,
      password: PASSWORD,
      roleId: 'admin',
      companyId,
    });
    expect(ownerLogin.statusCode).toBe(403);
    expect(ownerLogin.json().message).toBe(COMPANY_UNAVAILABLE_MESSAGE);
    const rootLogin = await loginFrom({ email: owner.email, password: PASSWORD });
    expect(rootLogin.statusCode).toBe(403);
    const wrongPassword = await loginFrom({
      email: owner.email,
      password: 'not-it-at-all-1',
      roleId: 'admin',
      companyId,
    });
    expect(wrongPassword.statusCode).toBe(401);
    // Public pages and the login page's check say the business is unavailable.
    const page = await app.inject({ method: 'GET', url: `/api/public/${owner.slug}` });
    expect(page.statusCode).toBe(403);
    expect(page.json()).toMatchObject({ status: 0, message: COMPANY_UNAVAILABLE_MESSAGE });
    const classes = await app.inject({
      method: 'GET',
      url: `/api/public/${owner.slug}/class-instances?from=2026-01-01T00:00:00.000Z&to=2026-01-08T00:00:00.000Z`,
    });
    expect(classes.statusCode).toBe(403);
    const check = await app.inject({
      method: 'POST',
      url: '/api/checkCompany',
      payload: { company: owner.slug, roleId: 'client' },
    });
    expect(check.statusCode).toBe(403);
    expect(check.json().message).toBe(COMPANY_UNAVAILABLE_MESSAGE);
    const again = await post(`/api/platform/companies/${companyId}/suspend`, token, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);

    const reactivated = await post(`/api/platform/companies/${companyId}/reactivate`, token);
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().data).toMatchObject({ suspendedAt: null, suspendedReason: null });
    expect(
      (await loginFrom({ email: owner.email, password: PASSWORD, roleId: 'admin', companyId })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/public/${owner.slug}` })).statusCode).toBe(200);

    const audit = await get(`/api/platform/audit-log?companyId=${companyId}`, token);
    expect(audit.json().data.items.map((entry: { action: string }) => entry.action)).toEqual([
      'company.reactivated',
      'company.suspended',
    ]);
    expect(audit.json().data.items[1]).toMatchObject({
      platformUserEmail: PLATFORM_EMAIL,
      details: { reason: 'Unpaid invoices' },
    });
    const all = await get('/api/platform/audit-log?pageSize=100', token);
    expect(all.json().data.items.some((entry: { action: string }) => entry.action === 'login')).toBe(true);
  });
});

describe('support sessions', () => {
  async function started(minutes = 30) {
    const owner = await signUpCompany(app);
    const companyId = owner.session.company.id;
    const token = await platformToken();
    const response = await post(`/api/platform/companies/${companyId}/support-sessions`, token, {
      reason: 'Customer asked for help with packages',
      minutes,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    return {
      owner,
      companyId,
      token,
      supportSession: data.supportSession,
      companyToken: data.companySession.token as string,
    };
  }

  it('refuses minutes outside 15–240, naming the field', async () => {
    const owner = await signUpCompany(app);
    const token = await platformToken();
    const response = await post(
      `/api/platform/companies/${owner.session.company.id}/support-sessions`,
      token,
      {
        reason: 'Help',
        minutes: 500,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['minutes']);
  });

  it('acts in the company as a hidden admin the company sees in Support Access, never in its staff list', async () => {
    const { owner, companyToken, supportSession, token } = await started();
    // The support login works as the company's admin (clients, settings).
    expect((await get('/api/me', companyToken)).statusCode).toBe(200);
    expect((await get('/api/clients', companyToken)).statusCode).toBe(200);
    // Absent from the team list and counts.
    const staff = await get('/api/staff-members?status=all', owner.session.token);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data.items.map((item: { name: string }) => item.name)).not.toContain(
      'Platform admin (Kinetic support)',
    );
    expect(staff.json().data.total).toBe(1);
    // The company's admins see it.
    const seen = await get('/api/support-sessions', owner.session.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.items).toEqual([
      expect.objectContaining({
        id: supportSession.id,
        platformUserEmail: PLATFORM_EMAIL,
        reason: 'Customer asked for help with packages',
        status: 'active',
        endedBy: null,
      }),
    ]);
    // A second one at once is refused.
    const second = await post(`/api/platform/companies/${owner.session.company.id}/support-sessions`, token, {
      reason: 'Again',
      minutes: 15,
    });
    expect(second.statusCode).toBe(409);
    // The hidden login cannot log in by password nor ask for a reset.
    const hidden = await withPlatform(db.db, (tx) =>
      tx.execute<{ email: string }>(
        sql`select email from users where company_id = ${owner.session.company.id} and platform_user_id is not null`,
      ),
    );
    const email = hidden.rows[0]?.email as string;
    const login = await loginFrom({ email, password: '!support-session' });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('The email or password is incorrect.');
  });

  it("ends when the company's admin ends it: the support login stops working at once", async () => {
    const { owner, companyToken, supportSession, token } = await started();
    const ended = await post(`/api/support-sessions/${supportSession.id}/end`, owner.session.token);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ status: 'ended', endedBy: 'Olive Owner' });
    expect((await get('/api/me', companyToken)).statusCode).toBe(401);
    const audit = await get(`/api/platform/audit-log?companyId=${owner.session.company.id}`, token);
    expect(audit.json().data.items.map((entry: { action: string }) => entry.action)).toEqual([
      'support_session.ended',
      'support_session.started',
    ]);
    // Another company's admin cannot see or end it.
    const other = await signUpCompany(app);
    expect(
      (await post(`/api/support-sessions/${supportSession.id}/end`, other.session.token)).statusCode,
    ).toBe(404);
    expect((await get('/api/support-sessions', other.session.token)).json().data.total).toBe(0);
  });

  it('no longer works once expired, and is listed as expired', async () => {
    const { owner, companyToken, supportSession } = await started(15);
    await withPlatform(db.db, async (tx) => {
      await tx.execute(sql`update support_sessions set expires_at = now() - interval '1 minute'
        where id = ${supportSession.id}`);
      await tx.execute(sql`update sessions set expires_at = now() - interval '1 minute'
        where company_id = ${owner.session.company.id} and user_id in
          (select id from users where company_id = ${owner.session.company.id} and platform_user_id is not null)`);
    });
    expect((await get('/api/me', companyToken)).statusCode).toBe(401);
    const seen = await get('/api/support-sessions', owner.session.token);
    expect(seen.json().data.items[0]).toMatchObject({ status: 'expired', endedAt: null });
  });

  it('ends when the support login logs out of the company app', async () => {
    const { owner, companyToken } = await started();
    expect((await post('/api/logout', companyToken)).statusCode).toBe(200);
    const seen = await get('/api/support-sessions', owner.session.token);
    expect(seen.json().data.items[0]).toMatchObject({ status: 'ended', endedBy: 'Kinetic support' });
    // An ordinary logout ends nothing else.
    expect((await get('/api/me', owner.session.token)).statusCode).toBe(200);
  });

  it('is ended by the platform user, and suspension ends a running one', async () => {
    const { companyId, companyToken, supportSession, token } = await started();
    const ended = await post(
      `/api/platform/companies/${companyId}/support-sessions/${supportSession.id}/end`,
      token,
    );
    expect(ended.json().data).toMatchObject({ status: 'ended', endedBy: 'Kinetic support' });
    expect((await get('/api/me', companyToken)).statusCode).toBe(401);

    const next = await started();
    await post(`/api/platform/companies/${next.companyId}/suspend`, next.token, { reason: 'Fraud check' });
    expect((await get('/api/me', next.companyToken)).statusCode).toBe(401);
    const company = await get(`/api/platform/companies/${next.companyId}`, next.token);
    expect(company.json().data.supportSessions[0]).toMatchObject({ status: 'ended' });
    expect(company.json().data).toMatchObject({ teamMembers: 1, clients: 0 });
    const refused = await post(`/api/platform/companies/${next.companyId}/support-sessions`, next.token, {
      reason: 'Help',
      minutes: 30,
    });
    expect(refused.statusCode).toBe(409);
  });
});
