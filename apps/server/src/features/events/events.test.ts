import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bookClass, minutesFromNow, quickClients, sellPackage, signedInClient } from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';

/**
 * Events (issue 12 §1) against the real database: the admin API, the public reads, and an event's dates
 * booked through the classes' own booking endpoint (same capacity, waitlist and payment machinery).
 */
const { app, db } = await createTestApp();

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: object,
) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let hour = 0;
const nextDate = (durationMinutes = 120) => {
  hour += 3;
  return { startsAt: minutesFromNow(3 * 24 * 60 + hour * 60), durationMinutes };
};

const eventBody = (ready: ReadyStudio, overrides: Record<string, unknown> = {}) => ({
  title: 'Community Open Day',
  category: 'CommunityEvents',
  description: 'Try every class for free and meet the team.',
  image: null,
  studioId: ready.studioId,
  address: null,
  capacity: 30,
  price: 0,
  facilitatorIds: [],
  packageIds: [],
  visibility: 'public',
  waitlist: true,
  dates: [nextDate()],
  ...overrides,
});

async function createEvent(ready: ReadyStudio, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/events', ready.headers, eventBody(ready, overrides));
  if (response.statusCode !== 201) throw new Error(`event not created: ${response.body}`);
  return response.json().data as {
    id: string;
    dates: {
      classInstanceId: string;
      capacity: number;
      bookedCount: number;
      placesLeft: number;
      startsAt: string;
    }[];
  };
}

const clientOf = (ready: ReadyStudio) => signedInClient(app, ready);
const facilitatorOf = (ready: ReadyStudio, name: string) =>
  created(app, ready.headers, '/api/facilitators', { name, email: null, phone: null, bio: null, photo: null, active: true });
const book = (classInstanceId: string, headers: Headers, payload: object = {}) =>
  bookClass(app, classInstanceId, headers, payload);

