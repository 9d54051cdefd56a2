import type { FastifyInstance } from 'fastify';
import { WEEKDAYS, type RuleOverrides, type WeekRanges } from '@kinetic/shared';
import { withPlatform, type Database } from '../db/client.ts';
import { generateId } from '../db/ids.ts';
import { appointmentTypes, instructorWorkingHours } from '../db/schema/index.ts';
import { addDays, zonedInstant } from '../features/fitness-sessions/zoned-time.ts';
import type { ReadyStudio } from './schedule.ts';

type Headers = Record<string, string>;

/**
 * An appointment type of the studio (`studioReadyToSchedule`): "Personal Training", 60 minutes, $80,
 * private, offered by Indira and Marco at the studio, no rooms, unless overridden. Written as the
 * appointment-types API stores it (features/appointment-setup), so these tests do not lean on its forms.
 */
export async function appointmentType(
  db: Database,
  ready: ReadyStudio,
  overrides: Partial<{
    name: string;
    durationMinutes: number;
    bufferBeforeMinutes: number;
    bufferAfterMinutes: number;
    slotIntervalMinutes: number | null;
    price: number;
    packageIds: string[];
    instructorIds: string[];
    studioIds: string[];
    roomIds: string[];
    maxAttendees: number;
    ruleOverrides: RuleOverrides | null;
    active: boolean;
  }> = {},
): Promise<string> {
  const id = generateId();
  await withPlatform(db, (tx) =>
    tx.insert(appointmentTypes).values({
      companyId: ready.companyId,
      id,
      name: 'Personal Training',
      description: null,
      durationMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      slotIntervalMinutes: null,
      price: 8000,
      packageIds: [],
      instructorIds: [ready.indira, ready.marco],
      studioIds: [ready.studioId],
      roomIds: [],
      maxAttendees: 1,
      ruleOverrides: null,
      active: true,
      ...overrides,
    }),
  );
  return id;
}

/** Every day of the week from `start` to `end` on the studio's clock. */
export const everyDay = (start = '06:00', end = '22:00'): WeekRanges =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start, end }]]));

/** The instructor works these hours at the studio (every day 06:00–22:00 unless told). */
export async function workingHours(
  db: Database,
  ready: ReadyStudio,
  instructorId: string,
  hours: WeekRanges = everyDay(),
  studioId = ready.studioId,
): Promise<void> {
  await withPlatform(db, (tx) =>
    tx
      .insert(instructorWorkingHours)
      .values({ companyId: ready.companyId, instructorId, studioId, hours })
      .onConflictDoUpdate({
        target: [
          instructorWorkingHours.companyId,
          instructorWorkingHours.instructorId,
          instructorWorkingHours.studioId,
        ],
        set: { hours },
      }),
  );
}

/** The instant of `time` on the studio's clock `days` after today's date there (New York unless told). */
export function localSlot(days: number, time: string, timeZone = 'America/New_York'): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return zonedInstant(addDays(today, days), time, timeZone);
}

/** `POST /api/appointments` as `headers` book it (with an Idempotency-Key when given). */
export const bookAppointment = (
  app: FastifyInstance,
  headers: Headers,
  payload: Record<string, unknown>,
  idempotencyKey?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: idempotencyKey ? { ...headers, 'idempotency-key': idempotencyKey } : headers,
    payload,
  });
