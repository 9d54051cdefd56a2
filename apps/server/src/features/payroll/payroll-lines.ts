import {
  payForClass,
  payRateInForce,
  payRateSummary,
  periodLabel,
  usesPeakAmount,
  type DateSpan,
} from '@kinetic/shared';
import { localTimeOf } from '../fitness-sessions/zoned-time.ts';
import type { ClassFacts, FrozenLineRow, NewLine, RateRow } from './payroll.repo.ts';

/** What a line says when no rate was in force for its class. */
export const NO_RATE = 'No rate set';

export interface PayContext {
  rates: readonly RateRow[];
  /** Whether an instant is in the company's peak hours (the hours page's band). */
  isPeak: (startsAt: Date) => boolean;
  currency: string;
  locale: string;
}

/**
 * A class's pay as computed now: paid to the instance's instructor (the substitute when there is one).
 * An appointment is paid the same way at the instructor's rate for appointments (service 'appointment',
 * never a template's), and its line names the appointment type.
 */
export function classLine(facts: ClassFacts, context: PayContext): NewLine {
  const rates = context.rates.filter((rate) => rate.service === facts.service);
  const rate = payRateInForce(rates, facts.instructorId, facts.templateId, facts.localDate);
  const peak = context.isPeak(facts.startsAt);
  const substituteFor =
    facts.seriesInstructorId && facts.seriesInstructorId !== facts.instructorId
      ? facts.seriesInstructorName
      : null;
  // An appointment rate's "per class" reads "per appointment" on its line.
  const said = rate ? payRateSummary(rate, context.currency, context.locale) : '';
  const summary = rate
    ? `${facts.service === 'appointment' ? said.replaceAll(' per class', ' per appointment') : said}${usesPeakAmount(rate, peak) ? ' (peak)' : ''}`
    : NO_RATE;
  return {
    kind: 'class',
    service: facts.service,
    instructorId: facts.instructorId,
    instructorName: facts.instructorName,
    classInstanceId: facts.id,
    className: facts.className,
    startsAt: facts.startsAt,
    localDate: facts.localDate,
    localTime: localTimeOf(facts.startsAt, facts.studioZone),
    studioName: facts.studioName,
    substituteFor,
    attendees: facts.attendees,
    minutes: facts.minutes,
    rateId: rate?.id ?? null,
    rateSummary: summary,
    amount: rate ? payForClass(rate, { attendees: facts.attendees, minutes: facts.minutes, peak }) : 0,
    adjustsPeriodId: null,
    note: rate
      ? null
      : facts.service === 'appointment'
        ? 'No appointment pay rate was in force for this appointment: set one in Staff Payrates.'
        : 'No pay rate was in force for this class: set one in Staff Payrates.',
  };
}

/** Why a class's pay changed since the line it was last paid on, in words that name the closed period. */
function reasons(before: FrozenLineRow, now: NewLine, closed: string): string {
  const found: string[] = [];
  if (before.localDate !== now.localDate || before.localTime !== now.localTime) {
    found.push(
      `Moved after ${closed} closed: ${before.localDate} ${before.localTime} → ${now.localDate} ${now.localTime}`,
    );
  }
  if (before.attendees !== now.attendees) {
    found.push(`Attendance changed after ${closed} closed: ${before.attendees} → ${now.attendees} attendees`);
  }
  if (before.minutes !== now.minutes) {
    found.push(`Length changed after ${closed} closed: ${before.minutes} → ${now.minutes} minutes`);
  }
  if (before.rateSummary !== now.rateSummary || before.rateId !== now.rateId) {
    found.push(`Rate changed after ${closed} closed: ${before.rateSummary} → ${now.rateSummary}`);
  }
  return found.length > 0 ? found.join('; ') : `Pay recalculated after ${closed} closed`;
}

/**
 * The adjustment lines of one class whose home is a closed period: for each instructor, what the class
 * pays them now minus everything already paid (its frozen class line and earlier frozen adjustments).
 * `now` is the class as it is (null when deleted), `nowLine` its pay (null when cancelled or deleted).
 * Nothing is answered when the figures agree, so a correction appears once and never again.
 */
export function adjustmentLines(
  home: DateSpan & { id: string },
  paid: readonly FrozenLineRow[],
  now: ClassFacts | null,
  nowLine: NewLine | null,
): NewLine[] {
  const closed = `the period ${periodLabel(home)}`;
  const paidTo = new Map<string, { amount: number; last: FrozenLineRow }>();
  for (const line of paid) {
    const so = paidTo.get(line.instructorId);
    paidTo.set(line.instructorId, { amount: (so?.amount ?? 0) + line.amount, last: line });
  }
  const lines: NewLine[] = [];
  if (nowLine) {
    const before = paidTo.get(nowLine.instructorId);
    const difference = nowLine.amount - (before?.amount ?? 0);
    if (difference !== 0) {
      const previous = paid.at(-1);
      const note = before
        ? reasons(before.last, nowLine, closed)
        : previous
          ? `Taught instead of ${previous.instructorName} (recorded after ${closed} closed)`
          : `Class added after ${closed} closed`;
      lines.push({ ...nowLine, kind: 'adjustment', amount: difference, adjustsPeriodId: home.id, note });
    }
  }
  for (const [instructorId, so] of paidTo) {
    if (instructorId === nowLine?.instructorId || so.amount === 0) continue;
    const why = !now
      ? `Class deleted after ${closed} closed`
      : now.status !== 'scheduled'
        ? `Class cancelled after ${closed} closed`
        : `Taught by ${now.instructorName} instead (recorded after ${closed} closed)`;
    const { id: _id, periodId: _period, position: _position, ...last } = so.last;
    lines.push({ ...last, kind: 'adjustment', amount: -so.amount, adjustsPeriodId: home.id, note: why });
  }
  return lines;
}

/** Lines in the order a period lists them: instructor by name, class lines by time, then adjustments by time. */
export function orderLines<Line extends NewLine>(lines: Line[]): Line[] {
  return [...lines].sort(
    (a, b) =>
      a.instructorName.localeCompare(b.instructorName, 'en') ||
      a.instructorId.localeCompare(b.instructorId) ||
      (a.kind === b.kind ? 0 : a.kind === 'class' ? -1 : 1) ||
      a.startsAt.getTime() - b.startsAt.getTime() ||
      (a.classInstanceId ?? '').localeCompare(b.classInstanceId ?? ''),
  );
}
