import { MAX_OCCURRENCES, WEEKDAYS, weekdayOfDate, type ScheduleRule } from '@kinetic/shared';
import { addDays, zonedInstant } from './zoned-time.ts';

export interface Occurrence {
  /** The date on the studio's calendar. */
  localDate: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Every local date the rule names, in order, up to `until` (inclusive) and at most `limit` of them.
 * Steps week by week over the on-weeks only, so the cost follows the number of classes, not the days
 * spanned: "every 52 weeks, 1,000 classes" is 1,000 steps, not 364,000 (which blocked the event loop
 * for seconds when validating a request).
 */
export function ruleDates(rule: ScheduleRule, options: { until?: string; limit?: number } = {}): string[] {
  const limit = options.limit ?? MAX_OCCURRENCES + 1;
  if (rule.kind === 'once') return options.until && rule.date > options.until ? [] : [rule.date];
  const last = [rule.endDate, options.until].filter((value): value is string => Boolean(value)).sort()[0];
  const count = rule.count ?? Number.POSITIVE_INFINITY;
  const days = WEEKDAYS.map((day, index) => [day, index] as const)
    .filter(([day]) => rule.weekdays.includes(day))
    .map(([, index]) => index);
  if (days.length === 0 || rule.everyWeeks < 1) return [];
  // Weeks are counted from the Monday of the start date's week, so "every 2 weeks on Mon and Thu"
  // keeps both days in the same on-week.
  const weekStart = addDays(rule.startDate, -WEEKDAYS.indexOf(weekdayOfDate(rule.startDate)));
  const dates: string[] = [];
  // A rule without an end stops at the caller's horizon; without either, at the limit.
  for (let week = 0; ; week += rule.everyWeeks) {
    for (const day of days) {
      const date = addDays(weekStart, week * 7 + day);
      if (date < rule.startDate) continue;
      if ((last && date > last) || dates.length >= count || dates.length >= limit) return dates;
      dates.push(date);
    }
  }
}

/** How many classes the whole rule holds (`limit + 1` at most, to say "too many" without counting on). */
export function countOccurrences(rule: ScheduleRule): number {
  return ruleDates(rule, { limit: MAX_OCCURRENCES + 1 }).length;
}

/** The dated classes of a rule in the studio's zone: 18:00 stays 18:00 local across DST changes. */
export function expand(
  rule: ScheduleRule,
  startTime: string,
  durationMinutes: number,
  timeZone: string,
  options: { from?: string; until?: string } = {},
): Occurrence[] {
  return ruleDates(rule, { until: options.until })
    .filter((date) => !options.from || date >= options.from)
    .map((localDate) => {
      const startsAt = zonedInstant(localDate, startTime, timeZone);
      return { localDate, startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) };
    });
}
