import { CLIENT_REPORT_COLUMNS, signupDetailsLabel } from '@kinetic/shared';
import type { ClientReportRow } from './client-report.repo.ts';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return that hides one) as a
 * formula; a leading apostrophe makes it text (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-safe, then quoted when RFC 4180 asks for it (comma, quote, line break). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** The header line; a UTF-8 byte order mark first, so Excel reads accented names correctly. */
export const CSV_HEADER = `\uFEFF${csvLine(CLIENT_REPORT_COLUMNS)}`;

/** One client's line: the §9 answers as the labels a person reads (shared lists), never their keys. */
export function clientReportLine(row: ClientReportRow): string {
  return csvLine([
    row.name,
    row.email,
    row.phone,
    row.signedUp,
    signupDetailsLabel('age', row.age),
    signupDetailsLabel('raceEthnicity', row.raceEthnicity),
    signupDetailsLabel('industry', row.industry),
    signupDetailsLabel('incomeBandTo200k', row.incomeBandTo200k),
    signupDetailsLabel('incomeBandTo120k', row.incomeBandTo120k),
    signupDetailsLabel('planningUnit', row.planningUnit),
    row.neighborhood,
    row.packages,
    row.visits,
    row.lastVisit,
    row.marketing ? 'Yes' : 'No',
  ]);
}
