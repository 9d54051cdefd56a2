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
  timestamp,
} from 'drizzle-orm/pg-core';
import type { RuleOverrides, ScheduleRule } from '@kinetic/shared';
import { classTemplates } from './class-templates.ts';
import { companies } from './companies.ts';
import { appointmentTypes } from './appointments.ts';
import { events } from './events.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { instructors } from './people.ts';
import { studioRooms, studios } from './studios.ts';

/**
 * A fitness session is the series (blueprint §5): what, where, who, the rule and its price. Its class
 * instances are generated from it up to `generated_until` (a local date in the studio's zone); a daily
 * job moves that date on. Tenant table: key (company_id, id).
 */
export const fitnessSessions = pgTable(
  'fitness_sessions',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    templateId: idColumn('template_id').notNull(),
    studioId: idColumn('studio_id').notNull(),
    roomId: idColumn('room_id'),
    instructorId: idColumn('instructor_id').notNull(),
    assistantId: idColumn('assistant_id'),
    capacity: integer('capacity').notNull(),
    dropInPrice: integer('drop_in_price').notNull(),
    ruleOverrides: jsonb('rule_overrides').$type<RuleOverrides>(),
    schedule: jsonb('schedule').$type<ScheduleRule>().notNull(),
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    allowRoomOverlap: boolean('allow_room_overlap').notNull().default(false),
    notes: text('notes'),
    /** The studio's zone when the series was made; instances are expanded in it. */
    timeZone: text('time_zone').notNull(),
    generatedUntil: date('generated_until', { mode: 'string' }).notNull(),
    /** No more instances after this local date (the series was ended or split). */
    endedAfter: date('ended_after', { mode: 'string' }),
    /** Local dates whose class was deleted on its own ("this class only"): no edit or job makes them again. */
    skippedDates: date('skipped_dates', { mode: 'string' }).array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'fitness_sessions_template_fk',
      columns: [table.companyId, table.templateId],
      foreignColumns: [classTemplates.companyId, classTemplates.id],
    }),
    foreignKey({
      name: 'fitness_sessions_studio_fk',
      columns: [table.companyId, table.studioId],
      foreignColumns: [studios.companyId, studios.id],
    }),
    // SET NULL on room_id alone (written so in the migration): a room removed from a studio leaves
    // past classes without a room rather than blocking the edit or nulling company_id.
    foreignKey({
      name: 'fitness_sessions_room_fk',
      columns: [table.companyId, table.roomId],
      foreignColumns: [studioRooms.companyId, studioRooms.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'fitness_sessions_instructor_fk',
      columns: [table.companyId, table.instructorId],
      foreignColumns: [instructors.companyId, instructors.id],
    }),
    foreignKey({
      name: 'fitness_sessions_assistant_fk',
      columns: [table.companyId, table.assistantId],
      foreignColumns: [instructors.companyId, instructors.id],
    }),
    check(
      'fitness_sessions_numbers',
      sql`${table.capacity} > 0 and ${table.dropInPrice} >= 0 and ${table.durationMinutes} between 1 and 1440`,
    ),
  ],
);

/**
 * One dated class (blueprint §5), a stored row: its own time, place, instructor, capacity and counts.
 * Counts change only through guarded updates; the CHECK is the last word on capacity. Two exclusion
 * constraints (migration 0011) keep an instructor, and a room unless double-booking was confirmed, from
 * holding two overlapping scheduled classes.
 */