describe('admin events API', () => {
  it('creates an event with several dates, facilitators and packages, and reads it back', async () => {
    const ready = await studioReadyToSchedule(app);
    const facilitator = await facilitatorOf(ready, 'Ana Ruiz');
    const pack = await created(app, ready.headers, '/api/packages', classPack());
    const dates = [nextDate(90), nextDate(90)];
    const event = await createEvent(ready, {
      title: 'Pottery Workshop',
      category: 'ArtsAndCulture',
      price: 4500,
      capacity: 12,
      address: '22 Mill Lane, Decatur',
      facilitatorIds: [facilitator.id],
      packageIds: [pack.id],
      dates,
    });
    const read = await call('GET', `/api/events/${event.id}`, ready.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      title: 'Pottery Workshop',
      category: 'ArtsAndCulture',
      price: 4500,
      currency: 'USD',
      address: '22 Mill Lane, Decatur',
      studioName: 'Midtown',
      facilitatorIds: [facilitator.id],
      packageIds: [pack.id],
      dates: dates.map((date) => ({
        startsAt: new Date(date.startsAt).toISOString(),
        capacity: 12,
        bookedCount: 0,
        placesLeft: 12,
        status: 'scheduled',
      })),
    });
    // Its dates are class instances of kind 'event'.
    const { rows } = await db.pool.query('select kind, event_id from class_instances where event_id = $1', [
      event.id,
    ]);
    expect(rows).toEqual([
      { kind: 'event', event_id: event.id },
      { kind: 'event', event_id: event.id },
    ]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const ready = await studioReadyToSchedule(app);
    const noTitle = await call('POST', '/api/events', ready.headers, eventBody(ready, { title: '' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ status: 0, errors: { title: 'Name the event' } });
    const badCategory = await call(
      'POST',
      '/api/events',
      ready.headers,
      eventBody(ready, { category: 'Parties' }),
    );
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().errors).toMatchObject({ category: 'Choose one of the event categories' });
    const noDates = await call('POST', '/api/events', ready.headers, eventBody(ready, { dates: [] }));
    expect(noDates.json().errors).toMatchObject({ dates: 'Add at least one date' });
    const past = await call(
      'POST',
      '/api/events',
      ready.headers,
      eventBody(ready, { dates: [{ startsAt: minutesFromNow(-60), durationMinutes: 60 }] }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toMatchObject({ 'dates.0.startsAt': 'Choose a date and time still to come' });
    const other = await studioReadyToSchedule(app);
    const foreignStudio = await call(
      'POST',
      '/api/events',
      ready.headers,
      eventBody(ready, { studioId: other.studioId }),
    );
    expect(foreignStudio.statusCode).toBe(400);
    expect(foreignStudio.json().errors).toMatchObject({ studioId: 'Choose one of your studios' });
    const badQuery = await call('GET', '/api/events?category=Parties', ready.headers);
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().errors).toMatchObject({ category: 'Choose one of the event categories' });
  });

  it('answers 401 without a session, 403 to an instructor writing, 404 for another company’s event', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready);
    expect((await call('GET', '/api/events')).statusCode).toBe(401);
    expect((await call('POST', '/api/events', {}, eventBody(ready))).statusCode).toBe(401);
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    expect((await call('GET', `/api/events/${event.id}`, instructor.headers)).statusCode).toBe(200);
    const refused = await call('POST', '/api/events', instructor.headers, eventBody(ready));
    expect(refused.statusCode).toBe(403);
    expect((await call('DELETE', `/api/events/${event.id}`, instructor.headers)).statusCode).toBe(403);
    const other = await studioReadyToSchedule(app);
    for (const [method, url, payload] of [
      ['GET', `/api/events/${event.id}`, undefined],
      ['PUT', `/api/events/${event.id}`, { ...eventBody(other), dates: undefined }],
      ['DELETE', `/api/events/${event.id}`, undefined],
      ['POST', `/api/events/${event.id}/dates`, nextDate()],
      ['DELETE', `/api/events/${event.id}/dates/${event.dates[0]?.classInstanceId}`, undefined],
    ] as const) {
      const response = await call(method, url, other.headers, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ status: 0, message: 'We could not find that event.' });
    }
    // Their list does not show it either.
    expect((await call('GET', '/api/events', other.headers)).json().data).toEqual({ items: [], total: 0 });
  });

  it('lists upcoming and past events, filtered by category', async () => {
    const ready = await studioReadyToSchedule(app);
    const openDay = await createEvent(ready, { title: 'Open Day', category: 'CommunityEvents' });
    const tour = await createEvent(ready, { title: 'Studio Tour', category: 'Tours' });
    const done = await createEvent(ready, { title: 'Autumn Gala', category: 'Ceremonies' });
    await db.pool.query(
      `update class_instances set starts_at = starts_at - interval '30 days', ends_at = ends_at - interval '30 days' where event_id = $1`,
      [done.id],
    );
    const titles = async (query: string) =>
      (await call('GET', `/api/events${query}`, ready.headers))
        .json()
        .data.items.map((item: { title: string }) => item.title);
    expect(await titles('')).toEqual(['Open Day', 'Studio Tour']);
    expect(await titles('?when=past')).toEqual(['Autumn Gala']);
    expect(await titles('?category=Tours')).toEqual(['Studio Tour']);
    expect((await call('GET', '/api/events?category=Tours', ready.headers)).json().data.total).toBe(1);
    expect(openDay.id).not.toBe(tour.id);
  });

  it('edits an event: capacity reaches its dates to come, never below the places taken (409)', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready, { capacity: 5 });
    const dateId = event.dates[0]!.classInstanceId;
    const clients = await quickClients(app, ready, 3);
    for (const clientId of clients)
      expect((await book(dateId, ready.headers, { clientId, overrideWaiver: true })).statusCode).toBe(200);
    const { dates: _dates, ...fields } = eventBody(ready, { capacity: 2 });
    const below = await call('PUT', `/api/events/${event.id}`, ready.headers, fields);
    expect(below.statusCode).toBe(409);
    expect(below.json().errors).toMatchObject({ capacity: 'At least 3: places already taken' });
    const ok = await call('PUT', `/api/events/${event.id}`, ready.headers, {
      ...fields,
      capacity: 8,
      title: 'Open Day 2',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ title: 'Open Day 2', capacity: 8 });
    expect(ok.json().data.dates[0]).toMatchObject({ capacity: 8, bookedCount: 3, placesLeft: 5 });
    // One date's own places: not below those taken either.
    const move = nextDate(60);
    const tooFew = await call('PUT', `/api/events/${event.id}/dates/${dateId}`, ready.headers, {
      ...move,
      capacity: 2,
    });
    expect(tooFew.statusCode).toBe(409);
    const moved = await call('PUT', `/api/events/${event.id}/dates/${dateId}`, ready.headers, {
      ...move,
      capacity: 3,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.dates[0]).toMatchObject({
      startsAt: new Date(move.startsAt).toISOString(),
      capacity: 3,
      placesLeft: 0,
    });
  });

  it('adds and removes dates; refuses to delete an event with bookings (409) and cancels it instead', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready);
    const added = await call('POST', `/api/events/${event.id}/dates`, ready.headers, nextDate());
    expect(added.statusCode).toBe(201);
    expect(added.json().data.dates).toHaveLength(2);
    const second = added.json().data.dates[1].classInstanceId as string;
    const removed = await call('DELETE', `/api/events/${event.id}/dates/${second}`, ready.headers);
    expect(removed.json().data.dates).toHaveLength(1);

    const client = await clientOf(ready);
    expect((await book(event.dates[0]!.classInstanceId, client.headers)).statusCode).toBe(200);
    const refused = await call('DELETE', `/api/events/${event.id}`, ready.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This event has 1 booking, so it cannot be deleted. Cancel it instead: its clients are told and nothing is charged.',
    );
    const cancelled = await call('POST', `/api/events/${event.id}/cancel`, ready.headers, {
      reason: 'Storm warning',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.dates[0]).toMatchObject({
      status: 'cancelled',
      bookedCount: 0,
      placesLeft: 0,
    });
    const { rows } = await db.pool.query('select status, cancelled_by from bookings where client_id = $1', [
      client.id,
    ]);
    expect(rows).toEqual([{ status: 'cancelled', cancelled_by: 'studio' }]);
    const { rows: mails } = await db.pool.query(
      `select subject from email_outbox where company_id = $1 and subject like 'Cancelled by the studio%'`,
      [ready.companyId],
    );
    expect(mails).toEqual([
      { subject: expect.stringMatching(/^Cancelled by the studio: Community Open Day, /) },
    ]);

    const unbooked = await createEvent(ready);
    expect((await call('DELETE', `/api/events/${unbooked.id}`, ready.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${unbooked.id}`, ready.headers)).statusCode).toBe(404);
    const { rows: left } = await db.pool.query('select id from class_instances where event_id = $1', [
      unbooked.id,
    ]);
    expect(left).toEqual([]);
  });
});

describe('an event’s dates are distinct', () => {
  it('refuses two dates at the same moment (400 naming the date), on create, add and move', async () => {
    const ready = await studioReadyToSchedule(app);
    const date = nextDate();
    const twice = await call('POST', '/api/events', ready.headers, eventBody(ready, { dates: [date, { ...date }] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      status: 0,
      message: 'Two dates of this event start at the same time: change or remove one.',
      errors: { 'dates.1.startsAt': 'Another date of this event starts at this time' },
    });

    const event = await createEvent(ready, { dates: [date] });
    const added = await call('POST', `/api/events/${event.id}/dates`, ready.headers, { ...date, durationMinutes: 60 });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual({ startsAt: 'Another date of this event starts at this time' });

    const later = nextDate();
    const second = await call('POST', `/api/events/${event.id}/dates`, ready.headers, later);
    expect(second.statusCode).toBe(201);
    const secondId = second.json().data.dates[1].classInstanceId as string;
    const moved = await call('PUT', `/api/events/${event.id}/dates/${secondId}`, ready.headers, date);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ startsAt: 'Another date of this event starts at this time' });
    // Moving a date onto its own time (a change of length only) is no clash.
    const longer = await call('PUT', `/api/events/${event.id}/dates/${secondId}`, ready.headers, {
      ...later,
      durationMinutes: 150,
    });
    expect(longer.statusCode).toBe(200);
    const { rows } = await db.pool.query('select count(*)::int as n from class_instances where event_id = $1', [event.id]);
    expect(rows).toEqual([{ n: 2 }]);
  });
});

describe('the calendar’s event dates', () => {
  it('answers the event dates in a range with their title; 400 for a bad range, 401 without a session', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready, { title: 'Studio Tour', category: 'Tours' });
    const date = event.dates[0]!;
    const from = new Date(Date.parse(date.startsAt) - 3_600_000).toISOString();
    const to = new Date(Date.parse(date.startsAt) + 3_600_000).toISOString();
    const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const answer = await call('GET', `/api/events/dates?${range}`, ready.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.items).toEqual([
      expect.objectContaining({
        classInstanceId: date.classInstanceId,
        eventId: event.id,
        title: 'Studio Tour',
      }),
    ]);
    // Not among the classes: the class reads stay classes only.
    const classes = await call('GET', `/api/class-instances?${range}`, ready.headers);
    expect(classes.json().data.items).toEqual([]);
    const other = await studioReadyToSchedule(app);
    expect((await call('GET', `/api/events/dates?${range}`, other.headers)).json().data.items).toEqual([]);
    const backwards = await call(
      'GET',
      `/api/events/dates?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
      ready.headers,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toMatchObject({ to: '`to` must be after `from`' });
    expect((await call('GET', `/api/events/dates?${range}`)).statusCode).toBe(401);
  });
});

