import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../db/embedded.ts';
import { createMailer } from '../../jobs/mailer.ts';
import { startJobs } from '../../jobs/runner.ts';
import { actorFrom, classAt, minutesFromNow, quickClients, setSessionRules } from '../../test/bookings.ts';
import { createTestApp, testConfig } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { bookClass, cancelBooking } from './bookings.service.ts';

/**
 * An offer whose hold runs out while no server is running moves on when a server starts again: the job
 * state lives in PostgreSQL, and the runner sweeps overdue offers at start. The next client is emailed.
 */
describe('waitlist offers across a restart', () => {
  it('expires an offer that ran out while the server was down, and offers the place to the next in line', async () => {
    const port = await findFreePort();
    const mail = await startMailCatcher(undefined, port);
    afterAll(() => mail.stop());
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const { app, db, jobs } = await createTestApp({
      smtpUrl,
      jobOptions: { publicUrl: 'http://kinetic.test' },
    });
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'offer', offerHoldMinutes: 15 });
    const classId = await classAt(app, ready, minutesFromNow(2 * 24 * 60), { capacity: 1 });
    const [a, b, c] = (await quickClients(app, ready, 3)) as [string, string, string];
    const deps = { db: db.db, jobs, publicUrl: 'http://kinetic.test', log: () => {} };
    const owner = actorFrom(ready);
    const placed = (await bookClass(deps, owner, classId, { clientId: a }, undefined)).data;
    const second = (await bookClass(deps, owner, classId, { clientId: b }, undefined)).data;
    const third = (await bookClass(deps, owner, classId, { clientId: c }, undefined)).data;
    await cancelBooking(deps, owner, placed.id, {});

    // The server goes down; while it is down, the 15 minutes pass.
    await jobs?.stop();
    await db.pool.query("update bookings set offer_expires_at = now() - interval '1 minute' where id = $1", [
      second.id,
    ]);

    const restarted = await startJobs(db.url, db.db, createMailer(testConfig({ SMTP_URL: smtpUrl })), {
      publicUrl: 'http://kinetic.test',
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
    });
    afterAll(() => restarted.stop());
    const { rows } = await db.pool.query<{ id: string; status: string }>(
      'select id, status from bookings where id = any($1) order by created_at, id',
      [[second.id, third.id]],
    );
    expect(rows).toEqual([
      { id: second.id, status: 'cancelled' },
      { id: third.id, status: 'offered' },
    ]);
    const thirdEmail = `client-2-${ready.companyId}@example.com`;
    for (let waited = 0; waited < 15_000 && mail.mailTo(thirdEmail).length === 0; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const offers = () =>
      mail.mailTo(thirdEmail).filter((message) => message.subject.startsWith('A place is held for you'));
    for (let waited = 0; waited < 15_000 && offers().length === 0; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(offers().map((message) => message.subject)).toEqual([
      expect.stringMatching(/^A place is held for you: Power Yoga, /),
    ]);
    expect(offers()[0]?.body).toContain(
      `http://kinetic.test/${ready.slug}/client/client/app/offer/${third.id}?exp=`,
    );
  }, 60_000);
});
