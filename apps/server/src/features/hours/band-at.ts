import { minutesOfDay, type BandAtInstant, type TimeRange, type WeekRanges } from '@kinetic/shared';
import { localWeekdayAndMinute } from '../fitness-sessions/zoned-time.ts';

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
