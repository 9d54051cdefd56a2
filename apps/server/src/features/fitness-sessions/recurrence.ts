import { MAX_OCCURRENCES, WEEKDAYS, weekdayOfDate, type ScheduleRule } from '@kinetic/shared';
import { addDays, daysBetween, zonedInstant } from './zoned-time.ts';

export interface Occurrence {
  /** The date on the studio's calendar. */
  localDate: string;
  startsAt: Date;
  endsAt: Date;
}

/** Every local date the rule names, in order, up to `until` (inclusive) and at most `limit` of them. */
export function ruleDates(rule: ScheduleRule, options: { until?: string; limit?: number } = {}): string[] {
  const limit = options.limit ?? MAX_OCCURRENCES + 1;
  if (rule.kind === 'once') return options.until && rule.date > options.until ? [] : [rule.date];
  const last = [rule.endDate, options.until].filter((value): value is string => Boolean(value)).sort()[0];
  const count = rule.count ?? Number.POSITIVE_INFINITY;
  const wanted = new Set(rule.weekdays);
  // Weeks are counted from the Monday of the start date's week, so "every 2 weeks on Mon and Thu"
  // keeps both days in the same on-week.
  const weekStart = addDays(rule.startDate, -WEEKDAYS.indexOf(weekdayOfDate(rule.startDate)));
  const dates: string[] = [];
  let seen = 0;
  for (let date = rule.startDate; ; date = addDays(date, 1)) {
    if (last && date > last) break;
    if (seen >= count || dates.length >= limit) break;
    const week = Math.floor(daysBetween(weekStart, date) / 7);
    if (week % rule.everyWeeks === 0 && wanted.has(weekdayOfDate(date))) {
      seen += 1;
      dates.push(date);
    }
    // A rule without an end stops at the caller's horizon; without either, at the limit.
    if (!last && rule.count === null && dates.length >= limit) break;
  }
  return dates;
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
