import type { FastifyInstance } from 'fastify';
import { withTenant, type Database } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { classInstances } from '../../db/schema/index.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { created } from '../../test/packages.ts';
import type { ReadyStudio } from '../../test/schedule.ts';

/** Test helpers for the appointment setup tests (types, availability, slots). */

type Headers = Record<string, string>;

/** A type body: a 60-minute private session at the studio with Indira, $80, unless overridden. */
export const appointmentType = (ready: ReadyStudio, overrides: Record<string, unknown> = {}) => ({
  name: 'Private Pilates',
  description: 'One to one on the reformer.',
  durationMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  slotIntervalMinutes: null,
  price: 8000,
  packageIds: [],
  instructorIds: [ready.indira],
  studioIds: [ready.studioId],
  roomIds: [],
  maxAttendees: 1,
  ruleOverrides: null,
  active: true,
  ...overrides,
});

export async function createType(
  app: FastifyInstance,
  ready: ReadyStudio,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  return (await created(app, ready.headers, '/api/appointment-types', appointmentType(ready, overrides))).id;
}

/** Saves an instructor's week at the studio: every day `start`–`end` unless `hours` is given. */
export async function setWeek(
  app: FastifyInstance,
  ready: ReadyStudio,
  instructorId: string,
  hours: Record<string, { start: string; end: string }[]> | { start: string; end: string },
  headers: Headers = ready.headers,
) {
  const week =
    'start' in hours
      ? Object.fromEntries(
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
            day,
            [hours],
          ]),
        )
      : hours;
  const response = await app.inject({
    method: 'PUT',
    url: `/api/availability/${instructorId}/weekly`,
    headers,
    payload: { studios: [{ studioId: ready.studioId, hours: week }] },
  });
  if (response.statusCode !== 200) throw new Error(`week not saved: ${response.body}`);
  return response.json().data;
}

/**
 * An appointment as booking will store it (a class instance of kind `appointment`), written directly:
 * the booking endpoint is another feature's; these tests need only the row slots read.
 */
export async function storedAppointment(
  db: Database,
  ready: ReadyStudio,
  values: {
    appointmentTypeId: string;
    instructorId: string;
    startsAt: Date;
    minutes: number;
    bufferBefore?: number;
    bufferAfter?: number;
    capacity?: number;
    bookedCount?: number;
    roomId?: string | null;
    timeZone?: string;
  },
): Promise<string> {
  const id = generateId();
  await withTenant(db, ready.companyId, (tx) =>
    tx.insert(classInstances).values({
      companyId: ready.companyId,
      id,
      kind: 'appointment',
      appointmentTypeId: values.appointmentTypeId,
      studioId: ready.studioId,
      roomId: values.roomId ?? null,
      instructorId: values.instructorId,
      localDate: localDateOf(values.startsAt, values.timeZone ?? 'America/New_York'),
      startsAt: values.startsAt,
      endsAt: new Date(values.startsAt.getTime() + values.minutes * 60_000),
      capacity: values.capacity ?? 1,
      bookedCount: values.bookedCount ?? 1,
      bufferBeforeMinutes: values.bufferBefore ?? 0,
      bufferAfterMinutes: values.bufferAfter ?? 0,
    }),
  );
  return id;
}
