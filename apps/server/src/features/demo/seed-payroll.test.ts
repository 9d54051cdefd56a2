import { describe, expect, it } from 'vitest';
import { addDays, periodContaining } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { insertCompany } from '../signup/signup.repo.ts';
import { seedDemo } from './seed-demo.ts';
import { seedPayRates } from './seed-pay-rates.ts';
import { seedPayroll } from './seed-payroll.ts';

const db = await createTestDatabase();
const MONTHLY = { frequency: 'monthly', periodAnchor: '2026-01-05' } as const;

describe('demo payroll', () => {
  it('after the demo pay rates, the demo company’s last full month is closed by its admin, once; solo and companies without rates get none', async () => {
    const now = new Date();
    await seedDemo(db.db);
    // seedDemo may already run both (seedPayRates, then seedPayroll); running them again changes nothing.
    await withPlatform(db.db, async (tx) => {
      const company = (await findCompanyBySlug(tx, 'demo'))!;
      await seedPayRates(tx, company, now);
      await seedPayroll(tx, company, now);
    });
    const run = (slug: string) =>
      withPlatform(db.db, async (tx) => seedPayroll(tx, (await findCompanyBySlug(tx, slug))!, now));
    expect(await run('demo')).toEqual({ closed: false });
    expect(await run('solo-demo')).toEqual({ closed: false });
    const withoutRates = await withPlatform(db.db, async (tx) => {
      const company = await insertCompany(tx, {
        id: generateId(),
        slug: `no-rates-${generateId().slice(-6)}`,
        name: 'No Rates Yet',
        kind: 'company',
        timeZone: 'America/New_York',
        email: 'hello@no-rates.test',
      });
      return seedPayroll(tx, company, now);
    });
    expect(withoutRates).toEqual({ closed: false });

    const month = periodContaining(
      addDays(periodContaining(localDateOf(now, 'America/New_York'), MONTHLY).startsOn, -1),
      MONTHLY,
    );
    const { rows: periods } = await db.pool.query(
      `select p.starts_on::text, p.ends_on::text, p.total_amount, p.closed_by_name, c.slug,
         (select count(*)::int from payroll_lines l where l.period_id = p.id) as lines,
         (select count(*)::int from payroll_lines l where l.period_id = p.id and l.amount > 0) as paid,
         (select sum(amount)::int from payroll_lines l where l.period_id = p.id) as sum
       from payroll_periods p join companies c on c.id = p.company_id`,
    );
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({
      slug: 'demo',
      starts_on: month.startsOn,
      ends_on: month.endsOn,
      closed_by_name: 'Avery Admin',
    });
    // The demo's timetable reaches six weeks back, so last month had classes, paid at the demo's rates.
    expect(periods[0].lines).toBeGreaterThan(0);
    expect(periods[0].paid).toBeGreaterThan(0);
    expect(periods[0].sum).toBe(periods[0].total_amount);
  });
});
