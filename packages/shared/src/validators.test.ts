import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { OBJECT_ID_PATTERN, isObjectId } from './object-id.ts';
import {
  BLOCKED_NUMBER_KEYS,
  PHONE_PATTERN,
  formatPhone,
  isBlockedNumberKey,
  isFile,
  isValidNumberField,
  numberFieldSchema,
  objectIdSchema,
  phoneSchema,
  toValidDate,
} from './validators.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? '';
}

describe('isBlockedNumberKey', () => {
  it('blocks plus, minus and both cases of e', () => {
    expect(BLOCKED_NUMBER_KEYS).toEqual(['+', '-', 'e', 'E']);
    for (const key of BLOCKED_NUMBER_KEYS) expect(isBlockedNumberKey(key)).toBe(true);
  });

  it('lets digits, the decimal point and editing keys through', () => {
    for (const key of ['0', '9', '.', 'Backspace', 'ArrowLeft', 'Tab', 'Enter']) {
      expect(isBlockedNumberKey(key)).toBe(false);
    }
  });
});

describe('numberFieldSchema', () => {
  const schema = numberFieldSchema();
  const positive = numberFieldSchema({ positiveOnly: true });

  it('turns empty input into null', () => {
    expect(schema.parse('')).toBeNull();
    expect(schema.parse('   ')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
    expect(positive.parse('')).toBeNull();
  });

  it('reads numbers and numeric strings', () => {
    expect(schema.parse(0)).toBe(0);
    expect(schema.parse('12.5')).toBe(12.5);
    expect(schema.parse(' 7 ')).toBe(7);
    expect(schema.parse('100000000000000000000')).toBe(1e20);
  });

  it('answers in English', () => {
    expect(firstMessage(schema.safeParse(-1))).toBe('Must be 0 or more');
    expect(firstMessage(positive.safeParse(0))).toBe('Must be more than 0');
    expect(firstMessage(positive.safeParse('-3'))).toBe('Must be more than 0');
    expect(firstMessage(schema.safeParse(1e21))).toBe('Must be at most 100,000,000,000,000,000,000');
    expect(firstMessage(numberFieldSchema({ max: 100 }).safeParse(101))).toBe('Must be at most 100');
    expect(firstMessage(schema.safeParse('abc'))).toBe('Enter a number');
    expect(firstMessage(schema.safeParse(true))).toBe('Enter a number');
  });

  it('rejects what is not a plain decimal number', () => {
    for (const value of ['0x10', 'Infinity', 'NaN', '1,5', '1 2', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(schema.safeParse(value).success).toBe(false);
    }
  });

  it('accepts any number in [0, 1e20], as a number or as a string', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e20, noNaN: true }), (value) => {
        expect(schema.safeParse(value).success).toBe(true);
        expect(schema.parse(String(value))).toBe(value);
        expect(isValidNumberField(value)).toBe(true);
      }),
    );
  });

  it('rejects any negative number', () => {
    fc.assert(
      fc.property(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), (value) => {
        expect(schema.safeParse(value).success).toBe(false);
        expect(schema.safeParse(String(value)).success).toBe(false);
        expect(isValidNumberField(value)).toBe(false);
      }),
    );
  });

  it('rejects any number above 1e20', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e20, noNaN: true }).filter((value) => value > 1e20),
        (value) => {
          expect(schema.safeParse(value).success).toBe(false);
          expect(isValidNumberField(value, { positiveOnly: true })).toBe(false);
        },
      ),
    );
  });

  it('rejects 0 and accepts anything above it up to 1e20 when positive only', () => {
    expect(isValidNumberField(0, { positiveOnly: true })).toBe(false);
    expect(isValidNumberField(-0, { positiveOnly: true })).toBe(false);
    expect(isValidNumberField('0', { positiveOnly: true })).toBe(false);
    expect(isValidNumberField(0)).toBe(true);
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: 1e20, noNaN: true }), (value) => {
        expect(positive.safeParse(value).success).toBe(true);
      }),
    );
  });
});

