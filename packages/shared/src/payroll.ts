import { z } from 'zod';
import { rateInForce, type PayRateAmounts, type PayRateDto } from './pay-rates.ts';
import { localDateSchema } from './schedule.ts';

/**
 * Payroll (issue 15 §4): pay periods, the rate in force for a class, and what a class pays. Pure
 * functions shared by the server (which computes and freezes periods) and the web page (navigation).
 * Dates are "YYYY-MM-DD" calendar dates; money is whole minor units.
 */

export const PAY_FREQUENCY_VALUES = ['weekly', 'fortnightly', 'monthly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCY_VALUES)[number];
export const PAY_FREQUENCY_LABELS: Record<PayFrequency, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
};

export interface PayrollSettings {
  frequency: PayFrequency;
  /** Weekly and fortnightly periods start on this date's weekday; fortnights are counted from it. */
  periodAnchor: string;
}

export interface DateSpan {
  startsOn: string;
  endsOn: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
};
const fromDayNumber = (days: number): string => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** `date` moved by `days` calendar days. */
export const addDays = (date: string, days: number): string => fromDayNumber(dayNumber(date) + days);

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

const modulo = (value: number, by: number) => ((value % by) + by) % by;

/** The pay period that holds `date` under the settings alone (closed periods aside). */
export function periodContaining(date: string, settings: PayrollSettings): DateSpan {
  if (settings.frequency === 'monthly') {
    const [y, m] = date.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const month = String(m).padStart(2, '0');
    return { startsOn: `${y}-${month}-01`, endsOn: `${y}-${month}-${String(last).padStart(2, '0')}` };
  }
  const length = settings.frequency === 'weekly' ? 7 : 14;
  const startsOn = addDays(date, -modulo(daysBetween(settings.periodAnchor, date), length));
  return { startsOn, endsOn: addDays(startsOn, length - 1) };
}

export const previousPeriod = (period: DateSpan, settings: PayrollSettings): DateSpan =>
  periodContaining(addDays(period.startsOn, -1), settings);

export const nextPeriod = (period: DateSpan, settings: PayrollSettings): DateSpan =>
  periodContaining(addDays(period.endsOn, 1), settings);

/**
 * The period a date belongs to once some periods are closed: a closed period is what it was when it
 * closed; otherwise the settings' period, clipped so it never overlaps a closed one. Clipping (rather
 * than refusing a change of frequency) means a company can go from weekly to monthly at any time: the
 * first monthly period simply starts the day after the last closed week, so no day is paid twice or
 * skipped.
 */
export function payPeriodOf<Closed extends DateSpan>(
  date: string,
  settings: PayrollSettings,
  closed: readonly Closed[],
): { span: DateSpan; closed: Closed | null } {
  for (const period of closed) {
    if (period.startsOn <= date && date <= period.endsOn) return { span: period, closed: period };
  }
  let { startsOn, endsOn } = periodContaining(date, settings);
  for (const period of closed) {
    if (period.endsOn < date && period.endsOn >= startsOn) startsOn = addDays(period.endsOn, 1);
    if (period.startsOn > date && period.startsOn <= endsOn) endsOn = addDays(period.startsOn, -1);
    // Each clip only narrows the span, so the order closed periods come in does not matter.
  }
  return { span: { startsOn, endsOn }, closed: null };
}

/** The rate of `instructorId` in force for a class of `templateId` on `localDate` (studio calendar). */
export function payRateInForce<
  Rate extends Pick<PayRateDto, 'instructorId' | 'templateId' | 'effectiveFrom'>,
>(rates: readonly Rate[], instructorId: string, templateId: string | null, localDate: string): Rate | null {
  return rateInForce(
    rates.filter((rate) => rate.instructorId === instructorId),
    templateId,
    localDate,
  );
}

export interface ClassPayFacts {
  /** Checked-in bookings. */
  attendees: number;
  minutes: number;
  /** The class starts in the company's peak hours. */
  peak: boolean;
}

/** Half up to a whole minor unit (amounts are never negative here). */
const roundToMinor = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The amount a rate pays for one class (see PayRateAmounts for the kinds). */
export function payForClass(rate: PayRateAmounts, facts: ClassPayFacts): number {
  const amount = facts.peak && rate.peakAmount !== null ? rate.peakAmount : rate.amount;
  switch (rate.kind) {
    case 'per_class':
      return amount;
    case 'per_attendee': {
      const pay = rate.baseAmount + amount * facts.attendees;
      return rate.capAmount === null ? pay : Math.min(pay, rate.capAmount);
    }
    case 'hourly':
      return roundToMinor(amount * facts.minutes, 60);
  }
}

/** Whether a class's pay used the rate's peak amount (it has one that differs, and the class is peak). */
export const usesPeakAmount = (rate: PayRateAmounts, peak: boolean): boolean =>
  peak && rate.peakAmount !== null && rate.peakAmount !== rate.amount;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "1 Dec 2026": a calendar date as payroll's messages write it (no Intl, like periodLabel). */
export function payrollDayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/**
 * "1–31 Oct 2026", "29 Dec 2025 – 4 Jan 2026": written without Intl so that frozen notes read the same
 * on every machine forever.
 */
