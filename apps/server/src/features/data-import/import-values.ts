import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, formatPhone, type DateOrder } from '@kinetic/shared';

/** Reading one cell of a client file into a Kinetic value; each answers a value or a reason it cannot. */

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = (reason: string): Read<never> => ({ ok: false, reason });

export const clean = (value: string | undefined) => (value ?? '').trim();

export function readEmail(raw: string): Read<string> {
  const email = clean(raw).toLowerCase();
  if (!email) return no('no email');
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    return no(`invalid email “${clean(raw)}”`);
  return ok(email);
}

/** Ten digits (or eleven starting with the US country code 1) as (404) 555-1234; anything else as written. */
export function readPhone(raw: string, label = 'phone'): Read<string | null> {
  const phone = clean(raw);
  if (!phone) return ok(null);
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10 && !phone.startsWith('+')) return ok(formatPhone(digits));
  if (digits.length === 11 && digits.startsWith('1')) return ok(formatPhone(digits.slice(1)));
  if (digits.length < 5 || phone.length > 40) return no(`${label} “${phone}” is not a phone number`);
  return ok(phone);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (name: string) => {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
};

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

const fullYear = (year: string, thisYear: number) => {
  if (year.length === 4) return Number(year);
  const short = Number(year);
  return short <= thisYear % 100 ? 2000 + short : 1900 + short;
};

/**
 * A calendar date as "YYYY-MM-DD" from what exports write: ISO (with or without a time), 03/04/1990 or
 * 3.4.90 in the chosen order, 1990/03/04, "Mar 4, 1990", "4 March 1990". A time after the date is ignored.
 */
export function readDate(raw: string, order: DateOrder, label: string): Read<string | null> {
  const text = clean(raw);
  if (!text) return ok(null);
  const thisYear = new Date().getUTCFullYear();
  const bad = no(`${label} “${text}” is not a date`);
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match)
    return ((date) => (date ? ok(date) : bad))(isoOf(Number(match[1]), Number(match[2]), Number(match[3])));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T,].*)?$/.exec(text);
  if (match) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    const [month, day] = order === 'mdy' ? [first, second] : [second, first];
    const date = isoOf(fullYear(match[3]!, thisYear), month, day);
    return date ? ok(date) : bad;
  }
  match = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/.exec(text);
  if (match) {
    const month = monthOf(match[1]!);
    const date = month ? isoOf(Number(match[3]), month, Number(match[2])) : null;
    return date ? ok(date) : bad;
  }
  match = /^(\d{1,2})[ -]([A-Za-z]{3,9})\.?[ -,]+(\d{4})$/.exec(text);
  if (match) {
    const month = monthOf(match[2]!);
    const date = month ? isoOf(Number(match[3]), month, Number(match[1])) : null;
    return date ? ok(date) : bad;
  }
  return bad;
}

/** An ISO date-time with a zone (Kinetic's own export) as that instant; anything else as a date. */
export function readInstantOrDate(raw: string, order: DateOrder, label: string): Read<Date | string | null> {
  const text = clean(raw);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const instant = new Date(text);
    if (!Number.isNaN(instant.getTime())) return ok(instant);
  }
  return readDate(text, order, label);
}

const YES = new Set([
  'yes',
  'y',
  'true',
  't',
  '1',
  'on',
  'opted in',
  'opt in',
  'optedin',
  'subscribed',
  'x',
  'agreed',
  'consented',
]);
const NO = new Set([
  'no',
  'n',
  'false',
  'f',
  '0',
  'off',
  'opted out',
  'opt out',
  'optedout',
  'unsubscribed',
  'none',
  '-',
]);

export function readConsent(raw: string): Read<boolean> {
  const text = clean(raw).toLowerCase();
  if (!text || NO.has(text)) return ok(false);
  if (YES.has(text)) return ok(true);
  return no(`marketing consent “${clean(raw)}” is neither yes nor no`);
}

/** A whole number of credits, 0 or more ("5", "5.0", "5 classes"). */
export function readCredits(raw: string): Read<number | null> {
  const text = clean(raw);
  if (!text) return ok(null);
  const match = /^(\d{1,6})(?:\.0+)?(?:\s+\p{L}+)?$/u.exec(text);
  if (!match) return no(`credits remaining “${text}” is not a whole number`);
  return ok(Number(match[1]));
}
