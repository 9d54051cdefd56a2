import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema/index.ts';
import { anonymiseDueAccounts } from '../account-deletion/account-deletion.service.ts';
import { calendarFeedFile } from './calendar-feeds.service.ts';
import { appointmentAt, appointmentType } from '../../test/appointment-rows.ts';
import { bookClass, classAt, minutesFromNow, setSessionRules, signedInClient } from '../../test/bookings.ts';
import { PASSWORD } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { studioReadyToSchedule, weeklyClass, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { localDateOf, localTimeOf } from '../fitness-sessions/zoned-time.ts';

const { app, db } = await createTestApp();
const PUBLIC_URL = 'http://localhost:3000';

type Headers = Record<string, string>;

const myFeed = (headers: Headers, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
  app.inject({ method, url: '/api/my/calendar-feed', headers });

/** Makes the person's address (POST) and answers it. */
async function makeFeed(headers: Headers): Promise<string> {
  const made = await myFeed(headers, 'POST');
  expect(made.statusCode, made.body).toBe(200);
  const url = made.json().data.url as string;
  expect(url.startsWith(`${PUBLIC_URL}/api/calendar-feeds/`)).toBe(true);
  expect(made.json().data.webcalUrl).toBe(url.replace(/^http:/, 'webcal:'));
  return url;
}

/** What a calendar app gets at the address, from `remoteAddress` (a documentation address by default). */
const read = (url: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length), remoteAddress });

interface Entry {
  uid: string;
  sequence: number;
  status: string;
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
}

/** The feed as a calendar app reads it: parsed by ical.js. */
async function entriesAt(url: string): Promise<{ calendar: ICAL.Component; entries: Entry[] }> {
  const answer = await read(url);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('private, no-store');
  const calendar = new ICAL.Component(ICAL.parse(answer.body));
  const entries = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    // Every time is in UTC (no VTIMEZONE needed).
    expect(event.startDate.zone.tzid).toBe('UTC');
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
    };
  });
  return { calendar, entries };
}

const entryOf = (entries: Entry[], uid: string) => {
  const found = entries.find((entry) => entry.uid === uid);
  if (!found) throw new Error(`no entry ${uid} in ${JSON.stringify(entries.map((entry) => entry.uid))}`);
  return found;
};

/** A free class (no package needed) at `startsAt`, made through the schedule's API. */
const freeClassAt = (ready: ReadyStudio, startsAt: Date, overrides: Record<string, unknown> = {}) =>
  classAt(app, ready, startsAt, { dropInPrice: 0, ...overrides });

async function book(classInstanceId: string, headers: Headers, status = 'booked'): Promise<string> {
  const booked = await bookClass(app, classInstanceId, headers);
  expect(booked.statusCode, booked.body).toBe(200);
  expect(booked.json().data.status).toBe(status);
  return booked.json().data.id as string;
}

