import {
  appointmentTypeBody,
  currencyDigits,
  type AppointmentTypeBody,
  type AppointmentTypeDto,
  type RuleOverrides,
  type SessionSettingsDto,
} from '@kinetic/shared';

/** A number field's value as Mantine's NumberInput gives it: a number, or text ('' when empty). */
type NumberValue = number | string;

/** The booking rules a type may set; blank = Sessions Settings. */
export const RULE_FIELDS = [
  'bookingOpensDaysBefore',
  'bookingClosesMinutesBefore',
  'freeCancellationHoursBefore',
  'lateCancelFee',
  'noShowFee',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export const MONEY_RULES: readonly RuleField[] = ['lateCancelFee', 'noShowFee'];

/**
 * The form mirrors the body's shape (`ruleOverrides.noShowFee`), so the server's field errors land at
 * their inputs. Money is in major units; the server takes minor units of the company currency.
 */
export interface AppointmentTypeFormValues {
  name: string;
  description: string;
  durationMinutes: NumberValue;
  bufferBeforeMinutes: NumberValue;
  bufferAfterMinutes: NumberValue;
  /** Blank = every session length. */
  slotIntervalMinutes: NumberValue;
  price: NumberValue;
  packageIds: string[];
  instructorIds: string[];
  studioIds: string[];
  roomIds: string[];
  maxAttendees: NumberValue;
  ruleOverrides: Record<RuleField, NumberValue>;
  active: boolean;
}

const toMajor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

function toMinor(major: NumberValue, currency: string): NumberValue {
  if (major === '') return '';
  const amount = typeof major === 'number' ? major : Number(major);
  if (!Number.isFinite(amount)) return major;
  return Math.round(amount * 10 ** currencyDigits(currency));
}

/**
 * A new type starts as a one-hour private session, with the only instructor and studio preselected
 * (a solo instructor has one of each); a saved one shows its values.
 */
export function toAppointmentTypeFormValues(
  saved: AppointmentTypeDto | undefined,
  currency: string,
  only: { instructorId?: string | undefined; studioId?: string | undefined } = {},
): AppointmentTypeFormValues {
  if (!saved)
    return {
      name: '',
      description: '',
      durationMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      slotIntervalMinutes: '',
      price: '',
      packageIds: [],
      instructorIds: only.instructorId ? [only.instructorId] : [],
      studioIds: only.studioId ? [only.studioId] : [],
      roomIds: [],
      maxAttendees: 1,
      ruleOverrides: {
        bookingOpensDaysBefore: '',
        bookingClosesMinutesBefore: '',
        freeCancellationHoursBefore: '',
        lateCancelFee: '',
        noShowFee: '',
      },
      active: true,
    };
  const rules: RuleOverrides = saved.ruleOverrides ?? {};
  const rule = (field: RuleField): NumberValue => {
    const value = rules[field];
    if (value === undefined || value === null) return '';
    return MONEY_RULES.includes(field) ? toMajor(value, saved.currency || currency) : value;
  };
  return {
    name: saved.name,
    description: saved.description ?? '',
    durationMinutes: saved.durationMinutes,
    bufferBeforeMinutes: saved.bufferBeforeMinutes,
    bufferAfterMinutes: saved.bufferAfterMinutes,
    slotIntervalMinutes: saved.slotIntervalMinutes ?? '',
    price: saved.price === 0 ? '' : toMajor(saved.price, saved.currency || currency),
    packageIds: [...saved.packageIds],
    instructorIds: [...saved.instructorIds],
    studioIds: [...saved.studioIds],
    roomIds: [...saved.roomIds],
    maxAttendees: saved.maxAttendees,
    ruleOverrides: {
      bookingOpensDaysBefore: rule('bookingOpensDaysBefore'),
      bookingClosesMinutesBefore: rule('bookingClosesMinutesBefore'),
      freeCancellationHoursBefore: rule('freeCancellationHoursBefore'),
      lateCancelFee: rule('lateCancelFee'),
      noShowFee: rule('noShowFee'),
    },
    active: saved.active,
  };
}

const numberOrBlank = (value: NumberValue): NumberValue =>
  value === ''
    ? ''
    : typeof value === 'number'
      ? value
      : Number.isFinite(Number(value))
        ? Number(value)
        : value;

/**
 * What `POST` / `PUT /api/appointment-types` take: a blank rule is left out (Sessions Settings decides),
 * a blank start interval is null (every session length), a blank price is free. Rooms of studios no
 * longer chosen are dropped.
 */
export function toAppointmentTypeBody(
  values: AppointmentTypeFormValues,
  currency: string,
  roomsOfStudio: (studioId: string) => readonly string[] = () => [],
): AppointmentTypeBody {
  const overrides: Record<string, NumberValue> = {};
  for (const field of RULE_FIELDS) {
    const value = values.ruleOverrides[field];
    if (value === '') continue;
    overrides[field] = MONEY_RULES.includes(field) ? toMinor(value, currency) : numberOrBlank(value);
  }
  const allowedRooms = new Set(values.studioIds.flatMap((studioId) => roomsOfStudio(studioId)));
  const price = toMinor(values.price, currency);
  return {
    name: values.name,
    description: values.description.trim() === '' ? null : values.description,
    durationMinutes: numberOrBlank(values.durationMinutes) as number,
    bufferBeforeMinutes: (values.bufferBeforeMinutes === ''
      ? 0
      : numberOrBlank(values.bufferBeforeMinutes)) as number,
    bufferAfterMinutes: (values.bufferAfterMinutes === ''
      ? 0
      : numberOrBlank(values.bufferAfterMinutes)) as number,
    slotIntervalMinutes: (values.slotIntervalMinutes === ''
      ? null
      : numberOrBlank(values.slotIntervalMinutes)) as number | null,
    price: (price === '' ? 0 : price) as number,
    packageIds: values.packageIds,
    instructorIds: values.instructorIds,
    studioIds: values.studioIds,
    roomIds: values.roomIds.filter((roomId) => allowedRooms.has(roomId)),
    maxAttendees: numberOrBlank(values.maxAttendees) as number,
    ruleOverrides: Object.keys(overrides).length ? (overrides as AppointmentTypeBody['ruleOverrides']) : null,
    active: values.active,
  };
}

/** The contract's own checks on what the form would send, as errors at the form's fields. */
export function validateAppointmentTypeForm(
  values: AppointmentTypeFormValues,
  currency: string,
  roomsOfStudio?: (studioId: string) => readonly string[],
): Record<string, string> {
  const result = appointmentTypeBody.safeParse(toAppointmentTypeBody(values, currency, roomsOfStudio));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "45 min", "1 h", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** What a blank rule means, in words with the Sessions Settings value: "Blank: Sessions Settings (14 days)". */
export function ruleDefaultText(
  field: RuleField,
  settings: Pick<SessionSettingsDto, RuleField> | undefined,
  formatMoney: (minor: number) => string,
): string {
  if (!settings) return 'Blank: the Sessions Settings value';
  const value = settings[field];
  const shown =
    field === 'bookingOpensDaysBefore'
      ? plural(value, 'day')
      : field === 'bookingClosesMinutesBefore'
        ? plural(value, 'minute')
        : field === 'freeCancellationHoursBefore'
          ? plural(value, 'hour')
          : value === 0
            ? 'none'
            : formatMoney(value);
  return `Blank: Sessions Settings default (${shown})`;
}
