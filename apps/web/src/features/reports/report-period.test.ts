import { describe, expect, it } from 'vitest';
import { periodOf, periodRowLabel, todayIn } from './report-period.ts';

describe('report periods', () => {
  it('weeks start on Monday; months end on their last day; last month of January is December', () => {
    // Sunday 1 March 2026.
    expect(periodOf('this-week', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodOf('last-week', '2026-03-01')).toEqual({ from: '2026-02-16', to: '2026-02-22' });
    expect(periodOf('this-month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodOf('custom', '2026-01-15')).toBeNull();
  });

  it('today is the company’s day, not the browser’s', () => {
    const lateEvening = new Date('2026-03-02T03:30:00Z'); // 22:30 on 1 March in New York
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-03-01');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2026-03-02');
  });

  it('period rows are written out', () => {
    expect(periodRowLabel('day', '2026-11-02')).toBe('Mon, 2 Nov 2026');
    expect(periodRowLabel('week', '2026-11-02')).toBe('Week of 2 Nov 2026');
    expect(periodRowLabel('month', '2026-11-01')).toBe('November 2026');
  });
});
