import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, FEE_KINDS, FEE_STATUSES } from '@kinetic/shared';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { classInstances } from './schedule.ts';
import { users } from './users.ts';

/**
 * A client's place in a class instance. Places taken (`booked`, `offered`, `checked_in`) are counted in
 * `class_instances.booked_count`, waiting ones in `waitlist_count`; both change only in the transaction
 * that changes a booking, with the class row locked, and `booked_count <= capacity` is a CHECK.
 */
export const bookings = pgTable(
  'bookings',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    classInstanceId: idColumn('class_instance_id').notNull(),
    clientId: idColumn('client_id').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    /** When the client joined the waitlist: the waitlist's order (first come, first offered). */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    /** While `offered`: the place is held until then. */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** How the place is paid: `membership`, `class-pack` (with `clientPackageId`), `drop-in` (with `orderId`) or `free`. */
    paidWith: text('paid_with').notNull().default('free'),
    clientPackageId: idColumn('client_package_id'),
    /** The drop-in's order. */
    orderId: idColumn('order_id'),
    /** The order asking for a late-cancel or no-show fee (pay at studio), or charged for it (Stripe). */
    feeOrderId: idColumn('fee_order_id'),
    /** `client` or `studio`, once cancelled. */
    cancelledBy: text('cancelled_by'),
    /** A late-cancel or no-show fee recorded against the client (charged by the payments issue). */
    feeKind: text('fee_kind', { enum: FEE_KINDS }),
    feeAmount: integer('fee_amount'),
    feeStatus: text('fee_status', { enum: FEE_STATUSES }),
    bookedBy: idColumn('booked_by'),
    /**
     * When the class reminder was queued (jobs/class-reminders.ts). Set by the statement that picks the
     * booking, so a reminder goes once however many processes run the job.
     */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'bookings_class_instance_fk',
      columns: [table.companyId, table.classInstanceId],
      foreignColumns: [classInstances.companyId, classInstances.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'bookings_client_fk',
      columns: [table.companyId, table.clientId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    // One active booking per client and class: the database refuses a second, whatever the timing.
    uniqueIndex('bookings_one_active_per_client')
      .on(table.companyId, table.classInstanceId, table.clientId)
      .where(sql`status in ('booked', 'waitlisted', 'offered', 'checked_in')`),
    index('bookings_class_idx').on(table.companyId, table.classInstanceId, table.status, table.waitlistedAt),
    index('bookings_client_idx').on(table.companyId, table.clientId, table.createdAt),
    index('bookings_offers_idx')
      .on(table.offerExpiresAt)
      .where(sql`status = 'offered'`),
    check(
      'bookings_fee',
      sql`(${table.feeKind} is null) = (${table.feeAmount} is null) and (${table.feeKind} is null) = (${table.feeStatus} is null) and coalesce(${table.feeAmount}, 0) >= 0`,
    ),
    check('bookings_offer', sql`(${table.status} = 'offered') = (${table.offerExpiresAt} is not null)`),
  ],
);

/** Every change of a booking's status: who (null = the system), when, from what to what, and why. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    companyId: idColumn('company_id').notNull(),
    id: idColumn('id').notNull(),
    bookingId: idColumn('booking_id').notNull(),
    fromStatus: text('from_status', { enum: BOOKING_STATUSES }),
    toStatus: text('to_status', { enum: BOOKING_STATUSES }).notNull(),
    actorId: idColumn('actor_id'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'booking_events_booking_fk',
      columns: [table.companyId, table.bookingId],
      foreignColumns: [bookings.companyId, bookings.id],
    }).onDelete('cascade'),
    index('booking_events_booking_idx').on(table.companyId, table.bookingId, table.at),
  ],
);

/**
 * `Idempotency-Key`s of requests that create bookings: the first answer is kept a day, and a retry with
 * the same key (by the same login) gets it again instead of booking twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: idColumn('user_id').notNull(),
    key: text('key').notNull(),
    /** What was asked (method, path and body): the same key for another request is refused. */
    request: text('request').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId, table.key] })],
);
