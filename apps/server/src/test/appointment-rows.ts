import type { Pool } from 'pg';
import { generateId } from '../db/ids.ts';
import { localDateOf } from '../features/fitness-sessions/zoned-time.ts';
import type { ReadyStudio } from './schedule.ts';

/**
 * Appointment rows written straight into the tables (issue 17), for tests of the code that reads
 * appointments (payroll, feeds, emails, lists) without going through the booking API: an appointment
 * type, and an appointment = a class instance of kind 'appointment' named by its type.
 */
export async function appointmentType(
  pool: Pool,
  ready: Pick<ReadyStudio, 'companyId' | 'indira' | 'studioId'>,
  fields: { name?: string; durationMinutes?: number; price?: number; maxAttendees?: number } = {},
): Promise<string> {
  const id = generateId();
  await pool.query(
    `insert into appointment_types (company_id, id, name, duration_minutes, price, instructor_ids, studio_ids, max_attendees)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      ready.companyId,
      id,
      fields.name ?? 'Private Pilates',
      fields.durationMinutes ?? 60,
      fields.price ?? 5000,
      `{${ready.indira}}`,
      `{${ready.studioId}}`,
      fields.maxAttendees ?? 1,
    ],
  );
  return id;
}

/** A scheduled appointment of `typeId` starting at `startsAt`; answers its class instance id. */
export async function appointmentAt(
  pool: Pool,
  ready: Pick<ReadyStudio, 'companyId' | 'indira' | 'studioId'>,
  typeId: string,
  startsAt: Date,
  fields: {
    instructorId?: string;
    minutes?: number;
    roomId?: string | null;
    capacity?: number;
    timeZone?: string;
  } = {},
): Promise<string> {
  const id = generateId();
  const endsAt = new Date(startsAt.getTime() + (fields.minutes ?? 60) * 60_000);
  await pool.query(
    `insert into class_instances (company_id, id, kind, appointment_type_id, studio_id, room_id, instructor_id,
       local_date, starts_at, ends_at, capacity)
     values ($1, $2, 'appointment', $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      ready.companyId,
      id,
      typeId,
      ready.studioId,
      fields.roomId ?? null,
      fields.instructorId ?? ready.indira,
      localDateOf(startsAt, fields.timeZone ?? 'America/New_York'),
      startsAt.toISOString(),
      endsAt.toISOString(),
      fields.capacity ?? 1,
    ],
  );
  return id;
}
