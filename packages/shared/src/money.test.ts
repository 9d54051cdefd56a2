import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatPercent,
  moneyLocale,
  ppmToPercent,
  priceOrder,
  setMoneyLocale,
  shareInProportion,
  taxOf,
  type LineTax,
} from './money.ts';

const VAT: LineTax = { name: 'VAT', ratePpm: 200_000, inclusive: true };
const SALES: LineTax = { name: 'Sales tax', ratePpm: 82_500, inclusive: false };

describe('order arithmetic', () => {
  it('adds exclusive tax on top, rounding half up to the cent', () => {
    // 8.25% of $10.00 is 82.5 cents: the client pays $10.83.
    expect(taxOf(1000, SALES)).toBe(83);
    const order = priceOrder([{ unitPrice: 1000, quantity: 1, tax: SALES, discountable: true }], null);
    expect(order).toMatchObject({ subtotal: 1000, tax: 83, total: 1083 });
  });

  it('keeps rates with three or four decimals of a percent exact (New York City 8.875%)', () => {
    const NYC: LineTax = { name: 'NYC sales tax', ratePpm: 88_750, inclusive: false };
    // 8.875% of $120.00 is $10.65 exactly; stored as 8.87% it would have been $10.64.
    expect(taxOf(12000, NYC)).toBe(1065);
    // 7.0625% of $80.00 is 565 cents exactly.
    expect(taxOf(8000, { name: 'Kansas', ratePpm: 70_625, inclusive: false })).toBe(565);
  });

  it('finds inclusive tax inside the price: the total stays the price', () => {
    // £12.00 including 20% VAT is £10.00 + £2.00.
    const order = priceOrder([{ unitPrice: 1200, quantity: 1, tax: VAT, discountable: true }], null);
    expect(order.lines[0]).toMatchObject({ net: 1000, tax: 200, total: 1200 });
    expect(order.total).toBe(1200);
  });

  it('takes a percent discount before tax, only from the lines the code applies to', () => {
    const order = priceOrder(
      [
        { unitPrice: 10000, quantity: 1, tax: SALES, discountable: true },
        { unitPrice: 2500, quantity: 2, tax: SALES, discountable: false },
      ],
      { kind: 'percent', percent: 10 },
    );
    expect(order.lines.map((line) => line.discount)).toEqual([1000, 0]);
    expect(order.discount).toBe(1000);
    // (9000 + 5000) × 8.25% = 742.5 + 412.5 → 743 + 413.
    expect(order.tax).toBe(743 + 413);
    expect(order.total).toBe(14000 + 1156);
  });

  it('never discounts more than the discountable lines cost', () => {
    const order = priceOrder([{ unitPrice: 1500, quantity: 1, tax: null, discountable: true }], {
      kind: 'amount',
      amount: 5000,
    });
    expect(order).toMatchObject({ discount: 1500, total: 0 });
  });

  it('shares an amount in proportion so the shares add up exactly', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(0, [5, 5])).toEqual([0, 0]);
    expect(shareInProportion(7, [0, 0])).toEqual([0, 0]);
  });

  it('writes amounts in the company currency', () => {
    expect(formatMoney(108300, 'USD')).toBe('$1,083.00');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
  });

  it('property: the total is always the sum of the lines, each line net + tax, nothing negative', () => {
    const tax = fc.option(
      fc.record({
        name: fc.constant('Tax'),
        ratePpm: fc.integer({ min: 0, max: 500_000 }),
        inclusive: fc.boolean(),
      }),
      { nil: null },
    );
    const line = fc.record({
      unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 20 }),
      tax,
      discountable: fc.boolean(),
    });
    const discount = fc.oneof(
      fc.constant(null),
      fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('amount' as const), amount: fc.integer({ min: 1, max: 2_000_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), discount, (lines, off) => {
        const order = priceOrder(lines, off);
        const sum = order.lines.reduce((total, priced) => total + priced.total, 0);
        expect(order.total).toBe(sum);
        const discountable = lines.reduce(
          (total, input) => total + (input.discountable ? input.unitPrice * input.quantity : 0),
          0,
        );
        expect(order.discount).toBeLessThanOrEqual(discountable);
        for (const [index, priced] of order.lines.entries()) {
          expect(priced.net + priced.tax).toBe(priced.total);
          expect(priced.tax).toBeGreaterThanOrEqual(0);
          expect(priced.net).toBeGreaterThanOrEqual(0);
          const input = lines[index];
          if (input && !input.tax?.inclusive) expect(priced.net).toBe(priced.gross - priced.discount);
          else expect(priced.total).toBe(priced.gross - priced.discount);
        }
        expect(
          order.subtotal -
            order.discount +
            order.lines.reduce((t, l, i) => t + (lines[i]?.tax?.inclusive ? 0 : l.tax), 0),
        ).toBe(order.total);
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatPercent', () => {
  it('writes a rate with the decimals it has, in the locale', () => {
    expect(formatPercent(88_750, 'en-US')).toBe('8.875%');
    expect(formatPercent(82_500, 'en-US')).toBe('8.25%');
    expect(formatPercent(200_000, 'en-US')).toBe('20%');
    expect(formatPercent(88_750, 'de-DE')).toBe('8,875\u00a0%');
    expect(ppmToPercent(70_625)).toBe(7.0625);
  });
});

describe('formatMoney in the company locale', () => {
  it('writes each locale its own way, and the web app’s chosen locale is the default', () => {
    expect(formatMoney(123450, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney(123450, 'EUR', 'fr-FR')).toBe('1\u202f234,50\u00a0€');
    expect(formatMoney(123450, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(formatMoney(1200, 'JPY', 'ja-JP')).toBe('￥1,200');
    const before = moneyLocale();
    try {
      setMoneyLocale('de-DE');
      expect(formatMoney(999, 'EUR')).toBe('9,99\u00a0€');
      setMoneyLocale('not a locale!');
      expect(moneyLocale()).toBe('de-DE');
    } finally {
      setMoneyLocale(before);
    }
    expect(formatMoney(999, 'USD')).toBe('$9.99');
  });
});
