import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { ensurePlatformAdmin } from './platform-admin.ts';
import { seedDemo } from './seed-demo.ts';

const db = await createTestDatabase();

const count = async (table: string) =>
  (await db.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n as number;

describe('demo data', () => {
  it('seeds demo and solo-demo with every role, and a second run changes nothing', async () => {
    expect(await seedDemo(db.db)).toEqual({ created: true });
    const { rows } = await db.pool.query(
      `select c.slug, c.kind, u.role, u.email from users u join companies c on c.id = u.company_id order by c.slug, u.email`,
    );
    expect(rows).toEqual([
      { slug: 'demo', kind: 'company', role: 'admin', email: 'admin@demo.test' },
      { slug: 'demo', kind: 'company', role: 'client', email: 'client@demo.test' },
      { slug: 'demo', kind: 'company', role: 'instructor', email: 'instructor@demo.test' },
      { slug: 'demo', kind: 'company', role: 'staff', email: 'staff@demo.test' },
      { slug: 'solo-demo', kind: 'solo', role: 'solo-client', email: 'client@solo-demo.test' },
      { slug: 'solo-demo', kind: 'solo', role: 'solo-instructor', email: 'instructor@solo-demo.test' },
    ]);
    expect(await seedDemo(db.db)).toEqual({ created: false });
    expect(await count('users')).toBe(6);
    expect(await count('companies')).toBe(2);
  });

  it('creates the platform admin from its variables once, with no company', async () => {
    await ensurePlatformAdmin(db.db, 'Root@Example.com', 'a-long-platform-password-1');
    await ensurePlatformAdmin(db.db, 'root@example.com', 'a-long-platform-password-1');
    const { rows } = await db.pool.query('select email, password_hash from platform_users');
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe('root@example.com');
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });
});
