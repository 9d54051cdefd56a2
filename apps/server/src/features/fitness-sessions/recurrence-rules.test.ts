import { describe, expect, it } from 'vitest';
import { WEEKDAYS, weekdayOfDate, type ScheduleRule } from '@kinetic/shared';
import { countOccurrences, ruleDates } from './recurrence.ts';
import { addDays, daysBetween } from './zoned-time.ts';

type Weekly = Extract<ScheduleRule, { kind: 'weekly' }>;

/** The rule read literally: every calendar day from the start, kept when its week and weekday match. */
function reference(rule: Weekly, options: { until?: string; limit: number }): string[] {
  const last = [rule.endDate, options.until].filter((value): value is string => Boolean(value)).sort()[0];
  const weekStart = addDays(rule.startDate, -WEEKDAYS.indexOf(weekdayOfDate(rule.startDate)));
  const dates: string[] = [];
  for (
    let date = rule.startDate;
    dates.length < Math.min(rule.count ?? Infinity, options.limit);
    date = addDays(date, 1)
  ) {
    if (last && date > last) break;
    const week = Math.floor(daysBetween(weekStart, date) / 7);
    if (week % rule.everyWeeks === 0 && rule.weekdays.includes(weekdayOfDate(date))) dates.push(date);
  }
  return dates;
}

/** A small deterministic generator (mulberry32), so a failure names a rule that can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ruleDates', () => {
  it('names the same dates as reading the rule day by day, for 400 varied weekly rules', () => {
    const next = random(8);
    const pick = (n: number) => Math.floor(next() * n);
    for (let i = 0; i < 400; i += 1) {
      const startDate = addDays('2025-12-20', pick(400));
      const weekdays = WEEKDAYS.filter(() => next() < 0.35);
      if (weekdays.length === 0) weekdays.push(WEEKDAYS[pick(7)]!);
      const byCount = next() < 0.5;
      const rule: Weekly = {
        kind: 'weekly',
        weekdays,
        everyWeeks: 1 + pick(next() < 0.8 ? 4 : 52),
        startDate,
        endDate: byCount ? null : addDays(startDate, pick(900)),
        count: byCount ? 1 + pick(60) : null,
      };
      const until = next() < 0.5 ? addDays(startDate, pick(200) - 10) : undefined;
      const limit = next() < 0.2 ? 1 + pick(20) : 1001;
      expect(ruleDates(rule, { until, limit }), JSON.stringify({ rule, until, limit })).toEqual(
        reference(rule, { until, limit }),
      );
    }
  });

  it('costs what the classes cost, not the days spanned: every 52 weeks for 1,000 classes answers at once', () => {
    const sparse: Weekly = {
      kind: 'weekly',
      weekdays: ['monday'],
      everyWeeks: 52,
      startDate: '2026-01-05',
      endDate: null,
      count: 1000,
    };
    const started = performance.now();
    expect(countOccurrences(sparse)).toBe(1000);
    expect(countOccurrences({ ...sparse, count: null, endDate: '9999-12-31' })).toBe(1001);
    // Day by day this took over 4 s on the event loop (364,000 days); week by week it is about 1,000 steps.
    expect(performance.now() - started).toBeLessThan(500);
    expect(ruleDates(sparse, { until: '2028-12-31' })).toEqual(['2026-01-05', '2027-01-04', '2028-01-03']);
  });

  it('a rule with no chosen weekday names no dates (a stored row is never trusted to loop forever)', () => {
    expect(
      ruleDates({
        kind: 'weekly',
        weekdays: [],
        everyWeeks: 1,
        startDate: '2026-01-05',
        endDate: null,
        count: null,
      }),
    ).toEqual([]);
  });
});
