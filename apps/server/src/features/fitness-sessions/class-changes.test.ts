import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_TRIGGER_INFO } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../../test/mail-catcher.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { setSessionRules } from '../../test/bookings.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass, type ReadyStudio } from '../../test/schedule.ts';
import { localTimeOf, momentLabel } from './zoned-time.ts';

/**
 * "Class changed" (issue 16): a booked class's time, studio, room or instructor changes and each client
 * holding a place gets one email per class, in the change's transaction, saying what changed, with the
 * calendar entry updated. Real database, outbox, worker and SMTP server.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url, config: { PUBLIC_URL: 'http://kinetic.test' } });
type Headers = Record<string, string>;
const ZONE = 'America/New_York';

interface Instance {
  id: string;
  startsAt: string;
  endsAt: string;
}

/** A weekly Monday class (18:00, Indira, Studio A) from next week, `count` times; its classes. */
async function series(ready: ReadyStudio, count = 3, overrides: Record<string, unknown> = {}) {
  // Every class of the series is open for booking now.
  await setSessionRules(app, ready, { bookingOpensDaysBefore: 120 });
  const body = weeklyClass(ready, {
    schedule: { kind: 'weekly', weekdays: ['monday'], everyWeeks: 1, startDate: dateFromToday(7, 1), count },
    ...overrides,
  });
  const made = await app.inject({
    method: 'POST',
    url: '/api/fitness-sessions',
    headers: ready.headers,
    payload: body,
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().data.id as string;
  const listed = await app.inject({
    method: 'GET',
    url: `/api/class-instances?from=${new Date().toISOString()}&to=${new Date(Date.now() + 90 * 86_400_000).toISOString()}`,
    headers: ready.headers,
  });
  const classes: Instance[] = (listed.json().data.items as (Instance & { fitnessSessionId: string })[])
    .filter((item) => item.fitnessSessionId === id)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return { id, body, classes };
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
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; status: string };
}

const edit = (
  ready: ReadyStudio,
  made: { id: string; body: object },
  classId: string,
  scope: string,
  changes: object,
) =>
  app.inject({
    method: 'PUT',
    url: `/api/fitness-sessions/${made.id}`,
    headers: ready.headers,
    payload: { ...made.body, ...changes, scope, classInstanceId: classId },
  });

interface OutboxRow {
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[] | null;
}

/** The "Changed:" emails written for `email` (at once, in the change's transaction). */
async function changedTo(email: string): Promise<OutboxRow[]> {
  const { rows } = await db.pool.query<OutboxRow>(
    `select subject, text, attachments from email_outbox where "to" = $1 and subject like 'Changed:%' order by created_at, id`,
    [email],
  );
  return rows;
}

async function received(email: string, count = 1): Promise<CaughtMail[]> {
  const matching = () => mail.mailTo(email).filter((message) => message.subject.startsWith('Changed:'));
  for (let waited = 0; waited < 30_000 && matching().length < count; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return matching();
}

function vevent(content: string) {
  return new ICAL.Event(new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent') ?? undefined);
}

/** The booking confirmation's calendar entry, as the client's calendar app first got it. */
async function confirmationEntry(email: string) {
  const { rows } = await db.pool.query<OutboxRow>(
    `select subject, text, attachments from email_outbox where "to" = $1 and subject like 'Booked:%' order by created_at`,
    [email],
  );
  const file = rows[0]?.attachments?.find((attachment) => attachment.filename.endsWith('.ics'));
  return file ? vevent(file.content) : undefined;
}

const setChangedEmail = (ready: ReadyStudio, enabled: boolean) =>
  app.inject({
    method: 'PUT',
    url: '/api/settings/email/templates/classChanged',
    headers: ready.headers,
    payload: {
      enabled,
      subject: EMAIL_TRIGGER_INFO.classChanged.subject,
      body: EMAIL_TRIGGER_INFO.classChanged.body,
    },
  });

describe('class changed', () => {
  it('a class moved to another time: each booked client gets one email saying from what to what, with an updated .ics', async () => {
    const ready = await studioReadyToSchedule(app);
    const made = await series(ready);
    const [first, second] = made.classes as [Instance, Instance];
    const [ana, ben, cy] = [await clientOf(ready), await clientOf(ready), await clientOf(ready)];
    const anaBooking = await book(first.id, ana.headers);
    await book(first.id, ben.headers);
    await book(second.id, cy.headers);

    const moved = await edit(ready, made, first.id, 'one', { startTime: '19:30' });
    expect(moved.statusCode, moved.body).toBe(200);

    const oldStart = new Date(first.startsAt);
    const newStart = new Date(oldStart.getTime() + 90 * 60_000);
    const newWhen = momentLabel(newStart, ZONE);
    for (const client of [ana, ben]) {
      const emails = await changedTo(client.email);
      expect(emails).toHaveLength(1);
      expect(emails[0]?.subject).toBe(`Changed: Power Yoga, ${newWhen}`);
      expect(emails[0]?.text).toContain(
        `The time changed from ${momentLabel(oldStart, ZONE)}–19:00 to ${newWhen}–20:30.`,
      );
      expect(emails[0]?.text).toContain(
        `It is now on ${newWhen} at Midtown, 10 Peachtree St, Atlanta, GA (Studio A), with Indira Patel.`,
      );
      expect(emails[0]?.text).toContain(
        `http://kinetic.test/${ready.slug}/client/client/app/classes/details/${first.id}`,
      );
    }
    // Booked into another class of the series, which did not change: nothing.
    expect(await changedTo(cy.email)).toHaveLength(0);

    // The calendar file replaces the confirmation's entry: same UID, the new time, a higher SEQUENCE.
    const [email] = await changedTo(ana.email);
    const file = email?.attachments?.find((attachment) => attachment.filename === 'class.ics');
    expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const entry = vevent(file?.content ?? '');
    expect(entry.uid).toBe(`${anaBooking.id}@kinetic`);
    expect(entry.startDate.toJSDate().toISOString()).toBe(newStart.toISOString());
    expect(entry.startDate.zone.tzid).toBe('UTC');
    const confirmation = await confirmationEntry(ana.email);
    expect(confirmation?.uid).toBe(entry.uid);
    expect(entry.sequence).toBeGreaterThan(confirmation?.sequence ?? Number.POSITIVE_INFINITY);

    // Delivered by SMTP to the client, as written.
    const [delivered] = await received(ana.email);
    expect(delivered?.to).toEqual([ana.email]);
    expect(delivered?.subject).toBe(`Changed: Power Yoga, ${newWhen}`);
    expect(delivered?.body).toContain('The time changed from');
    expect(delivered?.body).toContain('Content-Type: text/calendar');
  });

  it('a substitute instructor: one email naming who teaches now instead of whom', async () => {
    const ready = await studioReadyToSchedule(app);
    const made = await series(ready, 1);
    const [only] = made.classes as [Instance];
    const ana = await clientOf(ready);
    await book(only.id, ana.headers);
    const sub = await app.inject({
      method: 'PUT',
      url: `/api/class-instances/${only.id}/instructor`,
      headers: ready.headers,
      payload: { instructorId: ready.marco },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const emails = await changedTo(ana.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain(
      `${'Power Yoga'}, which you are booked into, has changed. The instructor is now Marco Reyes instead of Indira Patel.`,
    );
    expect(emails[0]?.text).toContain('with Marco Reyes.');
  });

  it('a room change for all classes to come: one email per booked class, none for notes or capacity', async () => {
    const ready = await studioReadyToSchedule(app);
    const made = await series(ready, 3);
    const [first, second, third] = made.classes as [Instance, Instance, Instance];
    const ana = await clientOf(ready);
    const ben = await clientOf(ready);
    await book(first.id, ana.headers);
    await book(third.id, ana.headers);
    await book(second.id, ben.headers);

    // Notes and capacity only: the clients are not told.
    const quiet = await edit(ready, made, first.id, 'all', { notes: 'Bring a mat', capacity: 6 });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(await changedTo(ana.email)).toHaveLength(0);
    expect(await changedTo(ben.email)).toHaveLength(0);

    const roomed = await edit(ready, made, first.id, 'all', {
      notes: 'Bring a mat',
      capacity: 6,
      roomId: ready.roomB,
    });
    expect(roomed.statusCode, roomed.body).toBe(200);
    const anas = await changedTo(ana.email);
    expect(anas).toHaveLength(2);
    for (const email of anas) expect(email.text).toContain('The room is now Studio B instead of Studio A.');
    const subjects = anas.map((email) => email.subject).sort();
    expect(subjects).toEqual(
      [first, third].map((cls) => `Changed: Power Yoga, ${momentLabel(new Date(cls.startsAt), ZONE)}`).sort(),
    );
    expect(await changedTo(ben.email)).toHaveLength(1);
  });

  it('the time and instructor at once, following classes: one email with both changes', async () => {
    const ready = await studioReadyToSchedule(app);
    const made = await series(ready, 3);
    const [first, second] = made.classes as [Instance, Instance];
    const ana = await clientOf(ready);
    await book(first.id, ana.headers);
    await book(second.id, ana.headers);
    const changed = await edit(ready, made, second.id, 'following', {
      startTime: '07:00',
      instructorId: ready.marco,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const emails = await changedTo(ana.email);
    expect(emails).toHaveLength(1);
    const start = new Date(second.startsAt);
    expect(emails[0]?.text).toContain(
      `The time changed from ${momentLabel(start, ZONE)}–${localTimeOf(new Date(second.endsAt), ZONE)} to `,
    );
    expect(emails[0]?.text).toContain('; the instructor is now Marco Reyes instead of Indira Patel.');
  });

  it('the studio switched "Class changed" off: nothing is sent', async () => {
    const ready = await studioReadyToSchedule(app);
    expect((await setChangedEmail(ready, false)).statusCode).toBe(200);
    const made = await series(ready, 1);
    const [only] = made.classes as [Instance];
    const ana = await clientOf(ready);
    await book(only.id, ana.headers);
    expect((await edit(ready, made, only.id, 'one', { startTime: '20:00' })).statusCode).toBe(200);
    expect(await changedTo(ana.email)).toHaveLength(0);
  });

  it('a studio’s time zone corrected: the booked client gets the corrected calendar entry', async () => {
    const ready = await studioReadyToSchedule(app);
    const made = await series(ready, 1);
    const [only] = made.classes as [Instance];
    const ana = await clientOf(ready);
    await book(only.id, ana.headers);
    const studio = (
      await app.inject({ method: 'GET', url: `/api/studios/${ready.studioId}`, headers: ready.headers })
    ).json().data;
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/studios/${ready.studioId}`,
      headers: ready.headers,
      payload: {
        name: studio.name,
        address: studio.address,
        phone: studio.phone ?? '',
        email: studio.email ?? '',
        timeZone: 'America/Chicago',
        openingHours: studio.openingHours,
        amenities: studio.amenities,
        rooms: studio.rooms.map((room: { id: string; name: string; capacity: number }) => ({
          id: room.id,
          name: room.name,
          capacity: room.capacity,
        })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const emails = await changedTo(ana.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain(
      'The studio’s time zone is now America/Chicago (it was America/New York)',
    );
    const entry = vevent(emails[0]?.attachments?.[0]?.content ?? '');
    // 18:00 on the studio's clock, now Chicago's: an hour later in UTC.
    expect(entry.startDate.toJSDate().getTime()).toBe(new Date(only.startsAt).getTime() + 3_600_000);
  });

  it('a series edit over many booked classes writes every email without holding the request up', async () => {
    const ready = await studioReadyToSchedule(app);
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const made = await series(ready, 50, {
      schedule: { kind: 'weekly', weekdays: days, everyWeeks: 1, startDate: dateFromToday(1), count: 50 },
    });
    expect(made.classes.length).toBe(50);
    const ana = await clientOf(ready);
    for (const cls of made.classes) await book(cls.id, ana.headers);
    const started = Date.now();
    const changed = await edit(ready, made, made.classes[0]?.id ?? '', 'all', { instructorId: ready.marco });
    const took = Date.now() - started;
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await changedTo(ana.email)).toHaveLength(50);
    // Written to the outbox, not sent during the request (the worker sends them after the commit).
    expect(took).toBeLessThan(15_000);
  });

  it('an event date moved: its booked client is emailed the new time, the event’s page and an updated .ics', async () => {
    const ready = await studioReadyToSchedule(app);
    const startsAt = new Date(Date.now() + 5 * 86_400_000);
    startsAt.setUTCMinutes(0, 0, 0);
    const made = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: ready.headers,
      payload: {
        title: 'Community Open Day',
        category: 'CommunityEvents',
        description: 'Try every class for free.',
        image: null,
        studioId: ready.studioId,
        address: null,
        capacity: 30,
        price: 0,
        facilitatorIds: [],
        packageIds: [],
        visibility: 'public',
        waitlist: true,
        dates: [{ startsAt: startsAt.toISOString(), durationMinutes: 120 }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const event = made.json().data as { id: string; dates: { classInstanceId: string }[] };
    const dateId = event.dates[0]?.classInstanceId ?? '';
    const ana = await clientOf(ready);
    const booked = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${dateId}/bookings`,
      headers: ana.headers,
      payload: {},
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const bookingId = booked.json().data.id as string;

    const later = new Date(startsAt.getTime() + 2 * 3_600_000);
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/dates/${dateId}`,
      headers: ready.headers,
      payload: { startsAt: later.toISOString(), durationMinutes: 120 },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const emails = await changedTo(ana.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe(`Changed: Community Open Day, ${momentLabel(later, ZONE)}`);
    expect(emails[0]?.text).toContain(`The time changed from ${momentLabel(startsAt, ZONE)}`);
    expect(emails[0]?.text).toContain(
      `http://kinetic.test/${ready.slug}/client/client/app/event/book-event/${event.id}`,
    );
    // Led by no instructor: the email names none rather than "an instructor to be announced".
    expect(emails[0]?.text).toContain(`at Midtown, 10 Peachtree St, Atlanta, GA.`);
    expect(emails[0]?.text).not.toContain('instructor');
    const entry = vevent(emails[0]?.attachments?.[0]?.content ?? '');
    expect(entry.uid).toBe(`${bookingId}@kinetic`);
    expect(entry.startDate.toJSDate().toISOString()).toBe(later.toISOString());
  });
});
