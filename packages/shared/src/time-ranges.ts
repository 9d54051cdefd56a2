import { z } from 'zod';

/** Days of the week as keys of hours maps (spec §3 "a map from day to a list of start/end times"). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const weekdaySchema = z.enum(WEEKDAYS, { error: 'Choose a day of the week' });
export type Weekday = z.infer<typeof weekdaySchema>;

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

// "24:00" is allowed as an end so that a range can run to midnight; ranges never cross midnight.
const LOCAL_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** A local wall-clock time "HH:MM" (24-hour), 00:00 to 24:00. */
export const localTimeSchema = z
  .string({ error: 'Enter a time as HH:MM' })
  .trim()
  .regex(LOCAL_TIME_PATTERN, { error: 'Enter a time as HH:MM (00:00 to 24:00)' });

export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

export const timeRangeSchema = z.object({ start: localTimeSchema, end: localTimeSchema });
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const formatRange = (range: TimeRange) => `${range.start}–${range.end}`;

/** The first inverted or overlapping range of one day's list, as a sentence; null when the list is sound. */
export function rangeListProblem(day: Weekday, ranges: readonly TimeRange[]): string | null {
  const label = WEEKDAY_LABELS[day];
  for (const range of ranges) {
    if (minutesOfDay(range.end) <= minutesOfDay(range.start)) {
      return `${label} ${formatRange(range)}: the end must be after the start.`;
    }
  }
  const sorted = [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1]!;
    const current = sorted[index]!;
    // Touching ranges (09:00–12:00 and 12:00–14:00) do not overlap: ends are exclusive.
    if (minutesOfDay(current.start) < minutesOfDay(previous.end)) {
      return `${label} ${formatRange(current)} overlaps ${formatRange(previous)}.`;
    }
  }
  return null;
}

export const sortRanges = (ranges: readonly TimeRange[]): TimeRange[] =>
  [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));

/** At most this many ranges a day: more is a mistake, not a timetable. */
export const MAX_RANGES_PER_DAY = 12;

/** One day's list: each range valid, none inverted, none overlapping; the error names the day and range. */
export const dayRangesSchema = (day: Weekday) =>
  z
    .array(timeRangeSchema)
    .max(MAX_RANGES_PER_DAY, `Use at most ${MAX_RANGES_PER_DAY} time ranges a day`)
    .superRefine((ranges, ctx) => {
      const problem = rangeListProblem(day, ranges);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** A week of ranges: only weekday keys, each day's list sound. */
export const weekRangesSchema = z
  .partialRecord(
    weekdaySchema,
    z.array(timeRangeSchema).max(MAX_RANGES_PER_DAY, `Use at most ${MAX_RANGES_PER_DAY} time ranges a day`),
  )
  .superRefine((week, ctx) => {
    for (const day of WEEKDAYS) {
      const ranges = week[day];
      if (!ranges) continue;
      const problem = rangeListProblem(day, ranges);
      if (problem) ctx.addIssue({ code: 'custom', path: [day], message: problem });
    }
  });
export type WeekRanges = Partial<Record<Weekday, TimeRange[]>>;

export const weekRangesDto = z.partialRecord(
  weekdaySchema,
  z.array(z.object({ start: z.string(), end: z.string() })),
);
