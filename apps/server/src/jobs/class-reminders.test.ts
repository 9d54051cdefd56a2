import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_SETTINGS_DEFAULTS } from '@kinetic/shared';
import { createTestApp, createTestDatabase } from '../test/harness.ts';
import { startMailCatcher } from '../test/mail-catcher.ts';
import { bearer, signUpClient } from '../test/factories.ts';
import { actorFrom, classAt, minutesFromNow } from '../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../test/schedule.ts';
import { appointmentAt, appointmentType } from '../test/appointment-rows.ts';
import { bookClass } from '../features/bookings/bookings.service.ts';
import { momentLabel } from '../features/fitness-sessions/zoned-time.ts';
import { seedDemo } from '../features/demo/seed-demo.ts';
import { sendClassReminders, type ReminderDeps } from './class-reminders.ts';

/**
 * Class reminders (issue 11): the job run at chosen instants against the real database, outbox, worker
 * and SMTP server. One reminder per booking however often and however concurrently it runs.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db, jobs } = await createTestApp({ smtpUrl: mail.url });
const deps: ReminderDeps = { db: db.db, jobs, publicUrl: 'http://kinetic.test', log: () => {} };
type Headers = Record<string, string>;
const HOUR = 3_600_000;
const at = (base: Date, offset: number) => new Date(base.getTime() + offset);

let slot = 0;
/** A class three days ahead at a fresh time; its bookings (made now) come long before any reminder time. */
async function classAhead(ready: ReadyStudio, overrides: Record<string, unknown> = {}) {
  slot += 1;
  const startsAt = minutesFromNow(3 * 24 * 60 + slot * 75);
  return { id: await classAt(app, ready, startsAt, { capacity: 5, ...overrides }), startsAt };
}

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return {
    id: signed.session.user._id as string,
    headers: bearer(signed.session.token),
    email: signed.email,
  };
}

