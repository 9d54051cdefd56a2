import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** Staff notes on a client's profile (issue 14 §2): the team's, never shown to the client. */
export const clientNotes = pgTable(
  'client_notes',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    clientId: idColumn('client_id').notNull(),
    authorId: idColumn('author_id').notNull(),
    /** At most 2,000 characters (checked by the API and here). */
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Deleted notes are kept (who wrote what stays answerable) but never listed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'client_notes_client_fk',
      columns: [table.companyId, table.clientId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'client_notes_author_fk',
      columns: [table.companyId, table.authorId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    check('client_notes_body_length', sql`char_length(${table.body}) between 1 and 2000`),
    // The profile lists a client's notes newest first.
    index('client_notes_client_idx')
      .on(table.companyId, table.clientId, table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
  ],
);
