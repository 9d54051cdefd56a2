import { z } from 'zod';
import { formatMoney, moneyLocale } from './money.ts';
import { localDateSchema } from './schedule.ts';
import { MAX_FEE_MINOR } from './session-settings.ts';
import { objectIdSchema } from './validators.ts';
import { wholeNumberField } from './whole-number.ts';

/**
 * Instructors' pay rates (issue 15 §3, settings `staffPayRates`): a rate applies from its
 * `effectiveFrom` date (studio calendar) until the next rate of the same instructor and template. A
 * change is a new rate from a date; a rate in force or in the past is never edited, so classes taught
 * before a change keep the rate they were paid at. Amounts are whole minor units of the company currency.
 */

export const PAY_RATE_KIND_VALUES = ['per_class', 'per_attendee', 'hourly'] as const;
export type PayRateKind = (typeof PAY_RATE_KIND_VALUES)[number];
export const PAY_RATE_KIND_LABELS: Record<PayRateKind, string> = {
  per_class: 'Per class',
  per_attendee: 'Per attendee',
  hourly: 'Hourly',
};

export const PAY_RATE_SERVICES = ['class', 'appointment'] as const;
export type PayRateService = (typeof PAY_RATE_SERVICES)[number];

/** Where a rate stands on the company's today: the one paid now, one still to come, or one replaced. */
export const PAY_RATE_STATUSES = ['in_force', 'scheduled', 'past'] as const;
export type PayRateStatus = (typeof PAY_RATE_STATUSES)[number];
export const PAY_RATE_STATUS_LABELS: Record<PayRateStatus, string> = {
  in_force: 'In force',
  scheduled: 'Scheduled',
  past: 'Past',
};

/** The largest amount a rate may name: 1,000,000.00 in a two-digit currency, like fees and prices. */
export const MAX_PAY_RATE_MINOR = MAX_FEE_MINOR;

const amountField = (required: string) =>
  wholeNumberField({
    max: MAX_PAY_RATE_MINOR,
    tooBig: 'An amount can be at most 1,000,000.00',
    tooSmall: 'An amount cannot be negative',
    required,
  });
const optionalAmountField = () =>
  wholeNumberField({
    max: MAX_PAY_RATE_MINOR,
    tooBig: 'An amount can be at most 1,000,000.00',
    tooSmall: 'An amount cannot be negative',
  });

export const payRateParams = z.object({ payRateId: objectIdSchema });

/** `GET /api/pay-rates?instructorId=`: every rate of the company, or of one instructor. */
export const payRateListQuery = z.object({ instructorId: objectIdSchema.optional() });

const payRateFields = z.object({
  instructorId: objectIdSchema,
  /** One class template's own rate; null (or left out): the instructor's rate for every class. */
  templateId: objectIdSchema.nullish().transform((value) => value ?? null),
  service: z.enum(PAY_RATE_SERVICES, { error: 'Choose classes or appointments' }).default('class'),
  /** Between 2000 and 2099, like payroll's dates (year 0 does not exist in the database; far-off years are typos). */
  effectiveFrom: localDateSchema.refine(
    (value) => value >= '2000-01-01' && value <= '2099-12-31',
    'Choose a date between 2000 and 2099',
  ),
  kind: z.enum(PAY_RATE_KIND_VALUES, { error: 'Choose per class, per attendee or hourly' }),
  /** Per class, per attendee or per hour, by kind. */
  amount: amountField('Enter the amount'),
  /** Paid instead of `amount` for a class that starts in peak hours; empty: the same amount. */
  peakAmount: optionalAmountField(),
  /** Per attendee only: paid for the class whatever the attendance. */
  baseAmount: wholeNumberField({
    max: MAX_PAY_RATE_MINOR,
    tooBig: 'An amount can be at most 1,000,000.00',
    tooSmall: 'An amount cannot be negative',
    empty: 0,
  }),
  /** Per attendee only: the most paid for one class; empty: no cap. */
  capAmount: optionalAmountField(),
});

/** The rules between fields, each naming the field a person must change. */
function checkPayRate(
  value: { kind: PayRateKind; baseAmount: number; capAmount: number | null },
  ctx: z.RefinementCtx,
): void {
  if (value.kind !== 'per_attendee') {
    if (value.baseAmount !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['baseAmount'],
        message: 'Only a per-attendee rate has a base amount',
      });
    }
    if (value.capAmount !== null) {
      ctx.addIssue({ code: 'custom', path: ['capAmount'], message: 'Only a per-attendee rate has a cap' });
    }
    return;
  }
  if (value.capAmount !== null && value.capAmount < value.baseAmount) {
    ctx.addIssue({
      code: 'custom',
      path: ['capAmount'],
      message: 'The cap cannot be less than the base amount',
    });
  }
}