/** "This class only" moved to `startsAt` through the schedule's edit call, as the owner does it. */
async function moveClass(
  ready: ReadyStudio,
  classInstanceId: string,
  startsAt: Date,
  overrides: Record<string, unknown> = {},
) {
  const current = await app.inject({
    method: 'GET',
    url: `/api/class-instances/${classInstanceId}`,
    headers: ready.headers,
  });
  const seriesId = current.json().data.fitnessSessionId as string;
  const moved = await app.inject({
    method: 'PUT',
    url: `/api/fitness-sessions/${seriesId}`,
    headers: ready.headers,
    payload: weeklyClass(ready, {
      schedule: { kind: 'once', date: localDateOf(startsAt, 'America/New_York') },
      startTime: localTimeOf(startsAt, 'America/New_York'),
      dropInPrice: 0,
      scope: 'one',
      classInstanceId,
      ...overrides,
    }),
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

const HOUR = 3_600_000;

describe('/api/my/calendar-feed', () => {
  it('answers 401 without a session', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await myFeed({}, method)).statusCode).toBe(401);
  });

  it('shows the address once, when made; stores only its hash; GET says since when and when it was read', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await signedInClient(app, ready);
    const before = await myFeed(client.headers);
    expect(before.json().data).toEqual({ url: null, webcalUrl: null, createdAt: null, lastReadAt: null });

    const made = await myFeed(client.headers, 'POST');
    expect(made.json().message).toBe('Your calendar address is ready.');
    const url = made.json().data.url as string;
    const token = /\/api\/calendar-feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(url)?.[1] ?? '';
    // 32 random bytes, base64url.
    expect(token).toHaveLength(43);

    const rows = await withTenant(db.db, ready.companyId, (tx) => tx.select().from(calendarFeeds));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const after = await myFeed(client.headers);
    expect(after.json().data.url).toBeNull();
    expect(after.json().data.createdAt).toBe(made.json().data.createdAt);
    expect(after.json().data.lastReadAt).toBeNull();
    expect((await read(url)).statusCode).toBe(200);
    expect((await myFeed(client.headers)).json().data.lastReadAt).not.toBeNull();
  });
});

