import { describe, expect, it } from 'vitest';
import type { PayRateAmounts } from './pay-rates.ts';
import {
  nextPeriod,
  payForClass,
  payPeriodOf,
  payRateInForce,
  periodContaining,
  periodLabel,
  previousPeriod,
  type PayrollSettings,
} from './payroll.ts';

const monthly: PayrollSettings = { frequency: 'monthly', periodAnchor: '2026-01-05' };
const weekly: PayrollSettings = { frequency: 'weekly', periodAnchor: '2026-01-05' };
const fortnightly: PayrollSettings = { frequency: 'fortnightly', periodAnchor: '2026-01-05' };

describe('pay periods', () => {
  it('monthly periods are calendar months, February and leap years included', () => {
    expect(periodContaining('2026-10-17', monthly)).toEqual({ startsOn: '2026-10-01', endsOn: '2026-10-31' });
    expect(periodContaining('2028-02-29', monthly)).toEqual({ startsOn: '2028-02-01', endsOn: '2028-02-29' });
    expect(previousPeriod({ startsOn: '2026-01-01', endsOn: '2026-01-31' }, monthly)).toEqual({
      startsOn: '2025-12-01',
      endsOn: '2025-12-31',
    });
    expect(nextPeriod({ startsOn: '2026-12-01', endsOn: '2026-12-31' }, monthly)).toEqual({
      startsOn: '2027-01-01',
      endsOn: '2027-01-31',
    });
  });

  it('weekly periods start on the anchor weekday, before the anchor too', () => {
    // 5 January 2026 is a Monday; so is 23 November 2026.
    expect(periodContaining('2026-11-26', weekly)).toEqual({ startsOn: '2026-11-23', endsOn: '2026-11-29' });
    expect(periodContaining('2026-11-23', weekly)).toEqual({ startsOn: '2026-11-23', endsOn: '2026-11-29' });
    expect(periodContaining('2025-12-31', weekly)).toEqual({ startsOn: '2025-12-29', endsOn: '2026-01-04' });
    const thursdays = { frequency: 'weekly', periodAnchor: '2026-11-05' } as const;
    expect(periodContaining('2026-11-04', thursdays)).toEqual({
      startsOn: '2026-10-29',
      endsOn: '2026-11-04',
    });
  });

  it('fortnights are counted from the anchor', () => {
    expect(periodContaining('2026-01-18', fortnightly)).toEqual({
      startsOn: '2026-01-05',
      endsOn: '2026-01-18',
    });
    expect(periodContaining('2026-01-19', fortnightly)).toEqual({
      startsOn: '2026-01-19',
      endsOn: '2026-02-01',
    });
    expect(periodContaining('2026-01-04', fortnightly)).toEqual({
      startsOn: '2025-12-22',
      endsOn: '2026-01-04',
    });
    expect(nextPeriod({ startsOn: '2026-01-05', endsOn: '2026-01-18' }, fortnightly).startsOn).toBe(
      '2026-01-19',
    );
  });

  it('a closed period is kept as it closed and an open one is clipped so they never overlap', () => {
    const closed = [
      { id: 'a', startsOn: '2026-10-26', endsOn: '2026-11-01' },
      { id: 'b', startsOn: '2026-11-02', endsOn: '2026-11-08' },
    ];
    // Weekly closed weeks, then monthly: November's first open period starts after the last closed week.
    expect(payPeriodOf('2026-11-20', monthly, closed)).toEqual({
      span: { startsOn: '2026-11-09', endsOn: '2026-11-30' },
      closed: null,
    });
    expect(payPeriodOf('2026-11-03', monthly, closed).closed?.id).toBe('b');
    // October, before the closed week that started on 26 October, ends the day before it.
    expect(payPeriodOf('2026-10-10', monthly, closed).span).toEqual({
      startsOn: '2026-10-01',
      endsOn: '2026-10-25',
    });
  });

  it('labels periods without Intl', () => {
    expect(periodLabel({ startsOn: '2026-10-01', endsOn: '2026-10-31' })).toBe('1–31 Oct 2026');
    expect(periodLabel({ startsOn: '2026-10-26', endsOn: '2026-11-01' })).toBe('26 Oct – 1 Nov 2026');
    expect(periodLabel({ startsOn: '2026-11-01', endsOn: '2026-11-01' })).toBe('1 Nov 2026');
    expect(periodLabel({ startsOn: '2025-12-29', endsOn: '2026-01-04' })).toBe('29 Dec 2025 – 4 Jan 2026');
  });
});

