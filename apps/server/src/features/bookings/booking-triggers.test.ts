import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../../test/mail-catcher.ts';
import { actorFrom, classAt, minutesFromNow, setSessionRules, signedInClient } from '../../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { momentLabel } from '../fitness-sessions/zoned-time.ts';
import { expireOffers, markNoShows, type BookingDeps } from './bookings.service.ts';

/**
 * The booking and class triggers of issue 16 as a client receives them: each written through notify()
 * in the change's transaction and delivered by the real job worker to a real SMTP server, with the
 * right recipient, subject and variables; switched off by the studio, nothing; a studio's own words used.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db, jobs } = await createTestApp({ smtpUrl: mail.url });
const deps: BookingDeps = { db: db.db, jobs, publicUrl: 'http://kinetic.test', log: () => {} };
const ZONE = 'America/New_York';
type Headers = Record<string, string>;

let slot = 0;
async function classIn(ready: ReadyStudio, minutes: number, overrides: Record<string, unknown> = {}) {
  slot += 1;
  const startsAt = minutesFromNow(minutes + slot * 75);
  const id = await classAt(app, ready, startsAt, { capacity: 5, ...overrides });
  return { id, startsAt, when: momentLabel(startsAt, ZONE) };
}

const book = (classId: string, headers: Headers, payload: object = { payWith: 'drop-in' }) =>
  app.inject({ method: 'POST', url: `/api/class-instances/${classId}/bookings`, headers, payload });
const cancel = (bookingId: string, headers: Headers) =>
  app.inject({ method: 'POST', url: `/api/bookings/${bookingId}/cancel`, headers, payload: {} });

/** The studio's choice for a trigger, as Settings › Email Settings saves it. */
async function setTemplate(
  companyId: string,
  trigger: string,
  values: { enabled?: boolean; subject?: string; body?: string },
) {
  await db.pool.query(
    `insert into email_templates (company_id, trigger, enabled, subject, body) values ($1, $2, $3, $4, $5)
      on conflict (company_id, trigger) do update set enabled = excluded.enabled, subject = excluded.subject, body = excluded.body`,
    [companyId, trigger, values.enabled ?? true, values.subject ?? null, values.body ?? null],
  );
}

/** Waits until `count` emails to `email` whose subject starts with `prefix` reached the SMTP server. */
async function received(email: string, prefix: string, count = 1): Promise<CaughtMail[]> {
  const matching = () => mail.mailTo(email).filter((message) => message.subject.startsWith(prefix));
  for (let waited = 0; waited < 15_000 && matching().length < count; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return matching();
}

async function outboxSubjects(email: string, pattern: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ subject: string }>(
    `select subject from email_outbox where "to" = $1 and subject ~ $2 order by created_at, id`,
    [email, pattern],
  );
  return rows.map((row) => row.subject);
}

/** The text part of a caught message (after the layout's greeting), enough to find sentences in. */
const textOf = (message: CaughtMail | undefined) => message?.body.replace(/\r\n/g, '\n') ?? '';