describe('public events API', () => {
  it('lists upcoming public events by category with places left; unlisted ones are read by id only', async () => {
    const ready = await studioReadyToSchedule(app);
    const open = await createEvent(ready, { title: 'Open Day', capacity: 4 });
    await createEvent(ready, { title: 'Board Meeting', category: 'BoardMeeting', visibility: 'unlisted' });
    const hidden = await createEvent(ready, {
      title: 'Volunteer Morning',
      category: 'VolunteerEvents',
      visibility: 'unlisted',
    });
    const client = await clientOf(ready);
    await book(open.dates[0]!.classInstanceId, client.headers);

    const list = await call('GET', `/api/public/${ready.slug}/events`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((item: { title: string }) => item.title)).toEqual(['Open Day']);
    const [first] = list.json().data.items;
    expect(first.dates[0]).toMatchObject({ placesLeft: 3, capacity: 4 });
    expect(first).not.toHaveProperty('packageIds');
    const byCategory = await call('GET', `/api/public/${ready.slug}/events?category=Tours`);
    expect(byCategory.json().data).toEqual({ items: [], total: 0 });

    const unlisted = await call('GET', `/api/public/${ready.slug}/events/${hidden.id}`);
    expect(unlisted.statusCode).toBe(200);
    expect(unlisted.json().data.title).toBe('Volunteer Morning');

    const other = await studioReadyToSchedule(app);
    expect((await call('GET', `/api/public/${other.slug}/events/${open.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/public/no-such-studio-here/events`)).statusCode).toBe(404);
    expect((await call('GET', `/api/public/${ready.slug}/events?category=Nope`)).statusCode).toBe(400);
  });
});

