import type {
  PayRateDto,
  PayRateListDto,
  PayRateListItemDto,
  PayRateStatus,
  PayRateUpdateValues,
  PayRateValues,
} from '@kinetic/shared';
import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import { classTemplates, instructors, payRates, payrollPeriods } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { companyOrNotFound } from '../accounts/accounts.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { addDays, dayText } from '../orders/membership-changes.ts';

/**
 * Pay rates (issue 15 §3). A rate applies from its date until the next rate of the same instructor,
 * service and template. The past is never rewritten: a rate whose date has come (on the company's clock)
 * is neither edited nor deleted, and no rate may start on or before the end of a closed payroll period.
 */

export type PayRateRow = typeof payRates.$inferSelect;

const RATE_NOT_FOUND = 'We could not find that pay rate.';
const INSTRUCTOR_NOT_FOUND = 'We could not find that instructor.';
const TEMPLATE_NOT_FOUND = 'We could not find that class template.';

export function toPayRateDto(row: PayRateRow): PayRateDto {
  return {
    id: row.id,
    instructorId: row.instructorId,
    templateId: row.templateId,
    service: row.service === 'appointment' ? 'appointment' : 'class',
    effectiveFrom: row.effectiveFrom,
    kind: row.kind,
    amount: row.amount,
    peakAmount: row.peakAmount,
    baseAmount: row.baseAmount,
    capAmount: row.capAmount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's today, its currency and the last day of its latest closed payroll period. */
async function companyClock(tx: Executor, companyId: string, now: Date) {
  const company = await companyOrNotFound(tx, companyId);
  const [closed] = await tx
    .select({ endsOn: max(payrollPeriods.endsOn) })
    .from(payrollPeriods)
    .where(eq(payrollPeriods.companyId, companyId));
  return {
    today: localDateOf(now, company.timeZone),
    currency: company.currency,
    closedThrough: closed?.endsOn ?? null,
  };
}

/**
 * In force, scheduled or past: among the rates of one instructor, service and template, the latest that
 * has started is in force, later ones are scheduled, earlier ones past.
 */
export function payRateStatuses(
  rates: readonly Pick<PayRateRow, 'id' | 'instructorId' | 'service' | 'templateId' | 'effectiveFrom'>[],
  today: string,
): Map<string, PayRateStatus> {
  const inForce = new Map<string, { id: string; effectiveFrom: string }>();
  const key = (rate: (typeof rates)[number]) =>
    `${rate.instructorId}|${rate.service}|${rate.templateId ?? ''}`;
  for (const rate of rates) {
    if (rate.effectiveFrom > today) continue;
    const current = inForce.get(key(rate));
    if (!current || rate.effectiveFrom > current.effectiveFrom) inForce.set(key(rate), rate);
  }
  return new Map(
    rates.map((rate) => [
      rate.id,
      rate.effectiveFrom > today ? 'scheduled' : inForce.get(key(rate))?.id === rate.id ? 'in_force' : 'past',
    ]),
  );
}

export async function listPayRates(
  db: Database,
  actor: Actor,
  instructorId: string | undefined,
  now = new Date(),
): Promise<PayRateListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const clock = await companyClock(tx, actor.companyId, now);
    if (instructorId !== undefined) await instructorOrNotFound(tx, actor.companyId, instructorId);
    const rows = await tx
      .select({ rate: payRates, instructorName: instructors.name, templateName: classTemplates.name })
      .from(payRates)
      .innerJoin(
        instructors,
        and(eq(instructors.companyId, payRates.companyId), eq(instructors.id, payRates.instructorId)),
      )
      .leftJoin(
        classTemplates,
        and(eq(classTemplates.companyId, payRates.companyId), eq(classTemplates.id, payRates.templateId)),
      )
      .where(
        and(
          eq(payRates.companyId, actor.companyId),
          instructorId === undefined ? undefined : eq(payRates.instructorId, instructorId),
        ),
      )
      .orderBy(
        asc(sql`lower(${instructors.name})`),
        asc(instructors.id),
        asc(payRates.service),
        sql`${payRates.templateId} is not null`,
        asc(sql`lower(${classTemplates.name})`),
        asc(payRates.templateId),
        desc(payRates.effectiveFrom),
      );
    const statuses = payRateStatuses(
      rows.map((row) => row.rate),
      clock.today,
    );
    const items = rows.map((row): PayRateListItemDto => ({
      ...toPayRateDto(row.rate),
      instructorName: row.instructorName,
      templateName: row.templateName,
      status: statuses.get(row.rate.id) ?? 'past',
    }));
    return { items, total: items.length, ...clock };
  });
}

async function instructorOrNotFound(tx: Executor, companyId: string, instructorId: string) {
  const [row] = await tx
    .select({ id: instructors.id, name: instructors.name })
    .from(instructors)
    .where(and(eq(instructors.companyId, companyId), eq(instructors.id, instructorId)));
  if (!row) throw notFound(INSTRUCTOR_NOT_FOUND);
  return row;
}

