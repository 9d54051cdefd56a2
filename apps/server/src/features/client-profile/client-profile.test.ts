import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer } from '../../test/factories.ts';
import { bookClass, classAt, minutesFromNow, sellPackage, signedInClient } from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';

const { app, db } = await createTestApp();
type Headers = Record<string, string>;

const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, headers: Headers, payload: object) =>
  app.inject({ method: 'PUT', url, headers, payload });
const del = (url: string, headers: Headers) => app.inject({ method: 'DELETE', url, headers });
const profileOf = (clientId: string, headers: Headers) => get(`/api/clients/${clientId}/profile`, headers);

/** Every key anywhere in a JSON value (to prove no money field is in an answer, however deep). */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  return into;
}

/**
 * A studio with a client who: answered the sign-up details, agreed to marketing, signed the waiver,
 * holds a pack, booked and cancelled one class themself, was booked by the owner into a class that is
 * now past and checked in to it, and has an upcoming class the owner booked.
 */
async function clientWithHistory(ready: ReadyStudio) {
  const client = await signedInClient(app, ready);
  await put('/api/my/signup-details', client.headers, {
    birthDate: '1988-04-02',
    address: {
      line1: '12 Auburn Ave',
      line2: '',
      city: 'Atlanta',
      state: 'GA',
      postalCode: '30303',
      country: 'USA',
    },
    emergencyContactName: 'Sam Client',
    emergencyContactPhone: '(404) 555-9876',
    heardAbout: 'friend',
    heardAboutDetail: null,
    neighborhood: 'Old Fourth Ward',
    planningUnit: 'M',
    age: '35-44',
    raceEthnicity: 'prefer_not_to_respond',
    industry: 'professionalNBusinessService',
    incomeBandTo200k: 'between50000-99999',
    incomeBandTo120k: null,
    homeStudioId: ready.studioId,
    marketingEmails: true,
  });
  await put('/api/waiver', ready.headers, {
    title: 'Liability waiver',
    text: 'I take part in classes at my own risk and tell the instructor about any injury before class.',
    terms: [{ label: 'I am 18 or older' }],
    askToSignAgain: true,
  });
  const waiver = (await get('/api/my/waiver', client.headers)).json().data.waiver;
  await post('/api/my/waiver/signatures', client.headers, {
    waiverId: waiver.id,
    acceptedTerms: waiver.terms.map((term: { value: string }) => term.value),
    fullName: 'Chris Q. Client',
    signature: { kind: 'typed' },
  });
  const pack = await created(app, ready.headers, '/api/packages', classPack({ name: 'Ten Pack' }));
  await sellPackage(app, ready, client.id, pack.id);
  // A second pack sold to pay later: $180.00 owing.
  const owed = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: ready.headers,
    payload: {
      clientId: client.id,
      items: [{ kind: 'package', packageId: pack.id }],
      promoCode: null,
      paidWith: null,
    },
  });
  expect(owed.statusCode).toBe(201);

  const cancelled = await classAt(app, ready, minutesFromNow(3 * 24 * 60));
  const own = (await bookClass(app, cancelled, client.headers, {})).json().data;
  expect((await post(`/api/bookings/${own.id}/cancel`, client.headers, {})).statusCode).toBe(200);

  const visited = await classAt(app, ready, minutesFromNow(30), { instructorId: ready.marco });
  const visit = (await bookClass(app, visited, ready.headers, { clientId: client.id })).json().data;
  expect((await post(`/api/bookings/${visit.id}/check-in`, ready.headers, {})).statusCode).toBe(200);
  // The class took place two days ago.
  await db.pool.query(
    `update class_instances set starts_at = starts_at - interval '2 days', ends_at = ends_at - interval '2 days' where id = $1`,
    [visited],
  );
  const upcoming = await classAt(app, ready, minutesFromNow(5 * 24 * 60));
  const next = (await bookClass(app, upcoming, ready.headers, { clientId: client.id })).json().data;
  return { client, own, visit, next, cancelled, visited, upcoming };
}

