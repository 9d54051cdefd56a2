import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import type { RuleOverrides, WeekRanges } from '@kinetic/shared';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { instructors } from './people.ts';
import { studios } from './studios.ts';

/**
 * A kind of private session the studio sells (issue 17 §1). Its appointments are class instances of kind
 * `appointment` (schedule.ts) that copy the type's length and buffers when booked, so editing a type never
 * moves a booked session. Id lists are checked against the company's rows when saved; a deleted instructor,
 * studio, room or package simply stops matching. Tenant table.
 */
export const appointmentTypes = pgTable(
  'appointment_types',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /** Null: slots start every `duration_minutes`. */
    slotIntervalMinutes: integer('slot_interval_minutes'),
    price: integer('price').notNull().default(0),
    packageIds: idColumn('package_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    instructorIds: idColumn('instructor_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    studioIds: idColumn('studio_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    roomIds: idColumn('room_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    maxAttendees: integer('max_attendees').notNull().default(1),
    /** The type's own booking/cancellation rules over Sessions Settings (bookings.service rulesFor). */
    ruleOverrides: jsonb('rule_overrides').$type<RuleOverrides>(),
    active: boolean('active').notNull().default(true),
    /** Set instead of deleting once a type has appointments, so their history keeps its name. */
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    check(
      'appointment_types_numbers',
      sql`${table.durationMinutes} between 5 and 480 and ${table.bufferBeforeMinutes} between 0 and 240
        and ${table.bufferAfterMinutes} between 0 and 240 and ${table.price} >= 0
        and ${table.maxAttendees} between 1 and 50
        and (${table.slotIntervalMinutes} is null or ${table.slotIntervalMinutes} between 5 and 720)`,
    ),
  ],
);

/**
 * An instructor's weekly working hours at one studio, on the studio's clock (issue 17 §2). One row per
 * (instructor, studio); `hours` is the same day → ranges map as the company's peak hours. Tenant table.
 */
export const instructorWorkingHours = pgTable(
  'instructor_working_hours',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    instructorId: idColumn('instructor_id').notNull(),
    studioId: idColumn('studio_id').notNull(),
    hours: jsonb('hours').$type<WeekRanges>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.instructorId, table.studioId] }),
    foreignKey({
      name: 'instructor_working_hours_instructor_fk',
      columns: [table.companyId, table.instructorId],
      foreignColumns: [instructors.companyId, instructors.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'instructor_working_hours_studio_fk',
      columns: [table.companyId, table.studioId],
      foreignColumns: [studios.companyId, studios.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A dated change to an instructor's week (issue 17 §2): `off` (time off: whole day when start/end are null;
 * at one studio or, with `studio_id` null, everywhere) or `extra` (extra hours at a studio). Local date and
 * times on the studio's clock. Tenant table.
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    instructorId: idColumn('instructor_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['off', 'extra'] }).notNull(),
    studioId: idColumn('studio_id'),
    startTime: text('start_time'),
    endTime: text('end_time'),
    note: text('note'),
    createdBy: idColumn('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'availability_exceptions_instructor_fk',
      columns: [table.companyId, table.instructorId],
      foreignColumns: [instructors.companyId, instructors.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'availability_exceptions_studio_fk',
      columns: [table.companyId, table.studioId],
      foreignColumns: [studios.companyId, studios.id],
    }).onDelete('cascade'),
    index('availability_exceptions_instructor_idx').on(table.companyId, table.instructorId, table.date),
    check('availability_exceptions_kind', sql`${table.kind} in ('off', 'extra')`),
    check(
      'availability_exceptions_times',
      sql`(${table.startTime} is null) = (${table.endTime} is null)
        and (${table.kind} = 'off' or (${table.studioId} is not null and ${table.startTime} is not null))`,
    ),
  ],
);
