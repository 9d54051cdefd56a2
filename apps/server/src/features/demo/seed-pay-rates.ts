import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { classTemplates, instructors, payRates, payrollSettings } from '../../db/schema/index.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { addDays } from '../orders/membership-changes.ts';

type Kind = 'per_class' | 'per_attendee' | 'hourly';

interface DemoRate {
  instructor: string;
  /** A class template's own rate; absent: the instructor's rate for all classes. */
  template?: string;
  /** 'start': since the demo's pay rates were first set (four months ago); 'change': three weeks ago. */
  from: 'start' | 'change';
  kind: Kind;
  amount: number;
  peakAmount?: number;
  baseAmount?: number;
  capAmount?: number;
}

/**
 * The demo's rates (USD cents): every kind, peak amounts, a per-attendee base and cap, one template
 * override and one raise three weeks ago, so Staff Payrates shows a history and payroll a rate change
 * inside last month.
 */
export const DEMO_PAY_RATES: readonly DemoRate[] = [
  { instructor: 'Indira Instructor', from: 'start', kind: 'per_class', amount: 2500 },
  { instructor: 'Indira Instructor', from: 'change', kind: 'per_class', amount: 2800, peakAmount: 3200 },
  {
    instructor: 'Marco Reyes',
    from: 'start',
    kind: 'per_attendee',
    amount: 300,
    baseAmount: 1000,
    capAmount: 4000,
  },
  { instructor: 'Aisha Bello', from: 'start', kind: 'hourly', amount: 3000 },
  { instructor: 'Aisha Bello', template: 'Reformer Pilates', from: 'start', kind: 'per_class', amount: 4000 },
  { instructor: 'Tom Nguyen', from: 'start', kind: 'per_class', amount: 2200, peakAmount: 2600 },
];

/**
 * Issue 15's demo: pay rates for the demo company's instructors and monthly payroll. Only a business
 * with staff (solo companies have no payroll). Added only when the company has no rates yet, so a
 * second run changes nothing; rates of instructors or templates the company lacks are left out.
 */
export async function seedPayRates(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo'; timeZone: string },
  now = new Date(),
): Promise<void> {
  if (company.kind !== 'company') return;
  await tx
    .insert(payrollSettings)
    .values({ companyId: company.id, frequency: 'monthly' })
    .onConflictDoNothing();
  const [existing] = await tx
    .select({ id: payRates.id })
    .from(payRates)
    .where(eq(payRates.companyId, company.id))
    .limit(1);
  if (existing) return;

  const today = localDateOf(now, company.timeZone);
  // The first of the month four months back: "paid at this rate since 1 July".
  const start = `${addDays(today, -120).slice(0, 7)}-01`;
  const dates = { start, change: addDays(today, -21) };
  const people = await tx
    .select({ id: instructors.id, name: instructors.name })
    .from(instructors)
    .where(eq(instructors.companyId, company.id));
  const templates = await tx
    .select({ id: classTemplates.id, name: classTemplates.name })
    .from(classTemplates)
    .where(eq(classTemplates.companyId, company.id));
  const idOf = (rows: { id: string; name: string }[], name: string) =>
    rows.find((row) => row.name === name)?.id;

  const rows = DEMO_PAY_RATES.flatMap((rate) => {
    const instructorId = idOf(people, rate.instructor);
    const templateId = rate.template === undefined ? null : idOf(templates, rate.template);
    if (!instructorId || templateId === undefined) return [];
    return [
      {
        companyId: company.id,
        id: generateId(),
        instructorId,
        templateId,
        service: 'class',
        effectiveFrom: dates[rate.from],
        kind: rate.kind,
        amount: rate.amount,
        peakAmount: rate.peakAmount ?? null,
        baseAmount: rate.baseAmount ?? 0,
        capAmount: rate.capAmount ?? null,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(payRates).values(rows);
}
