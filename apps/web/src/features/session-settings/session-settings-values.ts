import {
  moneyLocale,
  SESSION_SETTINGS_DEFAULTS,
  saveSessionSettingsBody,
  type SaveSessionSettingsBody,
  type SessionSettingsAnswer,
} from '@kinetic/shared';

/** A number field's value as Mantine's NumberInput gives it: a number, or text ('' when empty). */
type NumberValue = number | string;

export type SessionSettingsValues = {
  bookingOpensDaysBefore: NumberValue;
  bookingClosesMinutesBefore: NumberValue;
  freeCancellationHoursBefore: NumberValue;
  /** Major units (dollars) in the form; the API counts minor units (cents). */
  lateCancelFee: NumberValue;
  noShowFee: NumberValue;
  waitlistEnabled: boolean;
  waitlistMode: 'auto' | 'offer';
  offerHoldMinutes: NumberValue;
  waitlistCutoffMinutesBefore: NumberValue;
  /** '' = no limit. */
  maxWaitlistLength: NumberValue;
  checkInOpensMinutesBefore: NumberValue;
  /** Company-wide: when class reminders go. */
  reminderHoursBefore: NumberValue;
};

/** How many decimals the currency's money has (USD 2, JPY 0); 2 when the browser does not know it. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** 1999 cents → 19.99 dollars. */
export const toMajorUnits = (minor: number, digits: number): number => minor / 10 ** digits;

/**
 * 19.99 dollars → 1999 cents, rounded so that 19.99 × 100 (1998.999…) is not cut to 1998. Empty stays
 * empty (the server reads it as no fee) and text that is not a number is left for the schema to name.
 */
export function toMinorUnits(major: NumberValue, digits: number): NumberValue {
  if (major === '') return '';
  const amount = typeof major === 'number' ? major : Number(major);
  if (!Number.isFinite(amount)) return major;
  return Math.round(amount * 10 ** digits);
}

/** The money as the company's clients would read it: "$5.00", "¥500". */
export function formatMoney(major: number, currency: string): string {
  try {
    return new Intl.NumberFormat(moneyLocale(), { style: 'currency', currency }).format(major);
  } catch {
    return `${major} ${currency}`;
  }
}

export function toFormValues(settings: SessionSettingsAnswer): SessionSettingsValues {
  const digits = currencyDigits(settings.currency);
  return {
    bookingOpensDaysBefore: settings.bookingOpensDaysBefore,
    bookingClosesMinutesBefore: settings.bookingClosesMinutesBefore,
    freeCancellationHoursBefore: settings.freeCancellationHoursBefore,
    lateCancelFee: toMajorUnits(settings.lateCancelFee, digits),
    noShowFee: toMajorUnits(settings.noShowFee, digits),
    waitlistEnabled: settings.waitlistEnabled,
    waitlistMode: settings.waitlistMode,
    offerHoldMinutes: settings.offerHoldMinutes,
    waitlistCutoffMinutesBefore: settings.waitlistCutoffMinutesBefore,
    maxWaitlistLength: settings.maxWaitlistLength ?? '',
    checkInOpensMinutesBefore: settings.checkInOpensMinutesBefore,
    reminderHoursBefore: settings.reminderHoursBefore,
  };
}

export function toBody(values: SessionSettingsValues, currency: string): SaveSessionSettingsBody {
  const digits = currencyDigits(currency);
  return {
    ...values,
    lateCancelFee: toMinorUnits(values.lateCancelFee, digits),
    noShowFee: toMinorUnits(values.noShowFee, digits),
    // The hold applies only to offers; a field the owner cannot see must not block the save.
    offerHoldMinutes:
      values.waitlistMode === 'auto' && values.offerHoldMinutes === ''
        ? SESSION_SETTINGS_DEFAULTS.offerHoldMinutes
        : values.offerHoldMinutes,
  };
}

/** The contract's checks on what the form would send, as errors at the form's fields. */
export function validateValues(values: SessionSettingsValues, currency: string): Record<string, string> {
  const result = saveSessionSettingsBody.safeParse(toBody(values, currency));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const asNumber = (value: NumberValue): number | null =>
  value === '' || !Number.isFinite(Number(value)) ? null : Number(value);

/** A span of minutes in words a studio owner says: "90 minutes", "2 hours", "1 day". */
export function minutesInWords(minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** The help under each field, in plain words, following what is typed. */
export function helpTexts(values: SessionSettingsValues, currency: string) {
  const opens = asNumber(values.bookingOpensDaysBefore);
  const closes = asNumber(values.bookingClosesMinutesBefore);
  const freeHours = asNumber(values.freeCancellationHoursBefore);
  const lateFee = asNumber(values.lateCancelFee);
  const noShowFee = asNumber(values.noShowFee);
  const hold = asNumber(values.offerHoldMinutes);
  const cutoff = asNumber(values.waitlistCutoffMinutesBefore);
  const max = asNumber(values.maxWaitlistLength);
  const checkIn = asNumber(values.checkInOpensMinutesBefore);
  const reminder = asNumber(values.reminderHoursBefore);
  return {
    bookingOpensDaysBefore:
      opens === null
        ? 'How many days before a class clients can start booking.'
        : opens === 0
          ? 'Clients can book only on the day of a class.'
          : `Clients can book from ${plural(opens, 'day')} before a class.`,
    bookingClosesMinutesBefore:
      closes === null || closes === 0
        ? 'Booking stays open until the class starts (0 minutes).'
        : `Booking closes ${minutesInWords(closes)} before the class starts.`,
    freeCancellationHoursBefore:
      freeHours === null || freeHours === 0
        ? 'Clients can cancel for free until the class starts.'
        : `Clients can cancel for free until ${plural(freeHours, 'hour')} before a class. Later is a late cancellation.`,
    lateCancelFee:
      lateFee === null || lateFee === 0
        ? 'No fee for cancelling late. Leave 0 for none.'
        : `A late cancellation costs ${formatMoney(lateFee, currency)}.`,
    noShowFee:
      noShowFee === null || noShowFee === 0
        ? 'No fee when a client does not come. Leave 0 for none.'
        : `A client who books and does not come pays ${formatMoney(noShowFee, currency)}.`,
    offerHoldMinutes:
      hold === null
        ? 'How long the person offered a place has to accept it.'
        : `The person offered a place has ${minutesInWords(hold)} to accept; then it goes to the next one.`,
    waitlistCutoffMinutesBefore:
      cutoff === null || cutoff === 0
        ? 'Places are filled from the waitlist until the class starts.'
        : `The waitlist stops ${minutesInWords(cutoff)} before the class starts.`,
    maxWaitlistLength:
      max === null
        ? 'No limit. Enter a number to cap the list.'
        : `At most ${plural(max, 'person', 'people')} can wait for a class.`,
    checkInOpensMinutesBefore:
      checkIn === null || checkIn === 0
        ? 'Check-in opens when the class starts.'
        : `Clients can check in from ${minutesInWords(checkIn)} before a class.`,
    reminderHoursBefore:
      reminder === null
        ? 'How many hours before a class its booked clients get a reminder email.'
        : `Clients booked earlier get a reminder email ${plural(reminder, 'hour')} before each class, unless they turned reminders off. Someone who books later gets no separate reminder: their booking confirmation is enough.`,
  };
}