/** `POST /api/pay-rates`: a new rate from a date. */
export const payRateBody = payRateFields.superRefine(checkPayRate);
export type PayRateBody = z.input<typeof payRateBody>;
export type PayRateValues = z.output<typeof payRateBody>;

/**
 * `PUT /api/pay-rates/{payRateId}` (a scheduled rate only): the same fields but the instructor, which a
 * rate never changes (delete it and set one for the other instructor).
 */
export const payRateUpdateBody = payRateFields.omit({ instructorId: true }).superRefine(checkPayRate);
export type PayRateUpdateBody = z.input<typeof payRateUpdateBody>;
export type PayRateUpdateValues = z.output<typeof payRateUpdateBody>;

export const payRateDto = z.object({
  id: z.string(),
  instructorId: z.string(),
  templateId: z.string().nullable(),
  service: z.enum(PAY_RATE_SERVICES),
  /** YYYY-MM-DD on the studio calendar. */
  effectiveFrom: z.string(),
  kind: z.enum(PAY_RATE_KIND_VALUES),
  amount: z.number().int(),
  peakAmount: z.number().int().nullable(),
  baseAmount: z.number().int(),
  capAmount: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PayRateDto = z.infer<typeof payRateDto>;

/** A rate as the settings page lists it. */
export const payRateListItemDto = payRateDto.extend({
  instructorName: z.string(),
  /** Null: the instructor's rate for all classes. */
  templateName: z.string().nullable(),
  status: z.enum(PAY_RATE_STATUSES),
});
export type PayRateListItemDto = z.infer<typeof payRateListItemDto>;

export const payRateListDto = z.object({
  /** Instructor by name, then all-classes rate before template overrides, newest effective date first. */
  items: z.array(payRateListItemDto),
  total: z.number().int(),
  /** The company's today (YYYY-MM-DD): rates from a later date are scheduled and may still change. */
  today: z.string(),
  /** The last day of the latest closed payroll period; a rate can start the day after at the earliest. */
  closedThrough: z.string().nullable(),
  currency: z.string(),
});
export type PayRateListDto = z.infer<typeof payRateListDto>;

/** The amounts of a rate, as `payRateSummary` reads them. */
export type PayRateAmounts = Pick<PayRateDto, 'kind' | 'amount' | 'peakAmount' | 'baseAmount' | 'capAmount'>;

/** "£30.00 … in peak hours, £25.00 otherwise", or the one amount when there is no different peak amount. */
function perUnit(rate: PayRateAmounts, unit: string, money: (minor: number) => string): string {
  if (rate.peakAmount === null || rate.peakAmount === rate.amount) return `${money(rate.amount)} ${unit}`;
  return `${money(rate.peakAmount)} ${unit} in peak hours, ${money(rate.amount)} otherwise`;
}

/**
 * The rate as a person reads it: "£25.00 per class", "£30.00 per class in peak hours, £25.00 otherwise",
 * "£10.00 base + £3.00 per attendee, at most £40.00", "£28.00 an hour".
 */
export function payRateSummary(rate: PayRateAmounts, currency: string, locale = moneyLocale()): string {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  switch (rate.kind) {
    case 'per_class':
      return perUnit(rate, 'per class', money);
    case 'hourly':
      return perUnit(rate, 'an hour', money);
    case 'per_attendee': {
      const base = rate.baseAmount > 0 ? `${money(rate.baseAmount)} base + ` : '';
      const cap = rate.capAmount === null ? '' : `, at most ${money(rate.capAmount)}`;
      return `${base}${perUnit(rate, 'per attendee', money)}${cap}`;
    }
  }
}

/**
 * The rate in force on `date` (YYYY-MM-DD) among one instructor's rates for one service: the template's
 * own rate with the latest date on or before it, else the general rate with the latest such date; null
 * when none had started. Payroll and the settings page both read rates this way.
 */
export function rateInForce<Rate extends Pick<PayRateDto, 'templateId' | 'effectiveFrom'>>(
  rates: readonly Rate[],
  templateId: string | null,
  date: string,
): Rate | null {
  const latest = (forTemplate: string | null) => {
    let found: Rate | null = null;
    for (const rate of rates) {
      if (rate.templateId !== forTemplate || rate.effectiveFrom > date) continue;
      if (!found || rate.effectiveFrom > found.effectiveFrom) found = rate;
    }
    return found;
  };
  return (templateId === null ? null : latest(templateId)) ?? latest(null);
}
