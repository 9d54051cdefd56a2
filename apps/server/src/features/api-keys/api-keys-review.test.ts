import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { withPlatform } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../plugins/passwords.ts';
import { bearer, PASSWORD, signUpCompany } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';

/**
 * Review of API keys (issue 18 §3): a key acts as an admin with every ability but manageStaff, so only
 * someone who holds all of those may make one — not a staff member given Manage settings alone.
 */
const { app, db } = await createTestApp();

describe('who may create an API key', () => {
  it('refuses a staff member with manageSettings but not the abilities a key would have', async () => {
    const owner = await signUpCompany(app);
    const companyId = owner.session.company.id as string;
    const email = `settings-only-${generateId()}@example.com`;
    await withPlatform(db.db, async (tx) =>
      tx.insert(users).values({
        companyId,
        id: generateId(),
        role: 'staff',
        name: 'Sam Settings',
        email,
        passwordHash: await hashPassword(PASSWORD),
        abilities: ['manageSettings', 'checkIn'],
      }),
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD, roleId: 'staff', companyId },
    });
    expect(login.statusCode, login.body).toBe(200);
    const staff = bearer(login.json().data.token as string);
    // What the staff member cannot see themselves.
    expect(
      (await app.inject({ method: 'GET', url: '/api/exports/archive', headers: staff })).statusCode,
    ).toBe(403);

    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: staff,
      payload: { name: 'Mine', scope: 'read', rateLimitPerMinute: 60 },
    });
    if (created.statusCode === 201) {
      const key = bearer(created.json().data.key as string);
      const archive = await app.inject({ method: 'GET', url: '/api/exports/archive', headers: key });
      expect(archive.statusCode, 'the key exported what its maker may not').not.toBe(200);
    }
    expect(created.statusCode, created.body).toBe(403);
    expect(created.json().message).toMatch(/admin/i);
    // The list stays open to them (Settings › API Keys).
    expect((await app.inject({ method: 'GET', url: '/api/api-keys', headers: staff })).statusCode).toBe(200);
  });

  it('stops a key whose maker is deactivated, and holds it to what its maker may still do', async () => {
    const owner = await signUpCompany(app);
    const companyId = owner.session.company.id as string;
    async function adminWithKey(name: string) {
      const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${generateId()}@example.com`;
      const id = generateId();
      await withPlatform(db.db, async (tx) =>
        tx.insert(users).values({
          companyId,
          id,
          role: 'admin',
          name,
          email,
          passwordHash: await hashPassword(PASSWORD),
        }),
      );
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: PASSWORD, roleId: 'admin', companyId },
      });
      expect(login.statusCode, login.body).toBe(200);
      const created = await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: bearer(login.json().data.token as string),
        payload: { name: `${name}'s key`, scope: 'read', rateLimitPerMinute: 60 },
      });
      expect(created.statusCode, created.body).toBe(201);
      return { id, key: bearer(created.json().data.key as string) };
    }
    const leaving = await adminWithKey('Lee Leaving');
    expect((await app.inject({ method: 'GET', url: '/api/studios', headers: leaving.key })).statusCode).toBe(
      200,
    );
    const deactivated = await app.inject({
      method: 'POST',
      url: `/api/staff-members/${leaving.id}/deactivate`,
      headers: bearer(owner.session.token),
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/studios', headers: leaving.key });
    expect(after.statusCode, after.body).toBe(401);
    expect(after.json().message).toMatch(/deactivated/);

    const demoted = await adminWithKey('Dee Demoted');
    expect(
      (await app.inject({ method: 'GET', url: '/api/reports/revenue', headers: demoted.key })).statusCode,
    ).not.toBe(403);
    await withPlatform(db.db, (tx) =>
      tx
        .update(users)
        .set({ role: 'staff', abilities: ['checkIn'] })
        .where(and(eq(users.companyId, companyId), eq(users.id, demoted.id))),
    );
    const revenue = await app.inject({ method: 'GET', url: '/api/reports/revenue', headers: demoted.key });
    expect(revenue.statusCode, revenue.body).toBe(403);
    expect(revenue.json().message).toMatch(/no longer allowed/);
    // What the maker may still do, the key still does.
    expect(
      (await app.inject({ method: 'GET', url: '/api/front-desk', headers: demoted.key })).statusCode,
    ).not.toBe(403);
  });
});
