import { ApiError } from '../../api/client.ts';
import type { HourBand, HoursDto, TimeRange, Weekday } from '@kinetic/shared';

export const BANDS: readonly {
  band: HourBand;
  key: 'peakHour' | 'nonPeakHour';
  title: string;
  empty: string;
  intro: string;
}[] = [
  {
    band: 'peak',
    key: 'peakHour',
    title: 'Peak hours',
    empty: 'No peak hours',
    intro: 'Your busiest times, such as weekday evenings. Classes in these hours can be priced as peak.',
  },
  {
    band: 'non-peak',
    key: 'nonPeakHour',
    title: 'Non-peak hours',
    empty: 'No non-peak hours',
    intro: 'Your quieter times, such as weekday mornings. A time cannot be peak and non-peak at once.',
  },
];

export const rangesOf = (hours: HoursDto, key: 'peakHour' | 'nonPeakHour', day: Weekday): TimeRange[] =>
  hours[key][day] ?? [];

/** Whether the state has any range at all (spec §3: isPeakNonPeakAllowed is "1" once hours are added). */
export const hasAnyHours = (hours: HoursDto): boolean =>
  hours.isPeakNonPeakAllowed === '1' ||
  [hours.peakHour, hours.nonPeakHour].some((week) => Object.values(week).some((ranges) => ranges.length > 0));

/** The sentence to show at the day: the server's field message about the ranges, else its message. */
export function dayErrorOf(error: unknown): string {
  if (error instanceof ApiError) return error.errors.ranges ?? error.message;
  return 'Something went wrong';
}

/** Blank or half-typed times, said before the server is asked. */
export function incompleteRange(ranges: readonly TimeRange[]): string | null {
  return ranges.some((range) => !range.start || !range.end)
    ? 'Enter a start and an end for every range.'
    : null;
}
