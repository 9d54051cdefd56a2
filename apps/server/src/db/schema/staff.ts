import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { classTemplates } from './class-templates.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { instructors } from './people.ts';
import { studios } from './studios.ts';
import { users } from './users.ts';

/** The studios a staff member works at (issue 15 §1). Tenant table. */
export const staffStudios = pgTable(
  'staff_studios',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: idColumn('user_id').notNull(),
    studioId: idColumn('studio_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId, table.studioId] }),
    foreignKey({
      name: 'staff_studios_user_fk',
      columns: [table.companyId, table.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'staff_studios_studio_fk',
      columns: [table.companyId, table.studioId],
      foreignColumns: [studios.companyId, studios.id],
    }).onDelete('cascade'),
  ],
);

export const PAY_RATE_KINDS = ['per_class', 'per_attendee', 'hourly'] as const;

/**
 * An instructor's pay rate from `effective_from` on (issue 15 §3): the rate in force on a class's date
 * (studio calendar) is the one with the latest `effective_from` on or before it, a template's own rate
 * before the instructor's general one (`template_id` null). A change is a new row from a date; rows whose
 * date has passed are never edited, so the past keeps the rate it was paid at. Amounts in minor units.
 */
export const payRates = pgTable(
  'pay_rates',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    instructorId: idColumn('instructor_id').notNull(),
    /** A per-template override; null: the instructor's rate for every class. */
    templateId: idColumn('template_id'),
    /** `class` now; `appointment` is the seam for private sessions (appointments issue). */
    service: text('service').notNull().default('class'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: PAY_RATE_KINDS }).notNull(),
    /** Per class (per_class), per attendee (per_attendee) or per hour (hourly). */
    amount: integer('amount').notNull(),
    /** Replaces `amount` for a class that starts in peak hours (Peak/Non Peak Hours); null: same amount. */
    peakAmount: integer('peak_amount'),
    /** per_attendee: paid for the class whatever the attendance. */
    baseAmount: integer('base_amount').notNull().default(0),
    /** per_attendee: the most paid for one class; null: no cap. */
    capAmount: integer('cap_amount'),
    createdBy: idColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'pay_rates_instructor_fk',
      columns: [table.companyId, table.instructorId],
      foreignColumns: [instructors.companyId, instructors.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pay_rates_template_fk',
      columns: [table.companyId, table.templateId],
      foreignColumns: [classTemplates.companyId, classTemplates.id],
    }).onDelete('cascade'),
    unique('pay_rates_effective_key')
      .on(table.companyId, table.instructorId, table.service, table.templateId, table.effectiveFrom)
      .nullsNotDistinct(),
    check(
      'pay_rates_amounts',
      sql`${table.amount} >= 0 and (${table.peakAmount} is null or ${table.peakAmount} >= 0) and ${table.baseAmount} >= 0
        and (${table.capAmount} is null or ${table.capAmount} >= ${table.baseAmount})`,
    ),
    check('pay_rates_kind', sql`${table.kind} in ('per_class', 'per_attendee', 'hourly')`),
    check('pay_rates_service', sql`${table.service} in ('class', 'appointment')`),
  ],
);

export const PAY_FREQUENCIES = ['weekly', 'fortnightly', 'monthly'] as const;

/** How often the company runs payroll (issue 15 §4); no row: monthly. One row per company. */
export const payrollSettings = pgTable(
  'payroll_settings',
  {
    companyId: idColumn('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: PAY_FREQUENCIES }).notNull().default('monthly'),
    /** Weekly and fortnightly periods start on this date's weekday, fortnights counted from it. */
    periodAnchor: date('period_anchor', { mode: 'string' }).notNull().default('2026-01-05'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('payroll_settings_frequency', sql`${table.frequency} in ('weekly', 'fortnightly', 'monthly')`),
  ],
);

/**
 * A closed pay period: its lines (payroll_lines) are a copy taken when it was closed and are never
 * changed; a later correction is an adjustment line of a later period. Open periods are computed, not
 * stored. Two closed periods never overlap (an exclusion constraint in the migration).
 */
export const payrollPeriods = pgTable(
  'payroll_periods',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    frequency: text('frequency', { enum: PAY_FREQUENCIES }).notNull(),
    currency: text('currency').notNull(),
    totalAmount: integer('total_amount').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who closed it (their name is copied: a deleted login keeps the record readable). */
    closedBy: idColumn('closed_by'),
    closedByName: text('closed_by_name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    unique('payroll_periods_start_key').on(table.companyId, table.startsOn),
    check('payroll_periods_dates', sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

/**
 * The lines of a closed period, copied at closing (names, dates, rate wording, amounts) so that the
 * period reads the same forever. `kind` 'class' is a class taught in the period; 'adjustment' corrects a
 * class of an earlier closed period (`adjusts_period_id`) whose pay changed after it closed.
 */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    periodId: idColumn('period_id').notNull(),
    /** The order lines are listed in. */
    position: integer('position').notNull(),
    kind: text('kind').notNull().default('class'),
    instructorId: idColumn('instructor_id').notNull(),
    instructorName: text('instructor_name').notNull(),
    /** The class (no foreign key: the record outlives a deleted series). */
    classInstanceId: idColumn('class_instance_id'),
    className: text('class_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The class's date and start time on its studio's clock, copied so the CSV never depends on time-zone data. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    localTime: text('local_time').notNull(),
    studioName: text('studio_name').notNull(),
    /** The scheduled instructor this one substituted for; null when they taught their own class. */
    substituteFor: text('substitute_for'),
    attendees: integer('attendees').notNull(),
    minutes: integer('minutes').notNull(),
    rateId: idColumn('rate_id'),
    /** The rate as people read it ("€25.00 per class (peak)"), or why there is none. */
    rateSummary: text('rate_summary').notNull(),
    amount: integer('amount').notNull(),
    adjustsPeriodId: idColumn('adjusts_period_id'),
    note: text('note'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'payroll_lines_period_fk',
      columns: [table.companyId, table.periodId],
      foreignColumns: [payrollPeriods.companyId, payrollPeriods.id],
    }).onDelete('cascade'),
    index('payroll_lines_period_idx').on(table.companyId, table.periodId, table.position),
    index('payroll_lines_class_idx').on(table.companyId, table.classInstanceId),
    check('payroll_lines_kind', sql`${table.kind} in ('class', 'adjustment')`),
  ],
);
