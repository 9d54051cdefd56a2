import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass } from '../../test/schedule.ts';

/** A series' booking-rule overrides are held to the same bounds as the company's Sessions Settings. */
const { app } = await createTestApp();

const schedule = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/fitness-sessions', headers, payload });

describe('ruleOverrides on a class series', () => {
  it('refuses an override Sessions Settings would refuse, with 400 naming the field', async () => {
    const ready = await studioReadyToSchedule(app);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ lateCancelFee: -500 }, 'ruleOverrides.lateCancelFee', 'Must be 0 or more'],
      [{ noShowFee: 100_000_001 }, 'ruleOverrides.noShowFee', 'A fee can be at most 1,000,000.00'],
      [{ offerHoldMinutes: 0 }, 'ruleOverrides.offerHoldMinutes', 'An offer must be held at least 1 minute'],
      [
        { bookingOpensDaysBefore: 400 },
        'ruleOverrides.bookingOpensDaysBefore',
        'Booking can open at most 365 days ahead',
      ],
      [
        { maxWaitlistLength: 0 },
        'ruleOverrides.maxWaitlistLength',
        'A waitlist needs room for at least 1 person (leave empty for no limit)',
      ],
      [{ waitlistMode: 'lottery' }, 'ruleOverrides.waitlistMode', 'Choose automatic promotion or offers'],
    ];
    for (const [ruleOverrides, key, message] of cases) {
      const answer = await schedule(ready.headers, weeklyClass(ready, { ruleOverrides }));
      expect(answer.statusCode, JSON.stringify(ruleOverrides)).toBe(400);
      expect(answer.json().errors?.[key], answer.body).toBe(message);
    }
  });

  it('keeps only the fields given; the others follow the company', async () => {
    const ready = await studioReadyToSchedule(app);
    const startDate = dateFromToday(8, 1);
    const created = await schedule(
      ready.headers,
      weeklyClass(ready, {
        schedule: { kind: 'weekly', weekdays: ['monday'], everyWeeks: 1, startDate, count: 2 },
        ruleOverrides: { lateCancelFee: 750, maxWaitlistLength: null },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.ruleOverrides).toEqual({ lateCancelFee: 750, maxWaitlistLength: null });
  });
});