async function book(classId: string, headers: Headers) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/class-instances/${classId}/bookings`,
    headers,
    payload: { payWith: 'drop-in' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: string; status: string };
}

async function remindersTo(email: string) {
  const { rows } = await db.pool.query<{
    subject: string;
    text: string;
    attachments: { filename: string }[] | null;
  }>(`select subject, text, attachments from email_outbox where "to" = $1 and subject like 'Reminder:%'`, [
    email,
  ]);
  return rows;
}

describe('class reminders', () => {
  it('one reminder per booking, even when two runs go at once; none again later', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classAhead(ready);
    const [ana, ben] = [await clientOf(ready), await clientOf(ready)];
    await book(cls.id, ana.headers);
    await book(cls.id, ben.headers);
    const due = at(cls.startsAt, -23 * HOUR);

    const [first, second] = await Promise.all([sendClassReminders(deps, due), sendClassReminders(deps, due)]);
    expect(first + second).toBe(2);
    for (const client of [ana, ben]) expect(await remindersTo(client.email)).toHaveLength(1);
    expect(await sendClassReminders(deps, at(due, 10 * 60_000))).toBe(0);

    for (const client of [ana, ben]) expect(await remindersTo(client.email)).toHaveLength(1);
    const when = momentLabel(cls.startsAt, 'America/New_York');
    const [reminder] = await remindersTo(ana.email);
    expect(reminder?.subject).toBe(`Reminder: Power Yoga, ${when}`);
    expect(reminder?.text).toContain('Hi Chris,');
    expect(reminder?.text).toContain(`A reminder: you are booked into Power Yoga on ${when}.`);
    expect(reminder?.text).toContain('Where: Midtown, 10 Peachtree St, Atlanta, GA.');
    expect(reminder?.text).toContain('Drop-in: $25.00, to pay at the studio or in your account.');
    expect(reminder?.text).toContain('Can’t come? Cancel until');
    expect(reminder?.text).toContain(
      `http://kinetic.test/${ready.slug}/client/client/app/classes/details/${cls.id}`,
    );
    expect(reminder?.attachments?.[0]?.filename).toBe('class.ics');

    // Delivered once each by the worker to the SMTP server.
    const delivered = () =>
      [ana, ben]
        .flatMap((client) => mail.mailTo(client.email))
        .filter((m) => m.subject.startsWith('Reminder:'));
    for (let waited = 0; waited < 15_000 && delivered().length < 2; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(delivered().map((m) => m.to)).toEqual(expect.arrayContaining([[ana.email], [ben.email]]));
    expect(delivered()).toHaveLength(2);
  });

  it('reminds a client of an appointment, named by its type, with its instructor, price and appointment.ics (issue 17)', async () => {
    const ready = await studioReadyToSchedule(app);
    const typeId = await appointmentType(db.pool, ready, { name: 'Private Pilates', price: 6000 });
    slot += 1;
    const startsAt = minutesFromNow(3 * 24 * 60 + slot * 75);
    const appointment = await appointmentAt(db.pool, ready, typeId, startsAt, { roomId: ready.roomB });
    const client = await clientOf(ready);
    await book(appointment, client.headers);
    const { rows: confirmations } = await db.pool.query<{ subject: string; text: string }>(
      `select subject, text from email_outbox where "to" = $1 and subject not like 'Reminder:%'`,
      [client.email],
    );
    expect(confirmations.map((row) => row.subject).join('\n')).toContain('Private Pilates');

    expect(await sendClassReminders(deps, at(startsAt, -23 * HOUR))).toBe(1);
    const when = momentLabel(startsAt, 'America/New_York');
    const [reminder] = await remindersTo(client.email);
    expect(reminder?.subject).toBe(`Reminder: Private Pilates, ${when}`);
    expect(reminder?.text).toContain(`A reminder: you are booked into Private Pilates on ${when}.`);
    expect(reminder?.text).toContain('Drop-in: $60.00, to pay at the studio or in your account.');
    expect(reminder?.text).toContain('Open the appointment');
    expect(reminder?.text).toContain(`http://kinetic.test/${ready.slug}/client/client/app`);
    expect(reminder?.text).not.toContain('classes/details');
    expect(reminder?.attachments?.[0]?.filename).toBe('appointment.ics');
  });

  it('skips cancelled bookings, the waitlist, clients who turned reminders off and cancelled classes', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classAhead(ready, { capacity: 3 });
    const [kept, cancelled, quiet, third, waiting] = [
      await clientOf(ready),
      await clientOf(ready),
      await clientOf(ready),
      await clientOf(ready),
      await clientOf(ready),
    ];
    await book(cls.id, kept.headers);
    const gone = await book(cls.id, cancelled.headers);
    await app.inject({ method: 'POST', url: `/api/bookings/${gone.id}/cancel`, headers: cancelled.headers });
    await app.inject({
      method: 'PUT',
      url: '/api/my/notifications',
      headers: quiet.headers,
      payload: { bookingConfirmations: true, reminders: false, waitlist: true, marketing: false },
    });
    await book(cls.id, quiet.headers);
    expect((await book(cls.id, third.headers)).status).toBe('booked');
    expect((await book(cls.id, waiting.headers)).status).toBe('waitlisted');

    const dropped = await classAhead(ready);
    const onDropped = await clientOf(ready);
    await book(dropped.id, onDropped.headers);
    await app.inject({
      method: 'POST',
      url: `/api/class-instances/${dropped.id}/cancel`,
      headers: ready.headers,
      payload: { reason: null },
    });

    await sendClassReminders(deps, at(cls.startsAt, -23 * HOUR));
    await sendClassReminders(deps, at(dropped.startsAt, -23 * HOUR));
    expect(await remindersTo(kept.email)).toHaveLength(1);
    expect(await remindersTo(third.email)).toHaveLength(1);
    expect(await remindersTo(waiting.email)).toEqual([]);
    expect(await remindersTo(cancelled.email)).toEqual([]);
    expect(await remindersTo(quiet.email)).toEqual([]);
    expect(await remindersTo(onDropped.email)).toEqual([]);
  });

  it('sends nothing for a class outside the reminder time or already started', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classAhead(ready);
    const client = await clientOf(ready);
    await book(cls.id, client.headers);
    await sendClassReminders(deps, at(cls.startsAt, -25 * HOUR));
    await sendClassReminders(deps, at(cls.startsAt, 60_000));
    expect(await remindersTo(client.email)).toEqual([]);
    await sendClassReminders(deps, at(cls.startsAt, -24 * HOUR));
    expect(await remindersTo(client.email)).toHaveLength(1);
  });

  it('a booking made inside the reminder time gets no separate reminder (its confirmation is enough)', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classAhead(ready);
    const client = await clientOf(ready);
    const late = at(cls.startsAt, -2 * HOUR);
    await bookClass(deps, actorFrom(ready), cls.id, { clientId: client.id }, undefined, late);
    await sendClassReminders(deps, at(late, 5 * 60_000));
    expect(await remindersTo(client.email)).toEqual([]);
    const { rows } = await db.pool.query(
      `select subject from email_outbox where "to" = $1 and subject ~ '^(Booked|Reminder):'`,
      [client.email],
    );
    expect(rows.map((row: { subject: string }) => row.subject)).toEqual([
      expect.stringMatching(/^Booked: Power Yoga/),
    ]);
  });

  it('a studio that switched the reminder off sends none and leaves the bookings unmarked; switched back on, each goes once', async () => {
    const ready = await studioReadyToSchedule(app);
    await db.pool.query(
      `insert into email_templates (company_id, trigger, enabled) values ($1, 'classReminder', false)`,
      [ready.companyId],
    );
    const cls = await classAhead(ready);
    const client = await clientOf(ready);
    const place = await book(cls.id, client.headers);
    const due = at(cls.startsAt, -23 * HOUR);
    expect(await sendClassReminders(deps, due)).toBe(0);
    expect(await remindersTo(client.email)).toEqual([]);
    const marked = async () =>
      (
        await db.pool.query<{ at: Date | null }>(
          'select reminder_sent_at as at from bookings where id = $1',
          [place.id],
        )
      ).rows[0]?.at ?? null;
    expect(await marked()).toBeNull();

    await db.pool.query(
      `update email_templates set enabled = true where company_id = $1 and trigger = 'classReminder'`,
      [ready.companyId],
    );
    expect(await sendClassReminders(deps, at(due, 3 * HOUR))).toBe(1);
    expect(await sendClassReminders(deps, at(due, 4 * HOUR))).toBe(0);
    expect(await remindersTo(client.email)).toHaveLength(1);
    expect(await marked()).toBeInstanceOf(Date);
  });

  it('uses the studio’s own words for the reminder', async () => {
    const ready = await studioReadyToSchedule(app);
    await db.pool.query(
      `insert into email_templates (company_id, trigger, enabled, subject, body) values ($1, 'classReminder', true, $2, $3)`,
      [
        ready.companyId,
        'Reminder: {{class.name}} tomorrow at {{class.time}}',
        'Hey {{client.firstName}}! {{class.instructor}} sees you at {{class.studio}} on {{class.date}}.',
      ],
    );
    const cls = await classAhead(ready);
    const client = await clientOf(ready);
    await book(cls.id, client.headers);
    await sendClassReminders(deps, at(cls.startsAt, -23 * HOUR));
    const [reminder] = await remindersTo(client.email);
    const when = momentLabel(cls.startsAt, 'America/New_York');
    expect(reminder?.subject).toBe(`Reminder: Power Yoga tomorrow at ${when.slice(-5)}`);
    expect(reminder?.text).toContain(`Hey Chris! Indira Patel sees you at Midtown on ${when.slice(0, -7)}.`);
  });

  it('follows the company’s reminder time', async () => {
    const ready = await studioReadyToSchedule(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings/sessions',
      headers: ready.headers,
      payload: { ...SESSION_SETTINGS_DEFAULTS, reminderHoursBefore: 48 },
    });
    expect(saved.statusCode).toBe(200);
    const cls = await classAhead(ready);
    const client = await clientOf(ready);
    await book(cls.id, client.headers);
    await sendClassReminders(deps, at(cls.startsAt, -49 * HOUR));
    expect(await remindersTo(client.email)).toEqual([]);
    await sendClassReminders(deps, at(cls.startsAt, -47 * HOUR));
    expect(await remindersTo(client.email)).toHaveLength(1);
  });

  it('the demo’s first start sends no flood: places already inside the reminder time count as reminded', async () => {
    const demo = await createTestDatabase();
    const before = new Date();
    await seedDemo(demo.db);
    const demoDeps = { ...deps, db: demo.db, jobs: undefined };
    expect(await sendClassReminders(demoDeps, before)).toBe(0);
    // The demo's places further ahead are reminded as their time comes.
    const { rows } = await demo.pool.query<{ n: number }>(
      `select count(*)::int as n from bookings b join class_instances ci on ci.company_id = b.company_id and ci.id = b.class_instance_id
        where b.status = 'booked' and b.reminder_sent_at is null and ci.starts_at > now() + interval '24 hours'`,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});
