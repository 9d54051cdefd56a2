import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { idColumn, updatedAt } from './columns.ts';

/**
 * The booking policy (spec "classesSettings"). One row per company, so its key is the company id
 * alone; no row means the defaults (`SESSION_SETTINGS_DEFAULTS`). Fees are minor units of the
 * company's currency.
 */
export const sessionSettings = pgTable(
  'session_settings',
  {
    companyId: idColumn('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bookingOpensDaysBefore: integer('booking_opens_days_before').notNull(),
    bookingClosesMinutesBefore: integer('booking_closes_minutes_before').notNull(),
    freeCancellationHoursBefore: integer('free_cancellation_hours_before').notNull(),
    lateCancelFee: integer('late_cancel_fee').notNull(),
    noShowFee: integer('no_show_fee').notNull(),
    waitlistEnabled: boolean('waitlist_enabled').notNull(),
    waitlistMode: text('waitlist_mode', { enum: ['auto', 'offer'] }).notNull(),
    offerHoldMinutes: integer('offer_hold_minutes').notNull(),
    waitlistCutoffMinutesBefore: integer('waitlist_cutoff_minutes_before').notNull(),
    /** Null: no limit. */
    maxWaitlistLength: integer('max_waitlist_length'),
    checkInOpensMinutesBefore: integer('check_in_opens_minutes_before').notNull(),
    /** Company-wide (a series cannot override it): class reminders go this many hours before the start. */
    reminderHoursBefore: integer('reminder_hours_before').notNull().default(24),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'session_settings_non_negative',
      sql`${table.bookingOpensDaysBefore} >= 0 and ${table.bookingClosesMinutesBefore} >= 0
        and ${table.freeCancellationHoursBefore} >= 0 and ${table.lateCancelFee} >= 0 and ${table.noShowFee} >= 0
        and ${table.offerHoldMinutes} > 0 and ${table.waitlistCutoffMinutesBefore} >= 0
        and (${table.maxWaitlistLength} is null or ${table.maxWaitlistLength} > 0) and ${table.checkInOpensMinutesBefore} >= 0`,
    ),
    check(
      'session_settings_reminder_hours',
      sql`${table.reminderHoursBefore} between 1 and 168`,
    ),
  ],
);
