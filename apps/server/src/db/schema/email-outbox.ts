import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';

/** A file sent with an email (a class's `.ics`): small text, kept on the row until it is delivered. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

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
    /** The sender's display name (Email Settings); the address is always the server's `MAIL_FROM`. */
    fromName: text('from_name'),
    replyTo: text('reply_to'),
    attachments: jsonb('attachments').$type<EmailAttachment[]>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_outbox_pending_idx').on(table.status, table.createdAt)],
);