describe('rate in force', () => {
  const rate = (id: string, instructorId: string, templateId: string | null, effectiveFrom: string) => ({
    id,
    instructorId,
    templateId,
    effectiveFrom,
  });
  const rates = [
    rate('old', 'ann', null, '2026-01-01'),
    rate('new', 'ann', null, '2026-10-15'),
    rate('yoga', 'ann', 'yoga', '2026-06-01'),
    rate('bob', 'bob', null, '2025-01-01'),
  ];

  it('is the latest rate from on or before the class date, the template’s own first', () => {
    expect(payRateInForce(rates, 'ann', 'spin', '2026-10-14')?.id).toBe('old');
    expect(payRateInForce(rates, 'ann', 'spin', '2026-10-15')?.id).toBe('new');
    expect(payRateInForce(rates, 'ann', 'yoga', '2026-10-20')?.id).toBe('yoga');
    expect(payRateInForce(rates, 'ann', 'yoga', '2026-05-31')?.id).toBe('old');
    expect(payRateInForce(rates, 'bob', 'yoga', '2026-10-20')?.id).toBe('bob');
    expect(payRateInForce(rates, 'ann', null, '2025-12-31')).toBeNull();
    expect(payRateInForce(rates, 'cy', null, '2026-12-31')).toBeNull();
  });
});

describe('pay for a class', () => {
  const terms = (overrides: Partial<PayRateAmounts>): PayRateAmounts => ({
    kind: 'per_class',
    amount: 2500,
    peakAmount: null,
    baseAmount: 0,
    capAmount: null,
    ...overrides,
  });
  const facts = { attendees: 8, minutes: 60, peak: false };

  it('per class pays the amount whatever the attendance; the peak amount in peak hours', () => {
    expect(payForClass(terms({}), facts)).toBe(2500);
    expect(payForClass(terms({ peakAmount: 3000 }), facts)).toBe(2500);
    expect(payForClass(terms({ peakAmount: 3000 }), { ...facts, peak: true })).toBe(3000);
    expect(payForClass(terms({}), { ...facts, peak: true })).toBe(2500);
  });

  it('per attendee pays the base plus each attendee, up to the cap', () => {
    const perHead = terms({ kind: 'per_attendee', amount: 300, baseAmount: 1000, capAmount: 4000 });
    expect(payForClass(perHead, { ...facts, attendees: 0 })).toBe(1000);
    expect(payForClass(perHead, { ...facts, attendees: 9 })).toBe(3700);
    expect(payForClass(perHead, { ...facts, attendees: 11 })).toBe(4000);
    expect(payForClass({ ...perHead, capAmount: null }, { ...facts, attendees: 11 })).toBe(4300);
    expect(payForClass({ ...perHead, peakAmount: 500 }, { ...facts, attendees: 4, peak: true })).toBe(3000);
  });

  it('hourly pays by the minute, rounded half up to a whole minor unit', () => {
    expect(payForClass(terms({ kind: 'hourly', amount: 2800 }), { ...facts, minutes: 45 })).toBe(2100);
    // 1001 × 50 / 60 = 834.17 → 834; 1001 × 45 / 60 = 750.75 → 751; 30 × 1 / 60 = 0.5 → 1.
    expect(payForClass(terms({ kind: 'hourly', amount: 1001 }), { ...facts, minutes: 50 })).toBe(834);
    expect(payForClass(terms({ kind: 'hourly', amount: 1001 }), { ...facts, minutes: 45 })).toBe(751);
    expect(payForClass(terms({ kind: 'hourly', amount: 30 }), { ...facts, minutes: 1 })).toBe(1);
    expect(
      payForClass(terms({ kind: 'hourly', amount: 2800, peakAmount: 3600 }), {
        ...facts,
        minutes: 90,
        peak: true,
      }),
    ).toBe(5400);
  });
});
