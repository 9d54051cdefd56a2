import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { seedDemo } from './seed-demo.ts';

const db = await createTestDatabase();

describe('demo sign-up details', () => {
  it('Casey Client and a few regulars have told the studio about themselves, in the spec’s keys; twice seeded, once stored', async () => {
    await seedDemo(db.db);
    await seedDemo(db.db);
    const { rows } = await db.pool.query<{ name: string; planning_unit: string | null; home: string | null; income: string | null }>(
      `select u.name, d.planning_unit, s.name as home, d.income_band_to_120k as income
         from client_signup_details d
         join users u on u.company_id = d.company_id and u.id = d.user_id
         join companies c on c.id = d.company_id
         left join studios s on s.company_id = d.company_id and s.id = d.home_studio_id
        where c.slug = 'demo'`,
    );
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.name === 'Casey Client')).toMatchObject({ planning_unit: 'M' });
    expect(rows.every((row) => row.home !== null)).toBe(true);
    expect(rows.map((row) => row.planning_unit).sort()).toEqual(['M', 'N', 'dont-know', 'non-atlanta']);
    expect(rows.some((row) => row.income === 'between910000-120000')).toBe(true);
    const solo = await db.pool.query(
      `select u.name from client_signup_details d join users u on u.company_id = d.company_id and u.id = d.user_id
         join companies c on c.id = d.company_id where c.slug = 'solo-demo'`,
    );
    expect(solo.rows.map((row: { name: string }) => row.name)).toContain('Cleo Client');
  });
});
