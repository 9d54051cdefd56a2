import { z } from 'zod';
import {
  formatRange,
  MAX_RANGES_PER_DAY,
  minutesOfDay,
  rangeListProblem,
  timeRangeSchema,
  WEEKDAY_LABELS,
  weekdaySchema,
  weekRangesDto,
  type TimeRange,
  type Weekday,
} from './time-ranges.ts';

/** Which list a range belongs to; `peak` fills `peakHour`, `non-peak` fills `nonPeakHour`. */
export const HOUR_BANDS = ['peak', 'non-peak'] as const;
export const hourBandSchema = z.enum(HOUR_BANDS, { error: 'Choose peak or non-peak' });
export type HourBand = z.infer<typeof hourBandSchema>;

/** What `bandAt` answers for an instant. */
export type BandAtInstant = HourBand | 'none';

/** The spec §3 hours state. `isPeakNonPeakAllowed` is "1" once hours are added, else "0". */
export const hoursDto = z.object({
  peakHour: weekRangesDto,
  nonPeakHour: weekRangesDto,
  isPeakNonPeakAllowed: z.enum(['0', '1']),
});
export type HoursDto = z.infer<typeof hoursDto>;

const rangesField = z
  .array(timeRangeSchema, { error: 'Add at least one time range' })
  .max(MAX_RANGES_PER_DAY, `Use at most ${MAX_RANGES_PER_DAY} time ranges a day`);

/** Checks a body's ranges against each other, naming the day and the range. */
function soundRanges(
  body: { day: Weekday; ranges: z.infer<typeof timeRangeSchema>[] },
  ctx: z.RefinementCtx,
) {
  const problem = rangeListProblem(body.day, body.ranges);
  if (problem) ctx.addIssue({ code: 'custom', path: ['ranges'], message: problem });
}

/** `POST /api/hours`: add ranges to a day; they merge with the day's existing list (spec §4). */
export const addHoursBody = z
  .object({
    band: hourBandSchema,
    day: weekdaySchema,
    ranges: rangesField.min(1, 'Add at least one time range'),
  })
  .superRefine(soundRanges);
export type AddHoursBody = z.infer<typeof addHoursBody>;

/** `PUT /api/hours`: replace a day's list (an empty list keeps the day with no times). */
export const replaceHoursBody = z
  .object({ band: hourBandSchema, day: weekdaySchema, ranges: rangesField })
  .superRefine(soundRanges);
export type ReplaceHoursBody = z.infer<typeof replaceHoursBody>;

/** `DELETE /api/hours/{band}/{day}`: remove the day's entry. */
export const deleteHoursParams = z.object({ band: hourBandSchema, day: weekdaySchema });
export type DeleteHoursParams = z.infer<typeof deleteHoursParams>;

/**
 * A day is either peak or non-peak at any minute, never both: the first range of one band that
 * overlaps a range of the other, as a sentence naming the day and both ranges; null when none does.
 */
export function crossBandProblem(
  day: Weekday,
  peak: readonly TimeRange[],
  nonPeak: readonly TimeRange[],
): string | null {
  for (const a of peak) {
    for (const b of nonPeak) {
      if (minutesOfDay(a.start) < minutesOfDay(b.end) && minutesOfDay(b.start) < minutesOfDay(a.end)) {
        return `${WEEKDAY_LABELS[day]} ${formatRange(a)} (peak) overlaps ${formatRange(b)} (non-peak).`;
      }
    }
  }
  return null;
}
