import { z } from 'zod';
import { OBJECT_ID_PATTERN } from './object-id.ts';

// The spec names plus, minus and e; number inputs also accept a capital E as the exponent marker,
// so it has to be blocked too or "1E5" slips through.
export const BLOCKED_NUMBER_KEYS = ['+', '-', 'e', 'E'] as const;

export function isBlockedNumberKey(key: string): boolean {
  return (BLOCKED_NUMBER_KEYS as readonly string[]).includes(key);
}

export const NUMBER_FIELD_MAX = 1e20;

export type NumberFieldOptions = { positiveOnly?: boolean; max?: number };

type NumberFieldResult = { ok: true; value: number | null } | { ok: false; message: string };

// Plain decimal notation only: Number() would also take "0x10", "0b1" and "Infinity".
const DECIMAL_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function readNumberField(value: unknown, options: NumberFieldOptions): NumberFieldResult {
  const { positiveOnly = false, max = NUMBER_FIELD_MAX } = options;
  if (value === null || value === undefined) return { ok: true, value: null };
  let number: number;
  if (typeof value === 'number') {
    number = value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return { ok: true, value: null };
    if (!DECIMAL_PATTERN.test(text)) return { ok: false, message: 'Enter a number' };
    number = Number(text);
  } else {
    return { ok: false, message: 'Enter a number' };
  }
  if (Number.isNaN(number)) return { ok: false, message: 'Enter a number' };
  if (positiveOnly && !(number > 0)) return { ok: false, message: 'Must be more than 0' };
  if (number < 0) return { ok: false, message: 'Must be 0 or more' };
  if (number > max) return { ok: false, message: `Must be at most ${max.toLocaleString('en-US')}` };
  return { ok: true, value: number };
}

/** Empty input ('', null, undefined) parses to null; anything else must be a number within bounds. */
export function numberFieldSchema(options: NumberFieldOptions = {}) {
  return z
    .union([z.number(), z.string()], { error: 'Enter a number' })
    .nullish()
    .transform((value, ctx) => {
      const result = readNumberField(value, options);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    });
}

export function isValidNumberField(value: unknown, options: NumberFieldOptions = {}): boolean {
  return readNumberField(value, options).ok;
}

/** Lower-cased after the check, so an id typed in capitals still finds its row. */
export const objectIdSchema = z
  .string({ error: 'Must be a valid id' })
  .regex(OBJECT_ID_PATTERN, { error: 'Must be a valid id' })
  // An overwrite, not a transform: response schemas can still encode it.
  .toLowerCase();

export const PHONE_DIGITS = 10;
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

/** Formats as the user types: digits only, at most ten, shaped (xxx) xxx-xxxx. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const phoneSchema = z
  .string({ error: 'Enter a 10-digit phone number' })
  .trim()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), { error: 'Enter a 10-digit phone number' });

// Only ISO 8601 strings are read: V8's fallback parser accepts text such as "hello 1" as a date.
const ISO_DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function isRealCalendarDay(year: number, month: number, day: number): boolean {
  // Date.UTC rolls 2024-02-30 over to March 1, so a day that does not exist comes back different.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A valid Date (always a fresh copy) or null; numbers are read as milliseconds since the epoch. */
export function toValidDate(value: unknown): Date | null {
  let date: Date;
  if (value instanceof Date) {
    date = new Date(value.getTime());
  } else if (typeof value === 'number') {
    date = new Date(value);
  } else if (typeof value === 'string') {
    const match = ISO_DATE_PATTERN.exec(value.trim());
    if (!match || !isRealCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
    date = new Date(value.trim());
  } else {
    return null;
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

export function isFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File;
}
