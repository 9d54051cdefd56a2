import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../db/embedded.ts';
import { actorFrom, classAt, minutesFromNow, setSessionRules, signedInClient } from '../../test/bookings.ts';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { markNoShows } from './bookings.service.ts';

/**
 * An SMTP outage loses none of the booking triggers' emails (issue 16, Reliability): each is in the
 * outbox with its change, the worker records its failed attempts and keeps it pending, and delivers it
 * once the server is back.
 */
describe('booking emails through an SMTP outage', () => {
  it('waitlist joined, place offered, no-show, cancellation and class cancelled all arrive once the server is back', async () => {
    const port = await findFreePort();
    const { app, db, jobs } = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      jobOptions: { retryDelaySeconds: 1 },
    });
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'offer', noShowFee: 500 });
    const book = async (classId: string, headers: Record<string, string>) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/class-instances/${classId}/bookings`,
          headers,
          payload: { payWith: 'drop-in' },
        })
      ).json().data as { id: string };
    const [ana, ben, cy, dee] = [
      await signedInClient(app, ready),
      await signedInClient(app, ready),
      await signedInClient(app, ready),
      await signedInClient(app, ready),
    ];
    const full = await classAt(app, ready, minutesFromNow(3 * 24 * 60), { capacity: 1 });
    const place = await book(full, ana.headers);
    await book(full, ben.headers);
    await app.inject({
      method: 'POST',
      url: `/api/bookings/${place.id}/cancel`,
      headers: ana.headers,
      payload: {},
    });
    const startsAt = minutesFromNow(3 * 24 * 60 + 120);
    const missed = await classAt(app, ready, startsAt, { capacity: 5 });
    await book(missed, cy.headers);
    await markNoShows(
      { db: db.db, jobs, publicUrl: 'http://kinetic.test', log: () => {} },
      actorFrom(ready),
      missed,
      new Date(startsAt.getTime() + 600_000),
    );
    const dropped = await classAt(app, ready, minutesFromNow(3 * 24 * 60 + 240), { capacity: 5 });
    await book(dropped, dee.headers);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${dropped}/cancel`,
      headers: ready.headers,
      payload: { reason: null },
    });
    expect(cancelled.statusCode).toBe(200);

    const expected: [string, string][] = [
      [ana.email, 'Cancelled:'],
      [ben.email, 'On the waitlist:'],
      [ben.email, 'A place is held for you:'],
      [cy.email, 'We missed you:'],
      [dee.email, 'Cancelled by the studio:'],
    ];
    // Nothing listens: the worker's attempts fail, and every one of them stays pending in the outbox.
    const ours = async () =>
      (
        await db.pool.query<{ status: string; attempts: number; last_error: string | null }>(
          `select status, attempts, last_error from email_outbox
            where subject ~ '^(Cancelled|On the waitlist|A place is held|We missed you)'`,
        )
      ).rows;
    for (let waited = 0; waited < 20_000 && !(await ours()).some((row) => row.attempts > 0); waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const during = await ours();
    expect(during).toHaveLength(expected.length);
    expect(during.every((row) => row.status === 'pending')).toBe(true);
    expect(during.find((row) => row.attempts > 0)?.last_error).toMatch(/ECONNREFUSED/);

    const mail = await startMailCatcher(undefined, port);
    afterAll(() => mail.stop());
    const arrived = () =>
      expected.filter(([to, prefix]) =>
        mail.mailTo(to).some((message) => message.subject.startsWith(prefix)),
      );
    for (let waited = 0; waited < 70_000 && arrived().length < expected.length; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(arrived()).toEqual(expected);
    for (const [to, prefix] of expected)
      expect(mail.mailTo(to).filter((message) => message.subject.startsWith(prefix))).toHaveLength(1);
    expect((await ours()).every((row) => row.status === 'sent')).toBe(true);
  }, 120_000);
});
