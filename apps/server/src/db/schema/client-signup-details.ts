import { sql } from 'drizzle-orm';
import { check, date, foreignKey, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CompanyAddress } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { studios } from './studios.ts';
import { users } from './users.ts';

/**
 * A client's sign-up details (spec §3 `clientSignupDetailsId`): one row per client, absent until they
 * first save. Its id is the client's own id (the session has always carried `clientSignupDetailsId` =
 * the user id), so the edit page's address is known from sign-up on. The spec §9 answers are the
 * spec's keys; null means not answered.
 */
export const clientSignupDetails = pgTable(
  'client_signup_details',
  {
    companyId: idColumn('company_id').notNull(),
    id: idColumn('id').notNull(),
    userId: idColumn('user_id').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    address: jsonb('address').$type<CompanyAddress>().notNull().default({
      line1: null,
      line2: null,
      city: null,
      state: null,
      postalCode: null,
      country: null,
    }),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    heardAbout: text('heard_about'),
    heardAboutDetail: text('heard_about_detail'),
    neighborhood: text('neighborhood'),
    planningUnit: text('planning_unit'),
    age: text('age'),
    raceEthnicity: text('race_ethnicity'),
    industry: text('industry'),
    incomeBandTo200k: text('income_band_to_200k'),
    incomeBandTo120k: text('income_band_to_120k'),
    homeStudioId: idColumn('home_studio_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('client_signup_details_user_key').on(table.companyId, table.userId),
    check('client_signup_details_id_is_user', sql`${table.id} = ${table.userId}`),
    foreignKey({
      name: 'client_signup_details_user_fk',
      columns: [table.companyId, table.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    // The migration narrows this to SET NULL (home_studio_id): a closed studio leaves the client's
    // answers, and company_id, in place.
    foreignKey({
      name: 'client_signup_details_home_studio_fk',
      columns: [table.companyId, table.homeStudioId],
      foreignColumns: [studios.companyId, studios.id],
    }).onDelete('set null'),
  ],
);
