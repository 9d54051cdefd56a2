import { describe, expect, it } from 'vitest';
import { periodOf, periodStart } from './membership-periods.ts';

describe('membership periods (counted from the start date, local)', () => {
  it('monthly periods keep the start day, or the month’s last day when shorter', () => {
    expect([0, 1, 2, 3].map((n) => periodStart('2026-01-31', 'month', n))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(periodStart('2027-11-15', 'year', 1)).toBe('2028-11-15');
    expect(periodStart('2026-12-28', 'week', 1)).toBe('2027-01-04');
  });

  it('finds the period of a date on either side of a boundary', () => {
    expect(periodOf('2026-11-15', 'month', '2026-12-14')).toEqual({
      start: '2026-11-15',
      end: '2026-12-15',
      index: 0,
    });
    expect(periodOf('2026-11-15', 'month', '2026-12-15')).toEqual({
      start: '2026-12-15',
      end: '2027-01-15',
      index: 1,
    });
    expect(periodOf('2026-01-31', 'month', '2026-03-30')).toMatchObject({
      start: '2026-02-28',
      end: '2026-03-31',
    });
    expect(periodOf('2026-11-22', 'week', '2026-11-29')).toMatchObject({ start: '2026-11-29', index: 1 });
    expect(periodOf('2026-11-22', 'week', '2026-11-21')).toBeNull();
  });
});
