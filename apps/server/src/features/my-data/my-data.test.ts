import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, minutesFromNow } from '../../test/bookings.ts';
import { classPack, created } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { appointmentAt, appointmentType } from '../../test/appointment-rows.ts';
import { csvCell } from './zip.ts';

/** "Download my data" (issue 11): the client's own data, and only theirs, as a ZIP any tool opens. */
const { app, db } = await createTestApp();

/** Reads a stored (uncompressed) ZIP by its central directory, checking each file's CRC. */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const crc = archive.readUInt32LE(at + 16);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(dataStart, dataStart + size);
    expect(crc32(data)).toBe(crc);
    files.set(name, data.toString('utf8'));
    at += 46 + nameLength;
  }
  return files;
}

describe('GET /api/my/data', () => {
  it('names a booked appointment by its type (issue 17)', async () => {
    const ready = await studioReadyToSchedule(app);
    const signed = await signUpClient(app, ready.slug);
    const me = bearer(signed.session.token);
    const typeId = await appointmentType(db.pool, ready, { name: 'Private Pilates', price: 0 });
    const appointment = await appointmentAt(db.pool, ready, typeId, minutesFromNow(2 * 24 * 60));
    const booked = await app.inject({
      method: 'POST',
      url: `/api/class-instances/${appointment}/bookings`,
      headers: me,
      payload: {},
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const files = unzip((await app.inject({ method: 'GET', url: '/api/my/data', headers: me })).rawPayload);
    expect(JSON.parse(files.get('data.json') ?? '{}').bookings).toEqual([
      expect.objectContaining({ className: 'Private Pilates', status: 'booked' }),
    ]);
    expect(files.get('bookings.csv')?.split('\r\n')[1]).toMatch(/^Private Pilates,/);
  });

  it('answers a ZIP of data.json and CSVs with the client’s profile, bookings, orders and credits — nobody else’s', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Five Pack', credits: 5, price: 9000 }),
    );
    const signed = await signUpClient(app, ready.slug);
    const me = bearer(signed.session.token);
    const other = await signUpClient(app, ready.slug);
    await app.inject({ method: 'POST', url: '/api/my/orders', headers: me, payload: { packageId: pack.id } });
    const classId = await classAt(app, ready, minutesFromNow(2 * 24 * 60), { capacity: 5 });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/class-instances/${classId}/bookings`,
          headers: me,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    await app.inject({
      method: 'POST',
      url: `/api/class-instances/${classId}/bookings`,
      headers: bearer(other.session.token),
      payload: { payWith: 'drop-in' },
    });

    const response = await app.inject({ method: 'GET', url: '/api/my/data', headers: me });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="my-data.zip"');
    const files = unzip(response.rawPayload);
    expect([...files.keys()]).toEqual([
      'data.json',
      'bookings.csv',
      'orders.csv',
      'credits.csv',
      'waiver-signatures.csv',
    ]);
    const data = JSON.parse(files.get('data.json') ?? '{}');
    expect(data.profile).toMatchObject({ email: signed.email });
    expect(JSON.stringify(data)).not.toContain('passwordHash');
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(data.bookings).toEqual([
      expect.objectContaining({ className: 'Power Yoga', status: 'booked', paidWith: 'class-pack' }),
    ]);
    expect(data.orders).toHaveLength(1);
    expect(data.emailChoices).toEqual({
      bookingConfirmations: true,
      reminders: true,
      waitlist: true,
      packageReminders: true,
      marketing: false,
    });
    expect(files.get('bookings.csv')?.split('\r\n')[0]).toBe(
      'class,starts_at,time_zone,status,paid_with,cancelled_by,booked_at',
    );
    expect(files.get('bookings.csv')).toMatch(
      /\r\nPower Yoga,\d{4}-\d\d-\d\dT[\d:.]+Z,America\/New_York,booked,class-pack,,/,
    );
    expect(files.get('orders.csv')).toMatch(/\r\n1,.*,Five Pack,90\.00,0\.00,0\.00,USD,open\r\n$/);
    expect(files.get('credits.csv')).toMatch(/Five Pack,use,-1,/);

    expect(
      (await app.inject({ method: 'GET', url: '/api/my/data', headers: ready.headers })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/my/data' })).statusCode).toBe(401);
  });

  it('quotes CSV cells and defuses spreadsheet formulas', () => {
    expect(csvCell('Yoga, hot')).toBe('"Yoga, hot"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
    // A number is a number (a credit used is -1), not a formula.
    expect(csvCell(-1)).toBe('-1');
  });
});
