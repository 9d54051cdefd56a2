import { describe, expect, it } from 'vitest';
import { details, series } from './schedule-test-fixtures.ts';
import { moveBody, wallClock } from './move-class.ts';

// Tuesday 8 January 2030, 18:00 New York, dragged to Wednesday 9 January at 19:30 (00:30 UTC the next day).
const wednesday = new Date('2030-01-10T00:30:00Z');

describe('dragging a class', () => {
  it('reads the wall clock in the studio’s zone, whatever the browser’s', () => {
    expect(wallClock(wednesday, 'America/New_York')).toEqual({ date: '2030-01-09', startTime: '19:30' });
  });

  it('this class only: a one-off rule on the date it landed on', () => {
    expect(moveBody(series, details, wednesday, 'one')).toMatchObject({
      scope: 'one',
      classInstanceId: details.id,
      startTime: '19:30',
      durationMinutes: 60,
      schedule: { kind: 'once', date: '2030-01-09' },
    });
  });

  it('the whole series: the weekday it left becomes the one it landed on, from the series’ first date', () => {
    expect(moveBody(series, details, wednesday, 'all')).toMatchObject({
      scope: 'all',
      startTime: '19:30',
      schedule: { kind: 'weekly', weekdays: ['wednesday'], startDate: '2030-01-01', count: 10 },
    });
    expect(moveBody(series, details, wednesday, 'following').schedule).toMatchObject({ startDate: '2030-01-09' });
  });
});
