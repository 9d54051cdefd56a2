import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { WeekRanges } from '@kinetic/shared';
import { companies, type CompanyAddress } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';

export interface StudioAmenity {
  name: string;
  value: string;
}

/** A physical location of a company. Tenant table: key (company_id, id). */
export const studios = pgTable(
  'studios',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: idColumn('id').notNull(),
    name: text('name').notNull(),
    address: jsonb('address').$type<CompanyAddress>().notNull(),
    phone: text('phone'),
    email: text('email'),
    /** IANA zone; classes here are expanded in it. Filled from the company's when not chosen. */
    timeZone: text('time_zone').notNull(),
    openingHours: jsonb('opening_hours').$type<WeekRanges>().notNull().default({}),
    amenities: jsonb('amenities').$type<StudioAmenity[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.id] })],
);

/** Rooms of a studio, each with its own id that stays the same across edits. */
export const studioRooms = pgTable(
  'studio_rooms',
  {
    companyId: idColumn('company_id').notNull(),
    id: idColumn('id').notNull(),
    studioId: idColumn('studio_id').notNull(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    /** Order on the page. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      columns: [table.companyId, table.studioId],
      foreignColumns: [studios.companyId, studios.id],
    }).onDelete('cascade'),
    index('studio_rooms_studio_idx').on(table.companyId, table.studioId),
    check('studio_rooms_capacity_positive', sql`${table.capacity} > 0`),
  ],
);