describe('a client’s feed', () => {
  it('lists their bookings at the right UTC times; a moved class and a cancellation raise SEQUENCE', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await signedInClient(app, ready);
    const first = minutesFromNow(3 * 24 * 60);
    const second = minutesFromNow(5 * 24 * 60);
    const firstClass = await freeClassAt(ready, first);
    const secondClass = await freeClassAt(ready, second, { roomId: ready.roomB });
    // Someone else's class at the studio is not in the client's calendar.
    const notMine = await freeClassAt(ready, minutesFromNow(4 * 24 * 60));
    const firstBooking = await book(firstClass, client.headers);
    const secondBooking = await book(secondClass, client.headers);
    const url = await makeFeed(client.headers);

    const { calendar, entries } = await entriesAt(url);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${ready.session.company.name} – my classes`);
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(entries.map((entry) => entry.uid)).toEqual([
      `${firstBooking}@kinetic`,
      `${secondBooking}@kinetic`,
    ]);
    expect(JSON.stringify(entries)).not.toContain(notMine);
    const booked = entryOf(entries, `${firstBooking}@kinetic`);
    expect(booked).toMatchObject({
      status: 'CONFIRMED',
      start: first.toISOString(),
      end: new Date(first.getTime() + HOUR).toISOString(),
      summary: `Power Yoga (${ready.session.company.name})`,
      location: 'Midtown, Studio A, 10 Peachtree St, Atlanta, GA',
    });
    expect(booked.description).toContain(
      `${PUBLIC_URL}/${ready.slug}/client/client/app/classes/details/${firstClass}`,
    );
    expect(entryOf(entries, `${secondBooking}@kinetic`).location).toContain('Studio B');

    // The confirmation email's .ics is the same entry: same UID, times and SEQUENCE.
    const outbox = await db.pool.query<{ attachments: { filename: string; content: string }[] }>(
      `select attachments from email_outbox where "to" = $1 and attachments is not null order by created_at`,
      [client.email],
    );
    const emailed = outbox.rows[0]?.attachments.find((file) => file.filename.endsWith('.ics'));
    expect(emailed).toBeDefined();
    const emailEvent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(emailed?.content ?? '')).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(emailEvent.uid).toBe(booked.uid);
    expect(emailEvent.startDate.toJSDate().toISOString()).toBe(booked.start);
    expect(emailEvent.sequence).toBe(booked.sequence);

    // The studio moves the class two hours later: same entry, new time, higher SEQUENCE.
    const later = new Date(first.getTime() + 2 * HOUR);
    await moveClass(ready, firstClass, later);
    const moved = entryOf((await entriesAt(url)).entries, `${firstBooking}@kinetic`);
    expect(moved.start).toBe(later.toISOString());
    expect(moved.sequence).toBeGreaterThan(booked.sequence);
    expect(moved.status).toBe('CONFIRMED');

    // The client cancels: still in the feed, CANCELLED, outranking what calendars hold.
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/bookings/${firstBooking}/cancel`,
      headers: client.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const withdrawn = entryOf((await entriesAt(url)).entries, `${firstBooking}@kinetic`);
    expect(withdrawn.status).toBe('CANCELLED');
    expect(withdrawn.sequence).toBeGreaterThan(moved.sequence);
    expect(withdrawn.summary).toBe(`Cancelled: Power Yoga (${ready.session.company.name})`);

    // The studio cancels the other class: CANCELLED too, saying who cancelled.
    const before = entryOf((await entriesAt(url)).entries, `${secondBooking}@kinetic`);
    const studioCancel = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${secondClass}/cancel`,
      headers: ready.headers,
      payload: { reason: 'Heating broken' },
    });
    expect(studioCancel.statusCode, studioCancel.body).toBe(200);
    const byStudio = entryOf((await entriesAt(url)).entries, `${secondBooking}@kinetic`);
    expect(byStudio.status).toBe('CANCELLED');
    expect(byStudio.sequence).toBeGreaterThan(before.sequence);
    expect(byStudio.description).toContain(`${ready.session.company.name} cancelled this class.`);
  });

  it('a waitlist place is left out until a place is offered, which shows as TENTATIVE', async () => {
    const ready = await studioReadyToSchedule(app);
    const holder = await signedInClient(app, ready);
    const waiting = await signedInClient(app, ready);
    const tiny = await freeClassAt(ready, minutesFromNow(3 * 24 * 60), { capacity: 1 });
    const held = await book(tiny, holder.headers);
    const queued = await book(tiny, waiting.headers, 'waitlisted');
    const url = await makeFeed(waiting.headers);
    expect((await entriesAt(url)).entries).toEqual([]);

    const freed = await app.inject({
      method: 'POST',
      url: `/api/bookings/${held}/cancel`,
      headers: holder.headers,
      payload: {},
    });
    expect(freed.statusCode, freed.body).toBe(200);
    const offered = entryOf((await entriesAt(url)).entries, `${queued}@kinetic`);
    expect(offered.status).toBe('TENTATIVE');
    expect(offered.summary).toBe(`Place offered: Power Yoga (${ready.session.company.name})`);
  });

  it('a cancelled entry stays CANCELLED for 30 days after the cancellation, then leaves the feed', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { bookingOpensDaysBefore: 90 });
    const client = await signedInClient(app, ready);
    const farClass = await freeClassAt(ready, minutesFromNow(60 * 24 * 60));
    const booking = await book(farClass, client.headers);
    const url = await makeFeed(client.headers);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking}/cancel`,
      headers: client.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const token = /feeds\/(.+)\.ics$/.exec(url)?.[1] ?? '';
    const fileOn = (daysLater: number) =>
      calendarFeedFile(
        db.db,
        { token, clientAddress: '203.0.113.8', publicUrl: PUBLIC_URL },
        new Date(Date.now() + daysLater * 24 * HOUR),
      );
    const uids = (file: string) =>
      new ICAL.Component(ICAL.parse(file))
        .getAllSubcomponents('vevent')
        .map((vevent) => vevent.getFirstPropertyValue('uid'));
    expect(uids(await fileOn(29))).toEqual([`${booking}@kinetic`]);
    expect(uids(await fileOn(31))).toEqual([]);
  });

  it('a new address revokes the old one at once (404); DELETE revokes the address (404)', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await signedInClient(app, ready);
    const old = await makeFeed(client.headers);
    expect((await read(old)).statusCode).toBe(200);

    const again = await myFeed(client.headers, 'POST');
    expect(again.json().message).toBe('Your new calendar address is ready. The old one no longer works.');
    const current = again.json().data.url as string;
    expect(current).not.toBe(old);
    const gone = await read(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      status: 0,
      message:
        'This calendar address does not work any more. Get the current one from your account’s settings.',
    });
    expect((await read(current)).statusCode).toBe(200);

    const revoked = await myFeed(client.headers, 'DELETE');
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Your calendar address no longer works.');
    expect(revoked.json().data.createdAt).toBeNull();
    expect((await read(current)).statusCode).toBe(404);
    expect((await myFeed(client.headers)).json().data.createdAt).toBeNull();
  });

  it('unknown and malformed addresses answer 404; many misses from one address answer 429', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await signedInClient(app, ready);
    const url = await makeFeed(client.headers);
    const token = /feeds\/(.+)\.ics$/.exec(url)?.[1] ?? '';
    // One character changed: nothing to do with the real one.
    const near = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [near, 'short', `${token}x`, 'a.b'])
      expect((await read(`${PUBLIC_URL}/api/calendar-feeds/${path}.ics`)).statusCode).toBe(404);

    const guesser = '198.51.100.99';
    let last = 0;
    for (let attempt = 0; attempt < 61; attempt += 1)
      last = (await read(`${PUBLIC_URL}/api/calendar-feeds/${attempt}${near.slice(3)}.ics`, guesser))
        .statusCode;
    expect(last).toBe(429);
    // A real address still opens from that client address (Google reads every feed from a few addresses).
    expect((await read(url, guesser)).statusCode).toBe(200);
  });

  it('ends with the account: a deactivated team member’s and an anonymised client’s feed answer 404', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await signedInClient(app, ready);
    const clientFeed = await makeFeed(client.headers);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/my/deletion-request',
      headers: client.headers,
      payload: { password: PASSWORD },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // The request alone keeps the feed (it can be withdrawn); the anonymisation ends it.
    expect((await read(clientFeed)).statusCode).toBe(200);
    await anonymiseDueAccounts(db.db, new Date(Date.now() + 400 * 24 * HOUR));
    expect((await read(clientFeed)).statusCode).toBe(404);

    const member = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const memberFeed = await makeFeed(member.headers);
    expect((await read(memberFeed)).statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: member.headers });
    const deactivated = await app.inject({
      method: 'POST',
      url: `/api/staff-members/${me.json().data.user.id}/deactivate`,
      headers: ready.headers,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await read(memberFeed)).statusCode).toBe(404);
  });

  it('keeps companies apart: a feed holds only its own company’s classes, and RLS hides other companies’ feeds', async () => {
    const north = await studioReadyToSchedule(app);
    const south = await studioReadyToSchedule(app);
    const northClient = await signedInClient(app, north);
    const southClient = await signedInClient(app, south);
    const northBooking = await book(
      await freeClassAt(north, minutesFromNow(2 * 24 * 60)),
      northClient.headers,
    );
    const southBooking = await book(
      await freeClassAt(south, minutesFromNow(2 * 24 * 60)),
      southClient.headers,
    );
    const northUrl = await makeFeed(northClient.headers);
    const southUrl = await makeFeed(southClient.headers);
    expect((await entriesAt(northUrl)).entries.map((entry) => entry.uid)).toEqual([
      `${northBooking}@kinetic`,
    ]);
    expect((await entriesAt(southUrl)).entries.map((entry) => entry.uid)).toEqual([
      `${southBooking}@kinetic`,
    ]);
    const seen = await withTenant(db.db, south.companyId, (tx) => tx.select().from(calendarFeeds));
    expect(seen.map((row) => row.companyId)).toEqual([south.companyId]);
  });
});

