import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_ROLE, withPlatform, withTenant } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, PASSWORD, signUpClient, signUpCompany } from '../../test/factories.ts';

const { app, db } = await createTestApp();
const companyA = await signUpCompany(app);
const companyB = await signUpCompany(app);
await signUpClient(app, companyA.slug);
await signUpClient(app, companyB.slug);

describe('row-level security (blueprint §4)', () => {
  it('a query as the app role without the company setting sees no tenant rows', async () => {
    const counts = await db.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL ROLE ${APP_ROLE}`));
      const result = await tx.execute<{ users: number; companies: number; sessions: number }>(sql`
        select (select count(*) from users)::int as users,
               (select count(*) from companies)::int as companies,
               (select count(*) from sessions)::int as sessions`);
      return result.rows[0];
    });
    expect(counts).toEqual({ users: 0, companies: 0, sessions: 0 });
    // The rows do exist: the owner sees them.
    const { rows } = await db.pool.query('select count(*)::int as n from users');
    expect(rows[0].n).toBeGreaterThanOrEqual(4);
  });

  it('a tenant transaction sees only its own company, even without a WHERE', async () => {
    const visible = await withTenant(db.db, companyA.session.company.id, (tx) =>
      tx.select({ companyId: users.companyId }).from(users),
    );
    expect(visible.length).toBe(2);
    expect(new Set(visible.map((row) => row.companyId))).toEqual(new Set([companyA.session.company.id]));
    const visibleCompanies = await withTenant(db.db, companyA.session.company.id, (tx) => tx.select().from(companies));
    expect(visibleCompanies.map((company) => company.slug)).toEqual([companyA.slug]);
  });

  it("a tenant transaction cannot write another company's rows", async () => {
    const attempt = withTenant(db.db, companyA.session.company.id, (tx) =>
      tx.insert(users).values({
        companyId: companyB.session.company.id,
        id: 'ffffffffffffffffffffffff',
        role: 'client',
        name: 'Intruder',
        email: 'intruder@example.com',
        passwordHash: 'x',
      }),
    );
    const error = await attempt.then(() => null, (failure: Error) => failure);
    expect(String((error?.cause as Error | undefined)?.message)).toMatch(/row-level security/);
    const updated = await withTenant(db.db, companyA.session.company.id, (tx) =>
      tx.update(companies).set({ name: 'Hijacked' }).where(sql`${companies.id} = ${companyB.session.company.id}`).returning(),
    );
    expect(updated).toEqual([]);
  });

  it('refuses to scope to anything but an id, so nothing can be smuggled into the scoping statement', async () => {
    await expect(withTenant(db.db, "x', true); drop table users; --", async () => 1)).rejects.toThrow(/Refusing/);
    const { rows } = await db.pool.query('select count(*)::int as n from users');
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('work that fails is rolled back and its connection goes back clean', async () => {
    const companyId = companyA.session.company.id;
    const failing = withTenant(db.db, companyId, async (tx) => {
      await tx.update(companies).set({ name: 'Half-saved' }).where(sql`${companies.id} = ${companyId}`);
      throw new Error('stop here');
    });
    await expect(failing).rejects.toThrow('stop here');
    const { rows } = await db.pool.query('select name from companies where id = $1', [companyId]);
    expect(rows[0].name).not.toBe('Half-saved');
    const setting = await db.pool.query(`select current_setting('app.company_id', true) as id, current_user as role`);
    expect(setting.rows[0].id ?? '').toBe('');
    expect(setting.rows[0].role).not.toBe('kinetic_app');
  });

  it('the platform path is explicit and sees across companies', async () => {
    const all = await withPlatform(db.db, (tx) => tx.select({ id: companies.id }).from(companies));
    expect(all.length).toBe(2);
  });
});

describe("another company's resources answer 404", () => {
  it("changing another company's user password is a 404", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/authResetpassword',
      headers: bearer(companyA.session.token),
      payload: {
        userId: companyB.session.user._id,
        companyId: companyB.session.company.id,
        currentPassword: PASSWORD,
        password: 'taken-over-123',
        confirmPassword: 'taken-over-123',
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().status).toBe(0);
  });

  it("logging in with another company's id does not reach its accounts", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: companyA.email, password: PASSWORD, companyId: companyB.session.company.id },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('roles (spec §6)', () => {
  it('a client session gets 403 on admin calls', async () => {
    const client = await signUpClient(app, companyA.slug);
    const headers = bearer(client.session.token);
    const details = await app.inject({ method: 'GET', url: '/api/company/details', headers });
    expect(details.statusCode).toBe(403);
    expect(details.json()).toEqual({ status: 0, message: 'Your account cannot do this.' });
    const save = await app.inject({ method: 'PUT', url: '/api/company/details', headers, payload: {} });
    expect(save.statusCode).toBe(403);
    const upload = await app.inject({ method: 'POST', url: '/api/uploads', headers });
    expect(upload.statusCode).toBe(403);
  });

  it('calls without a session get 401', async () => {
    for (const [method, url] of [['GET', '/api/me'], ['GET', '/api/company/details'], ['POST', '/api/uploads']] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(401);
    }
  });
});