describe('booking an event date through the booking endpoint', () => {
  it('a free event books free; a paid one asks for payment or takes an allowed package, never another', async () => {
    const ready = await studioReadyToSchedule(app);
    const free = await createEvent(ready);
    const client = await clientOf(ready);
    const freeBooking = await book(free.dates[0]!.classInstanceId, client.headers);
    expect(freeBooking.statusCode).toBe(200);
    expect(freeBooking.json().data).toMatchObject({ status: 'booked', paidWith: 'free' });

    const allowed = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Workshop Pass', credits: 2 }),
    );
    const otherPack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: '10-Class Pack' }),
    );
    const workshop = await createEvent(ready, {
      title: 'Pottery Workshop',
      price: 4500,
      packageIds: [allowed.id],
    });
    const dateId = workshop.dates[0]!.classInstanceId;

    // Holding only a pack the event does not accept: asked to pay (402), not booked with it.
    const holder = await clientOf(ready);
    await sellPackage(app, ready, holder.id, otherPack.id);
    const asked = await book(dateId, holder.headers);
    expect(asked.statusCode).toBe(402);
    const dropIn = await book(dateId, holder.headers, { payWith: 'drop-in' });
    expect(dropIn.statusCode).toBe(200);
    expect(dropIn.json().data.paidWith).toBe('drop-in');
    const { rows: orders } = await db.pool.query(
      `select total from orders where company_id = $1 and client_id = $2 order by created_at desc limit 1`,
      [ready.companyId, holder.id],
    );
    expect(orders[0]).toMatchObject({ total: 4500 });

    // Holding the allowed pass: it pays.
    const passHolder = await clientOf(ready);
    await sellPackage(app, ready, passHolder.id, allowed.id);
    const withPass = await book(dateId, passHolder.headers);
    expect(withPass.statusCode).toBe(200);
    expect(withPass.json().data.paidWith).toBe('class-pack');
  });

  it('an event date has the classes’ roster and check-in', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready, { title: 'Studio Tour', category: 'Tours' });
    const dateId = event.dates[0]!.classInstanceId;
    const client = await clientOf(ready);
    const booking = (await book(dateId, client.headers)).json().data;
    const roster = await call('GET', `/api/class-instances/${dateId}/bookings`, ready.headers);
    expect(roster.statusCode).toBe(200);
    expect(roster.json().data.items).toEqual([expect.objectContaining({ id: booking.id, status: 'booked' })]);
    // Starting in ten minutes: the door is open.
    await db.pool.query(
      `update class_instances set starts_at = now() + interval '10 minutes', ends_at = now() + interval '70 minutes' where id = $1`,
      [dateId],
    );
    const checkedIn = await call('POST', `/api/bookings/${booking.id}/check-in`, ready.headers);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json().data.status).toBe('checked_in');
  });

  it('a full event date with its waitlist off refuses; with it on, waitlists', async () => {
    const ready = await studioReadyToSchedule(app);
    const noWaitlist = await createEvent(ready, { capacity: 1, waitlist: false });
    const withWaitlist = await createEvent(ready, { capacity: 1, waitlist: true });
    const [a, b, c, d] = await quickClients(app, ready, 4);
    const bookFor = (dateId: string, clientId: string | undefined) =>
      book(dateId, ready.headers, { clientId, overrideWaiver: true });
    expect((await bookFor(noWaitlist.dates[0]!.classInstanceId, a)).statusCode).toBe(200);
    const full = await bookFor(noWaitlist.dates[0]!.classInstanceId, b);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This class is full.');
    expect((await bookFor(withWaitlist.dates[0]!.classInstanceId, c)).statusCode).toBe(200);
    const waiting = await bookFor(withWaitlist.dates[0]!.classInstanceId, d);
    expect(waiting.json().data.status).toBe('waitlisted');
  });

  it('lowering the capacity while people book never leaves a date over capacity nor answers a 500', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready, { capacity: 10, waitlist: false });
    const dateId = event.dates[0]!.classInstanceId;
    const clients = await quickClients(app, ready, 10);
    const { dates: _dates, ...fields } = eventBody(ready, { capacity: 4, waitlist: false });
    const answers = await Promise.all([
      ...clients.map((clientId) => book(dateId, ready.headers, { clientId, overrideWaiver: true })),
      call('PUT', `/api/events/${event.id}`, ready.headers, fields),
    ]);
    expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    const { rows } = await db.pool.query('select booked_count, capacity from class_instances where id = $1', [
      dateId,
    ]);
    expect(rows[0].booked_count).toBeLessThanOrEqual(rows[0].capacity);
    const edit = answers.at(-1)!;
    if (edit.statusCode === 200) expect(rows[0]).toEqual({ booked_count: 4, capacity: 4 });
    else expect(edit.statusCode).toBe(409);
  });

  it('parallel bookings never overbook an event date', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready, { capacity: 10, waitlist: false });
    const dateId = event.dates[0]!.classInstanceId;
    const clients = await quickClients(app, ready, 60);
    const answers = await Promise.all(
      clients.map((clientId) => book(dateId, ready.headers, { clientId, overrideWaiver: true })),
    );
    const codes = answers.reduce<Record<number, number>>((counts, answer) => {
      counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
      return counts;
    }, {});
    expect(codes).toEqual({ 200: 10, 409: 50 });
    const { rows } = await db.pool.query(
      `select booked_count, capacity,
         (select count(*)::int from bookings where class_instance_id = $1 and status = 'booked') as places
       from class_instances where id = $1`,
      [dateId],
    );
    expect(rows[0]).toEqual({ booked_count: 10, capacity: 10, places: 10 });
  });
});

