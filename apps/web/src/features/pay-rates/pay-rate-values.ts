import {
  PAY_RATE_KIND_LABELS,
  payRateBody,
  payRateSummary as classRateSummary,
  type PayRateAmounts,
  type PayRateBody,
  type PayRateDto,
  type PayRateKind,
} from '@kinetic/shared';
import { majorToMinor, minorToMajor } from '../class-templates/money.ts';
import { formatCalendarDay } from '../../ui/calendar-day.ts';

/** The "Applies to" choice of the instructor's rate for appointments (service 'appointment', issue 17). */
export const APPOINTMENTS_CHOICE = 'appointments';

type Service = PayRateDto['service'] | undefined;
const forAppointments = (service: Service) => service === 'appointment';

/**
 * The rate as a person reads it, in the words of what it pays for: "$45.00 per appointment" for an
 * appointment rate (as payroll says), "$25.00 per class" for a class rate; per attendee and hourly read the
 * same for both, with "each appointment" for the per-attendee cap.
 */
export function payRateSummary(
  rate: PayRateAmounts & { service?: Service },
  currency: string,
  locale?: string,
): string {
  const text = classRateSummary(rate, currency, locale);
  return forAppointments(rate.service) ? text.replace(/per class\b/g, 'per appointment') : text;
}

/** "Per class" / "Per appointment", "Per attendee", "Hourly". */
export const kindLabel = (kind: PayRateKind, service: Service): string =>
  kind === 'per_class' && forAppointments(service) ? 'Per appointment' : PAY_RATE_KIND_LABELS[kind];

/** What the amount field is called for each kind, for class or appointment rates. */
export const amountLabel = (kind: PayRateKind, service: Service): string =>
  kind === 'per_class' && forAppointments(service) ? 'Amount per appointment' : AMOUNT_LABEL[kind];

/** The form edits major units as typed; the server takes whole minor units of the company currency. */
export interface PayRateFormValues {
  instructorId: string;
  /** '' = all classes (the instructor's general rate); APPOINTMENTS_CHOICE = their appointments. */
  templateId: string;
  effectiveFrom: string;
  kind: PayRateKind;
  amount: number | string;
  /** Empty: the same amount in peak hours. */
  peakAmount: number | string;
  /** Per attendee only; empty = none. */
  baseAmount: number | string;
  /** Per attendee only; empty = no cap. */
  capAmount: number | string;
}

/** A new rate starts from today for all classes, per class; a saved one shows its terms. */
export function toPayRateFormValues(
  saved: PayRateDto | undefined,
  currency: string,
  defaults: { instructorId: string; today: string },
): PayRateFormValues {
  if (!saved)
    return {
      instructorId: defaults.instructorId,
      templateId: '',
      effectiveFrom: defaults.today,
      kind: 'per_class',
      amount: '',
      peakAmount: '',
      baseAmount: '',
      capAmount: '',
    };
  const money = (minor: number | null) => (minor === null ? '' : minorToMajor(minor, currency));
  return {
    instructorId: saved.instructorId,
    templateId: saved.service === 'appointment' ? APPOINTMENTS_CHOICE : (saved.templateId ?? ''),
    effectiveFrom: saved.effectiveFrom,
    kind: saved.kind,
    amount: money(saved.amount),
    peakAmount: money(saved.peakAmount),
    baseAmount: saved.baseAmount === 0 ? '' : money(saved.baseAmount),
    capAmount: money(saved.capAmount),
  };
}

const orNull = (value: number | '') => (value === '' ? null : value);

/**
 * What `POST /api/pay-rates` takes. A base and a cap belong to a per-attendee rate only: typed and then
 * left by switching the kind, they are not sent.
 */
