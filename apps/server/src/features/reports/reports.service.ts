import type { SQL } from 'drizzle-orm';
import {
  ATTENDANCE_GROUP_LABELS,
  type AttendanceReportDto,
  type AttendanceReportQuery,
  REVENUE_GROUP_LABELS,
  type RevenueReportDto,
  type RevenueReportQuery,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { attendanceQuery, missingIds, reportFrame, revenueQuery, type ReportFrame } from './reports.repo.ts';
import { streamCsv, type CsvDownload } from './reports-csv.ts';

export interface AttendanceRow {
  key: string | null;
  label: string;
  is_total: boolean;
  classes: number;
  booked: number;
  checked_in: number;
  no_shows: number;
  late_cancels: number;
  cancellations: number;
  capacity: number;
  fill_rate: number | null;
}

export interface RevenueRow {
  key: string | null;
  label: string;
  is_total: boolean;
  gross_sales: number;
  discounts: number;
  refunds: number;
  net: number;
  tax: number;
  total: number;
}

const FIELD_NAMES = { studioId: 'studio', instructorId: 'instructor', templateId: 'class' } as const;

/** Another company's studio, instructor or class answers 404 naming the field. */
async function checkIds(tx: Executor, companyId: string, ids: Parameters<typeof missingIds>[2]) {
  const missing = await missingIds(tx, companyId, ids);
  if (missing.length > 0) {
    const [first] = missing;
    throw new HttpError(
      404,
      `We could not find that ${first ? FIELD_NAMES[first] : 'item'}.`,
      Object.fromEntries(missing.map((field) => [field, `No such ${FIELD_NAMES[field]}`])),
    );
  }
}

async function prepared(
  tx: Executor,
  companyId: string,
  query: AttendanceReportQuery | RevenueReportQuery,
): Promise<ReportFrame> {
  await checkIds(tx, companyId, query);
  return reportFrame(tx, companyId, query.from, query.to);
}

const attendanceCounts = (row: AttendanceRow) => ({
  classes: row.classes,
  booked: row.booked,
  checkedIn: row.checked_in,
  noShows: row.no_shows,
  lateCancels: row.late_cancels,
  cancellations: row.cancellations,
  capacity: row.capacity,
  fillRate: row.fill_rate,
});

const revenueAmounts = (row: RevenueRow) => ({
  grossSales: row.gross_sales,
  discounts: row.discounts,
  refunds: row.refunds,
  net: row.net,
  tax: row.tax,
  total: row.total,
});

function split<Row extends { is_total: boolean }>(rows: Row[]): { groups: Row[]; total: Row } {
  const total = rows.find((row) => row.is_total);
  // Grouping sets always answer the totals row, also over no rows at all.
  if (!total) throw new Error('The report query answered no totals row.');
  return { groups: rows.filter((row) => !row.is_total), total };
}

export async function attendanceReport(
  db: Database,
  actor: Actor,
  query: AttendanceReportQuery,
): Promise<AttendanceReportDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const frame = await prepared(tx, actor.companyId, query);
    const { rows } = await tx.execute<AttendanceRow & Record<string, unknown>>(
      attendanceQuery(actor.companyId, query, frame),
    );
    const { groups, total } = split(rows);
    return {
      groupBy: query.groupBy,
      from: query.from,
      to: query.to,
      rows: groups.map((row) => ({ key: row.key ?? '', label: row.label, ...attendanceCounts(row) })),
      totals: attendanceCounts(total),
    };
  });
}

export async function revenueReport(
  db: Database,
  actor: Actor,
  query: RevenueReportQuery,
): Promise<RevenueReportDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const frame = await prepared(tx, actor.companyId, query);
    const { rows } = await tx.execute<RevenueRow & Record<string, unknown>>(
      revenueQuery(actor.companyId, query, frame),
    );
    const { groups, total } = split(rows);
    return {
      groupBy: query.groupBy,
      from: query.from,
      to: query.to,
      currency: frame.currency,
      rows: groups.map((row) => ({ key: row.key ?? '', label: row.label, ...revenueAmounts(row) })),
      totals: revenueAmounts(total),
    };
  });
}

export function attendanceCsv(
  db: Database,
  actor: Actor,
  query: AttendanceReportQuery,
): Promise<CsvDownload> {
  return streamCsv<AttendanceRow>(db, actor.companyId, {
    prepare: (tx) => prepared(tx, actor.companyId, query),
    query: (frame): SQL => attendanceQuery(actor.companyId, query, frame),
    header: () => [
      ATTENDANCE_GROUP_LABELS[query.groupBy],
      'Classes',
      'Booked',
      'Checked in',
      'No-shows',
      'Late cancels',
      'Cancellations',
      'Capacity',
      'Fill rate (%)',
    ],
    line: (row) => [
      row.label,
      row.classes,
      row.booked,
      row.checked_in,
      row.no_shows,
      row.late_cancels,
      row.cancellations,
      row.capacity,
      row.fill_rate === null ? null : { decimal: (row.fill_rate * 100).toFixed(1) },
    ],
  });
}

export function revenueCsv(db: Database, actor: Actor, query: RevenueReportQuery): Promise<CsvDownload> {
  return streamCsv<RevenueRow>(db, actor.companyId, {
    prepare: (tx) => prepared(tx, actor.companyId, query),
    query: (frame): SQL => revenueQuery(actor.companyId, query, frame),
    header: (frame) => [
      REVENUE_GROUP_LABELS[query.groupBy],
      ...['Gross sales', 'Discounts', 'Refunds', 'Net', 'Tax', 'Total'].map(
        (name) => `${name} (${frame.currency})`,
      ),
    ],
    line: (row, amount) => [
      row.label,
      amount(row.gross_sales),
      amount(row.discounts),
      amount(row.refunds),
      amount(row.net),
      amount(row.tax),
      amount(row.total),
    ],
  });
}