describe('GET /api/clients/{clientId}/profile', () => {
  it('answers contact, sign-up labels, consent, the signed waiver copy, packages, bookings with who changed them, and money for the owner', async () => {
    const ready = await studioReadyToSchedule(app);
    const { client, own, visit, next } = await clientWithHistory(ready);
    const response = await get(`/api/clients/${client.id}/profile?userId=${client.id}`, ready.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.client).toMatchObject({
      id: client.id,
      name: 'Chris Client',
      email: client.email,
      phone: '(404) 555-1234',
    });
    expect(Date.parse(data.client.joinedAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(data.client.lastVisitAt)).toBeLessThan(Date.now() - 24 * 3_600_000);
    expect(data.signupDetails.labels).toMatchObject({ age: '35–44', raceEthnicity: 'Prefer not to respond' });
    expect(data.signupDetails.homeStudioName).toBe('Midtown');
    expect(data.marketingConsent).toBe(true);
    expect(data.waiver).toMatchObject({
      status: 'signed',
      currentVersion: 1,
      signed: {
        version: 1,
        title: 'Liability waiver',
        fullName: 'Chris Q. Client',
        kind: 'typed',
        terms: [{ label: 'I am 18 or older' }],
      },
    });
    expect(data.waiver.signed.text).toContain('at my own risk');
    expect(data.packages).toHaveLength(2);
    expect(data.packages[1]).toMatchObject({ name: 'Ten Pack', kind: 'class-pack', status: 'active' });

    // Upcoming, soonest first: the cancelled class (in 3 days) then the one the owner booked (in 5).
    expect(data.upcoming.total).toBe(2);
    expect(data.upcoming.items.map((item: { id: string }) => item.id)).toEqual([own.id, next.id]);
    const [cancelled, booked] = data.upcoming.items;
    expect(cancelled).toMatchObject({
      className: 'Power Yoga',
      studioName: 'Midtown',
      status: 'cancelled',
      cancelledBy: 'client',
    });
    expect(
      cancelled.history.map((change: { toStatus: string; by: string }) => [change.toStatus, change.by]),
    ).toEqual([
      ['booked', 'the client'],
      ['cancelled', 'the client'],
    ]);
    expect(booked.history).toEqual([expect.objectContaining({ toStatus: 'booked', by: 'Olive Owner' })]);
    expect(data.past.total).toBe(1);
    expect(data.past.items[0]).toMatchObject({
      id: visit.id,
      status: 'checked_in',
      instructorName: 'Marco Reyes',
    });
    expect(
      data.past.items[0].history.map((change: { toStatus: string; by: string }) => [
        change.toStatus,
        change.by,
      ]),
    ).toEqual([
      ['booked', 'Olive Owner'],
      ['checked_in', 'Olive Owner'],
    ]);
    // The pack sold to pay later is owed, in the company's currency.
    expect(data.money).toEqual({ currency: 'USD', balanceOwing: 18000 });
  });

  it('says "automatic" for a change the system made, and pages the bookings', async () => {
    const ready = await studioReadyToSchedule(app);
    const { client, next } = await clientWithHistory(ready);
    await db.pool.query(
      `insert into booking_events (company_id, id, booking_id, from_status, to_status, actor_id, reason, at)
       values ($1, 'aaaaaaaaaaaaaaaaaaaaaaaa', $2, 'booked', 'booked', null, 'Reminder sent', now())`,
      [ready.companyId, next.id],
    );
    const page2 = await get(
      `/api/clients/${client.id}/profile/bookings?when=upcoming&page=2&pageSize=1`,
      ready.headers,
    );
    expect(page2.statusCode).toBe(200);
    expect(page2.json().data.total).toBe(2);
    expect(page2.json().data.items).toHaveLength(1);
    expect(page2.json().data.items[0].history.at(-1)).toMatchObject({
      by: 'automatic',
      reason: 'Reminder sent',
    });
    const bad = await get(`/api/clients/${client.id}/profile/bookings?when=soon`, ready.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('when');
  });

  it('gives an instructor the profile without any money field, and 403 on the account and orders', async () => {
    const ready = await studioReadyToSchedule(app);
    const { client } = await clientWithHistory(ready);
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const response = await profileOf(client.id, instructor.headers);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.money).toBeNull();
    expect(data.past.items).toHaveLength(1);
    const keys = keysOf(data);
    for (const money of [
      'price',
      'balanceOwing',
      'paid',
      'amount',
      'dropInPrice',
      'currency',
      'orders',
      'fee',
    ])
      expect(keys.has(money), money).toBe(false);
    expect((await get(`/api/clients/${client.id}/account`, instructor.headers)).statusCode).toBe(403);
    expect((await get(`/api/orders?clientId=${client.id}`, instructor.headers)).statusCode).toBe(403);
    // Staff see money.
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    expect((await profileOf(client.id, staff.headers)).json().data.money).toEqual({
      currency: 'USD',
      balanceOwing: 18000,
    });
  });

  it("answers 403 to a client, 404 for another company's client or a mismatched {userId}, 400 for a malformed id", async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const mine = await signedInClient(app, ready);
    const theirs = await signedInClient(app, other);
    expect((await profileOf(mine.id, mine.headers)).statusCode).toBe(403);
    const across = await profileOf(theirs.id, ready.headers);
    expect(across.statusCode).toBe(404);
    expect(across.json().message).toBe('We could not find that client.');
    expect((await get(`/api/clients/${theirs.id}/profile/bookings`, ready.headers)).statusCode).toBe(404);
    expect((await get(`/api/clients/${mine.id}/profile?userId=${theirs.id}`, ready.headers)).statusCode).toBe(
      404,
    );
    // The owner is a user of the company but not a client.
    expect((await profileOf(ready.session.user._id, ready.headers)).statusCode).toBe(404);
    const bad = await profileOf('not-an-id', ready.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('clientId');
  });
});

describe('staff notes', () => {
  it('lists newest first with author and time; authors edit and delete their own, an admin any', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await signedInClient(app, ready);
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const notes = `/api/clients/${client.id}/notes`;

    const first = await post(notes, staff.headers, { body: '  Prefers the back row.  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Note added.',
      data: { body: 'Prefers the back row.', authorName: 'Tess staff', editable: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (
      await post(notes, instructor.headers, { body: 'Knee injury: offer modifications.' })
    ).json().data;

    const listed = (await get(notes, staff.headers)).json().data.items;
    expect(listed.map((note: { body: string }) => note.body)).toEqual([
      'Knee injury: offer modifications.',
      'Prefers the back row.',
    ]);
    expect(listed.map((note: { editable: boolean }) => note.editable)).toEqual([false, true]);
    expect(Date.parse(listed[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(listed[1].createdAt));

    // Staff may not change the instructor's note; the instructor and the admin may.
    const refused = await put(`${notes}/${second.id}`, staff.headers, { body: 'Changed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "This note is Tess instructor's: only they or an admin may change it.",
    );
    expect((await del(`${notes}/${second.id}`, staff.headers)).statusCode).toBe(403);
    const edited = await put(`${notes}/${second.id}`, instructor.headers, {
      body: 'Left knee: offer modifications.',
    });
    expect(edited.json().data).toMatchObject({
      body: 'Left knee: offer modifications.',
      authorName: 'Tess instructor',
    });
    expect(
      (await put(`${notes}/${first.json().data.id}`, ready.headers, { body: 'Back row, by the window.' }))
        .statusCode,
    ).toBe(200);
    expect((await del(`${notes}/${second.id}`, ready.headers)).json().message).toBe('Note deleted.');

    const after = (await get(`/api/clients/${client.id}/profile`, ready.headers)).json().data.notes.items;
    expect(after).toEqual([
      expect.objectContaining({ body: 'Back row, by the window.', authorName: 'Tess staff', editable: true }),
    ]);
    expect((await put(`${notes}/${second.id}`, instructor.headers, { body: 'Back again' })).statusCode).toBe(
      404,
    );
  });

  it('refuses an empty or too long note naming the field, a client, and another company (404)', async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const client = await signedInClient(app, ready);
    const theirs = await signedInClient(app, other);
    const notes = `/api/clients/${client.id}/notes`;
    const empty = await post(notes, ready.headers, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ body: 'Write the note' });
    const long = await post(notes, ready.headers, { body: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ body: 'A note is at most 2,000 characters' });
    expect((await post(notes, ready.headers, { body: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect((await post(notes, client.headers, { body: 'Me' })).statusCode).toBe(403);
    expect((await get(notes, client.headers)).statusCode).toBe(403);

    const across = await post(`/api/clients/${theirs.id}/notes`, ready.headers, { body: 'Hello' });
    expect(across.statusCode).toBe(404);
    const theirNote = (
      await post(`/api/clients/${theirs.id}/notes`, other.headers, { body: 'Theirs' })
    ).json().data;
    expect(
      (await put(`/api/clients/${theirs.id}/notes/${theirNote.id}`, ready.headers, { body: 'Mine now' }))
        .statusCode,
    ).toBe(404);
    expect((await del(`/api/clients/${client.id}/notes/${theirNote.id}`, ready.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/api/clients/${theirs.id}/notes`, bearer(other.session.token))).json().data.items[0].body,
    ).toBe('Theirs');
  });
});
