import {
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Settings › Email Settings (issue 16): who the studio's emails come from and how they look. One row
 * per company; no row = the defaults (`EMAIL_SETTINGS_DEFAULTS`, the company's name and email).
 */
export const emailSettings = pgTable('email_settings', {
  companyId: idColumn('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Null: the company's name. */
  senderName: text('sender_name'),
  /** Null: the company's contact email (or no Reply-To when it has none). */
  replyTo: text('reply_to'),
  brandColour: text('brand_colour').notNull(),
  showLogo: boolean('show_logo').notNull(),
  footer: text('footer').notNull(),
  renewalNoticeDays: integer('renewal_notice_days').notNull(),
  expiryNoticeDays: integer('expiry_notice_days').notNull(),
  updatedAt: updatedAt(),
});

/**
 * One trigger's choice and words. No row = on, with the default words; `subject`/`body` null = the
 * default words (a studio that only switched an email off keeps getting improved defaults).
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    subject: text('subject'),
    body: text('body'),
    updatedBy: idColumn('updated_by'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.trigger] })],
);

/**
 * A person's private calendar feed (`/api/calendar-feeds/{token}.ics`): the SHA-256 of its secret token,
 * never the token. One live feed per person; making a new one revokes the old (its row is replaced).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    companyId: idColumn('company_id').notNull(),
    userId: idColumn('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    foreignKey({
      name: 'calendar_feeds_user_fk',
      columns: [table.companyId, table.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_feeds_token_idx').on(table.tokenHash),
  ],
);
