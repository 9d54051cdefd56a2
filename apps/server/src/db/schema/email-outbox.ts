import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';

/**
 * Every email is written here first, in the transaction that decided to send it; a pg-boss worker
 * delivers it and retries while the mail server is down, so nothing is lost.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_outbox_pending_idx').on(table.status, table.createdAt)],
);
