import { boolean, foreignKey, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { idColumn, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A client's choice of optional emails (absent row = the defaults: all but marketing). */
export const clientPreferences = pgTable(
  'client_preferences',
  {
    companyId: idColumn('company_id').notNull(),
    clientId: idColumn('client_id').notNull(),
    bookingConfirmations: boolean('booking_confirmations').notNull().default(true),
    reminders: boolean('reminders').notNull().default(true),
    waitlist: boolean('waitlist').notNull().default(true),
    /** Membership renewing soon, pack expiring soon (issue 16). */
    packageReminders: boolean('package_reminders').notNull().default(true),
    marketing: boolean('marketing').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.clientId] }),
    foreignKey({
      name: 'client_preferences_client_fk',
      columns: [table.companyId, table.clientId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
  ],
);