async function checkTemplate(tx: Executor, companyId: string, values: PayRateUpdateValues): Promise<void> {
  if (values.templateId === null) return;
  if (values.service === 'appointment') {
    const message = 'An appointment rate applies to all appointments; leave the class template empty.';
    throw badRequest(message, { templateId: message });
  }
  const [row] = await tx
    .select({ id: classTemplates.id })
    .from(classTemplates)
    .where(and(eq(classTemplates.companyId, companyId), eq(classTemplates.id, values.templateId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
}

/**
 * Waits for a payroll period being closed at this moment (payroll's per-company lock, the same key), so
 * a rate can never slip in on a date that a close running alongside is about to lock.
 */
async function lockPayroll(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll:${companyId}`}))`);
}

/** Refuses a start date on or before the end of the latest closed payroll period. */
function checkNotClosed(effectiveFrom: string, closedThrough: string | null): void {
  if (closedThrough === null || effectiveFrom > closedThrough) return;
  const message = `Payroll is closed up to ${dayText(closedThrough)}; rates can start from ${dayText(addDays(closedThrough, 1))}.`;
  throw conflict(message, { effectiveFrom: message });
}

/** A second rate of the same instructor and template from the same date: 409 naming the date. */
async function guardDate<T>(effectiveFrom: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = `There is already a rate from ${dayText(effectiveFrom)} for these classes. Edit that one if it is still to come, or choose another date.`;
    throw conflict(message, { effectiveFrom: message });
  }
}

/** The rate, locked for the change; 409 unless it is still to come. */
async function scheduledRate(
  tx: Executor,
  companyId: string,
  payRateId: string,
  today: string,
  doing: 'edited' | 'deleted',
): Promise<PayRateRow & { instructorName: string }> {
  const [row] = await tx
    .select({ rate: payRates, instructorName: instructors.name })
    .from(payRates)
    .innerJoin(
      instructors,
      and(eq(instructors.companyId, payRates.companyId), eq(instructors.id, payRates.instructorId)),
    )
    .where(and(eq(payRates.companyId, companyId), eq(payRates.id, payRateId)))
    .for('update', { of: payRates });
  if (!row) throw notFound(RATE_NOT_FOUND);
  if (row.rate.effectiveFrom <= today) {
    throw conflict(
      `This rate has applied since ${dayText(row.rate.effectiveFrom)}, so it cannot be ${doing}: classes already taught keep the rate they were paid at. To change what ${row.instructorName} is paid, add a new rate from the date it should change.`,
    );
  }
  return { ...row.rate, instructorName: row.instructorName };
}

export async function createPayRate(
  db: Database,
  actor: Actor,
  values: PayRateValues,
  now = new Date(),
): Promise<PayRateDto> {
  return guardDate(values.effectiveFrom, () =>
    withTenant(db, actor.companyId, async (tx) => {
      await lockPayroll(tx, actor.companyId);
      const clock = await companyClock(tx, actor.companyId, now);
      await instructorOrNotFound(tx, actor.companyId, values.instructorId);
      await checkTemplate(tx, actor.companyId, values);
      checkNotClosed(values.effectiveFrom, clock.closedThrough);
      const [row] = await tx
        .insert(payRates)
        .values({ companyId: actor.companyId, id: generateId(), createdBy: actor.userId, ...values })
        .returning();
      if (!row) throw new Error('Adding the pay rate returned no row.');
      return toPayRateDto(row);
    }),
  );
}

/** Changes a rate that is still to come (its date after the company's today). */
export async function updatePayRate(
  db: Database,
  actor: Actor,
  payRateId: string,
  values: PayRateUpdateValues,
  now = new Date(),
): Promise<PayRateDto> {
  return guardDate(values.effectiveFrom, () =>
    withTenant(db, actor.companyId, async (tx) => {
      await lockPayroll(tx, actor.companyId);
      const clock = await companyClock(tx, actor.companyId, now);
      await scheduledRate(tx, actor.companyId, payRateId, clock.today, 'edited');
      await checkTemplate(tx, actor.companyId, values);
      checkNotClosed(values.effectiveFrom, clock.closedThrough);
      const [row] = await tx
        .update(payRates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(payRates.companyId, actor.companyId), eq(payRates.id, payRateId)))
        .returning();
      if (!row) throw notFound(RATE_NOT_FOUND);
      return toPayRateDto(row);
    }),
  );
}

/** Deletes a rate that is still to come; the rate before it stays in force. */
export async function deletePayRate(
  db: Database,
  actor: Actor,
  payRateId: string,
  now = new Date(),
): Promise<void> {
  await withTenant(db, actor.companyId, async (tx) => {
    const clock = await companyClock(tx, actor.companyId, now);
    await scheduledRate(tx, actor.companyId, payRateId, clock.today, 'deleted');
    await tx.delete(payRates).where(and(eq(payRates.companyId, actor.companyId), eq(payRates.id, payRateId)));
  });
}
