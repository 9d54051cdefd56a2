import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { actorFrom, classAt, minutesFromNow, quickClients } from '../../test/bookings.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { momentLabel } from '../fitness-sessions/zoned-time.ts';
import { bookClass, type BookingDeps } from '../bookings/bookings.service.ts';

/**
 * A class the studio cancels with 200 bookings (issue 16, Reliability): the 200 "Class cancelled by the
 * studio" emails are written to the outbox in the cancel's transaction, the request answers without
 * waiting for any of them, and the job worker delivers all 200 to a real SMTP server (the worker fetches
 * the next as soon as one is delivered, over pooled connections: seconds, not minutes).
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db, jobs } = await createTestApp({
  smtpUrl: mail.url,
  jobOptions: { pollingIntervalSeconds: 0.5 },
});
const deps: BookingDeps = { db: db.db, jobs, publicUrl: 'http://kinetic.test', log: () => {} };

describe('class cancelled by the studio', () => {
  it('200 bookings: the cancel answers promptly and 200 emails reach the SMTP server', async () => {
    const ready = await studioReadyToSchedule(app);
    // Their confirmations are not what is tested: the studio has them off.
    await db.pool.query(
      `insert into email_templates (company_id, trigger, enabled) values ($1, 'bookingConfirmed', false)`,
      [ready.companyId],
    );
    const startsAt = minutesFromNow(3 * 24 * 60);
    const cls = {
      id: await classAt(app, ready, startsAt, { capacity: 200, roomId: null }),
      when: momentLabel(startsAt, 'America/New_York'),
    };
    const ids = await quickClients(app, ready, 200, 'crowd');
    const owner = actorFrom(ready);
    for (const clientId of ids)
      await bookClass(deps, owner, cls.id, { clientId, overrideWaiver: true, payWith: 'drop-in' }, undefined);

    const started = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${cls.id}/cancel`,
      headers: ready.headers,
      payload: { reason: 'Our instructor is ill; we are sorry.' },
    });
    const took = Date.now() - started;
    expect(response.statusCode).toBe(200);
    expect(took).toBeLessThan(5_000);
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where company_id = $1 and subject like 'Cancelled by the studio:%'`,
      [ready.companyId],
    );
    expect(rows[0]?.n).toBe(200);

    const emails = ids.map((_, index) => `crowd-${index}-${ready.companyId}@example.com`);
    const arrived = () =>
      mail.received.filter(
        (message) =>
          message.subject === `Cancelled by the studio: Power Yoga, ${cls.when}` &&
          emails.includes(message.to[0] ?? ''),
      );
    for (let waited = 0; waited < 200_000 && arrived().length < 200; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(new Set(arrived().map((message) => message.to[0])).size).toBe(200);
    const one = arrived().find((message) => message.to[0] === emails[7]);
    expect(one?.body).toContain('Hi crowd,');
    expect(one?.body).toContain(
      `Power Yoga on ${cls.when} at Midtown has been cancelled by the studio. Your booking has ended; nothing is charged, and any credit is back on your account.`,
    );
    // The reason the team gave is told too.
    expect(one?.body).toContain('The studio says: Our instructor is ill; we are sorry.');
    // The place leaves the client's calendar too.
    const { rows: files } = await db.pool.query<{
      attachments: { filename: string; content: string }[] | null;
    }>(`select attachments from email_outbox where "to" = $1 and subject like 'Cancelled by the studio:%'`, [
      emails[7],
    ]);
    expect(files[0]?.attachments?.[0]?.filename).toBe('cancelled-class.ics');
    expect(files[0]?.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect(one?.body).toContain('cancelled-class.ics');
  }, 300_000);
});
