import type { MembershipPeriod } from '@kinetic/shared';

/*
 * A membership's periods are counted from the local date it started (in the company's time zone). Each
 * monthly period starts on the start's day of the month, or on the month's last day when the month is
 * shorter: bought on 31 January, periods start 31 Jan, 28 Feb, 31 Mar.
 */
function parse(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}
function format(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first day of period `n` (0 = the first) of a membership that started on `startsOn`. */
export function periodStart(startsOn: string, period: MembershipPeriod, n: number): string {
  const [year, month, day] = parse(startsOn);
  if (period === 'week') return format(year, month, day + 7 * n);
  const months = period === 'month' ? n : 12 * n;
  const targetYear = year + Math.floor((month - 1 + months) / 12);
  const targetMonth = ((((month - 1 + months) % 12) + 12) % 12) + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** The period a local date falls in: its first day and the next period's first day. Null before the start. */
export function periodOf(
  startsOn: string,
  period: MembershipPeriod,
  date: string,
): { start: string; end: string; index: number } | null {
  if (date < startsOn) return null;
  const [y1, m1] = parse(startsOn);
  const [y2, m2, d2] = parse(date);
  // A close first guess, then step: never more than a couple of steps.
  let n =
    period === 'week'
      ? Math.floor((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, parse(startsOn)[2])) / (7 * 86_400_000))
      : period === 'month'
        ? (y2 - y1) * 12 + (m2 - m1)
        : y2 - y1;
  while (n > 0 && periodStart(startsOn, period, n) > date) n -= 1;
  while (periodStart(startsOn, period, n + 1) <= date) n += 1;
  return { start: periodStart(startsOn, period, n), end: periodStart(startsOn, period, n + 1), index: n };
}