export const classInstances = pgTable(
  'class_instances',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    /** A class's series; null for an event's date (kind 'event'). */
    fitnessSessionId: idColumn('fitness_session_id'),
    /** `class`, or `event` for one date of an event (blueprint §5): same bookings, capacity and waitlist. */
    kind: text('kind').notNull().default('class'),
    /** The event whose date this is; set exactly when kind = 'event'. */
    eventId: idColumn('event_id'),
    /** A class's template; null for an event's date. */
    templateId: idColumn('template_id'),
    studioId: idColumn('studio_id').notNull(),
    roomId: idColumn('room_id'),
    /** A class's instructor; null for an event's date (events have facilitators). */
    instructorId: idColumn('instructor_id'),
    assistantId: idColumn('assistant_id'),
    /** The occurrence's date on the studio's calendar: how edits match instances to the rule. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /**
     * The rule's date when "this class only" moved this class to another time or date; null while it
     * follows the rule. Series edits match it by this date and keep its own time unless the rule's time
     * changes.
     */
    movedFrom: date('moved_from', { mode: 'string' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    bookedCount: integer('booked_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    status: text('status').notNull().default('scheduled'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    allowRoomOverlap: boolean('allow_room_overlap').notNull().default(false),
    notes: text('notes'),
    /**
     * Raised by a database trigger (migration 0038) whenever the time, studio, room, instructor or status
     * changes: the iCalendar SEQUENCE of the class, so calendar apps replace their copy.
     */
    revision: integer('revision').notNull().default(0),
    /** The appointment's type; set exactly when kind = 'appointment' (issue 17). */
    appointmentTypeId: idColumn('appointment_type_id'),
    /** An appointment's buffers (copied from its type when booked); 0 for classes and events. */
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /**
     * The time the instance keeps its instructor and room busy: starts/ends widened by the buffers. Set
     * by a database trigger on every insert and update (migration 0039); the two exclusion constraints
     * compare these, so an appointment's buffers never overlap another appointment or a class. The
     * defaults only satisfy NOT NULL in inserts: the trigger always writes the real values.
     */
    blockedFrom: timestamp('blocked_from', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'class_instances_session_fk',
      columns: [table.companyId, table.fitnessSessionId],
      foreignColumns: [fitnessSessions.companyId, fitnessSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'class_instances_template_fk',
      columns: [table.companyId, table.templateId],
      foreignColumns: [classTemplates.companyId, classTemplates.id],
    }),
    foreignKey({
      name: 'class_instances_studio_fk',
      columns: [table.companyId, table.studioId],
      foreignColumns: [studios.companyId, studios.id],
    }),
    foreignKey({
      name: 'class_instances_room_fk',
      columns: [table.companyId, table.roomId],
      foreignColumns: [studioRooms.companyId, studioRooms.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'class_instances_instructor_fk',
      columns: [table.companyId, table.instructorId],
      foreignColumns: [instructors.companyId, instructors.id],
    }),
    foreignKey({
      name: 'class_instances_assistant_fk',
      columns: [table.companyId, table.assistantId],
      foreignColumns: [instructors.companyId, instructors.id],
    }),
    index('class_instances_starts_idx').on(table.companyId, table.startsAt),
    index('class_instances_session_idx').on(table.companyId, table.fitnessSessionId, table.localDate),
    check(
      'class_instances_counts',
      sql`${table.bookedCount} >= 0 and ${table.waitlistCount} >= 0 and ${table.bookedCount} <= ${table.capacity} and ${table.endsAt} > ${table.startsAt}`,
    ),
    check('class_instances_status', sql`${table.status} in ('scheduled', 'cancelled')`),
    foreignKey({
      name: 'class_instances_event_fk',
      columns: [table.companyId, table.eventId],
      foreignColumns: [events.companyId, events.id],
    }).onDelete('cascade'),
    index('class_instances_event_idx').on(table.companyId, table.eventId, table.startsAt),
    check(
      'class_instances_kind',
      sql`(${table.kind} = 'class' and ${table.eventId} is null and ${table.fitnessSessionId} is not null and ${table.templateId} is not null and ${table.instructorId} is not null and ${table.appointmentTypeId} is null) or (${table.kind} = 'event' and ${table.eventId} is not null and ${table.appointmentTypeId} is null) or (${table.kind} = 'appointment' and ${table.appointmentTypeId} is not null and ${table.instructorId} is not null and ${table.eventId} is null and ${table.fitnessSessionId} is null)`,
    ),
    foreignKey({
      name: 'class_instances_appointment_type_fk',
      columns: [table.companyId, table.appointmentTypeId],
      foreignColumns: [appointmentTypes.companyId, appointmentTypes.id],
    }),
    index('class_instances_instructor_idx').on(table.companyId, table.instructorId, table.startsAt),
    check(
      'class_instances_buffers',
      sql`${table.bufferBeforeMinutes} between 0 and 240 and ${table.bufferAfterMinutes} between 0 and 240`,
    ),
  ],
);
