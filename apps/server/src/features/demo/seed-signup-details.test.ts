import { describe, expect, it } from 'vitest';
import { abilitiesOf } from '@kinetic/shared';
import { createTestDatabase } from '../../test/harness.ts';
import { getClientInsights } from '../client-insights/client-insights.service.ts';
import { seedDemo } from './seed-demo.ts';

const db = await createTestDatabase();

describe('demo sign-up details', () => {
  it('Casey Client and a few regulars have told the studio about themselves, in the spec’s keys; twice seeded, once stored', async () => {
    await seedDemo(db.db);
    await seedDemo(db.db);
    const { rows } = await db.pool.query<{
      name: string;
      planning_unit: string | null;
      home: string | null;
      income: string | null;
    }>(
      `select u.name, d.planning_unit, s.name as home, d.income_band_to_120k as income
         from client_signup_details d
         join users u on u.company_id = d.company_id and u.id = d.user_id
         join companies c on c.id = d.company_id
         left join studios s on s.company_id = d.company_id and s.id = d.home_studio_id
        where c.slug = 'demo'`,
    );
    expect(rows.find((row) => row.name === 'Casey Client')).toMatchObject({ planning_unit: 'M' });
    expect(rows.every((row) => row.home !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.home))).toEqual(new Set(['Midtown', 'Decatur']));
    expect(rows.some((row) => row.income === 'between910000-120000')).toBe(true);
    // About 150 clients: most answered, about one in eight never did.
    expect(rows.length).toBeGreaterThan(115);
    expect(rows.length).toBeLessThan(145);
    const solo = await db.pool.query(
      `select u.name from client_signup_details d join users u on u.company_id = d.company_id and u.id = d.user_id
         join companies c on c.id = d.company_id where c.slug = 'solo-demo'`,
    );
    expect(solo.rows.map((row: { name: string }) => row.name)).toContain('Cleo Client');
  });

  it('gives a newcomer real insights: every §9 question spread over its answers, some preferring not to say', async () => {
    await seedDemo(db.db);
    const company = await db.pool.query(`select id from companies where slug = 'demo'`);
    const actor = {
      sessionId: '',
      userId: '',
      companyId: company.rows[0].id as string,
      roleId: 'admin' as const,
      abilities: abilitiesOf('admin', null),
    };
    const data = await getClientInsights(db.db, actor, {});
    expect(data.clients).toBeGreaterThanOrEqual(130);
    const groups = (key: string) =>
      data.breakdowns.find((item) => item.key === key)!.groups.map((group) => group.key);
    expect(groups('age').length).toBeGreaterThanOrEqual(5);
    expect(groups('raceEthnicity')).toContain('prefer_not_to_respond');
    expect(groups('raceEthnicity')).toContain('not_answered');
    expect(groups('industry').length).toBeGreaterThanOrEqual(5);
    expect(groups('planningUnit')).toContain('non-atlanta');
    expect(groups('incomeBandTo200k').length).toBeGreaterThanOrEqual(3);
    expect(groups('incomeBandTo120k').length).toBeGreaterThanOrEqual(3);
    // Joined over eight months; the first visits of the six weeks give a 30-day retention.
    expect(data.newClientsByMonth.filter((month) => month.count !== null).length).toBeGreaterThanOrEqual(5);
    expect(data.retention[0]?.cohort).not.toBeNull();
    expect(data.retention[0]?.percent).toBeGreaterThan(50);
    expect(data.retention[0]?.percent).toBeLessThan(100);
    expect(data.busiestClasses.length).toBeGreaterThanOrEqual(5);
    expect(data.fillRate.map((band) => band.band)).toContain('peak');
    expect(data.fillRate.every((band) => band.percent !== null)).toBe(true);
  });
});
