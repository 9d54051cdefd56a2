import { describe, expect, it } from 'vitest';
import { dayTimeLabel } from '../schedule/class-labels.ts';
import { cancellationRule, paymentChoices } from './booking-labels.ts';

describe('cancellationRule', () => {
  const item = (freeCancellationHoursBefore: number, lateCancelFee: number) => ({
    // Tuesday 8 January 2030, 18:00 in New York.
    startsAt: '2030-01-08T23:00:00.000Z',
    timeZone: 'America/New_York',
    currency: 'USD',
    rules: { freeCancellationHoursBefore, lateCancelFee },
  });

  it('names the last free moment in the studio’s zone and the fee after it', () => {
    expect(cancellationRule(item(24, 1000), dayTimeLabel, new Date('2030-01-01T00:00:00Z'))).toBe(
      'Free cancellation until Mon 7 Jan, 18:00; after that the class counts as used and a $10.00 fee applies.',
    );
  });

  it('once the free time has passed, says what cancelling will cost before booking', () => {
    const now = new Date('2030-01-08T12:00:00.000Z');
    expect(cancellationRule(item(24, 1000), dayTimeLabel, now)).toBe(
      'Free cancellation ended Mon 7 Jan, 18:00: if you book, cancelling costs a $10.00 fee and the class counts as used.',
    );
    expect(cancellationRule(item(12, 0), dayTimeLabel, now)).toBe(
      'Free cancellation ended Tue 8 Jan, 06:00: if you book, cancelling gives no class credit back.',
    );
  });

  it('without a fee, says until when a credit comes back', () => {
    expect(cancellationRule(item(2, 0), dayTimeLabel, new Date('2030-01-01T00:00:00Z'))).toBe(
      'Cancel until Tue 8 Jan, 16:00 to get a class credit back.',
    );
  });
});

describe('paymentChoices', () => {
  const held = {
    clientPackageId: 'p1',
    name: 'Five Pack',
    kind: 'class-pack' as const,
    remaining: 4,
    usable: true,
    problem: null,
  };
  it('offers each usable package and the drop-in for a paid class', () => {
    const choices = paymentChoices({
      currency: 'USD',
      dropInPrice: 2500,
      best: { kind: 'class-pack', clientPackageId: 'p1', label: '' },
      packages: [held],
    });
    expect(choices.map((choice) => choice.value)).toEqual(['p1', 'drop-in']);
  });
  it('offers nothing to choose for a free class: no credit is spent on it', () => {
    expect(
      paymentChoices({
        currency: 'USD',
        dropInPrice: 0,
        best: { kind: 'free', clientPackageId: null, label: 'Free' },
        packages: [held],
      }),
    ).toEqual([]);
  });
});