describe('an event’s dates are read where a class’s are', () => {
  it('the client’s bookings list them, upcoming and past, by the event’s title, place and facilitators', async () => {
    const ready = await studioReadyToSchedule(app);
    const facilitator = await facilitatorOf(ready, 'Ana Ruiz');
    const event = await createEvent(ready, {
      title: 'Pottery Workshop',
      category: 'ArtsAndCulture',
      address: '22 Mill Lane, Decatur',
      capacity: 1,
      facilitatorIds: [facilitator.id],
      dates: [nextDate(90), nextDate(90)],
    });
    const [first, second] = event.dates.map((date) => date.classInstanceId) as [string, string];
    const booked = await clientOf(ready);
    const waiting = await clientOf(ready);
    expect((await book(first, booked.headers)).json().data.status).toBe('booked');
    expect((await book(first, waiting.headers)).json().data.status).toBe('waitlisted');
    expect((await book(second, booked.headers)).json().data.status).toBe('booked');

    const upcoming = await call('GET', '/api/my/bookings', waiting.headers);
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json().data.items).toEqual([
      expect.objectContaining({
        status: 'waitlisted',
        waitlistPosition: 1,
        classInstance: expect.objectContaining({
          id: first,
          eventId: event.id,
          templateName: 'Pottery Workshop',
          address: '22 Mill Lane, Decatur',
          studioName: 'Midtown',
          instructorName: 'Ana Ruiz',
        }),
      }),
    ]);
    // The second date took place: it is among the client's past bookings.
    await db.pool.query(
      `update class_instances set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' where id = $1`,
      [second],
    );
    const past = await call('GET', '/api/my/bookings?when=past', booked.headers);
    expect(past.json().data.items).toEqual([
      expect.objectContaining({
        status: 'booked',
        classInstance: expect.objectContaining({ id: second, templateName: 'Pottery Workshop' }),
      }),
    ]);
    const stillToCome = await call('GET', '/api/my/bookings', booked.headers);
    expect(stillToCome.json().data.items.map((item: { classInstance: { id: string } }) => item.classInstance.id)).toEqual([
      first,
    ]);
  });

  it('a date’s details are read by the team and the public; the class lists and class actions keep to classes', async () => {
    const ready = await studioReadyToSchedule(app);
    const date = nextDate(90);
    const event = await createEvent(ready, {
      title: 'Sound Bath',
      category: 'Tours',
      description: 'An hour of gongs.',
      price: 2500,
      dates: [date],
    });
    const dateId = event.dates[0]!.classInstanceId;
    const team = await call('GET', `/api/class-instances/${dateId}`, ready.headers);
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().data).toMatchObject({
      id: dateId,
      eventId: event.id,
      templateName: 'Sound Bath',
      description: 'An hour of gongs.',
      dropInPrice: 2500,
      currency: 'USD',
      capacity: 30,
      status: 'scheduled',
      series: null,
    });
    const open = await call('GET', `/api/public/${ready.slug}/class-instances/${dateId}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toMatchObject({ templateName: 'Sound Bath', notes: null, dropInPrice: 2500 });
    // Another company's team and page: not found.
    const other = await studioReadyToSchedule(app);
    expect((await call('GET', `/api/class-instances/${dateId}`, other.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/public/${other.slug}/class-instances/${dateId}`)).statusCode).toBe(404);

    // The calendar's classes and the Classes page do not list it (the calendar reads event dates apart).
    const from = new Date(date.startsAt.getTime() - 60_000).toISOString();
    const to = new Date(date.startsAt.getTime() + 60_000).toISOString();
    const range = await call('GET', `/api/class-instances?from=${from}&to=${to}`, ready.headers);
    expect(range.json().data.items).toEqual([]);
    expect((await call('GET', '/api/classes', ready.headers)).json().data.items).toEqual([]);
    // An instructor is a class's: an event date has facilitators (409, not a broken row).
    const substitute = await call('PUT', `/api/class-instances/${dateId}/instructor`, ready.headers, {
      instructorId: ready.indira,
    });
    expect(substitute.statusCode).toBe(409);
    expect(substitute.json().message).toMatch(/Events page/);
  });
});

