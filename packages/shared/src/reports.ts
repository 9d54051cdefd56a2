import { z } from 'zod';
import { localDateSchema } from './schedule.ts';
import { objectIdSchema } from './validators.ts';

/**
 * Attendance and revenue reports (issue 14 §5). A period is two dates on the company's calendar, both
 * days included; at most two years, so one request reads a bounded number of classes and orders (a
 * busy studio has a few thousand classes a year) and a CSV of it stays a download, not an export job.
 */
export const REPORT_MAX_DAYS = 731;

export const ATTENDANCE_GROUPS = ['class', 'instructor', 'studio', 'day', 'week', 'month'] as const;
export type AttendanceGroup = (typeof ATTENDANCE_GROUPS)[number];
export const REVENUE_GROUPS = ['package-type', 'package', 'product', 'day', 'week', 'month'] as const;
export type RevenueGroup = (typeof REVENUE_GROUPS)[number];

export const ATTENDANCE_GROUP_LABELS: Record<AttendanceGroup, string> = {
  class: 'Class',
  instructor: 'Instructor',
  studio: 'Studio',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};
export const REVENUE_GROUP_LABELS: Record<RevenueGroup, string> = {
  'package-type': 'Type of sale',
  package: 'Package',
  product: 'Product or service',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** Whole days from `from` to `to`, both included (dates as YYYY-MM-DD). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const period = {
  from: localDateSchema,
  to: localDateSchema,
  studioId: objectIdSchema.optional(),
};

function checkPeriod(query: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = daysInPeriod(query.from, query.to);
  if (days < 1)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must be on or after the first' });
  else if (days > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Ask for at most two years at a time' });
}

/** `GET /api/reports/attendance` (and `.csv`). */
export const attendanceReportQuery = z
  .object({
    ...period,
    instructorId: objectIdSchema.optional(),
    templateId: objectIdSchema.optional(),
    groupBy: z
      .enum(ATTENDANCE_GROUPS, { error: `Group by one of: ${ATTENDANCE_GROUPS.join(', ')}` })
      .default('class'),
  })
  .superRefine(checkPeriod);
export type AttendanceReportQuery = z.infer<typeof attendanceReportQuery>;

/** `GET /api/reports/revenue` (and `.csv`). */
export const revenueReportQuery = z
  .object({
    ...period,
    groupBy: z
      .enum(REVENUE_GROUPS, { error: `Group by one of: ${REVENUE_GROUPS.join(', ')}` })
      .default('package-type'),
  })
  .superRefine(checkPeriod);
export type RevenueReportQuery = z.infer<typeof revenueReportQuery>;

const attendanceCounts = z.object({
  /** Classes (and event dates) held in the group; cancelled classes are left out. */
  classes: z.number().int(),
  /** Places held at class time: booked, offered, checked in or no-show. */
  booked: z.number().int(),
  checkedIn: z.number().int(),
  noShows: z.number().int(),
  lateCancels: z.number().int(),
  /** Cancelled in time (by the client or the studio). */
  cancellations: z.number().int(),
  capacity: z.number().int(),
  /** booked / capacity, 0..1 (null with no capacity). */
  fillRate: z.number().nullable(),
});
export type AttendanceCounts = z.infer<typeof attendanceCounts>;

export const attendanceRowDto = attendanceCounts.extend({
  /** What the row is: a template or event id, an instructor or studio id, or the period's first day. */
  key: z.string(),
  label: z.string(),
});
export type AttendanceRowDto = z.infer<typeof attendanceRowDto>;

export const attendanceReportDto = z.object({
  groupBy: z.enum(ATTENDANCE_GROUPS),
  from: z.string(),
  to: z.string(),
  rows: z.array(attendanceRowDto),
  totals: attendanceCounts,
});
export type AttendanceReportDto = z.infer<typeof attendanceReportDto>;

/** Integer minor units of the company's currency; every column but tax and total is without tax. */
const revenueAmounts = z.object({
  /** Sold before discounts (tax excluded). */
  grossSales: z.number().int(),
  discounts: z.number().int(),
  /** Refunded in the period (its tax share is taken off `tax`). */
  refunds: z.number().int(),
  /** grossSales − discounts − refunds. */
  net: z.number().int(),
  /** Tax on sales of the period, less the tax given back by its refunds. */
  tax: z.number().int(),
  /** net + tax: what clients were charged, less what was given back. */
  total: z.number().int(),
});
export type RevenueAmounts = z.infer<typeof revenueAmounts>;

export const revenueRowDto = revenueAmounts.extend({ key: z.string(), label: z.string() });
export type RevenueRowDto = z.infer<typeof revenueRowDto>;

export const revenueReportDto = z.object({
  groupBy: z.enum(REVENUE_GROUPS),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rows: z.array(revenueRowDto),
  totals: revenueAmounts,
});
export type RevenueReportDto = z.infer<typeof revenueReportDto>;

/** The CSV's file name, the same from the server and the page: `attendance-by-class-2026-11-01-to-2026-11-30.csv`. */
export const reportFileName = (
  report: 'attendance' | 'revenue',
  query: { groupBy: string; from: string; to: string },
) =>
  `${report}-by-${query.groupBy.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${query.from}-to-${query.to}.csv`;

/** CSV cells that a spreadsheet would run as a formula get a leading apostrophe (OWASP's advice). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number written as is (amounts in major units, "12.50"): never a formula, never quoted. */
export interface CsvDecimal {
  decimal: string;
}
export type CsvValue = string | number | null | CsvDecimal;

/** One CSV field, RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return value.decimal;
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record with its CRLF. */
export const csvLine = (values: CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;
