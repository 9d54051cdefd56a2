import {
  addDays,
  formatMoney,
  payPeriodOf,
  payrollDayLabel,
  periodLabel,
  type ClosePayrollPeriodBody,
  type DateSpan,
  type PayrollInstructorDto,
  type PayrollLineDto,
  type PayrollPeriodDto,
  type PayrollSettings,
  type PayrollSettingsBody,
  type PayrollSettingsDto,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { companyOrNotFound } from '../accounts/accounts.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { bandOfInstant } from '../hours/band-at.ts';
import { findHours } from '../hours/hours.repo.ts';
import { adjustmentLines, classLine, NO_RATE, orderLines, type PayContext } from './payroll-lines.ts';
import {
  classesById,
  classRates,
  closedPeriods,
  findSettings,
  frozenLines,
  insertClosedPeriod,
  linesOfHomePeriods,
  lockPayroll,
  saveSettings,
  studioZones,
  unpaidClassesIn,
  userName,
  type ClosedPeriodRow,
  type FrozenLineRow,
  type NewLine,
} from './payroll.repo.ts';

export interface PayrollCompany {
  id: string;
  timeZone: string;
  currency: string;
  locale: string;
}

const todayOf = (company: PayrollCompany, now: Date) => localDateOf(now, company.timeZone);

async function payContext(tx: Executor, company: PayrollCompany): Promise<PayContext> {
  const hours = await findHours(tx, company.id);
  const week = { peakHour: hours?.peakHour ?? {}, nonPeakHour: hours?.nonPeakHour ?? {} };
  return {
    rates: await classRates(tx, company.id),
    // The company's wall clock, as prices read the bands (hours.service bandAt).
    isPeak: (startsAt) => bandOfInstant(week, company.timeZone, startsAt) === 'peak',
    currency: company.currency,
    locale: company.locale,
  };
}

/**
 * The closed periods right before `span`, back to the first gap: a correction to a class of any of them
 * belongs to `span`, the earliest open period after them.
 */
function chainBefore(span: DateSpan, closed: readonly ClosedPeriodRow[]): ClosedPeriodRow[] {
  const chain: ClosedPeriodRow[] = [];
  let day = addDays(span.startsOn, -1);
  for (;;) {
    const period = closed.find((candidate) => candidate.endsOn === day);
    if (!period) return chain;
    chain.push(period);
    day = addDays(period.startsOn, -1);
  }
}

/** An open period's lines, computed now: its unpaid classes and the corrections it carries. */
export async function computeLines(
  tx: Executor,
  company: PayrollCompany,
  span: DateSpan,
  closed: readonly ClosedPeriodRow[],
): Promise<NewLine[]> {
  const context = await payContext(tx, company);
  const lines = (await unpaidClassesIn(tx, company.id, span.startsOn, span.endsOn)).map((facts) =>
    classLine(facts, context),
  );

  const chain = chainBefore(span, closed);
  if (chain.length > 0) {
    const paid = await linesOfHomePeriods(
      tx,
      company.id,
      chain.map((period) => period.id),
    );
    const paidByClass = new Map<string, FrozenLineRow[]>();
    for (const line of paid) {
      const list = paidByClass.get(line.classInstanceId!) ?? [];
      list.push(line);
      paidByClass.set(line.classInstanceId!, list);
    }
    const homeOf = new Map<string, ClosedPeriodRow>();
    for (const [classId, list] of paidByClass) {
      const homeId = list[0]!.adjustsPeriodId ?? list[0]!.periodId;
      homeOf.set(
        classId,
        chain.find((period) => period.id === homeId)!,
      );
    }
    // Classes now dated in a closed period that it never paid (added or moved in after it closed); the
    // chain has no gaps, so one read covers it.
    const earliest = chain.at(-1)!.startsOn;
    for (const facts of await unpaidClassesIn(tx, company.id, earliest, chain[0]!.endsOn)) {
      homeOf.set(
        facts.id,
        chain.find((period) => period.startsOn <= facts.localDate && facts.localDate <= period.endsOn)!,
      );
    }
    const now = new Map(
      (await classesById(tx, company.id, [...homeOf.keys()])).map((facts) => [facts.id, facts]),
    );
    for (const [classId, home] of homeOf) {
      const facts = now.get(classId) ?? null;
      const nowLine = facts && facts.status === 'scheduled' ? classLine(facts, context) : null;
      lines.push(...adjustmentLines(home, paidByClass.get(classId) ?? [], facts, nowLine));
    }
  }
  return orderLines(lines);
}

function toLineDto(line: NewLine, closed: readonly ClosedPeriodRow[]): PayrollLineDto {
  const adjusts = line.adjustsPeriodId
    ? closed.find((period) => period.id === line.adjustsPeriodId)
    : undefined;
  return {
    kind: line.kind,
    service: line.service,
    instructorId: line.instructorId,
    instructorName: line.instructorName,
    classInstanceId: line.classInstanceId,
    className: line.className,
    startsAt: line.startsAt.toISOString(),
    localDate: line.localDate,
    localTime: line.localTime,
    studioName: line.studioName,
    substituteFor: line.substituteFor,
    attendees: line.attendees,
    minutes: line.minutes,
    rateId: line.rateId,
    rateSummary: line.rateSummary,
    amount: line.amount,
    adjustsPeriod: adjusts ? { id: adjusts.id, startsOn: adjusts.startsOn, endsOn: adjusts.endsOn } : null,
    note: line.note,
    noRate: line.kind === 'class' && line.rateSummary === NO_RATE,
  };
}

/** Lines (already in order) grouped per instructor, in the order they first appear. */
function byInstructor(lines: PayrollLineDto[]): PayrollInstructorDto[] {
  const groups = new Map<string, PayrollInstructorDto>();
  for (const line of lines) {
    let group = groups.get(line.instructorId);
    if (!group) {
      group = {
        instructorId: line.instructorId,
        instructorName: line.instructorName,
        lines: [],
        classes: 0,
        subtotal: 0,
      };
      groups.set(line.instructorId, group);
    }
    group.lines.push(line);
    group.subtotal += line.amount;
    if (line.kind === 'class') group.classes += 1;
  }
  return [...groups.values()];
}

function warningsOf(lines: PayrollLineDto[]): string[] {
  const noRate = new Map<string, { name: string; service: PayrollLineDto['service']; count: number }>();
  for (const line of lines) {
    if (!line.noRate) continue;
    const key = `${line.instructorName}|${line.service}`;
    const so = noRate.get(key) ?? { name: line.instructorName, service: line.service, count: 0 };
    noRate.set(key, { ...so, count: so.count + 1 });
  }
  const what = (service: PayrollLineDto['service'], count: number) =>
    service === 'appointment'
      ? count === 1
        ? 'no appointment pay rate for 1 appointment'
        : `no appointment pay rate for ${count} appointments`
      : count === 1
        ? 'no pay rate for 1 class'
        : `no pay rate for ${count} classes`;
  return [...noRate.values()].map(
    ({ name, service, count }) =>
      `${name} has ${what(service, count)}: ${count === 1 ? 'it pays' : 'they pay'} nothing until a rate is set in Staff Payrates.`,
  );
}

interface Located {
  company: PayrollCompany;
  closed: ClosedPeriodRow[];
  settings: PayrollSettings;
  today: string;
  /**
   * The earliest today among the company's clock and its studios' clocks: a period has ended once its
   * last day is over in every studio (a studio west of the company's zone still teaches on it).
   */
  todayEverywhere: string;
  span: DateSpan;
  closedPeriod: ClosedPeriodRow | null;
}

async function todayEverywhereOf(tx: Executor, company: PayrollCompany, now: Date): Promise<string> {
  let earliest = todayOf(company, now);
  for (const zone of await studioZones(tx, company.id)) {
    const day = localDateOf(now, zone);
    if (day < earliest) earliest = day;
  }
  return earliest;
}

async function locate(
  tx: Executor,
  companyId: string,
  date: string | undefined,
  now: Date,
): Promise<Located> {
  const company = await companyOrNotFound(tx, companyId);
  const settings = await findSettings(tx, companyId);
  const closed = await closedPeriods(tx, companyId);
  const today = todayOf(company, now);
  const { span, closed: closedPeriod } = payPeriodOf(date ?? today, settings, closed);
  const todayEverywhere = await todayEverywhereOf(tx, company, now);
  return { company, closed, settings, today, todayEverywhere, span, closedPeriod };
}

async function periodAnswer(tx: Executor, where: Located): Promise<PayrollPeriodDto> {
  const { company, closed, settings, today, todayEverywhere, span, closedPeriod } = where;
  const ended = span.endsOn < todayEverywhere;
  if (closedPeriod) {
    const lines = (await frozenLines(tx, company.id, closedPeriod.id)).map((line) => toLineDto(line, closed));
    return {
      id: closedPeriod.id,
      startsOn: closedPeriod.startsOn,
      endsOn: closedPeriod.endsOn,
      frequency: closedPeriod.frequency,
      status: 'closed',
      currency: closedPeriod.currency,
      today,
      ended,
      closedAt: closedPeriod.closedAt.toISOString(),
      closedByName: closedPeriod.closedByName,
      instructors: byInstructor(lines),
      total: closedPeriod.totalAmount,
      warnings: warningsOf(lines),
      closeRefusal: null,
    };
  }
  const lines = (await computeLines(tx, company, span, closed)).map((line) => toLineDto(line, closed));
  return {
    id: null,
    startsOn: span.startsOn,
    endsOn: span.endsOn,
    frequency: settings.frequency,
    status: 'open',
    currency: company.currency,
    today,
    ended,
    closedAt: null,
    closedByName: null,
    instructors: byInstructor(lines),
    total: lines.reduce((sum, line) => sum + line.amount, 0),
    warnings: warningsOf(lines),
    closeRefusal: ended
      ? null
      : span.endsOn < today
        ? `The last day of this period, ${payrollDayLabel(span.endsOn)}, is not over yet in every studio: it can be closed once it is.`
        : `This period is still running: it can be closed from ${payrollDayLabel(addDays(span.endsOn, 1))}, once its last day is over.`,
  };
}

export async function getPeriod(db: Database, actor: Actor, date: string | undefined, now = new Date()) {
  return withTenant(db, actor.companyId, async (tx) =>
    periodAnswer(tx, await locate(tx, actor.companyId, date, now)),
  );
}

/** A closed period by id (another company's id is not found). */
export async function getClosedPeriod(db: Database, actor: Actor, periodId: string, now = new Date()) {
  return withTenant(db, actor.companyId, async (tx) => {
    const company = await companyOrNotFound(tx, actor.companyId);
    const closed = await closedPeriods(tx, actor.companyId);
    const period = closed.find((candidate) => candidate.id === periodId);
    if (!period) throw notFound('That pay period was not found.');
    return periodAnswer(tx, {
      company,
      closed,
      settings: await findSettings(tx, actor.companyId),
      today: todayOf(company, now),
      todayEverywhere: await todayEverywhereOf(tx, company, now),
      span: period,
      closedPeriod: period,
    });
  });
}

/** The largest amount payroll_lines.amount and payroll_periods.total_amount hold (integer columns). */
const MAX_STORED_AMOUNT = 2_147_483_647;

/**
 * Refuses (409) a close whose lines or total the integer columns cannot hold (rates may name up to
 * 1,000,000.00 per attendee or hour), naming the instructor whose rates to check, instead of a 500.
 */
function checkStorable(lines: readonly NewLine[], company: PayrollCompany): void {
  const subtotals = new Map<string, { name: string; amount: number; line: number }>();
  for (const line of lines) {
    const so = subtotals.get(line.instructorId) ?? { name: line.instructorName, amount: 0, line: 0 };
    so.amount += line.amount;
    so.line = Math.max(so.line, Math.abs(line.amount));
    subtotals.set(line.instructorId, so);
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const over = [...subtotals.values()].find((so) => so.line > MAX_STORED_AMOUNT);
  if (!over && Math.abs(total) <= MAX_STORED_AMOUNT) return;
  const biggest = over ?? [...subtotals.values()].sort((a, b) => b.amount - a.amount)[0];
  const limit = formatMoney(MAX_STORED_AMOUNT, company.currency, company.locale);
  throw conflict(
    `${biggest?.name ?? 'One instructor'}’s pay in this period is too large to record (more than ${limit}): check their pay rates in Staff Payrates, then close the period.`,
  );
}

/**
 * Closes the open period starting on `startsOn`: its lines, computed now, are copied into
 * payroll_lines in the same transaction, under a per-company lock so two closes never race.
 */
export async function closePeriod(
  db: Database,
  actor: Actor,
  body: ClosePayrollPeriodBody,
  now = new Date(),
) {
  return withTenant(db, actor.companyId, async (tx) => {
    await lockPayroll(tx, actor.companyId);
    const where = await locate(tx, actor.companyId, body.startsOn, now);
    if (where.closedPeriod) {
      throw conflict(`The period ${periodLabel(where.closedPeriod)} is already closed.`, {
        startsOn: 'Already closed',
      });
    }
    if (where.span.startsOn !== body.startsOn) {
      throw conflict(
        `No open period starts on ${payrollDayLabel(body.startsOn)}: the period holding that date is ${periodLabel(where.span)}. Reload and try again.`,
        { startsOn: 'Not the start of an open period' },
      );
    }
    if (where.span.endsOn >= where.todayEverywhere) {
      throw conflict(
        `The period ${periodLabel(where.span)} is still running: it can be closed once ${payrollDayLabel(where.span.endsOn)} is over.`,
        { startsOn: 'Still running' },
      );
    }
    const lines = await computeLines(tx, where.company, where.span, where.closed);
    checkStorable(lines, where.company);
    await insertClosedPeriod(
      tx,
      actor.companyId,
      {
        ...where.span,
        frequency: where.settings.frequency,
        currency: where.company.currency,
        totalAmount: lines.reduce((sum, line) => sum + line.amount, 0),
        closedAt: now,
        closedBy: actor.userId,
        closedByName: await userName(tx, actor.companyId, actor.userId),
      },
      lines,
    );
    return periodAnswer(tx, await locate(tx, actor.companyId, body.startsOn, now));
  });
}

async function settingsAnswer(tx: Executor, companyId: string, now: Date): Promise<PayrollSettingsDto> {
  const where = await locate(tx, companyId, undefined, now);
  return {
    ...where.settings,
    currentPeriod: { startsOn: where.span.startsOn, endsOn: where.span.endsOn },
    closedThrough: where.closed.at(-1)?.endsOn ?? null,
  };
}

export async function getSettings(db: Database, actor: Actor, now = new Date()) {
  return withTenant(db, actor.companyId, (tx) => settingsAnswer(tx, actor.companyId, now));
}

/**
 * Changes how often payroll runs. Never refused for closed periods: a closed period keeps its dates and
 * the open periods are clipped around it (payPeriodOf), so the first period after a change starts the
 * day after the last closed one.
 */
export async function saveSettingsFor(
  db: Database,
  actor: Actor,
  body: PayrollSettingsBody,
  now = new Date(),
) {
  return withTenant(db, actor.companyId, async (tx) => {
    await lockPayroll(tx, actor.companyId);
    await saveSettings(tx, actor.companyId, body);
    return settingsAnswer(tx, actor.companyId, now);
  });
}

/** The period a CSV names: a closed period's id, or an open or closed period's first day. */
export async function periodForCsv(db: Database, actor: Actor, reference: string, now = new Date()) {
  if (/^[0-9a-f]{24}$/.test(reference)) return getClosedPeriod(db, actor, reference, now);
  const answer = await getPeriod(db, actor, reference, now);
  if (answer.startsOn !== reference) {
    throw notFound(
      `No pay period starts on ${reference}: the period holding that date is ${periodLabel(answer)}.`,
    );
  }
  return answer;
}
