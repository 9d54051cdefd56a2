import { describe, expect, it } from 'vitest';
import {
  payRateBody,
  payRateSummary,
  payRateUpdateBody,
  rateInForce,
  type PayRateAmounts,
} from './pay-rates.ts';

const rate = (values: Partial<PayRateAmounts> & Pick<PayRateAmounts, 'kind' | 'amount'>): PayRateAmounts => ({
  peakAmount: null,
  baseAmount: 0,
  capAmount: null,
  ...values,
});

describe('payRateSummary', () => {
  it('reads a flat rate per class', () => {
    expect(payRateSummary(rate({ kind: 'per_class', amount: 2500 }), 'GBP', 'en-GB')).toBe(
      '£25.00 per class',
    );
  });

  it('names the peak amount first and the usual one after it', () => {
    expect(payRateSummary(rate({ kind: 'per_class', amount: 2500, peakAmount: 3000 }), 'GBP', 'en-GB')).toBe(
      '£30.00 per class in peak hours, £25.00 otherwise',
    );
  });

  it('leaves out a peak amount equal to the usual one', () => {
    expect(payRateSummary(rate({ kind: 'per_class', amount: 2500, peakAmount: 2500 }), 'GBP', 'en-GB')).toBe(
      '£25.00 per class',
    );
  });

  it('reads a per-attendee rate with its base and cap', () => {
    const summary = payRateSummary(
      rate({ kind: 'per_attendee', amount: 300, baseAmount: 1000, capAmount: 4000 }),
      'GBP',
      'en-GB',
    );
    expect(summary).toBe('£10.00 base + £3.00 per attendee, at most £40.00');
  });

  it('reads a per-attendee rate without base or cap, and one with a peak amount', () => {
    expect(payRateSummary(rate({ kind: 'per_attendee', amount: 300 }), 'GBP', 'en-GB')).toBe(
      '£3.00 per attendee',
    );
    expect(
      payRateSummary(
        rate({ kind: 'per_attendee', amount: 300, peakAmount: 400, baseAmount: 1000, capAmount: 4000 }),
        'GBP',
        'en-GB',
      ),
    ).toBe('£10.00 base + £4.00 per attendee in peak hours, £3.00 otherwise, at most £40.00');
  });

  it('reads an hourly rate, with and without peak', () => {
    expect(payRateSummary(rate({ kind: 'hourly', amount: 2800 }), 'GBP', 'en-GB')).toBe('£28.00 an hour');
    expect(payRateSummary(rate({ kind: 'hourly', amount: 2800, peakAmount: 3500 }), 'GBP', 'en-GB')).toBe(
      '£35.00 an hour in peak hours, £28.00 otherwise',
    );
  });

  it('writes the company currency in its locale', () => {
    expect(payRateSummary(rate({ kind: 'per_class', amount: 2500 }), 'EUR', 'de-DE')).toBe(
      '25,00\u00a0€ per class',
    );
    expect(payRateSummary(rate({ kind: 'hourly', amount: 3000 }), 'JPY', 'ja-JP')).toBe('￥3,000 an hour');
  });
});

describe('payRateBody', () => {
  const base = {
    instructorId: '0123456789abcdef01234567',
    effectiveFrom: '2026-11-01',
    kind: 'per_class',
    amount: 2500,
  } as const;

  it('fills what may be left out: all classes, the class service, no base, no cap, no peak', () => {
    expect(payRateBody.parse(base)).toEqual({
      ...base,
      templateId: null,
      service: 'class',
      peakAmount: null,
      baseAmount: 0,
      capAmount: null,
    });
  });

  it('refuses base and cap on a rate that is not per attendee, naming the field', () => {
    const result = payRateBody.safeParse({ ...base, baseAmount: 500, capAmount: 900 });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['baseAmount', 'capAmount']);
  });

  it('refuses a cap below the base', () => {
    const result = payRateBody.safeParse({
      ...base,
      kind: 'per_attendee',
      amount: 300,
      baseAmount: 1000,
      capAmount: 900,
    });
    expect(result.error?.issues).toMatchObject([
      { path: ['capAmount'], message: 'The cap cannot be less than the base amount' },
    ]);
    expect(
      payRateBody.safeParse({ ...base, kind: 'per_attendee', amount: 300, baseAmount: 1000, capAmount: 1000 })
        .success,
    ).toBe(true);
  });

  it('refuses negative and fractional amounts and a date that does not exist', () => {
    expect(payRateBody.safeParse({ ...base, amount: -1 }).error?.issues[0]).toMatchObject({
      path: ['amount'],
    });
    expect(payRateBody.safeParse({ ...base, amount: 12.5 }).error?.issues[0]).toMatchObject({
      path: ['amount'],
    });
    expect(payRateBody.safeParse({ ...base, peakAmount: -5 }).error?.issues[0]).toMatchObject({
      path: ['peakAmount'],
    });
    expect(payRateBody.safeParse({ ...base, effectiveFrom: '2026-02-30' }).error?.issues[0]).toMatchObject({
      path: ['effectiveFrom'],
    });
  });

  it('never takes an instructor on an update', () => {
    const { instructorId: _instructorId, ...rest } = base;
    expect(payRateUpdateBody.parse({ ...rest, instructorId: 'ignored' })).not.toHaveProperty('instructorId');
  });
});

describe('rateInForce', () => {
  const rates = [
    { id: 'general-old', templateId: null, effectiveFrom: '2026-01-01' },
    { id: 'general-new', templateId: null, effectiveFrom: '2026-06-01' },
    { id: 'yoga', templateId: 'yoga', effectiveFrom: '2026-03-01' },
  ];

  it('keeps the old rate for a date before the change and the new one from its date', () => {
    expect(rateInForce(rates, null, '2026-05-31')?.id).toBe('general-old');
    expect(rateInForce(rates, null, '2026-06-01')?.id).toBe('general-new');
  });

  it('takes a template’s own rate before the general one, once it has started', () => {
    expect(rateInForce(rates, 'yoga', '2026-02-28')?.id).toBe('general-old');
    expect(rateInForce(rates, 'yoga', '2026-07-01')?.id).toBe('yoga');
    expect(rateInForce(rates, 'pilates', '2026-07-01')?.id).toBe('general-new');
  });

  it('answers null before any rate started', () => {
    expect(rateInForce(rates, null, '2025-12-31')).toBeNull();
  });
});
