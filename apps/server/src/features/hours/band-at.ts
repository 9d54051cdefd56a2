import {
  minutesOfDay,
  WEEKDAYS,
  type BandAtInstant,
  type TimeRange,
  type Weekday,
  type WeekRanges,
} from '@kinetic/shared';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The weekday and minute of the day an instant falls on in a zone (the process's TZ plays no part). */
export function localWeekdayAndMinute(instant: Date, timeZone: string): { day: Weekday; minute: number } {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  const day = part('weekday').toLowerCase() as Weekday;
  if (!(WEEKDAYS as readonly string[]).includes(day)) throw new Error(`Unexpected weekday ${day}`);
  return { day, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

const covers = (ranges: readonly TimeRange[] | undefined, minute: number) =>
  (ranges ?? []).some((range) => minutesOfDay(range.start) <= minute && minute < minutesOfDay(range.end));

/**
 * Which band an instant is in, read on the wall clock of `timeZone`: ranges are local times, so 08:00
 * peak stays 08:00 on both sides of a DST change. Starts are inclusive, ends exclusive.
 */
export function bandOfInstant(
  hours: { peakHour: WeekRanges; nonPeakHour: WeekRanges },
  timeZone: string,
  instant: Date,
): BandAtInstant {
  const { day, minute } = localWeekdayAndMinute(instant, timeZone);
  if (covers(hours.peakHour[day], minute)) return 'peak';
  if (covers(hours.nonPeakHour[day], minute)) return 'non-peak';
  return 'none';
}