describe('isObjectId', () => {
  it('accepts exactly 24 hexadecimal characters in either case', () => {
    expect(isObjectId('65a1f0c2b3d4e5f60718293a')).toBe(true);
    expect(isObjectId('65A1F0C2B3D4E5F60718293A')).toBe(true);
  });

  it('rejects other lengths, other characters and non-strings', () => {
    for (const value of [
      '65a1f0c2b3d4e5f60718293',
      '65a1f0c2b3d4e5f60718293ab',
      '65a1f0c2b3d4e5f60718293g',
      '',
      42,
      null,
    ]) {
      expect(isObjectId(value)).toBe(false);
    }
    expect(isObjectId(' 65a1f0c2b3d4e5f60718293a')).toBe(false);
  });

  it('agrees with the pattern for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (value) => {
        expect(isObjectId(value)).toBe(OBJECT_ID_PATTERN.test(value));
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{24}$/), (value) => {
        expect(isObjectId(value)).toBe(true);
      }),
    );
  });

  it('answers "Must be a valid id" from the schema', () => {
    expect(objectIdSchema.parse('65a1f0c2b3d4e5f60718293a')).toBe('65a1f0c2b3d4e5f60718293a');
    expect(objectIdSchema.parse('65A1F0C2B3D4E5F60718293A')).toBe('65a1f0c2b3d4e5f60718293a');
    expect(firstMessage(objectIdSchema.safeParse('nope'))).toBe('Must be a valid id');
    expect(firstMessage(objectIdSchema.safeParse(12))).toBe('Must be a valid id');
  });
});

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['4', '(4'],
    ['404', '(404'],
    ['4045', '(404) 5'],
    ['4045551', '(404) 555-1'],
    ['4045551234', '(404) 555-1234'],
    ['404555123499', '(404) 555-1234'],
    ['+1 (404) 555-12', '(140) 455-512'],
    ['abc', ''],
  ])('formats %j as %j', (input, output) => {
    expect(formatPhone(input)).toBe(output);
  });

  const phoneLike = fc.oneof(
    fc.string(),
    fc
      .array(fc.constantFrom(...'0123456789 ()-+.x'), { maxLength: 25 })
      .map((characters) => characters.join('')),
  );
  const digitsOf = (text: string) => text.replace(/\D/g, '');

  it('never keeps more than 10 digits', () => {
    fc.assert(fc.property(phoneLike, (input) => digitsOf(formatPhone(input)).length <= 10));
  });

  it('keeps the first 10 digits of the input, in order', () => {
    fc.assert(
      fc.property(phoneLike, (input) => {
        expect(digitsOf(formatPhone(input))).toBe(digitsOf(input).slice(0, 10));
      }),
    );
  });

  it('shapes any 10 digits as (xxx) xxx-xxxx', () => {
    fc.assert(
      fc.property(phoneLike, fc.stringMatching(/^\d{10}$/), (noise, digits) => {
        expect(formatPhone(digits + noise)).toMatch(PHONE_PATTERN);
        expect(formatPhone(digits)).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(phoneLike, (input) => {
        const once = formatPhone(input);
        expect(formatPhone(once)).toBe(once);
      }),
    );
  });
});

describe('phoneSchema', () => {
  it('accepts an empty value or a full formatted number', () => {
    expect(phoneSchema.parse('')).toBe('');
    expect(phoneSchema.parse('(404) 555-1234')).toBe('(404) 555-1234');
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        expect(phoneSchema.safeParse(formatPhone(digits)).success).toBe(true);
      }),
    );
  });

  it('asks for a 10-digit number otherwise', () => {
    for (const value of ['(404) 555-123', '4045551234', '(404)555-1234', '(404) 555-12345', 4045551234]) {
      expect(firstMessage(phoneSchema.safeParse(value))).toBe('Enter a 10-digit phone number');
    }
  });
});

describe('toValidDate', () => {
  it('keeps valid dates as a fresh copy', () => {
    const date = new Date('2024-03-10T12:00:00Z');
    const result = toValidDate(date);
    expect(result?.getTime()).toBe(date.getTime());
    expect(result).not.toBe(date);
  });

  it('reads ISO 8601 strings and epoch milliseconds', () => {
    expect(toValidDate('2024-03-10T12:00:00Z')?.toISOString()).toBe('2024-03-10T12:00:00.000Z');
    expect(toValidDate('2024-03-10T12:00:00.000+02:00')?.toISOString()).toBe('2024-03-10T10:00:00.000Z');
    expect(toValidDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(toValidDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('turns invalid or missing dates into null', () => {
    for (const value of [
      new Date('nope'),
      new Date(Number.NaN),
      'not a date',
      'hello 1',
      '',
      '2024-13-01',
      '2024-02-30',
      '2023-02-29',
      '2024-01-01T25:00',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      8.64e15 + 1,
      null,
      undefined,
      true,
      {},
      [],
    ]) {
      expect(toValidDate(value)).toBeNull();
    }
  });

  it('round-trips any valid date through its ISO string', () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true, min: new Date('0000-01-01'), max: new Date('9999-12-31') }),
        (date) => {
          expect(toValidDate(date.toISOString())?.getTime()).toBe(date.getTime());
          expect(toValidDate(date)?.getTime()).toBe(date.getTime());
        },
      ),
    );
  });
});

describe('isFile', () => {
  it('recognises File objects only', () => {
    expect(isFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(true);
    expect(isFile(new Blob(['x']))).toBe(false);
    expect(isFile({ name: 'a.txt', size: 1 })).toBe(false);
    expect(isFile('a.txt')).toBe(false);
    expect(isFile(null)).toBe(false);
  });
});
