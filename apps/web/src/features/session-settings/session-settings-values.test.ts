import { describe, expect, it } from 'vitest';
import { SESSION_SETTINGS_DEFAULTS } from '@kinetic/shared';
import {
  currencyDigits,
  helpTexts,
  minutesInWords,
  toBody,
  toFormValues,
  toMajorUnits,
  toMinorUnits,
  validateValues,
} from './session-settings-values.ts';

const answer = {
  ...SESSION_SETTINGS_DEFAULTS,
  lateCancelFee: 1999,
  noShowFee: 500,
  reminderHoursBefore: 24,
  saved: true,
  currency: 'USD',
};

describe('money in the form and in the API', () => {
  it('knows how many decimals a currency has', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('not a currency')).toBe(2);
  });

  it('turns minor units into major units and back without losing a cent', () => {
    expect(toMajorUnits(1999, 2)).toBe(19.99);
    expect(toMinorUnits(19.99, 2)).toBe(1999);
    expect(toMinorUnits('0.29', 2)).toBe(29);
    expect(toMinorUnits(500, 0)).toBe(500);
    expect(toMinorUnits('', 2)).toBe('');
    expect(toMinorUnits('abc', 2)).toBe('abc');
  });

  it('shows fees in major units and sends minor units', () => {
    const values = toFormValues(answer);
    expect(values.lateCancelFee).toBe(19.99);
    expect(values.noShowFee).toBe(5);
    expect(values.maxWaitlistLength).toBe(20);
    const body = toBody(values, 'USD');
    expect(body.lateCancelFee).toBe(1999);
    expect(body.noShowFee).toBe(500);
    expect(toFormValues({ ...answer, maxWaitlistLength: null }).maxWaitlistLength).toBe('');
  });
});

describe('checks and help text', () => {
  it('names the field the contract refuses', () => {
    const values = toFormValues(answer);
    expect(validateValues(values, 'USD')).toEqual({});
    expect(validateValues({ ...values, bookingOpensDaysBefore: 400 }, 'USD')).toEqual({
      bookingOpensDaysBefore: 'Booking can open at most 365 days ahead',
    });
    expect(validateValues({ ...values, lateCancelFee: 2_000_000 }, 'USD')).toEqual({
      lateCancelFee: 'A fee can be at most 1,000,000.00',
    });
  });

  it('asks for a reminder time between 1 and 168 hours', () => {
    const values = toFormValues(answer);
    expect(validateValues({ ...values, reminderHoursBefore: '' }, 'USD')).toEqual({
      reminderHoursBefore: 'Enter how many hours before a class its reminder goes',
    });
    expect(validateValues({ ...values, reminderHoursBefore: 200 }, 'USD')).toEqual({
      reminderHoursBefore: 'A reminder can go at most 168 hours (7 days) before the class',
    });
    expect(toBody({ ...values, reminderHoursBefore: 48 }, 'USD')).toMatchObject({ reminderHoursBefore: 48 });
  });

  it('does not ask for the hold when places are given automatically', () => {
    const values = { ...toFormValues(answer), waitlistMode: 'auto' as const, offerHoldMinutes: '' };
    expect(validateValues(values, 'USD')).toEqual({});
  });

  it('says the rules in plain words', () => {
    const help = helpTexts(toFormValues(answer), 'USD');
    expect(help.bookingOpensDaysBefore).toBe('Clients can book from 14 days before a class.');
    expect(help.lateCancelFee).toBe('A late cancellation costs $19.99.');
    expect(help.checkInOpensMinutesBefore).toBe('Clients can check in from 1 hour before a class.');
    expect(help.reminderHoursBefore).toBe(
      'Clients booked earlier get a reminder email 24 hours before each class, unless they turned reminders off. Someone who books later gets no separate reminder: their booking confirmation is enough.',
    );
    expect(minutesInWords(90)).toBe('90 minutes');
    expect(minutesInWords(2880)).toBe('2 days');
  });
});