export function periodLabel(period: DateSpan): string {
  const [y1, m1, d1] = period.startsOn.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = period.endsOn.split('-').map(Number) as [number, number, number];
  const month = (m: number) => MONTHS[m - 1];
  if (period.startsOn === period.endsOn) return `${d2} ${month(m2)} ${y2}`;
  if (y1 === y2 && m1 === m2) return `${d1}–${d2} ${month(m2)} ${y2}`;
  if (y1 === y2) return `${d1} ${month(m1)} – ${d2} ${month(m2)} ${y2}`;
  return `${d1} ${month(m1)} ${y1} – ${d2} ${month(m2)} ${y2}`;
}

// ---- Contracts ----

/** A payroll date: a real calendar date between 2000 and 2099 (further out is a typing mistake, not a pay period). */
export const payrollDateSchema = localDateSchema.refine(
  (value) => value >= '2000-01-01' && value <= '2099-12-31',
  'Choose a date between 2000 and 2099',
);

export const payrollSettingsBody = z.object({
  frequency: z.enum(PAY_FREQUENCY_VALUES, { error: 'Choose weekly, fortnightly or monthly' }),
  periodAnchor: payrollDateSchema,
});
export type PayrollSettingsBody = z.infer<typeof payrollSettingsBody>;

const dateSpanDto = z.object({ startsOn: z.string(), endsOn: z.string() });

export const payrollSettingsDto = z.object({
  frequency: z.enum(PAY_FREQUENCY_VALUES),
  periodAnchor: z.string(),
  /** The period holding the company's today under these settings (clipped by closed periods). */
  currentPeriod: dateSpanDto,
  /** The last day of the latest closed period, if any. */
  closedThrough: z.string().nullable(),
});
export type PayrollSettingsDto = z.infer<typeof payrollSettingsDto>;

export const payrollPeriodQuery = z.object({
  /** Any date of the period wanted; the company's today when left out. */
  date: payrollDateSchema.optional(),
});

/** A period as the CSV path names it: its first day, or a closed period's id. */
export const payrollPeriodRefParams = z.object({
  period: z
    .string()
    .refine(
      (value) => /^[0-9a-f]{24}$/.test(value) || payrollDateSchema.safeParse(value).success,
      'Name the period by its first day (YYYY-MM-DD, 2000 to 2099) or its id',
    ),
});

export const closePayrollPeriodBody = z.object({ startsOn: payrollDateSchema });
export type ClosePayrollPeriodBody = z.infer<typeof closePayrollPeriodBody>;

export const PAYROLL_LINE_KINDS = ['class', 'adjustment'] as const;

export const PAYROLL_LINE_SERVICES = ['class', 'appointment'] as const;

export const payrollLineDto = z.object({
  kind: z.enum(PAYROLL_LINE_KINDS),
  /** What the line pays for: a class, or an appointment (issue 17; paid at the appointment rate, named by its type). */
  service: z.enum(PAYROLL_LINE_SERVICES),
  instructorId: z.string(),
  instructorName: z.string(),
  classInstanceId: z.string().nullable(),
  className: z.string(),
  startsAt: z.string(),
  /** The class's date and start on its studio's clock. */
  localDate: z.string(),
  localTime: z.string(),
  studioName: z.string(),
  /** The scheduled instructor this one taught for; null when they taught their own class. */
  substituteFor: z.string().nullable(),
  attendees: z.number().int(),
  minutes: z.number().int(),
  rateId: z.string().nullable(),
  /** The rate applied, as people read it, or "No rate set". */
  rateSummary: z.string(),
  amount: z.number().int(),
  /** An adjustment's closed period. */
  adjustsPeriod: dateSpanDto.extend({ id: z.string() }).nullable(),
  note: z.string().nullable(),
  /** No rate was in force for the class: it pays nothing until one is set. */
  noRate: z.boolean(),
});
export type PayrollLineDto = z.infer<typeof payrollLineDto>;

export const payrollInstructorDto = z.object({
  instructorId: z.string(),
  instructorName: z.string(),
  lines: z.array(payrollLineDto),
  classes: z.number().int(),
  subtotal: z.number().int(),
});
export type PayrollInstructorDto = z.infer<typeof payrollInstructorDto>;

export const payrollPeriodDto = z.object({
  /** A closed period's id; null while open (open periods are computed, not stored). */
  id: z.string().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  frequency: z.enum(PAY_FREQUENCY_VALUES),
  status: z.enum(['open', 'closed']),
  currency: z.string(),
  /** The company's today. */
  today: z.string(),
  /** The period has ended on the company's clock and every studio's (only then can it be closed). */
  ended: z.boolean(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  instructors: z.array(payrollInstructorDto),
  total: z.number().int(),
  /** Classes without a rate, and other things to fix before closing. */
  warnings: z.array(z.string()),
  /** Why the period cannot be closed now; null when it can (or is closed). */
  closeRefusal: z.string().nullable(),
});
export type PayrollPeriodDto = z.infer<typeof payrollPeriodDto>;

/** The CSV's name: `payroll-2026-10-01-to-2026-10-31.csv`. */
export const payrollCsvName = (period: DateSpan) => `payroll-${period.startsOn}-to-${period.endsOn}.csv`;
