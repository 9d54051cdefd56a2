import { describe, expect, it } from 'vitest';
import { addHoursBody, crossBandProblem } from './hours.ts';
import { localTimeSchema, rangeListProblem, weekRangesSchema } from './time-ranges.ts';

describe('local times and ranges', () => {
  it('accepts HH:MM from 00:00 to 24:00 only', () => {
    for (const time of ['00:00', '09:30', '23:59', '24:00'])
      expect(localTimeSchema.safeParse(time).success, time).toBe(true);
    for (const time of ['9:30', '24:01', '25:00', '12:60', '12:5', 'noon', ''])
      expect(localTimeSchema.safeParse(time).success, time).toBe(false);
  });

  it('names the day and range of an inverted or overlapping range', () => {
    expect(rangeListProblem('monday', [{ start: '09:00', end: '09:00' }])).toBe(
      'Monday 09:00–09:00: the end must be after the start.',
    );
    expect(
      rangeListProblem('friday', [
        { start: '12:00', end: '14:00' },
        { start: '09:00', end: '12:30' },
      ]),
    ).toBe('Friday 12:00–14:00 overlaps 09:00–12:30.');
    expect(
      rangeListProblem('friday', [
        { start: '12:00', end: '14:00' },
        { start: '09:00', end: '12:00' },
      ]),
    ).toBeNull();
  });

  it('checks peak against non-peak on the same day', () => {
    expect(
      crossBandProblem('sunday', [{ start: '08:00', end: '10:00' }], [{ start: '09:59', end: '11:00' }]),
    ).toBe('Sunday 08:00–10:00 (peak) overlaps 09:59–11:00 (non-peak).');
    expect(
      crossBandProblem('sunday', [{ start: '08:00', end: '10:00' }], [{ start: '10:00', end: '11:00' }]),
    ).toBeNull();
  });

  it('a week map takes weekday keys only and names the day with the problem', () => {
    expect(weekRangesSchema.safeParse({ someday: [] }).success).toBe(false);
    const result = weekRangesSchema.safeParse({ tuesday: [{ start: '10:00', end: '08:00' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['tuesday'],
      message: 'Tuesday 10:00–08:00: the end must be after the start.',
    });
  });

  it('an add-hours body puts range problems on ranges', () => {
    const result = addHoursBody.safeParse({
      band: 'peak',
      day: 'monday',
      ranges: [
        { start: '06:00', end: '09:00' },
        { start: '07:00', end: '08:00' },
      ],
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['ranges'],
      message: 'Monday 07:00–08:00 overlaps 06:00–09:00.',
    });
  });
});