describe('waitlist joined', () => {
  it('tells the client their place in line, with the class’s day, time and page', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classIn(ready, 3 * 24 * 60, { capacity: 1 });
    const [first, second, third] = [
      await signedInClient(app, ready),
      await signedInClient(app, ready),
      await signedInClient(app, ready),
    ];
    await book(cls.id, first.headers);
    expect((await book(cls.id, second.headers)).json().data.status).toBe('waitlisted');
    expect((await book(cls.id, third.headers)).json().data.status).toBe('waitlisted');
    const [message, ...more] = await received(third.email, 'On the waitlist');
    expect(more).toEqual([]);
    expect(message?.to).toEqual([third.email]);
    expect(message?.subject).toBe(`On the waitlist: Power Yoga, ${cls.when}`);
    expect(textOf(message)).toContain('Hi Chris,');
    expect(textOf(message)).toContain(
      `Power Yoga on ${cls.when} is full, so you are on the waitlist: number 2.`,
    );
    expect(textOf(message)).toContain(
      `http://localhost:3000/${ready.slug}/client/client/app/classes/details/${cls.id}`,
    );
    expect(await received(second.email, 'On the waitlist')).toHaveLength(1);
    expect(textOf((await received(second.email, 'On the waitlist'))[0])).toContain('waitlist: number 1.');
  });

  it('sends nothing when the studio switched it off, or when the client turned waitlist emails off', async () => {
    const ready = await studioReadyToSchedule(app);
    const cls = await classIn(ready, 3 * 24 * 60, { capacity: 1 });
    const [first, second] = [await signedInClient(app, ready), await signedInClient(app, ready)];
    await book(cls.id, first.headers);
    await setTemplate(ready.companyId, 'waitlistJoined', { enabled: false });
    expect((await book(cls.id, second.headers)).json().data.status).toBe('waitlisted');

    const other = await studioReadyToSchedule(app);
    const full = await classIn(other, 3 * 24 * 60, { capacity: 1 });
    const [ana, quiet] = [await signedInClient(app, other), await signedInClient(app, other)];
    await book(full.id, ana.headers);
    await app.inject({
      method: 'PUT',
      url: '/api/my/notifications',
      headers: quiet.headers,
      payload: { bookingConfirmations: true, reminders: true, waitlist: false, marketing: false },
    });
    expect((await book(full.id, quiet.headers)).json().data.status).toBe('waitlisted');
    expect(await outboxSubjects(second.email, '^On the waitlist')).toEqual([]);
    expect(await outboxSubjects(quiet.email, '^On the waitlist')).toEqual([]);
  });
});

describe('booking confirmed in the studio’s own words', () => {
  it('uses the saved subject and body with every class variable filled on the studio’s clock; switched off, nothing', async () => {
    const ready = await studioReadyToSchedule(app);
    await setTemplate(ready.companyId, 'bookingConfirmed', {
      subject: 'See you at {{class.name}} on {{class.date}}',
      body: [
        'Dear {{client.firstName}} {{client.lastName}},',
        '',
        '{{class.name}} ({{class.noun}}) runs {{class.time}} to {{class.end}} with {{class.instructor}} at {{class.studio}}.',
        '',
        'Starts: {{class.start}}. Address: {{class.where}}.',
        '',
        '{{booking.payment}} {{booking.cancellationRule}}',
        '',
        '[Your class]({{class.link}})',
      ].join('\n'),
    });
    const cls = await classIn(ready, 3 * 24 * 60);
    const client = await signedInClient(app, ready);
    expect((await book(cls.id, client.headers)).statusCode).toBe(200);
    const day = momentLabel(cls.startsAt, ZONE).replace(/, \d\d:\d\d$/, '');
    const [message] = await received(client.email, 'See you at');
    expect(message?.subject).toBe(`See you at Power Yoga on ${day}`);
    const time = cls.when.slice(-5);
    const end = momentLabel(new Date(cls.startsAt.getTime() + 3_600_000), ZONE).slice(-5);
    const text = textOf(message);
    expect(text).toContain('Dear Chris Client,');
    expect(text).toContain(`Power Yoga (class) runs ${time} to ${end} with Indira Patel at Midtown.`);
    expect(text).toContain(`Starts: ${cls.when}. Address: Midtown, 10 Peachtree St, Atlanta, GA.`);
    expect(text).toContain('Drop-in: $25.00, to pay at the studio or in your account. Cancel until');
    expect(text).toContain(`/${ready.slug}/client/client/app/classes/details/${cls.id}`);
    expect(message?.body).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);

    await setTemplate(ready.companyId, 'bookingConfirmed', { enabled: false });
    const later = await signedInClient(app, ready);
    expect((await book(cls.id, later.headers)).json().data.status).toBe('booked');
    expect(await outboxSubjects(later.email, '^(See you at|Booked)')).toEqual([]);
  });
});

