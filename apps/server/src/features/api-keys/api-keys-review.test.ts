import { describe, expect, it } from 'vitest';
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
});
