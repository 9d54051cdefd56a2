import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { users } from './users.ts';

const tenant = () =>
  idColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * Waiver versions (issue 11): a published version is never edited, so a signature always points at the
 * exact words signed. The current waiver is the highest version, unless it was removed (`removed_at`).
 */
export const waivers = pgTable(
  'waivers',
  {
    companyId: tenant(),
    id: idColumn('id').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    terms: jsonb('terms').$type<{ value: string; label: string }[]>().notNull(),
    /** Signatures of this version or later satisfy it (an earlier number: "no need to sign again"). */
    signaturesFromVersion: integer('signatures_from_version').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: idColumn('published_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('waivers_version_key').on(table.companyId, table.version),
    check('waivers_signatures_from', sql`${table.signaturesFromVersion} between 1 and ${table.version}`),
  ],
);

/** A client's signature of one waiver version: name typed, signature drawn or typed, terms ticked. */
export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    companyId: tenant(),
    id: idColumn('id').notNull(),
    clientId: idColumn('client_id').notNull(),
    waiverId: idColumn('waiver_id').notNull(),
    version: integer('version').notNull(),
    fullName: text('full_name').notNull(),
    kind: text('kind', { enum: ['drawn', 'typed'] }).notNull(),
    /** SVG path data in a 600×200 box when drawn. */
    path: text('path'),
    acceptedTerms: jsonb('accepted_terms').$type<string[]>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'waiver_signatures_client_fk',
      columns: [table.companyId, table.clientId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'waiver_signatures_waiver_fk',
      columns: [table.companyId, table.waiverId],
      foreignColumns: [waivers.companyId, waivers.id],
    }),
    index('waiver_signatures_client_idx').on(table.companyId, table.clientId, table.version),
  ],
);

/** The studio's Policies & Procedures (spec `contractTerms`), shown to clients. */
export const policies = pgTable('policies', {
  companyId: idColumn('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
