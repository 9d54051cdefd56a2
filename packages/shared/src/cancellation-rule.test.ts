import { describe, expect, it } from 'vitest';
import { cancellationRule } from './cancellation-rule.ts';

const dayTime = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(instant));

// Wednesday 9 January 2030, 18:00 in Berlin.
const item = (lateCancelFee: number) => ({
  startsAt: '2030-01-09T17:00:00.000Z',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  locale: 'de-DE',
  rules: { freeCancellationHoursBefore: 24, lateCancelFee },
});

describe('cancellationRule for someone already booked (the emails)', () => {
  it('writes the fee the company’s way and the deadline on the studio’s clock', () => {
    expect(cancellationRule(item(1000), dayTime, new Date('2030-01-01T00:00:00Z'), { booked: true })).toBe(
      'Free cancellation until Tue 18:00; after that the class counts as used and a 10,00\u00a0€ fee applies.',
    );
  });

  it('after the deadline says what cancelling now costs, not “if you book”', () => {
    const now = new Date('2030-01-09T12:00:00Z');
    expect(cancellationRule(item(1000), dayTime, now, { booked: true })).toBe(
      'Free cancellation ended Tue 18:00: cancelling now costs a 10,00\u00a0€ fee and the class counts as used.',
    );
    expect(cancellationRule(item(0), dayTime, now, { booked: true })).toBe(
      'Free cancellation ended Tue 18:00: cancelling now gives no class credit back.',
    );
  });

  it('for an event speaks of the place, and promises no class credit', () => {
    const before = new Date('2030-01-01T00:00:00Z');
    const after = new Date('2030-01-09T12:00:00Z');
    expect(cancellationRule(item(0), dayTime, before, { booked: true, event: true })).toBe(
      'Free cancellation until Tue 18:00.',
    );
    expect(cancellationRule(item(1000), dayTime, before, { booked: true, event: true })).toBe(
      'Free cancellation until Tue 18:00; after that the place counts as used and a 10,00\u00a0€ fee applies.',
    );
    expect(cancellationRule(item(0), dayTime, after, { booked: true, event: true })).toBe(
      'Free cancellation ended Tue 18:00: cancelling now gives nothing back.',
    );
    expect(cancellationRule(item(1000), dayTime, after, { event: true })).toBe(
      'Free cancellation ended Tue 18:00: if you book, cancelling costs a 10,00\u00a0€ fee and the place counts as used.',
    );
  });
});
