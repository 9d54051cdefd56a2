import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, minutesFromNow, setSessionRules } from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { momentLabel } from '../fitness-sessions/zoned-time.ts';

/**
 * The booking and cancellation confirmations (issue 11, through notify() since issue 16): queued in the
 * booking's transaction in the default words of packages/shared/src/email-triggers.ts, following the
 * client's "Booking confirmations" switch, and delivered by the real job worker to a real SMTP server.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url });
type Headers = Record<string, string>;
const ZONE = 'America/New_York';

let slot = 0;
/** A class `minutes` ahead at a fresh time (one instructor is never in two places). */
async function classIn(ready: ReadyStudio, minutes: number, overrides: Record<string, unknown> = {}) {
  slot += 1;
  const startsAt = minutesFromNow(minutes + slot * 75);
  const id = await classAt(app, ready, startsAt, { capacity: 5, ...overrides });
  return { id, startsAt, when: momentLabel(startsAt, ZONE) };
}

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return { id: signed.session.user._id as string, headers: bearer(signed.session.token), email: signed.email };
}

const book = (classId: string, headers: Headers, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/class-instances/${classId}/bookings`, headers, payload });
const cancel = (bookingId: string, headers: Headers) =>
  app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/cancel`, headers, payload: {} });
const choose = (headers: Headers, choices: Partial<Record<string, boolean>>) =>
  app.inject({
    method: 'PUT',
    url: '/api/my/notifications',
    headers,
    payload: { bookingConfirmations: true, reminders: true, waitlist: true, marketing: false, ...choices },
  });

interface OutboxRow {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[] | null;
}
/** The client's booking emails (the welcome and the receipts for the packages sold here are not tested here). */
async function outboxTo(email: string): Promise<OutboxRow[]> {
  const { rows } = await db.pool.query<OutboxRow>(
    `select subject, text, html, attachments from email_outbox where "to" = $1
        and subject ~ '^(Booked|Cancelled|Cancelled late|You’re in|A place is held for you|On the waitlist):'
      order by created_at, id`,
    [email],
  );
  return rows;
}
const sequenceOf = (ics: string | undefined) => Number(/SEQUENCE:(\d+)/.exec(ics ?? '')?.[1]);

async function sellPack(ready: ReadyStudio, clientId: string) {
  const pack = await created(app, ready.headers, '/api/packages', classPack());
  await created(app, ready.headers, '/api/orders', {
    clientId,
    items: [{ kind: 'package', packageId: pack.id }],
    promoCode: null,
    paidWith: 'cash',
  });
}