describe('an instructor’s feed', () => {
  it('lists the classes they teach or assist with the booked count; a change raises SEQUENCE (the class revision)', async () => {
    const ready = await studioReadyToSchedule(app);
    const member = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: member.headers });
    const added = await app.inject({
      method: 'POST',
      url: '/api/instructors',
      headers: ready.headers,
      payload: {
        name: 'Tess Teacher',
        email: me.json().data.user.email,
        phone: null,
        bio: null,
        photo: null,
        active: true,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const instructorId = added.json().data.id as string;
    // The invitation links the instructors row to the login that already has that address.
    const linked = await app.inject({
      method: 'POST',
      url: `/api/instructors/${instructorId}/invitation`,
      headers: ready.headers,
    });
    expect(linked.json().data?.outcome, linked.body).toBe('linked');

    const teaches = minutesFromNow(2 * 24 * 60);
    const taught = await freeClassAt(ready, teaches, { instructorId });
    const assisted = await freeClassAt(ready, minutesFromNow(3 * 24 * 60), { assistantId: instructorId });
    const someoneElses = await freeClassAt(ready, minutesFromNow(4 * 24 * 60));
    const client = await signedInClient(app, ready);
    await book(taught, client.headers);

    const url = await makeFeed(member.headers);
    const { entries } = await entriesAt(url);
    expect(entries.map((entry) => entry.uid)).toEqual([
      `class-${taught}@kinetic`,
      `class-${assisted}@kinetic`,
    ]);
    expect(JSON.stringify(entries)).not.toContain(someoneElses);
    const teaching = entryOf(entries, `class-${taught}@kinetic`);
    expect(teaching).toMatchObject({
      sequence: 0,
      status: 'CONFIRMED',
      start: teaches.toISOString(),
      summary: 'Power Yoga',
    });
    expect(teaching.description).toContain('You teach this class. 1 of 12 places booked.');
    expect(teaching.description).toContain(`/${ready.slug}/instructor/app/classes/details/${taught}`);
    expect(entryOf(entries, `class-${assisted}@kinetic`).summary).toBe('Power Yoga (assisting)');

    const later = new Date(teaches.getTime() + HOUR);
    await moveClass(ready, taught, later, { instructorId });
    const moved = entryOf((await entriesAt(url)).entries, `class-${taught}@kinetic`);
    expect(moved.start).toBe(later.toISOString());
    expect(moved.sequence).toBe(1);

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${taught}/cancel`,
      headers: ready.headers,
      payload: { reason: null },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const withdrawn = entryOf((await entriesAt(url)).entries, `class-${taught}@kinetic`);
    expect(withdrawn).toMatchObject({ status: 'CANCELLED', sequence: 2, summary: 'Cancelled: Power Yoga' });
  });
});

describe('appointments in the feeds', () => {
  it('an instructor’s appointment shows by its type’s name at the studio and room; cancelled it is CANCELLED with a higher SEQUENCE; the client’s feed has their booking', async () => {
    const ready = await studioReadyToSchedule(app);
    const member = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: member.headers });
    const added = await app.inject({
      method: 'POST',
      url: '/api/instructors',
      headers: ready.headers,
      payload: {
        name: 'Tess Teacher',
        email: me.json().data.user.email,
        phone: null,
        bio: null,
        photo: null,
        active: true,
      },
    });
    const instructorId = added.json().data.id as string;
    const linked = await app.inject({
      method: 'POST',
      url: `/api/instructors/${instructorId}/invitation`,
      headers: ready.headers,
    });
    expect(linked.json().data?.outcome, linked.body).toBe('linked');

    const typeId = await appointmentType(db.pool, ready, { name: 'Private Pilates', price: 0 });
    const startsAt = minutesFromNow(2 * 24 * 60);
    const appointment = await appointmentAt(db.pool, ready, typeId, startsAt, {
      instructorId,
      roomId: ready.roomB,
    });
    const client = await signedInClient(app, ready);
    const bookingId = await book(appointment, client.headers);

    const url = await makeFeed(member.headers);
    const entry = entryOf((await entriesAt(url)).entries, `class-${appointment}@kinetic`);
    expect(entry).toMatchObject({
      sequence: 0,
      status: 'CONFIRMED',
      start: startsAt.toISOString(),
      end: new Date(startsAt.getTime() + HOUR).toISOString(),
      summary: 'Private Pilates',
    });
    expect(entry.location).toMatch(/^Midtown, Studio B, 10 Peachtree St/);
    expect(entry.description).toContain('You teach this appointment. 1 of 1 place booked.');
    // The link opens this appointment on the Appointment calendar.
    expect(entry.description).toContain(
      `/${ready.slug}/instructor/app/appointment?appointment=${appointment}`,
    );

    const clientUrl = await makeFeed(client.headers);
    const clientEntry = entryOf((await entriesAt(clientUrl)).entries, `${bookingId}@kinetic`);
    expect(clientEntry.summary).toMatch(/^Private Pilates \(/);
    expect(clientEntry.status).toBe('CONFIRMED');

    await db.pool.query(
      `update class_instances set status = 'cancelled', cancelled_at = now() where company_id = $1 and id = $2`,
      [ready.companyId, appointment],
    );
    const withdrawn = entryOf((await entriesAt(url)).entries, `class-${appointment}@kinetic`);
    expect(withdrawn.status).toBe('CANCELLED');
    expect(withdrawn.summary).toBe('Cancelled: Private Pilates');
    expect(withdrawn.sequence).toBeGreaterThan(entry.sequence);
    expect(withdrawn.description).toContain('This appointment is cancelled.');
    const clientWithdrawn = entryOf((await entriesAt(clientUrl)).entries, `${bookingId}@kinetic`);
    expect(clientWithdrawn.status).toBe('CANCELLED');
    expect(clientWithdrawn.description).toContain('cancelled this appointment');
  });
});

describe('events in the feeds', () => {
  it('a client’s booked event date shows the event, its outside address and page; its facilitator’s feed has it too', async () => {
    const ready = await studioReadyToSchedule(app);
    const member = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: member.headers });
    const added = await app.inject({
      method: 'POST',
      url: '/api/facilitators',
      headers: ready.headers,
      payload: {
        name: 'Faye Facilitator',
        email: me.json().data.user.email,
        phone: null,
        bio: null,
        photo: null,
        active: true,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const facilitatorId = added.json().data.id as string;
    const linked = await app.inject({
      method: 'POST',
      url: `/api/facilitators/${facilitatorId}/invitation`,
      headers: ready.headers,
    });
    expect(linked.json().data?.outcome, linked.body).toBe('linked');

    const startsAt = minutesFromNow(6 * 24 * 60);
    const event = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: ready.headers,
      payload: {
        title: 'Community Open Day',
        category: 'CommunityEvents',
        description: 'Try every class.',
        image: null,
        studioId: ready.studioId,
        address: 'Riverside Park, Atlanta',
        capacity: 30,
        price: 0,
        facilitatorIds: [facilitatorId],
        packageIds: [],
        visibility: 'public',
        waitlist: true,
        dates: [{ startsAt, durationMinutes: 120 }],
      },
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json().data.id as string;
    const dateId = event.json().data.dates[0].classInstanceId as string;
    const client = await signedInClient(app, ready);
    const booking = await book(dateId, client.headers);

    const mine = entryOf((await entriesAt(await makeFeed(client.headers))).entries, `${booking}@kinetic`);
    expect(mine).toMatchObject({
      status: 'CONFIRMED',
      start: startsAt.toISOString(),
      end: new Date(startsAt.getTime() + 2 * HOUR).toISOString(),
      summary: `Community Open Day (${ready.session.company.name})`,
      location: 'Riverside Park, Atlanta',
    });
    expect(mine.description).toContain(`/${ready.slug}/client/client/app/event/book-event/${eventId}`);

    const led = entryOf((await entriesAt(await makeFeed(member.headers))).entries, `class-${dateId}@kinetic`);
    expect(led.summary).toBe('Community Open Day');
    expect(led.description).toContain('You lead this event. 1 of 30 places booked.');
  });
});
