import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, minutesFromNow, quickClients, setSessionRules } from '../../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { announcedUrl, spawnServer, stopProcess } from '../../test/server-process.ts';

/**
 * Capacity under load, against the real database: hundreds of parallel bookings of one class, one client
 * racing themself, and two server processes booking the same classes. The counts on the class and the
 * rows themselves must agree, never above capacity, never two active bookings for one client.
 */
const { app, db } = await createTestApp();

let hour = 0;
const upcoming = (ready: ReadyStudio, capacity: number) => {
  hour += 2;
  // Free: the race here is for places (the race for a pack's last credit is in booking-payments.test.ts).
  return classAt(app, ready, minutesFromNow(2 * 24 * 60 + hour * 60), { capacity, dropInPrice: 0 });
};

/** What the rows say, beside what the class row's counters say. */
async function truth(classId: string) {
  const { rows } = await db.pool.query<{
    places: number;
    waiting: number;
    duplicates: number;
    booked_count: number;
    waitlist_count: number;
    capacity: number;
  }>(
    `select
       (select count(*)::int from bookings where class_instance_id = $1 and status in ('booked','offered','checked_in')) as places,
       (select count(*)::int from bookings where class_instance_id = $1 and status = 'waitlisted') as waiting,
       (select count(*)::int from (select client_id from bookings where class_instance_id = $1
          and status in ('booked','waitlisted','offered','checked_in') group by client_id having count(*) > 1) d) as duplicates,
       booked_count, waitlist_count, capacity
     from class_instances where id = $1`,
    [classId],
  );
  return rows[0];
}

describe('capacity under concurrent requests', () => {
  it('300 parallel bookings of a 20-place class: exactly 20 booked, the waitlist filled to its limit, the rest refused', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { maxWaitlistLength: 30 });
    const classId = await upcoming(ready, 20);
    const clients = await quickClients(app, ready, 300);
    const answers = await Promise.all(
      clients.map((clientId) =>
        app.inject({
          method: 'POST',
          url: `/api/class-instances/${classId}/bookings`,
          headers: ready.headers,
          payload: { clientId },
        }),
      ),
    );
    const byCode = answers.reduce<Record<number, number>>((counts, answer) => {
      counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
      return counts;
    }, {});
    expect(byCode).toEqual({ 200: 50, 409: 250 });
    const statuses = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json().data.status);
    expect(statuses.filter((status) => status === 'booked')).toHaveLength(20);
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(
      new Set(['This class is full, and so is its waitlist.']),
    );
    expect(await truth(classId)).toEqual({
      places: 20,
      waiting: 30,
      duplicates: 0,
      booked_count: 20,
      waitlist_count: 30,
      capacity: 20,
    });
  }, 120_000);

  it('one client sending 40 bookings of one class at once gets exactly one place', async () => {
    const ready = await studioReadyToSchedule(app);
    const classId = await upcoming(ready, 10);
    const client = await signUpClient(app, ready.slug);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        app.inject({
          method: 'POST',
          url: `/api/class-instances/${classId}/bookings`,
          headers: bearer(client.session.token),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(
      new Set(answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().message}`)),
    ).toEqual(new Set(['409 You already have a place in this class.']));
    expect(await truth(classId)).toMatchObject({ places: 1, duplicates: 0, booked_count: 1 });
  });
});

/** A second Kinetic server process on the same database, as a second machine behind a load balancer would be. */
async function startSecondServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawnServer({
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    SEED_DEMO: 'never',
    WEB_DIST_DIR: '/nonexistent',
  });
  const { url } = await announcedUrl(child);
  return { url: url.replace('localhost', '127.0.0.1'), child };
}

describe('two server processes on one database', () => {
  it('never book a class past capacity between them', async () => {
    const first = await app.listen({ port: 0, host: '127.0.0.1' });
    const second = await startSecondServer(db.url);
    afterAll(() => stopProcess(second.child));
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { maxWaitlistLength: 1000 });
    const classes = [await upcoming(ready, 15), await upcoming(ready, 15)];
    const clients = await quickClients(app, ready, 100);
    const attempts = clients.flatMap((clientId, index) =>
      classes.map((classId) => ({ clientId, classId, server: index % 2 === 0 ? first : second.url })),
    );
    const answers = await Promise.all(
      attempts.map(async ({ clientId, classId, server }) => {
        const response = await fetch(`${server}/api/class-instances/${classId}/bookings`, {
          method: 'POST',
          headers: { ...ready.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId }),
        });
        return { code: response.status, body: (await response.json()) as { data?: { status: string } } };
      }),
    );
    expect(answers.every((answer) => answer.code === 200)).toBe(true);
    for (const classId of classes)
      expect(await truth(classId)).toEqual({
        places: 15,
        waiting: 85,
        duplicates: 0,
        booked_count: 15,
        waitlist_count: 85,
        capacity: 15,
      });
    // Both processes took part.
    const servedBySecond = attempts.filter((attempt) => attempt.server === second.url).length;
    expect(servedBySecond).toBe(100);
  }, 120_000);
});
