import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';

/**
 * Instructors and facilitators have the same shape but are separate tables, so that a class series can
 * reference an instructor and an event a facilitator with a plain foreign key. The link to a login comes
 * with invitations (a `user_id` with `ON DELETE SET NULL (user_id)`, so company_id is never nulled).
 * Tenant tables: key (company_id, id).
 */
function peopleTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      companyId: idColumn('company_id')
        .notNull()
        .references(() => companies.id, { onDelete: 'cascade' }),
      id: idColumn('id').notNull(),
      name: text('name').notNull(),
      /** Lower-cased; unique per company when present. */
      email: text('email'),
      phone: text('phone'),
      bio: text('bio'),
      photo: text('photo'),
      active: boolean('active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (table) => [
      primaryKey({ columns: [table.companyId, table.id] }),
      uniqueIndex(`${name}_email_key`)
        .on(table.companyId, table.email)
        .where(sql`${table.email} is not null`),
    ],
  );
}

export const instructors = peopleTable('instructors');
export const facilitators = peopleTable('facilitators');
