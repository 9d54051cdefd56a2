import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';

/**
 * A reusable class definition (spec `fitnessClassTemplate`). Archived, never deleted: class series
 * will point at templates. Tenant table: key (company_id, id).
 */
export const classTemplates = pgTable(
  'class_templates',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    durationMinutes: integer('duration_minutes').notNull(),
    defaultCapacity: integer('default_capacity').notNull(),
    /** Minor units of the company's currency. */
    dropInPrice: integer('drop_in_price').notNull().default(0),
    colour: text('colour').notNull(),
    image: text('image'),
    tags: text('tags').array().notNull().default([]),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    // Two active templates with one name would be indistinguishable in the schedule's picker.
    uniqueIndex('class_templates_active_name_key')
      .on(table.companyId, sql`lower(${table.name})`)
      .where(sql`${table.archivedAt} is null`),
    check(
      'class_templates_numbers',
      sql`${table.durationMinutes} > 0 and ${table.defaultCapacity} > 0 and ${table.dropInPrice} >= 0`,
    ),
  ],
);
