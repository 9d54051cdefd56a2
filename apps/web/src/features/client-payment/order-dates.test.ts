import { describe, expect, it } from 'vitest';
import { humanDatesIn } from './order-dates.ts';

describe('humanDatesIn: order lines say dates as the studio writes them', () => {
  it('writes a class’s date in the company’s locale', () => {
    expect(humanDatesIn('Drop-in: Spin, 2026-11-21', 'en-US')).toBe('Drop-in: Spin, Nov 21, 2026');
    expect(humanDatesIn('Drop-in: Spin, 2026-11-21', 'en-GB')).toBe('Drop-in: Spin, 21 Nov 2026');
    expect(humanDatesIn('Late-cancellation fee: Barre, 2026-03-05', 'de-DE')).toBe('Late-cancellation fee: Barre, 5. März 2026');
  });

  it('writes both ends of a membership period, and leaves other numbers alone', () => {
    expect(humanDatesIn('Monthly: 2026-11-01 to 2026-12-01', 'en-GB')).toBe('Monthly: 1 Nov 2026 to 1 Dec 2026');
    expect(humanDatesIn('10-Class Pack', 'en-GB')).toBe('10-Class Pack');
    expect(humanDatesIn('Code 2026-13-45', 'en-GB')).toBe('Code 2026-13-45');
  });
});
