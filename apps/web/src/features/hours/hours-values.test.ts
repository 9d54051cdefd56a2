import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { dayErrorOf, hasAnyHours, incompleteRange, rangesOf } from './hours-values.ts';

describe('hours on the page', () => {
  it('reads a day of a band, empty when the state has no entry', () => {
    const hours = {
      peakHour: { monday: [{ start: '17:00', end: '20:00' }] },
      nonPeakHour: {},
      isPeakNonPeakAllowed: '1' as const,
    };
    expect(rangesOf(hours, 'peakHour', 'monday')).toEqual([{ start: '17:00', end: '20:00' }]);
    expect(rangesOf(hours, 'nonPeakHour', 'monday')).toEqual([]);
    expect(hasAnyHours(hours)).toBe(true);
    expect(hasAnyHours({ peakHour: {}, nonPeakHour: { friday: [] }, isPeakNonPeakAllowed: '0' })).toBe(false);
  });

  it("shows the server's sentence about the ranges at the day", () => {
    const overlap = 'Monday 17:00–20:00 (peak) overlaps 18:00–19:00 (non-peak).';
    expect(dayErrorOf(new ApiError('Check the highlighted fields', 400, { ranges: overlap }))).toBe(overlap);
    expect(dayErrorOf(new ApiError('You cannot do that', 403))).toBe('You cannot do that');
    expect(dayErrorOf(new Error('boom'))).toBe('Something went wrong');
  });

  it('asks for both times before calling the server', () => {
    expect(incompleteRange([{ start: '09:00', end: '' }])).toBe('Enter a start and an end for every range.');
    expect(incompleteRange([{ start: '09:00', end: '10:00' }])).toBeNull();
  });
});