export function toPayRateBody(values: PayRateFormValues, currency: string): PayRateBody {
  const perAttendee = values.kind === 'per_attendee';
  const appointments = values.templateId === APPOINTMENTS_CHOICE;
  return {
    instructorId: values.instructorId,
    templateId: appointments ? null : values.templateId || null,
    service: appointments ? 'appointment' : 'class',
    effectiveFrom: values.effectiveFrom,
    kind: values.kind,
    amount: orNull(majorToMinor(values.amount, currency)) as number,
    peakAmount: orNull(majorToMinor(values.peakAmount, currency)),
    baseAmount: perAttendee ? (orNull(majorToMinor(values.baseAmount, currency)) ?? 0) : 0,
    capAmount: perAttendee ? orNull(majorToMinor(values.capAmount, currency)) : null,
  };
}

/** `PUT /api/pay-rates/{id}`: the same, without the instructor (a rate keeps its instructor). */
export function toPayRateUpdateBody(
  values: PayRateFormValues,
  currency: string,
): Omit<PayRateBody, 'instructorId'> {
  const { instructorId: _instructorId, ...rest } = toPayRateBody(values, currency);
  return rest;
}

/** "1 Nov 2026" (or "Nov 1, 2026"): a calendar date in the company's locale. */
export const formatDay = (date: string, locale: string): string =>
  formatCalendarDay(date, locale, { day: 'numeric', month: 'short', year: 'numeric' });

type DeletableRate = Pick<
  PayRateDto,
  'id' | 'templateId' | 'effectiveFrom' | 'kind' | 'amount' | 'peakAmount' | 'baseAmount' | 'capAmount'
> & { templateName?: string | null; service?: PayRateDto['service'] };

/**
 * What deleting a scheduled rate leaves in its place from its date on, said plainly: the same instructor's
 * latest earlier rate for the same classes, else (for a class template's own rate) their rate for all
 * classes, else nothing (those classes go unpaid on payroll until a rate is set).
 */
export function afterDeletingRate(
  rate: DeletableRate,
  rates: readonly DeletableRate[],
  personName: string,
  currency: string,
  locale: string,
): string {
  const from = formatDay(rate.effectiveFrom, locale);
  const before = rates
    .filter(
      (item) =>
        item.id !== rate.id &&
        item.templateId === rate.templateId &&
        (item.service ?? 'class') === (rate.service ?? 'class') &&
        item.effectiveFrom < rate.effectiveFrom,
    )
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
  if (rate.service === 'appointment') {
    if (before)
      return `From ${from} on, ${personName}’s appointments keep the rate before it: ${payRateSummary(before, currency)}.`;
    return `${personName} has no rate for appointments from ${from} on: their appointments show on payroll without pay until a rate is set.`;
  }
  const classes = rate.templateName ? `${rate.templateName} classes` : 'classes';
  if (before)
    return `From ${from} on, ${personName}’s ${classes} keep the rate before it: ${payRateSummary(before, currency)}.`;
  if (rate.templateId)
    return `From ${from} on, ${personName}’s ${classes} are paid at their rate for all classes.`;
  return `${personName} has no rate for all classes from ${from} on: those classes show on payroll without pay until a rate is set.`;
}

/** The day after a YYYY-MM-DD date. */
export const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Every problem with the form at once, at its fields: the contract's own rules (the server checks them
 * again), an instructor chosen, and no start inside a closed payroll period.
 */
export function payRateFormErrors(
  values: PayRateFormValues,
  currency: string,
  context: { closedThrough: string | null; locale: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.instructorId) errors.instructorId = 'Choose the instructor';
  const parsed = payRateBody.safeParse(toPayRateBody(values, currency));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  if (
    context.closedThrough &&
    values.effectiveFrom &&
    values.effectiveFrom <= context.closedThrough &&
    !errors.effectiveFrom
  )
    errors.effectiveFrom = `Payroll is closed up to ${formatDay(context.closedThrough, context.locale)}; rates can start from ${formatDay(dayAfter(context.closedThrough), context.locale)}.`;
  return errors;
}

/** What the amount field is called for each kind. */
export const AMOUNT_LABEL: Record<PayRateKind, string> = {
  per_class: 'Amount per class',
  per_attendee: 'Amount per attendee',
  hourly: 'Amount an hour',
};
