import { describe, expect, it } from 'vitest';
import { addDays, periodContaining } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { seedDemo } from './seed-demo.ts';
import { seedPayroll } from './seed-payroll.ts';

const db = await createTestDatabase();

describe('demo payroll', () => {
  it('closes the demo company’s last full month once its instructors have rates; the solo demo and a company without rates get none', async () => {
    await seedDemo(db.db);
    const now = new Date();
    const run = (slug: string) =>
      withPlatform(db.db, async (tx) => seedPayroll(tx, (await findCompanyBySlug(tx, slug))!, now));

    // No rates yet: nothing to pay, nothing closed.
    expect(await run('demo')).toEqual({ closed: false });
    const company = (await db.pool.query(`select id from companies where slug = 'demo'`)).rows[0]
      .id as string;
    const { rows: people } = await db.pool.query(
      `select id from instructors where company_id = $1 order by name`,
      [company],
    );
    for (const person of people) {
      await db.pool.query(
        `insert into pay_rates (company_id, id, instructor_id, effective_from, kind, amount) values ($1, $2, $3, '2020-01-01', 'per_class', 3000)`,
        [company, generateId(), person.id],
      );
    }
    expect(await run('demo')).toEqual({ closed: true });
    expect(await run('demo')).toEqual({ closed: false });
    expect(await run('solo-demo')).toEqual({ closed: false });

    const month = periodContaining(
      addDays(
        periodContaining(localDateOf(now, 'America/New_York'), {
          frequency: 'monthly',
          periodAnchor: '2026-01-05',
        }).startsOn,
        -1,
      ),
      {
        frequency: 'monthly',
        periodAnchor: '2026-01-05',
      },
    );
    const { rows: periods } = await db.pool.query(
      `select p.starts_on::text, p.ends_on::text, p.total_amount, p.closed_by_name,
         (select count(*)::int from payroll_lines l where l.period_id = p.id) as lines,
         (select sum(amount)::int from payroll_lines l where l.period_id = p.id) as sum
       from payroll_periods p`,
    );
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({
      starts_on: month.startsOn,
      ends_on: month.endsOn,
      closed_by_name: 'Avery Admin',
    });
    // The demo's timetable reaches six weeks back, so last month had classes, each paid 30.00.
    expect(periods[0].lines).toBeGreaterThan(0);
    expect(periods[0].total_amount).toBe(periods[0].lines * 3000);
    expect(periods[0].sum).toBe(periods[0].total_amount);
  });
});