describe('waitlist offers expiring', () => {
  it('a held place not accepted in time: the client is told it has gone, the next is offered it', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'offer', offerHoldMinutes: 15 });
    const cls = await classIn(ready, 2 * 24 * 60, { capacity: 1 });
    const [a, b, c] = [
      await signedInClient(app, ready),
      await signedInClient(app, ready),
      await signedInClient(app, ready),
    ];
    const place = (await book(cls.id, a.headers)).json().data;
    await book(cls.id, b.headers);
    await book(cls.id, c.headers);
    await cancel(place.id, a.headers);
    const [offer] = await received(b.email, 'A place is held for you');
    expect(offer?.subject).toBe(`A place is held for you: Power Yoga, ${cls.when}`);
    expect(textOf(offer)).toContain(
      `A place opened up in Power Yoga on ${cls.when} at Midtown, and it is held for you until`,
    );

    expect(await expireOffers(deps, new Date(Date.now() + 16 * 60_000))).toBe(1);
    const [gone] = await received(b.email, 'Your held place has gone');
    expect(gone?.to).toEqual([b.email]);
    expect(gone?.subject).toBe(`Your held place has gone: Power Yoga, ${cls.when}`);
    expect(textOf(gone)).toContain(
      `The place held for you in Power Yoga on ${cls.when} was not accepted in time, so it went to the next person.`,
    );
    expect(await received(c.email, 'A place is held for you')).toHaveLength(1);
  });
});

describe('no-show recorded', () => {
  it('one email per absent client, with the fee when the studio charges one; none to who came', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { noShowFee: 1000 });
    const cls = await classIn(ready, 3 * 24 * 60);
    const [absent, alsoAbsent] = [await signedInClient(app, ready), await signedInClient(app, ready)];
    await book(cls.id, absent.headers);
    await book(cls.id, alsoAbsent.headers);
    const after = new Date(cls.startsAt.getTime() + 10 * 60_000);
    expect((await markNoShows(deps, actorFrom(ready), cls.id, after)).data.marked).toBe(2);
    for (const client of [absent, alsoAbsent]) {
      const [message, ...more] = await received(client.email, 'We missed you');
      expect(more).toEqual([]);
      expect(message?.subject).toBe(`We missed you: Power Yoga, ${cls.when}`);
      expect(textOf(message)).toContain(
        `You were booked into Power Yoga on ${cls.when} but were not checked in, so the class counts as used.`,
      );
      expect(textOf(message)).toContain(
        'A no-show fee of $10.00 was recorded: pay it in your account or at the studio.',
      );
    }

    const free = await studioReadyToSchedule(app);
    const other = await classIn(free, 3 * 24 * 60);
    const client = await signedInClient(app, free);
    await book(other.id, client.headers);
    await markNoShows(deps, actorFrom(free), other.id, new Date(other.startsAt.getTime() + 600_000));
    const [message] = await received(client.email, 'We missed you');
    expect(textOf(message)).not.toContain('no-show fee');
  });
});

describe('a place the studio ends reaches a client who turned confirmations off', () => {
  it('the client cancelling gets nothing; the team cancelling their place is always told', async () => {
    const ready = await studioReadyToSchedule(app);
    const [first, second] = [await classIn(ready, 3 * 24 * 60), await classIn(ready, 3 * 24 * 60)];
    const client = await signedInClient(app, ready);
    await app.inject({
      method: 'PUT',
      url: '/api/my/notifications',
      headers: client.headers,
      payload: { bookingConfirmations: false, reminders: true, waitlist: true, marketing: false },
    });
    const mine = (await book(first.id, client.headers)).json().data.id as string;
    const theirs = (await book(second.id, client.headers)).json().data.id as string;
    expect((await cancel(mine, client.headers)).statusCode).toBe(200);
    expect((await cancel(theirs, ready.headers)).statusCode).toBe(200);
    const told = await received(client.email, 'Cancelled:');
    expect(told.map((message) => message.subject)).toEqual([`Cancelled: Power Yoga, ${second.when}`]);
    expect(told[0]?.body).toContain('has cancelled your booking');
  });
});
