import { z } from 'zod';
import { localDateSchema } from './schedule.ts';
import { objectIdSchema } from './validators.ts';

/**
 * Client insights (issue 14 §3, spec §9 demographics): counts of clients, never of one client.
 *
 * Privacy (k-anonymity, k = 5; docs/architecture.md "Client insights and k-anonymity"):
 * - every count of clients that is published is rounded to the nearest multiple of 5 (5, 6, 7 → 5; 8 → 10),
 *   so the difference of any two published numbers (two groups, a group and a total, two periods, a studio
 *   and all studios) is a multiple of 5 and can never be 1–4;
 * - a group of fewer than 5 clients (or none) is never published: it is merged into the "fewer than 5 each"
 *   bucket, whose own count is published only when it reaches 5 (rounded like the rest), else null;
 * - a count that is null is read as "fewer than 5".
 */
export const INSIGHTS_K = 5;

/** The published form of a count of clients: null below k, else the nearest multiple of k (never below k). */
export function publishedCount(exact: number): number | null {
  if (exact < INSIGHTS_K) return null;
  return Math.max(INSIGHTS_K, Math.round(exact / INSIGHTS_K) * INSIGHTS_K);
}

/** A whole-number percentage of two published counts (so it says no more than they do). */
export function publishedShare(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole === 0) return null;
  return Math.round((Math.min(part, whole) / whole) * 100);
}

/** The longest period asked at once (three years and a day). */
export const INSIGHTS_MAX_DAYS = 1096;

export const clientInsightsQuery = z
  .object({
    studioId: objectIdSchema.optional(),
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
  })
  .superRefine((query, ctx) => {
    // Only two real days make a period (a day that is not one is already named by its own field).
    if (!query.from || !query.to) return;
    if (!localDateSchema.safeParse(query.from).success || !localDateSchema.safeParse(query.to).success)
      return;
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The period must end on or after its first day',
      });
    else if (days >= INSIGHTS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Ask for at most three years at a time' });
  });
export type ClientInsightsQuery = z.input<typeof clientInsightsQuery>;

/** A published count: a multiple of 5, or null for "fewer than 5". */
const count = z.number().int().nullable();

export const insightsGroupDto = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export type InsightsGroupDto = z.infer<typeof insightsGroupDto>;

export const INSIGHTS_DIMENSIONS = [
  'age',
  'incomeBandTo200k',
  'incomeBandTo120k',
  'raceEthnicity',
  'industry',
  'planningUnit',
  'visitsPerClient',
] as const;
export type InsightsDimension = (typeof INSIGHTS_DIMENSIONS)[number];

/** Keys of the two answers that are groups of their own in every demographic. */
export const PREFER_NOT_KEY = 'prefer_not_to_respond';
export const NOT_ANSWERED_KEY = 'not_answered';

export const insightsBreakdownDto = z.object({
  key: z.enum(INSIGHTS_DIMENSIONS),
  title: z.string(),
  /** Groups of at least 5 clients, largest first (counts published as above). */
  groups: z.array(insightsGroupDto),
  /** The groups each under 5 clients (or empty), merged: their labels, and their published sum. */
  fewerThanFive: z.object({ labels: z.array(z.string()), count }),
});
export type InsightsBreakdownDto = z.infer<typeof insightsBreakdownDto>;

export const clientInsightsDto = z.object({
  studioId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** Clients who took a place in a class in the period (at the studio): the population of every chart. */
  clients: count,
  breakdowns: z.array(insightsBreakdownDto),
  /** Clients of the population who signed up in the period, by month (YYYY-MM) of the company's calendar. */
  newClientsByMonth: z.array(z.object({ month: z.string(), count })),
  /** Of the clients whose first visit was in the period, how many still booked 30 / 90 days later. */
  retention: z.array(
    z.object({
      days: z.union([z.literal(30), z.literal(90)]),
      cohort: count,
      retained: count,
      percent: z.number().nullable(),
    }),
  ),
  /** Class types by visits in the period; types visited by fewer than 5 clients are left out. */
  busiestClasses: z.array(z.object({ name: z.string(), visits: z.number().int() })),
  hiddenClasses: z.number().int(),
  /** Visits by the studio's weekday (1 = Monday) and hour; a cell of fewer than 5 clients has null visits. */
  busiestTimes: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), visits: count })),
  /** Places taken over capacity of the period's past classes, by the band of their start (Settings › Hours). */
  fillRate: z.array(
    z.object({
      band: z.enum(['peak', 'non-peak', 'none']),
      classes: z.number().int(),
      places: count,
      capacity: z.number().int(),
      percent: z.number().nullable(),
    }),
  ),
});
export type ClientInsightsDto = z.infer<typeof clientInsightsDto>;

export const FILL_BAND_LABELS = {
  peak: 'Peak hours',
  'non-peak': 'Non-peak hours',
  none: 'Outside set hours',
} as const;