describe('booking confirmation', () => {
  it('a client who books is told the class, time, studio and address, the credit used, the cancellation rule, the link, with an .ics', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { freeCancellationHoursBefore: 24, lateCancelFee: 1000 });
    const cls = await classIn(ready, 3 * 24 * 60);
    const client = await clientOf(ready);
    await sellPack(ready, client.id);

    expect((await book(cls.id, client.headers)).statusCode).toBe(200);

    const [email, ...more] = await outboxTo(client.email);
    expect(more).toEqual([]);
    expect(email?.subject).toBe(`Booked: Power Yoga, ${cls.when}`);
    const freeUntil = momentLabel(new Date(cls.startsAt.getTime() - 24 * 3_600_000), ZONE);
    const link = `/${ready.slug}/client/client/app/classes/details/${cls.id}`;
    for (const line of [
      'Hi Chris,',
      `You are booked into Power Yoga on ${cls.when}.`,
      'Where: Midtown, 10 Peachtree St, Atlanta, GA.',
      'Paid with 1 credit of your 10-Class Pack (9 left).',
      `Free cancellation until ${freeUntil}; after that the class counts as used and a $10.00 fee applies.`,
      link,
    ])
      expect(email?.text).toContain(line);
    expect(email?.html).toContain(`${link}">Open the class</a>`);
    const ics = email?.attachments?.[0];
    expect(ics).toMatchObject({ filename: 'class.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    const utc = cls.startsAt.toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(ics?.content).toContain(`DTSTART:${utc}\r\n`);
    expect(ics?.content).toContain('LOCATION:Midtown\\, 10 Peachtree St\\, Atlanta\\, GA');

    // The worker hands it to the SMTP server with the calendar file attached.
    const delivered = () => mail.mailTo(client.email).filter((message) => message.subject.startsWith('Booked'));
    for (let waited = 0; waited < 15_000 && delivered().length === 0; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(delivered().map((message) => message.subject)).toEqual([`Booked: Power Yoga, ${cls.when}`]);
    expect(delivered()[0]?.body).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(delivered()[0]?.body).toContain('class.ics');
  });

  it('booked at the desk: confirmed with the drop-in price to pay', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classIn(ready, 3 * 24 * 60);
    const client = await clientOf(ready);
    expect((await book(cls.id, ready.headers, { clientId: client.id })).statusCode).toBe(200);
    const [email] = await outboxTo(client.email);
    expect(email?.subject).toBe(`Booked: Power Yoga, ${cls.when}`);
    expect(email?.text).toContain(`You are booked into Power Yoga on ${cls.when}.`);
    expect(email?.text).toContain(`— ${ready.session.company.name}`);
    expect(email?.text).toContain('Drop-in: $25.00, to pay at the studio or in your account.');
  });

  it('is not sent when the client turned Booking confirmations off; the booking stands', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classIn(ready, 3 * 24 * 60);
    const client = await clientOf(ready);
    await choose(client.headers, { bookingConfirmations: false });
    const booked = await book(cls.id, client.headers, { payWith: 'drop-in' });
    expect(booked.json().data.status).toBe('booked');
    expect((await book(cls.id, ready.headers, { clientId: (await clientOf(ready)).id })).statusCode).toBe(200);
    expect(await outboxTo(client.email)).toEqual([]);
  });

  it('a held place accepted is confirmed once; an automatic promotion’s “You’re in” is its confirmation', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'offer' });
    const cls = await classIn(ready, 3 * 24 * 60, { capacity: 1 });
    const [first, second] = [await clientOf(ready), await clientOf(ready)];
    const place = (await book(cls.id, first.headers, { payWith: 'drop-in' })).json().data;
    const waiting = (await book(cls.id, second.headers, { payWith: 'drop-in' })).json().data;
    expect(waiting.status).toBe('waitlisted');
    expect((await outboxTo(second.email)).map((email) => email.subject)).toEqual([
      `On the waitlist: Power Yoga, ${cls.when}`,
    ]);
    await cancel(place.id, first.headers);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/bookings/${waiting.id}/accept`,
      headers: second.headers,
    });
    expect(accepted.statusCode).toBe(200);
    const emails = await outboxTo(second.email);
    expect(emails.map((email) => email.subject)).toEqual([
      `On the waitlist: Power Yoga, ${cls.when}`,
      `A place is held for you: Power Yoga, ${cls.when}`,
      `Booked: Power Yoga, ${cls.when}`,
    ]);
    expect(emails[2]?.text).toContain(`You are booked into Power Yoga on ${cls.when}.`);
    expect(emails[2]?.attachments?.[0]?.content).toContain(`UID:${waiting.id}@kinetic`);

    const auto = await studioReadyToSchedule(app);
    await setSessionRules(app, auto, { waitlistMode: 'auto' });
    const full = await classIn(auto, 3 * 24 * 60, { capacity: 1 });
    const [ana, ben] = [await clientOf(auto), await clientOf(auto)];
    const anaPlace = (await book(full.id, ana.headers, { payWith: 'drop-in' })).json().data;
    await book(full.id, ben.headers, { payWith: 'drop-in' });
    await cancel(anaPlace.id, ana.headers);
    const benEmails = await outboxTo(ben.email);
    expect(benEmails.map((email) => email.subject)).toEqual([
      `On the waitlist: Power Yoga, ${full.when}`,
      `You’re in: Power Yoga, ${full.when}`,
    ]);
    expect(benEmails[1]?.text).toContain(
      `A place opened up and it is yours: you are booked into Power Yoga on ${full.when}.`,
    );
    expect(benEmails[1]?.text).toContain('Drop-in: $25.00, to pay at the studio or in your account.');
    expect(benEmails[1]?.attachments?.[0]?.filename).toBe('class.ics');
  });
});

describe('cancellation confirmation', () => {
  it('cancelled in time: says the credit came back, and withdraws the calendar entry', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classIn(ready, 3 * 24 * 60);
    const client = await clientOf(ready);
    await sellPack(ready, client.id);
    const place = (await book(cls.id, client.headers)).json().data;
    expect((await cancel(place.id, client.headers)).statusCode).toBe(200);
    const emails = await outboxTo(client.email);
    expect(emails.map((email) => email.subject)).toEqual([
      `Booked: Power Yoga, ${cls.when}`,
      `Cancelled: Power Yoga, ${cls.when}`,
    ]);
    expect(emails[1]?.text).toContain(`Your booking of Power Yoga on ${cls.when} at Midtown is cancelled.`);
    expect(emails[1]?.text).toContain('Your credit is back on your 10-Class Pack (10 left).');
    expect(emails[1]?.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect(emails[1]?.attachments?.[0]?.content).toContain(`UID:${place.id}@kinetic`);
    expect(emails[0]?.attachments?.[0]?.content).toContain(`UID:${place.id}@kinetic`);
    // The cancellation outranks the confirmation, so a calendar app removes its entry.
    expect(sequenceOf(emails[1]?.attachments?.[0]?.content)).toBeGreaterThan(
      sequenceOf(emails[0]?.attachments?.[0]?.content),
    );
  });

  it('cancelled late: says the credit is spent and the fee recorded — even with confirmations off, since it is owed', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { freeCancellationHoursBefore: 12, lateCancelFee: 1000 });
    const cls = await classIn(ready, 60);
    const client = await clientOf(ready);
    await sellPack(ready, client.id);
    await choose(client.headers, { bookingConfirmations: false });
    const place = (await book(cls.id, client.headers)).json().data;
    expect((await cancel(place.id, client.headers)).json().message).toBe(
      'Cancelled late: a late-cancellation fee of $10.00 applies.',
    );
    const [email, ...more] = await outboxTo(client.email);
    expect(more).toEqual([]);
    expect(email?.subject).toBe(`Cancelled late: Power Yoga, ${cls.when}`);
    const freeUntil = momentLabel(new Date(cls.startsAt.getTime() - 12 * 3_600_000), ZONE);
    expect(email?.text).toContain(
      `Free cancellation ended ${freeUntil}, so the class counts as used. The credit of your 10-Class Pack does not come back.`,
    );
    expect(email?.text).toContain('A late-cancellation fee of $10.00 was recorded: pay it in your account or at the studio.');
  });

  it('cancelled by the team in time: names the studio, and the drop-in is no longer owed; leaving a waitlist sends nothing more', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classIn(ready, 3 * 24 * 60, { capacity: 1 });
    const [client, waiting] = [await clientOf(ready), await clientOf(ready)];
    const place = (await book(cls.id, ready.headers, { clientId: client.id })).json().data;
    const queued = (await book(cls.id, waiting.headers, { payWith: 'drop-in' })).json().data;
    expect((await cancel(queued.id, waiting.headers)).json().message).toBe('Removed from the waitlist.');
    expect((await outboxTo(waiting.email)).map((email) => email.subject)).toEqual([
      `On the waitlist: Power Yoga, ${cls.when}`,
    ]);
    await cancel(place.id, ready.headers);
    const emails = await outboxTo(client.email);
    expect(emails.at(-1)?.subject).toBe(`Cancelled: Power Yoga, ${cls.when}`);
    expect(emails.at(-1)?.text).toContain(
      `${ready.session.company.name} has cancelled your booking of Power Yoga on ${cls.when} at Midtown.`,
    );
    expect(emails.at(-1)?.text).toContain('The drop-in ($25.00) is cancelled: nothing is owed.');
  });
});
