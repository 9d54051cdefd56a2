import { foreignKey, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { createdAt, idColumn } from './columns.ts';
import { classInstances } from './schedule.ts';

/**
 * The door screen's secret for one class instance: 32 random bytes (hex), made the first time a team
 * member opens the door screen for that class. The screen derives a new code from it every 30 seconds
 * (packages/shared/src/check-in.ts); the server checks a code against the same secret. Random and stored
 * (not derived from a server key) so that no configuration is needed and one class's secret tells
 * nothing about another's.
 */
export const checkInSecrets = pgTable(
  'check_in_secrets',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    classInstanceId: idColumn('class_instance_id').notNull(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.classInstanceId] }),
    foreignKey({
      name: 'check_in_secrets_class_instance_fk',
      columns: [table.companyId, table.classInstanceId],
      foreignColumns: [classInstances.companyId, classInstances.id],
    }).onDelete('cascade'),
  ],
);
