import { CLIENT_REPORT_COLUMNS, signupDetailsLabel, type SignupDetailsChoice } from '@kinetic/shared';
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

/** Which cells hold a §9 answer, shown by its label from the shared lists (never the key). */
const LABELLED: readonly (SignupDetailsChoice | null)[] = [
  null,
  null,
  null,
  null,
  'age',
  'raceEthnicity',
  'industry',
  'incomeBandTo200k',
  'incomeBandTo120k',
  'planningUnit',
];
const MARKETING = 14;

/** One client's line, in the order of CLIENT_REPORT_COLUMNS. */
export function clientReportLine(row: ClientReportRow): string {
  let line = '';
  for (let column = 0; column < MARKETING; column += 1) {
    const choice = LABELLED[column];
    const value = row[column] as string | number | null;
    line += `${column === 0 ? '' : ','}${csvCell(choice ? signupDetailsLabel(choice, value as string | null) : value)}`;
  }
  return `${line},${row[MARKETING] ? 'Yes' : 'No'}\r\n`;
}
