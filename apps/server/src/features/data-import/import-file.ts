import { inflateRawSync } from 'node:zlib';
import { strFromU8 } from 'fflate';
import { HttpError, badRequest } from '../../plugins/errors.ts';
import { CsvError, decodeText, parseCsv, type ParsedCsv } from './csv-parse.ts';
import type { ImportTable, PackageSource } from './import-plan.ts';

/**
 * An uploaded file as the import keeps it (`import_jobs.content`): a CSV's text, or the two files of a
 * Kinetic export archive the import reads (docs/export-format.md). Only text is kept, so every later
 * step (dry run, each batch of the job, after a restart) reads the same rows again.
 */
export type ImportContent =
  { kind: 'csv'; text: string } | { kind: 'archive'; clients: string; packages: string | null };

const MAX_ARCHIVE_FILE_BYTES = 60 * 1024 * 1024;
const CLIENTS_FILE = 'clients.csv';
const PACKAGES_FILE = 'client-packages.csv';
/** Client packages in these states are carried over, as active; the others ended or wait (paused). */
const CARRIED_PACKAGE_STATUSES = new Set(['active']);

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function fileProblem(message: string): HttpError {
  return badRequest(message, { file: message });
}

const damaged = () => fileProblem('The .zip file could not be opened: it is damaged or not a zip archive.');

/**
 * The entries of a zip whose base name `wanted` accepts, by base name, read from the central directory
 * and inflated with a cap on what comes out: the sizes a zip declares can lie (a few MB that inflate to
 * gigabytes), so inflating stops at MAX_ARCHIVE_FILE_BYTES whatever the entry claims.
 */
function unzipWanted(bytes: Uint8Array, wanted: (base: string) => boolean): Map<string, Uint8Array> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 0xffff); at -= 1)
    if (buffer.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw damaged();
  const entries = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const found = new Map<string, Uint8Array>();
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw damaged();
    const flags = buffer.readUInt16LE(at + 8);
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const base = name.split('/').pop() ?? '';
    at = next;
    if (!wanted(base) || found.has(base)) continue;
    if (flags & 1 || (method !== 0 && method !== 8)) throw damaged();
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw damaged();
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    if (start + compressedSize > buffer.length) throw damaged();
    const data = buffer.subarray(start, start + compressedSize);
    const tooLarge = fileProblem(
      `${base} in the archive is larger than 60 MB unpacked; import its clients in parts as CSV files.`,
    );
    if (method === 0) {
      if (data.length > MAX_ARCHIVE_FILE_BYTES) throw tooLarge;
      found.set(base, data);
      continue;
    }
    try {
      found.set(base, inflateRawSync(data, { maxOutputLength: MAX_ARCHIVE_FILE_BYTES }));
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge;
      throw damaged();
    }
  }
  return found;
}

function readArchive(bytes: Uint8Array): ImportContent {
  let byBase: Map<string, Uint8Array>;
  try {
    byBase = unzipWanted(bytes, (base) => [CLIENTS_FILE, PACKAGES_FILE, 'manifest.json'].includes(base));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw damaged();
  }
  const manifestBytes = byBase.get('manifest.json');
  let manifest: { format?: unknown; version?: unknown } | undefined;
  try {
    manifest = manifestBytes ? (JSON.parse(strFromU8(manifestBytes)) as typeof manifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.format !== 'kinetic-export')
    throw fileProblem(
      'This .zip is not a Kinetic export (it has no manifest.json of format "kinetic-export"). Upload a CSV file or a Kinetic export archive.',
    );
  if (manifest.version !== 1)
    throw fileProblem(
      `This Kinetic export is version ${String(manifest.version)}; this server reads version 1. Update Kinetic and try again.`,
    );
  const clients = byBase.get(CLIENTS_FILE);
  if (!clients) throw fileProblem('The Kinetic export has no clients.csv.');
  const packages = byBase.get(PACKAGES_FILE);
  return { kind: 'archive', clients: decodeText(clients), packages: packages ? decodeText(packages) : null };
}

/** The upload as content to keep, or a 400 naming what is wrong with the file. */
export function readUpload(bytes: Uint8Array): ImportContent {
  if (bytes.length === 0) throw fileProblem('The file is empty.');
  if (isZip(bytes)) return readArchive(bytes);
  try {
    const text = decodeText(bytes);
    // Parsed here only to refuse a broken file at once; the parse is repeated from the text later.
    parseCsv(text);
    return { kind: 'csv', text };
  } catch (error) {
    if (error instanceof CsvError) throw fileProblem(error.message);
    throw error;
  }
}

function parsed(text: string, file: string): ParsedCsv {
  try {
    return parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw fileProblem(`${file}: ${error.message}`);
    throw error;
  }
}

/** The archive's client packages by the client's id in the archive, as package sources. */
function packagesByClient(text: string | null): Map<string, PackageSource[]> {
  const byClient = new Map<string, PackageSource[]>();
  if (!text) return byClient;
  const { columns, rows } = parsed(text, PACKAGES_FILE);
  const at = (name: string) => columns.indexOf(name);
  const [client, status, name, kind, credits, expiresOn, paidUntil, startsOn] = [
    'client_id',
    'status',
    'package_name',
    'kind',
    'credits_remaining',
    'expires_on',
    'paid_until',
    'starts_on',
  ].map(at) as number[];
  if (client! < 0 || name! < 0)
    throw fileProblem(`${PACKAGES_FILE} has no client_id or package_name column.`);
  const cell = (row: string[], index: number | undefined) =>
    index !== undefined && index >= 0 ? (row[index] ?? '') : '';
  for (const row of rows) {
    if (status! >= 0 && !CARRIED_PACKAGE_STATUSES.has(cell(row, status))) continue;
    const membership = cell(row, kind) === 'membership';
    const source: PackageSource = {
      name: cell(row, name),
      credits: membership ? '' : cell(row, credits),
      // A membership runs to its paid-until date (then renews as the package says); a pack lapses on its date.
      expiresOn: membership ? cell(row, paidUntil) : cell(row, expiresOn),
      startsOn: cell(row, startsOn),
    };
    const key = cell(row, client);
    byClient.set(key, [...(byClient.get(key) ?? []), source]);
  }
  return byClient;
}

/** The rows the import reads from kept content (a 400 names a broken file). */
export function tableOf(content: ImportContent): ImportTable & { packageRows: number | null } {
  if (content.kind === 'csv') return { ...parsed(content.text, 'The file'), packageRows: null };
  const clients = parsed(content.clients, CLIENTS_FILE);
  const packages = packagesByClient(content.packages);
  const idColumn = clients.columns.indexOf('id');
  const anonymisedColumn = clients.columns.indexOf('anonymised_at');
  let packageRows = 0;
  for (const list of packages.values()) packageRows += list.length;
  return {
    ...clients,
    packageRows,
    packagesOfRow: (row) => (idColumn >= 0 ? (packages.get(row[idColumn] ?? '') ?? []) : []),
    refusalOf: (row) =>
      anonymisedColumn >= 0 && (row[anonymisedColumn] ?? '').trim()
        ? 'an anonymised client (their personal details were removed at their request)'
        : null,
  };
}
