import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../db/embedded.ts';
import { createMailer } from './mailer.ts';
import { startJobs } from './runner.ts';
import { classAt, minutesFromNow, signedInClient } from '../test/bookings.ts';
import { createTestApp, testConfig } from '../test/harness.ts';
import { startMailCatcher } from '../test/mail-catcher.ts';
import { studioReadyToSchedule } from '../test/schedule.ts';

/**
 * The class reminder across restarts (issue 16): a reminder that fell due while no server was running
 * goes when one starts (the job runs once at start), and a server started again does not send it a
 * second time — the claim (`bookings.reminder_sent_at`) is written with the outbox row, in PostgreSQL.
 */
describe('class reminders across a restart', () => {
  it('sends a reminder due while the server was down once at the next start, and never again', async () => {
    const port = await findFreePort();
    const mail = await startMailCatcher(undefined, port);
    afterAll(() => mail.stop());
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const { app, db, jobs } = await createTestApp({ smtpUrl });
    const ready = await studioReadyToSchedule(app);
    // Starts in 23 hours: inside the default 24-hour reminder time.
    const classId = await classAt(app, ready, minutesFromNow(23 * 60), { capacity: 5 });
    const client = await signedInClient(app, ready);
    const booked = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${classId}/bookings`,
      headers: client.headers,
      payload: { payWith: 'drop-in' },
    });
    expect(booked.statusCode).toBe(200);
    const bookingId = booked.json().data.id as string;

    // The server goes down; the place was taken days ago, so its reminder fell due while it was down.
    await jobs?.stop();
    await db.pool.query(`update bookings set created_at = now() - interval '3 days' where id = $1`, [
      bookingId,
    ]);
    await db.pool.query(`update booking_events set at = now() - interval '3 days' where booking_id = $1`, [
      bookingId,
    ]);

    const options = { publicUrl: 'http://kinetic.test', pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 };
    const reminders = () =>
      mail.mailTo(client.email).filter((message) => message.subject.startsWith('Reminder:'));
    const first = await startJobs(db.url, db.db, createMailer(testConfig({ SMTP_URL: smtpUrl })), options);
    for (let waited = 0; waited < 15_000 && reminders().length === 0; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await first.stop();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]?.body).toContain(
      `http://kinetic.test/${ready.slug}/client/client/app/classes/details/${classId}`,
    );

    // Started again: the reminder is on record as sent, so nothing more goes.
    const second = await startJobs(db.url, db.db, createMailer(testConfig({ SMTP_URL: smtpUrl })), options);
    afterAll(() => second.stop());
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(reminders()).toHaveLength(1);
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where "to" = $1 and subject like 'Reminder:%'`,
      [client.email],
    );
    expect(rows[0]?.n).toBe(1);
  }, 60_000);
});
