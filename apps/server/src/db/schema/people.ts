import { sql } from 'drizzle-orm';
import { boolean, foreignKey, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';

/**
 * Instructors and facilitators have the same shape but are separate tables, so that a class series can
 * reference an instructor and an event a facilitator with a plain foreign key. `user_id` links the person
 * to a login (an `instructor` user, or the owner's own account) once invited; the migration writes its
 * foreign key as `ON DELETE SET NULL (user_id)`, so deleting the login never nulls company_id.
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
      userId: idColumn('user_id'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (table) => [
      primaryKey({ columns: [table.companyId, table.id] }),
      uniqueIndex(`${name}_email_key`)
        .on(table.companyId, table.email)
        .where(sql`${table.email} is not null`),
      uniqueIndex(`${name}_user_key`)
        .on(table.companyId, table.userId)
        .where(sql`${table.userId} is not null`),
      foreignKey({
        name: `${name}_user_fk`,
        columns: [table.companyId, table.userId],
        foreignColumns: [users.companyId, users.id],
      }).onDelete('set null'),
    ],
  );
}

export const instructors = peopleTable('instructors');
export const facilitators = peopleTable('facilitators');
