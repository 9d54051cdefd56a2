import { WEEKDAYS, type Weekday } from '@kinetic/shared';

/**
 * Wall-clock time in an IANA zone, by Intl alone (no date library): what the schedule needs to turn
 * "Mondays 18:00 in America/New_York" into instants, whatever zone the server process runs in.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`, as if it were UTC (milliseconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The weekday and minute of the day `instant` falls on in `timeZone` (peak hours read it). */
export function localWeekdayAndMinute(instant: Date, timeZone: string): { day: Weekday; minute: number } {
  const wall = new Date(wallClockMs(instant.getTime(), timeZone));
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  const day = WEEKDAYS[(wall.getUTCDay() + 6) % 7] as Weekday;
  return { day, minute: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/** Minutes east of UTC in `timeZone` at `instant` (New York in winter: -300). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return (wallClockMs(whole, timeZone) - whole) / 60_000;
}

const DAY_MS = 86_400_000;

/**
 * The instant a local date and time happen in `timeZone`, resolved as Temporal's `compatible` does:
 * a time that happens twice (the repeated hour when clocks go back) is the earlier one; a time that does
 * not exist (the skipped hour when clocks go forward) moves later by the gap, so 02:30 on the spring-forward
 * night in New York is 03:30 EDT.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const before = offsetMinutes(wall - DAY_MS, timeZone);
  const after = offsetMinutes(wall + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wallClockMs(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before * 60_000);
}

/** The local calendar date "YYYY-MM-DD" of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** The local wall time "HH:MM" of `instant` in `timeZone`. */
export function localTimeOf(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(11, 16);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both "YYYY-MM-DD"). */
export function daysBetween(from: string, to: string): number {
  const parse = (value: string) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((parse(to) - parse(from)) / DAY_MS);
}

/** "Mon, 19 Oct 2026": a day as every page and message shows it (the web's `classTimeLabel` too). */
export function dayLabel(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(
    instant,
  );
}

/** "Mon, 19 Oct 2026, 18:00" on the studio's clock. */
export function momentLabel(instant: Date, timeZone: string): string {
  return `${dayLabel(instant, timeZone)}, ${localTimeOf(instant, timeZone)}`;
}

/** A local calendar date "YYYY-MM-DD" as `dayLabel` shows it. */
export function localDateLabel(date: string): string {
  return dayLabel(new Date(`${date}T12:00:00Z`), 'UTC');
}
