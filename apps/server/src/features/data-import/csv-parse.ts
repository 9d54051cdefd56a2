/**
 * RFC 4180 CSV reading for the client import: quoted fields (with doubled quotes, delimiters and line
 * breaks inside), CRLF, LF or CR line ends, a UTF-8 byte-order mark, and `,`, `;` or tab as the
 * delimiter (spreadsheets in many European locales save with `;`). Blank lines are dropped.
 */

export interface ParsedCsv {
  delimiter: ',' | ';' | '\t';
  /** The header row, trimmed; blanks are named `Column N` and repeats get ` (2)`, ` (3)`. */
  columns: string[];
  /** Every row after the header, each cell as written (not trimmed), padded to the header's width. */
  rows: string[][];
}

export class CsvError extends Error {}

/**
 * What one file may hold, so a small upload cannot become a huge table in memory: short rows are padded
 * to the header's width, so a wide header over many one-character lines would otherwise multiply.
 */
export const MAX_CSV_COLUMNS = 1_000;
export const MAX_CSV_CELLS = 10_000_000;
const TOO_LARGE = `The file has more than ${MAX_CSV_CELLS.toLocaleString('en-US')} cells (rows × columns). Split it into smaller files.`;

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter the header line uses most, outside quotes (`,` on a tie or a one-column file). */
export function detectDelimiter(text: string): ParsedCsv['delimiter'] {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: ParsedCsv['delimiter'] = ',';
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** Every record of the text as cells; throws CsvError naming the line where a quoted field is left open. */
export function parseRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let quoteOpenedOnLine = 0;
  let cellStarted = false;
  let cells = 0;
  const endCell = () => {
    cells += 1;
    if (cells > MAX_CSV_CELLS) throw new CsvError(TOO_LARGE);
    record.push(cell);
    cell = '';
    cellStarted = false;
  };
  const endRecord = () => {
    endCell();
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
      quoteOpenedOnLine = line;
    } else if (char === delimiter) endCell();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
    } else {
      // A quote inside an unquoted cell is kept as written (lenient, as spreadsheets read it).
      cell += char;
      cellStarted = true;
    }
  }
  if (quoted) throw new CsvError(`A quoted field that starts on line ${quoteOpenedOnLine} is never closed.`);
  if (cell !== '' || record.length > 0) endRecord();
  return records;
}

function uniqueColumns(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    const name = raw.trim() || `Column ${index + 1}`;
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** A CSV file with a header row. Throws CsvError with a sentence a studio owner can act on. */
export function parseCsv(input: string): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.trim() === '') throw new CsvError('The file is empty.');
  const delimiter = detectDelimiter(text);
  const [header, ...rows] = parseRecords(text, delimiter);
  if (!header || header.every((cell) => cell.trim() === ''))
    throw new CsvError('The first line should name the columns (First Name, Email, …), but it is empty.');
  if (header.length > MAX_CSV_COLUMNS)
    throw new CsvError(
      `The first line names ${header.length.toLocaleString('en-US')} columns; at most ${MAX_CSV_COLUMNS.toLocaleString('en-US')} can be read. Check the delimiter or remove unused columns.`,
    );
  const columns = uniqueColumns(header);
  const width = columns.length;
  const kept = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (kept.length * width > MAX_CSV_CELLS) throw new CsvError(TOO_LARGE);
  const padded = kept.map((row) =>
    row.length >= width ? row : [...row, ...Array<string>(width - row.length).fill('')],
  );
  return { delimiter, columns, rows: padded };
}

/**
 * The file's bytes as text: UTF-16 when it starts with its BOM, UTF-8 (with or without a BOM), else
 * Windows-1252 (what older spreadsheet exports write). Any other file with NUL bytes is not text.
 */
export function decodeText(bytes: Uint8Array): string {
  // Excel's "Unicode text" and some exports write UTF-16 with its byte-order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0))
    throw new CsvError(
      'This is not a CSV file (it contains binary data). Export a CSV or a Kinetic archive (.zip).',
    );
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
