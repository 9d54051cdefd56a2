import { sql } from 'drizzle-orm';
import { addDays, payPeriodOf, periodContaining } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { closedPeriods, findSettings, insertClosedPeriod } from '../payroll/payroll.repo.ts';
import { computeLines, type PayrollCompany } from '../payroll/payroll.service.ts';

/**
 * The demo's payroll (issue 15 §4): the company's last full pay period closed by its admin, so the demo
 * shows a closed period beside the open one. Needs the instructors' pay rates (seed them first): without
 * any it closes nothing, and it closes nothing twice. Solo companies have no payroll.
 */
export async function seedPayroll(
  tx: Executor,
  company: PayrollCompany & { kind: 'company' | 'solo' },
  now = new Date(),
): Promise<{ closed: boolean }> {
  if (company.kind !== 'company') return { closed: false };
  const { rows: rates } = await tx.execute(
    sql`select 1 from pay_rates where company_id = ${company.id} limit 1`,
  );
  if (rates.length === 0) return { closed: false };
  const closed = await closedPeriods(tx, company.id);
  if (closed.length > 0) return { closed: false };
  const settings = await findSettings(tx, company.id);
  const today = localDateOf(now, company.timeZone);
  const current = periodContaining(today, settings);
  const { span } = payPeriodOf(addDays(current.startsOn, -1), settings, closed);
  const { rows: admins } = await tx.execute<{ id: string; name: string }>(sql`
    select id, name from users where company_id = ${company.id} and role = 'admin' order by id limit 1`);
  const admin = admins[0];
  const lines = await computeLines(tx, company, span, closed);
  await insertClosedPeriod(
    tx,
    company.id,
    {
      ...span,
      frequency: settings.frequency,
      currency: company.currency,
      totalAmount: lines.reduce((sum, line) => sum + line.amount, 0),
      // Closed on the first morning after it ended, as an owner would.
      closedAt: new Date(Math.min(now.getTime(), Date.parse(`${addDays(span.endsOn, 1)}T14:00:00Z`))),
      closedBy: admin?.id ?? null,
      closedByName: admin?.name ?? 'Demo admin',
    },
    lines,
  );
  return { closed: true };
}
