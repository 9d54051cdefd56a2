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
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** What the report was asked for (spec §3 report request): the file keeps every matching client. */
export interface ClientReportRequest {
  searchString: string;
  orderBy: string;
  orderDirection: 'asc' | 'desc';
}

/**
 * A CSV client report (issue 14 §4): asked for by an owner, written by a pg-boss job to
 * `DATA_DIR/client-reports/{company_id}/{filename}`, downloadable until `expires_at` (24 hours), then
 * deleted with its file. `done` of `total` clients is the job's progress, shown while it works.
 */
export const clientReports = pgTable(
  'client_reports',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    /** Random (128 bits) and unique: the name in the download address, never derived from the id. */
    filename: text('filename').notNull(),
    requestedBy: idColumn('requested_by').notNull(),
    request: jsonb('request').$type<ClientReportRequest>().notNull(),
    /** `processing`, `ready` (the file is complete) or `failed` (every attempt failed). */
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('client_reports_filename_key').on(table.companyId, table.filename),
    index('client_reports_expires_idx').on(table.expiresAt),
    foreignKey({
      name: 'client_reports_requested_by_fk',
      columns: [table.companyId, table.requestedBy],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    check('client_reports_status', sql`${table.status} in ('processing', 'ready', 'failed')`),
    check('client_reports_progress', sql`${table.done} >= 0 and ${table.done} <= ${table.total}`),
  ],
);