describe('per-date places and cancelled events', () => {
  it('a date may hold its own places: kept through the event’s capacity changes, never below those taken', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready, {
      capacity: 20,
      dates: [nextDate(), { ...nextDate(), capacity: 8 }],
    });
    expect(event.dates.map((date) => date.capacity)).toEqual([20, 8]);
    const { dates: _dates, ...fields } = eventBody(ready, { capacity: 25 });
    const edited = await call('PUT', `/api/events/${event.id}`, ready.headers, fields);
    expect(edited.statusCode).toBe(200);
    // The date following the event's capacity follows it; the one with its own keeps them.
    expect(edited.json().data.dates.map((date: { capacity: number }) => date.capacity)).toEqual([25, 8]);
    const added = await call('POST', `/api/events/${event.id}/dates`, ready.headers, { ...nextDate(), capacity: 5 });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.dates.map((date: { capacity: number }) => date.capacity)).toEqual([25, 8, 5]);
    const zero = await call('POST', `/api/events/${event.id}/dates`, ready.headers, { ...nextDate(), capacity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toMatchObject({ capacity: 'A date has room for at least 1 person' });
    const badCreate = await call(
      'POST',
      '/api/events',
      ready.headers,
      eventBody(ready, { dates: [{ ...nextDate(), capacity: 'many' }] }),
    );
    expect(badCreate.statusCode).toBe(400);
    expect(Object.keys(badCreate.json().errors)).toEqual(['dates.0.capacity']);
    // Two places taken on the small date: it cannot go below two.
    const small = event.dates[1]!.classInstanceId;
    const [a, b] = await quickClients(app, ready, 2);
    for (const clientId of [a, b])
      expect((await book(small, ready.headers, { clientId, overrideWaiver: true })).statusCode).toBe(200);
    const startsAt = edited.json().data.dates[1].startsAt as string;
    const tooFew = await call('PUT', `/api/events/${event.id}/dates/${small}`, ready.headers, {
      startsAt,
      durationMinutes: 120,
      capacity: 1,
    });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().errors).toMatchObject({ capacity: 'At least 2: places already taken' });
  });

  it('a cancelled event stays among the upcoming ones, marked by its dates, until its last date has passed', async () => {
    const ready = await studioReadyToSchedule(app);
    const event = await createEvent(ready, { title: 'Rooftop Yoga', dates: [nextDate(), nextDate()] });
    const cancelled = await call('POST', `/api/events/${event.id}/cancel`, ready.headers, { reason: 'Rain' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const list = async (when: string) =>
      (await call('GET', `/api/events?when=${when}`, ready.headers)).json().data.items as {
        title: string;
        dates: { status: string }[];
      }[];
    const upcoming = await list('upcoming');
    expect(upcoming.map((item) => item.title)).toEqual(['Rooftop Yoga']);
    expect(upcoming[0]!.dates.map((date) => date.status)).toEqual(['cancelled', 'cancelled']);
    expect(await list('past')).toEqual([]);
    // The public list shows only what can be booked.
    expect((await call('GET', `/api/public/${ready.slug}/events`)).json().data.items).toEqual([]);
    // Once its last date has passed, it is past.
    await db.pool.query(
      `update class_instances set starts_at = starts_at - interval '30 days', ends_at = ends_at - interval '30 days' where event_id = $1`,
      [event.id],
    );
    expect(await list('upcoming')).toEqual([]);
    expect((await list('past')).map((item) => item.title)).toEqual(['Rooftop Yoga']);
  });
});
