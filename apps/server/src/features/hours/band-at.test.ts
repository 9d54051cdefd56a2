import { describe, expect, it } from 'vitest';
import { localWeekdayAndMinute } from '../fitness-sessions/zoned-time.ts';
import { bandOfInstant } from './band-at.ts';

// Read on the company's wall clock, so the process's TZ must not matter: these run under whatever TZ
// the runner has, and the last test changes it mid-run.
const NEW_YORK = 'America/New_York';
const hours = {
  peakHour: {
    sunday: [
      { start: '01:00', end: '02:00' },
      { start: '08:00', end: '10:00' },
    ],
    monday: [{ start: '06:00', end: '09:00' }],
  },
  nonPeakHour: {
    sunday: [
      { start: '10:00', end: '12:00' },
      { start: '03:00', end: '04:00' },
    ],
    monday: [{ start: '12:00', end: '24:00' }],
  },
};
const at = (iso: string) => bandOfInstant(hours, NEW_YORK, new Date(iso));

describe('bandAt across DST changes (America/New_York)', () => {
  it('spring forward (2026-03-08, 02:00 EST becomes 03:00 EDT): local times keep their band', () => {
    // 08:30 EDT is 12:30Z; a UTC-offset shortcut taken from the night before (EST) would read 07:30.
    expect(localWeekdayAndMinute(new Date('2026-03-08T12:30:00Z'), NEW_YORK)).toEqual({
      day: 'sunday',
      minute: 8 * 60 + 30,
    });
    expect(at('2026-03-08T12:30:00Z')).toBe('peak');
    expect(at('2026-03-08T11:59:00Z')).toBe('none'); // 07:59 EDT
    // 01:30 EST still exists before the jump; 03:30 EDT is the first half hour after it.
    expect(at('2026-03-08T06:30:00Z')).toBe('peak'); // 01:30 EST
    expect(at('2026-03-08T07:00:00Z')).toBe('non-peak'); // 03:00 EDT: the clock skipped 02:00–03:00
    expect(at('2026-03-08T14:00:00Z')).toBe('non-peak'); // 10:00 EDT, start inclusive
    expect(at('2026-03-08T16:00:00Z')).toBe('none'); // 12:00 EDT, end exclusive
  });

  it('fall back (2026-11-01, 02:00 EDT becomes 01:00 EST): both 01:30s are peak, 08:30 EST is peak', () => {
    expect(at('2026-11-01T05:30:00Z')).toBe('peak'); // 01:30 EDT, the first time
    expect(at('2026-11-01T06:30:00Z')).toBe('peak'); // 01:30 EST, the second time
    expect(at('2026-11-01T07:00:00Z')).toBe('none'); // 02:00 EST
    expect(at('2026-11-01T13:30:00Z')).toBe('peak'); // 08:30 EST (12:30Z would be 07:30 EST)
    expect(at('2026-11-01T12:30:00Z')).toBe('none');
  });

  it('late evening local time belongs to the local day, not the UTC one', () => {
    // Monday 23:30 EST is Tuesday 04:30Z.
    expect(at('2026-11-03T04:30:00Z')).toBe('non-peak');
    expect(at('2026-11-02T11:30:00Z')).toBe('peak'); // Monday 06:30 EST
  });

  it('gives the same answers whatever the process time zone is', () => {
    const saved = process.env.TZ;
    const answers = () => ['2026-03-08T12:30:00Z', '2026-11-01T06:30:00Z', '2026-11-03T04:30:00Z'].map(at);
    try {
      const expected = answers();
      for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Chatham']) {
        process.env.TZ = zone;
        expect(answers()).toEqual(expected);
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
