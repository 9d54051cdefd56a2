import { describe, expect, it } from 'vitest';
import { checkInCode, checkInStepAt } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, minutesFromNow, quickClients } from '../../test/bookings.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';

/**
 * Issue 13 §6: thirty people checking in to a 20-place class at once, by every path (the roster, the kiosk,
 * the door code), while five walk-ins at the front desk and eight clients booking at the door compete for
 * the last three places. Never over capacity; the class's counters agree with the rows.
 */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function truth(classId: string) {
  const { rows } = await db.pool.query<{ places: number; checked_in: number; duplicates: number; booked_count: number }>(
    `select
       (select count(*)::int from bookings where class_instance_id = $1 and status in ('booked','offered','checked_in')) as places,
       (select count(*)::int from bookings where class_instance_id = $1 and status = 'checked_in') as checked_in,
       (select count(*)::int from (select client_id from bookings where class_instance_id = $1
          and status in ('booked','waitlisted','offered','checked_in') group by client_id having count(*) > 1) d) as duplicates,
       booked_count
     from class_instances where id = $1`,
    [classId],
  );
  return rows[0];
}

describe('check-in under concurrent requests', () => {
  it('30 at once to a 20-place class with 17 booked: every booked client checked in, 3 of the 13 newcomers, never more', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await classAt(app, ready, minutesFromNow(20), { capacity: 20, dropInPrice: 0 });
    const booked = await quickClients(app, ready, 17, 'booked');
    const bookingIds: string[] = [];
    for (const clientId of booked) {
      const answer = await post(`/api/class-instances/${classId}/bookings`, ready.headers, { clientId });
      expect(answer.statusCode, answer.body).toBe(200);
      bookingIds.push(answer.json().data.id as string);
    }
    const walkers = await quickClients(app, ready, 5, 'walker');
    const doorClients = await Promise.all(Array.from({ length: 8 }, () => signUpClient(app, ready.slug)));
    const screen = (await app.inject({ method: 'GET', url: `/api/class-instances/${classId}/door`, headers: ready.headers })).json().data;
    const step = checkInStepAt(Date.now());
    const code = await checkInCode(screen.secret, screen.fitnessSessionId, classId, step);
    const { pass } = (
      await post(`/api/public/${ready.slug}/check-in/pass`, {}, { fitnessSessionId: screen.fitnessSessionId, classInstanceId: classId, code, step })
    ).json().data;

    type Outcome = { who: 'booked' | 'walk-in' | 'door'; ok: boolean; message: string };
    const attempts: Promise<Outcome>[] = [
      // 9 booked clients checked in from the roster, 8 at the kiosk.
      ...bookingIds.slice(0, 9).map(async (id): Promise<Outcome> => {
        const answer = await post(`/api/bookings/${id}/check-in`, ready.headers);
        return { who: 'booked', ok: answer.statusCode === 200, message: answer.json().message };
      }),
      ...booked.slice(9).map(async (_, index): Promise<Outcome> => {
        const answer = await post('/api/kiosk/check-ins', ready.headers, {
          studioId: ready.studioId,
          identifier: `booked-${index + 9}-${ready.companyId}@example.com`,
        });
        return { who: 'booked', ok: answer.statusCode === 200, message: answer.json().message };
      }),
      // Five walk-ins at the front desk.
      ...walkers.map(async (clientId): Promise<Outcome> => {
        const answer = await post(`/api/class-instances/${classId}/walk-ins`, ready.headers, { clientId });
        return { who: 'walk-in', ok: answer.statusCode === 200, message: answer.json().message };
      }),
      // Eight clients at the door: book with the pass, then check in.
      ...doorClients.map(async (signed): Promise<Outcome> => {
        const headers = bearer(signed.session.token);
        const place = await post(`/api/class-instances/${classId}/bookings`, headers, { checkInPass: pass });
        if (place.statusCode !== 200) return { who: 'door', ok: false, message: place.json().message };
        const answer = await post('/api/check-in', headers, { fitnessSessionId: screen.fitnessSessionId, classInstanceId: classId, pass });
        return { who: 'door', ok: answer.statusCode === 200, message: answer.json().message };
      }),
    ];
    expect(attempts).toHaveLength(30);
    const outcomes = await Promise.all(attempts);

    const bookedOutcomes = outcomes.filter((outcome) => outcome.who === 'booked');
    expect(bookedOutcomes.every((outcome) => outcome.ok), JSON.stringify(bookedOutcomes)).toBe(true);
    const newcomers = outcomes.filter((outcome) => outcome.who !== 'booked');
    expect(newcomers.filter((outcome) => outcome.ok)).toHaveLength(3);
    const refusals = new Set(newcomers.filter((outcome) => !outcome.ok).map((outcome) => outcome.message));
    for (const message of refusals)
      expect(message).toMatch(
        /^(Power Yoga is full: all 20 places are taken, so walker \d cannot walk in\.|This class is full, and its waitlist has closed\.)$/,
      );
    expect(await truth(classId)).toEqual({ places: 20, checked_in: 20, duplicates: 0, booked_count: 20 });
  }, 60_000);
});
