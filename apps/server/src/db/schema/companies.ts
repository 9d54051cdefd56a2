import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';

export interface CompanyAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

export const companies = pgTable(
  'companies',
  {
    id: idColumn('id').primaryKey(),
    /** The `{company}` URL segment. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['company', 'solo'] }).notNull(),
    timeZone: text('time_zone').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** BCP 47 locale the company writes prices in (shared LOCALES). */
    locale: text('locale').notNull().default('en-US'),
    email: text('email'),
    phone: text('phone'),
    address: jsonb('address').$type<CompanyAddress>().notNull().default({
      line1: null,
      line2: null,
      city: null,
      state: null,
      postalCode: null,
      country: null,
    }),
    logo: text('logo'),
    /** Onboarding settings pages the company has saved at least once. */
    completedOnboarding: text('completed_onboarding').array().notNull().default([]),
    /** https origins allowed to frame the booking widget (CSP frame-ancestors), besides our own. */
    embedOrigins: text('embed_origins').array().notNull().default([]),
    /** Issue 18: a platform admin suspended the company: its people cannot log in, its pages say it is unavailable. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('companies_slug_key').on(table.slug)],
);
