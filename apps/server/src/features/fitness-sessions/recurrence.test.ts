import { describe, expect, it } from 'vitest';
import type { ScheduleRule } from '@kinetic/shared';
import { countOccurrences, expand, ruleDates } from './recurrence.ts';
import { localDateOf, localTimeOf, offsetMinutes, zonedInstant } from './zoned-time.ts';

const weekly = (overrides: Partial<Extract<ScheduleRule, { kind: 'weekly' }>> = {}): ScheduleRule => ({
  kind: 'weekly',
  weekdays: ['monday'],
  everyWeeks: 1,
  startDate: '2026-03-02',
  endDate: null,
  count: 4,
  ...overrides,
});

// The process zone must not matter: run the suite with TZ=Asia/Kolkata or TZ=UTC; the last test below also
// switches the process zone itself and expects the same instants.
describe(`recurrence in the studio's zone (process TZ=${process.env.TZ ?? 'unset'})`, () => {
  it('runs in a process zone that is neither UTC nor any studio zone here (vitest.config.ts sets it)', () => {
    // Chatham is UTC+12:45 in June: a Date's local view really differs from the UTC one.
    if (process.env.TZ === 'Pacific/Chatham') expect(new Date('2026-06-01T00:00:00Z').getTimezoneOffset()).toBe(-765);
    expect(localTimeOf(new Date('2026-06-01T22:00:00Z'), 'America/New_York')).toBe('18:00');
  });

  it('a Monday 18:00 class in New York stays 18:00 local across the spring change (2026-03-08)', () => {
    const classes = expand(weekly(), '18:00', 60, 'America/New_York');
    expect(classes.map((c) => c.localDate)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23']);
    expect(classes.map((c) => c.startsAt.toISOString())).toEqual([
      '2026-03-02T23:00:00.000Z', // EST, UTC-5
      '2026-03-09T22:00:00.000Z', // EDT, UTC-4
      '2026-03-16T22:00:00.000Z',
      '2026-03-23T22:00:00.000Z',
    ]);
    for (const c of classes) expect(localTimeOf(c.startsAt, 'America/New_York')).toBe('18:00');
    expect(classes[0]?.endsAt.toISOString()).toBe('2026-03-03T00:00:00.000Z');
  });

  it('and across the autumn change (2026-11-01)', () => {
    const classes = expand(weekly({ startDate: '2026-10-26', count: 2 }), '18:00', 45, 'America/New_York');
    expect(classes.map((c) => c.startsAt.toISOString())).toEqual(['2026-10-26T22:00:00.000Z', '2026-11-02T23:00:00.000Z']);
  });

  it('a Berlin class stays 18:00 local across both European changes (2026-03-29 and 2026-10-25)', () => {
    const spring = expand(weekly({ weekdays: ['saturday'], startDate: '2026-03-28', count: 2 }), '18:00', 60, 'Europe/Berlin');
    expect(spring.map((c) => c.startsAt.toISOString())).toEqual(['2026-03-28T17:00:00.000Z', '2026-04-04T16:00:00.000Z']);
    const autumn = expand(weekly({ weekdays: ['saturday'], startDate: '2026-10-24', count: 2 }), '18:00', 60, 'Europe/Berlin');
    expect(autumn.map((c) => c.startsAt.toISOString())).toEqual(['2026-10-24T16:00:00.000Z', '2026-10-31T17:00:00.000Z']);
    for (const c of [...spring, ...autumn]) expect(localTimeOf(c.startsAt, 'Europe/Berlin')).toBe('18:00');
  });

  it('a time skipped by the spring change moves later by the gap: 02:30 on 2026-03-08 in New York is 03:30 EDT', () => {
    const instant = zonedInstant('2026-03-08', '02:30', 'America/New_York');
    expect(instant.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(localTimeOf(instant, 'America/New_York')).toBe('03:30');
  });

  it('a time that happens twice in the autumn change is the first one: 01:30 on 2026-11-01 is 01:30 EDT', () => {
    const instant = zonedInstant('2026-11-01', '01:30', 'America/New_York');
    expect(instant.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(offsetMinutes(instant.getTime(), 'America/New_York')).toBe(-240);
  });

  it('a late class keeps its local date even where the UTC date is the next day', () => {
    const [late] = expand({ kind: 'once', date: '2026-06-05' }, '23:30', 60, 'America/Los_Angeles');
    expect(late?.startsAt.toISOString()).toBe('2026-06-06T06:30:00.000Z');
    expect(localDateOf(late!.startsAt, 'America/Los_Angeles')).toBe('2026-06-05');
  });

  it('weekly on several days every 2 weeks, until an end date (inclusive)', () => {
    const dates = ruleDates(weekly({ weekdays: ['thursday', 'monday'], everyWeeks: 2, count: null, endDate: '2026-03-30' }));
    // Weeks of 2 March and 16 March and 30 March; the Thursday of the start week counts too.
    expect(dates).toEqual(['2026-03-02', '2026-03-05', '2026-03-16', '2026-03-19', '2026-03-30']);
  });

  it('a start date that is not one of the weekdays starts at the first matching day', () => {
    expect(ruleDates(weekly({ startDate: '2026-03-04', count: 2 }))).toEqual(['2026-03-09', '2026-03-16']);
  });

  it('stops at the horizon the caller gives, and counts a rule past 1,000 classes as too many', () => {
    const daily = weekly({
      weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      count: null,
      endDate: '2030-12-31',
    });
    expect(ruleDates(daily, { until: '2026-03-08' })).toHaveLength(7);
    expect(countOccurrences(daily)).toBe(1001);
    expect(countOccurrences(weekly({ count: 1000 }))).toBe(1000);
  });

  it('expands from a date on, for "this and following" edits', () => {
    const classes = expand(weekly(), '07:00', 30, 'Europe/Berlin', { from: '2026-03-16' });
    expect(classes.map((c) => c.localDate)).toEqual(['2026-03-16', '2026-03-23']);
  });
  it('Berlin: 02:30 on the spring-forward night is 03:30 CEST; 02:30 on the fall-back night is the first (CEST) one', () => {
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // A weekly 02:30 class: only the night without 02:30 moves (by the gap), the weeks around it keep 02:30.
    const classes = expand(weekly({ weekdays: ['sunday'], startDate: '2026-03-22', count: 3 }), '02:30', 60, 'Europe/Berlin');
    expect(classes.map((c) => localTimeOf(c.startsAt, 'Europe/Berlin'))).toEqual(['02:30', '03:30', '02:30']);
    expect(classes.map((c) => c.localDate)).toEqual(['2026-03-22', '2026-03-29', '2026-04-05']);
  });

  it('gives the same instants whatever zone the server process runs in', () => {
    const reference = () =>
      [
        ...expand(weekly({ startDate: '2026-03-02', count: 3 }), '18:00', 60, 'America/New_York'),
        ...expand(weekly({ weekdays: ['sunday'], startDate: '2026-10-18', count: 3 }), '02:30', 60, 'Europe/Berlin'),
      ].map((c) => `${c.localDate} ${c.startsAt.toISOString()}`);
    const expected = reference();
    const original = process.env.TZ;
    try {
      for (const zone of ['Asia/Kolkata', 'UTC', 'America/Los_Angeles', 'Pacific/Chatham']) {
        process.env.TZ = zone;
        // Node applies TZ at once: the process's own offset for a winter date proves the switch.
        expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset(), zone).toBe(
          { 'Asia/Kolkata': -330, UTC: 0, 'America/Los_Angeles': 480, 'Pacific/Chatham': -825 }[zone],
        );
        expect(reference(), zone).toEqual(expected);
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });
});
