import type { FastifyInstance } from 'fastify';
import { WEEKDAYS, type AppointmentTypeBody, type WeekRanges } from '@kinetic/shared';
import { addDays, zonedInstant } from '../features/fitness-sessions/zoned-time.ts';
import type { ReadyStudio } from './schedule.ts';

type Headers = Record<string, string>;

/**
 * An appointment type of the studio (`studioReadyToSchedule`), added through the API as an owner would:
 * "Personal Training", 60 minutes, $80, private, offered by Indira and Marco at the studio, no rooms,
 * unless overridden. Answers its id.
 */
export async function appointmentType(
  app: FastifyInstance,
  ready: ReadyStudio,
  overrides: Partial<AppointmentTypeBody> = {},
): Promise<string> {
  const body: AppointmentTypeBody = {
    name: 'Personal Training',
    description: null,
    durationMinutes: 60,
    price: 8000,
    instructorIds: [ready.indira, ready.marco],
    studioIds: [ready.studioId],
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/appointment-types',
    headers: ready.headers,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`appointment type not added: ${response.body}`);
  return response.json().data.id as string;
}

/** Every day of the week from `start` to `end` on the studio's clock. */
export const everyDay = (start = '06:00', end = '22:00'): WeekRanges =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start, end }]]));

/** The owner saves the instructor's week at the studio (every day 06:00–22:00 unless told). */
export async function workingHours(
  app: FastifyInstance,
  ready: ReadyStudio,
  instructorId: string,
  hours: WeekRanges = everyDay(),
  studioId = ready.studioId,
): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/availability/${instructorId}/weekly`,
    headers: ready.headers,
    payload: { studios: [{ studioId, hours }] },
  });
  if (response.statusCode !== 200) throw new Error(`working hours not saved: ${response.body}`);
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
