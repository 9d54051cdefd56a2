import { boolean, jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { WeekRanges } from '@kinetic/shared';
import { companies } from './companies.ts';
import { idColumn, updatedAt } from './columns.ts';

/**
 * Peak / non-peak hours (spec §3): one row per company holding both weekday maps, so a change reads,
 * checks and writes the whole state under one row lock (overlaps between the two bands included).
 */
export const companyHours = pgTable('company_hours', {
  companyId: idColumn('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  peakHour: jsonb('peak_hour').$type<WeekRanges>().notNull().default({}),
  nonPeakHour: jsonb('non_peak_hour').$type<WeekRanges>().notNull().default({}),
  /** Spec §3 `isPeakNonPeakAllowed`: true once hours have been added. */
  peakNonPeakAllowed: boolean('peak_non_peak_allowed').notNull().default(false),
  updatedAt: updatedAt(),
});
