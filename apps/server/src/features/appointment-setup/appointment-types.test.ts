import { SESSION_SETTINGS_DEFAULTS } from '@kinetic/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { minutesFromNow } from '../../test/bookings.ts';
import { appointmentType, createType, storedAppointment } from './appointment-test-helpers.ts';

/**
 * Appointment types (issue 17 §1): the team reads them, whoever manages settings writes them; every id a
 * type names is the company's (400 naming the entry), another company's type is a 404; deleting one with
 * appointments archives it; the public list shows what clients can book.
 */
const { app, db } = await createTestApp();

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('appointment types', () => {
  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/appointment-types')).statusCode).toBe(401);
    expect((await call('POST', '/api/appointment-types', {}, {})).statusCode).toBe(401);
    expect((await call('DELETE', '/api/appointment-types/aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(401);
  });

  it('adds, reads, lists, edits a type; the price comes with the currency', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack());
    const body = appointmentType(ready, {
      bufferAfterMinutes: 15,
      slotIntervalMinutes: 30,
      packageIds: [pack.id],
      instructorIds: [ready.indira, ready.marco, ready.indira],
      roomIds: [ready.roomB],
      ruleOverrides: { bookingOpensDaysBefore: 14, freeCancellationHoursBefore: 24 },
    });
    const added = await call('POST', '/api/appointment-types', ready.headers, body);
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe('Appointment type added.');
    const type = added.json().data;
    expect(type).toMatchObject({
      name: 'Private Pilates',
      durationMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
      slotIntervalMinutes: 30,
      price: 8000,
      currency: 'USD',
      packageIds: [pack.id],
      // Named twice, kept once.
      instructorIds: [ready.indira, ready.marco],
      studioIds: [ready.studioId],
      roomIds: [ready.roomB],
      maxAttendees: 1,
      ruleOverrides: { bookingOpensDaysBefore: 14, freeCancellationHoursBefore: 24 },
      active: true,
    });
    expect((await call('GET', `/api/appointment-types/${type.id}`, ready.headers)).json().data).toEqual(type);

    const edited = await call('PUT', `/api/appointment-types/${type.id}`, ready.headers, {
      ...body,
      name: 'Semi-private Pilates',
      maxAttendees: 3,
      active: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: type.id,
      name: 'Semi-private Pilates',
      maxAttendees: 3,
      active: false,
    });
    const second = await createType(app, ready, { name: 'Assessment', durationMinutes: 30 });
    const listed = (await call('GET', '/api/appointment-types', ready.headers)).json().data.items;
    // By name; inactive types are still the team's.
    expect(listed.map((item: { id: string; active: boolean }) => [item.id, item.active])).toEqual([
      [second, true],
      [type.id, false],
    ]);
  });

  it('answers 400 naming the field for bad values', async () => {
    const ready = await studioReadyToSchedule(app);
    const refused = await call(
      'POST',
      '/api/appointment-types',
      ready.headers,
      appointmentType(ready, { name: ' ', durationMinutes: 2, instructorIds: [], bufferBeforeMinutes: 300 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({
      name: 'Enter a name',
      durationMinutes: 'The length is at least 5 minutes',
      instructorIds: 'Choose at least one instructor',
      bufferBeforeMinutes: 'The buffer before is at most 240 minutes',
    });
  });

  it("refuses another company's instructor, studio, room or package, naming the entry (400)", async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const theirPack = await created(app, other.headers, '/api/packages', classPack());
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { instructorIds: [ready.indira, other.marco] },
        'instructorIds.1',
        'Choose instructors from your Instructors settings.',
      ],
      [{ studioIds: [other.studioId] }, 'studioIds.0', 'Choose one of your studios.'],
      [{ roomIds: [ready.roomA, other.roomA] }, 'roomIds.1', 'Choose rooms of your studios.'],
      [{ packageIds: [theirPack.id] }, 'packageIds.0', 'Choose packages from your own packages.'],
    ];
    for (const [change, field, message] of cases) {
      const refused = await call(
        'POST',
        '/api/appointment-types',
        ready.headers,
        appointmentType(ready, change),
      );
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({ status: 0, message, errors: { [field]: message } });
    }
    expect((await call('GET', '/api/appointment-types', ready.headers)).json().data.items).toEqual([]);
  });

  it('refuses a room of a studio the type is not at', async () => {
    const ready = await studioReadyToSchedule(app);
    const second = await created(app, ready.headers, '/api/studios', {
      name: 'Uptown',
      address: { line1: '1 Main St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '', country: '' },
      phone: '',
      email: '',
      timeZone: 'America/New_York',
      openingHours: {},
      amenities: [],
      rooms: [{ name: 'Loft', capacity: 4 }],
    });
    const loft = (second.rooms as { id: string }[])[0]!.id;
    const refused = await call(
      'POST',
      '/api/appointment-types',
      ready.headers,
      appointmentType(ready, { roomIds: [loft] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'roomIds.0': 'Loft is not in one of the chosen studios.' });
    const fine = await call(
      'POST',
      '/api/appointment-types',
      ready.headers,
      appointmentType(ready, { studioIds: [ready.studioId, second.id], roomIds: [loft] }),
    );
    expect(fine.statusCode).toBe(201);
  });

  it("answers 404 for another company's type, and leaves it as it was", async () => {
    const ready = await studioReadyToSchedule(app);
    const other = await studioReadyToSchedule(app);
    const theirs = await createType(app, other);
    for (const [method, payload] of [['GET'], ['PUT', appointmentType(ready)], ['DELETE']] as const) {
      const response = await call(method, `/api/appointment-types/${theirs}`, ready.headers, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('We could not find that appointment type.');
    }
    expect((await call('GET', `/api/appointment-types/${theirs}`, other.headers)).json().data.name).toBe(
      'Private Pilates',
    );
  });

  it('lets the team read; only managers of settings write; clients cannot read the team list', async () => {
    const ready = await studioReadyToSchedule(app);
    const id = await createType(app, ready);
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const client = bearer((await signUpClient(app, ready.slug)).session.token);
    for (const headers of [staff.headers, instructor.headers]) {
      expect((await call('GET', '/api/appointment-types', headers)).json().data.items).toHaveLength(1);
      expect((await call('GET', `/api/appointment-types/${id}`, headers)).statusCode).toBe(200);
      expect((await call('POST', '/api/appointment-types', headers, appointmentType(ready))).statusCode).toBe(
        403,
      );
      expect(
        (await call('PUT', `/api/appointment-types/${id}`, headers, appointmentType(ready))).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/api/appointment-types/${id}`, headers)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/appointment-types', client)).statusCode).toBe(403);
    expect((await call('GET', `/api/appointment-types/${id}`, ready.headers)).json().data.name).toBe(
      'Private Pilates',
    );
  });

  it('deletes a type without appointments; archives one with (it leaves the list and cannot be read)', async () => {
    const ready = await studioReadyToSchedule(app);
    const unused = await createType(app, ready, { name: 'Unused' });
    const used = await createType(app, ready, { name: 'Used' });
    await storedAppointment(db.db, ready, {
      appointmentTypeId: used,
      instructorId: ready.indira,
      startsAt: minutesFromNow(24 * 60),
      minutes: 60,
    });
    const deleted = await call('DELETE', `/api/appointment-types/${unused}`, ready.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Appointment type deleted.', data: { archived: false } });
    const archived = await call('DELETE', `/api/appointment-types/${used}`, ready.headers);
    expect(archived.json()).toMatchObject({
      message: 'Appointment type deleted; its appointments keep their history.',
      data: { archived: true },
    });
    expect((await call('GET', '/api/appointment-types', ready.headers)).json().data.items).toEqual([]);
    expect((await call('GET', `/api/appointment-types/${used}`, ready.headers)).statusCode).toBe(404);
    const row = await db.pool.query('select archived, active, name from appointment_types where id = $1', [
      used,
    ]);
    expect(row.rows).toEqual([{ archived: true, active: false, name: 'Used' }]);
    expect((await db.pool.query('select 1 from appointment_types where id = $1', [unused])).rowCount).toBe(0);
  });
});

describe('the public list of appointment types', () => {
  it('answers 404 for an unknown company', async () => {
    const response = await call('GET', '/api/public/no-such-studio-here/appointment-types');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'We could not find a business at “no-such-studio-here”. Check the address.',
    );
  });

  it('shows active types with instructor names, studios and paying packages; hides inactive and deleted ones', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack({ name: 'PT 5-pack' }));
    const shown = await createType(app, ready, {
      instructorIds: [ready.marco, ready.indira],
      packageIds: [pack.id],
      maxAttendees: 2,
      // Its own late fee; the window comes from Sessions Settings.
      ruleOverrides: { lateCancelFee: 1500 },
    });
    await createType(app, ready, { name: 'Hidden', active: false });
    const gone = await createType(app, ready, { name: 'Gone' });
    await call('DELETE', `/api/appointment-types/${gone}`, ready.headers);
    const response = await call('GET', `/api/public/${ready.slug}/appointment-types`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      items: [
        {
          id: shown,
          name: 'Private Pilates',
          description: 'One to one on the reformer.',
          durationMinutes: 60,
          price: 8000,
          currency: 'USD',
          maxAttendees: 2,
          instructors: [
            { id: ready.marco, name: 'Marco Reyes', photo: null },
            { id: ready.indira, name: 'Indira Patel', photo: null },
          ],
          studios: [{ id: ready.studioId, name: 'Midtown', timeZone: 'America/New_York' }],
          packageNames: ['PT 5-pack'],
          cancellation: {
            freeCancellationHoursBefore: SESSION_SETTINGS_DEFAULTS.freeCancellationHoursBefore,
            lateCancelFee: 1500,
          },
        },
      ],
    });
  });
});
