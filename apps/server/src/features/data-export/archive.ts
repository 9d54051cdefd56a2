import { once } from 'node:events';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import type pg from 'pg';
import { APP_ROLE, requestContext, type Database } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { archiveFiles, EXCLUDED, type ArchiveFile } from './archive-files.ts';

/** Rows fetched from the cursor at a time: what the export holds in memory, whatever the company's size. */
export const EXPORT_BATCH_ROWS = 2_000;

export const EXPORT_FORMAT = 'kinetic-export';
export const EXPORT_VERSION = 1;

export interface ExportCompany {
  name: string;
  slug: string;
  kind: string;
  timeZone: string;
  currency: string;
  locale: string;
}

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  company: ExportCompany;
  exportedAt: string;
  excluded: readonly string[];
  files: { name: string; rows: number; columns: string[] }[];
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. Values are
 * written exactly as stored — no formula neutralising (docs/export-format.md: the archive is read back
 * by programs, and a leading apostrophe would change `+353…` phone numbers on the way back in).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvRow = (values: readonly unknown[]): string => `${values.map(csvField).join(',')}\r\n`;

const ID = /^[0-9a-f]{24}$/;

/**
 * One ZIP entry compressed by Node's zlib (native, on the libuv thread pool: about seven times fflate's
 * JavaScript deflate here, and it never blocks the event loop), written into fflate's streaming `Zip`,
 * which only frames it (local header, data descriptor with the CRC and sizes, central directory).
 */
class NativeDeflateEntry implements ZipInputFile {
  readonly compression = 8;
  readonly flag = 0;
  crc = 0;
  size = 0;
  ondata: AsyncFlateStreamHandler = () => {};
  private readonly deflate: DeflateRaw = createDeflateRaw({ level: 6 });
  private readonly ended: Promise<unknown>;

  constructor(
    readonly filename: string,
    readonly mtime: Date,
  ) {
    this.deflate.on('data', (chunk: Buffer) => this.ondata(null, chunk as Uint8Array<ArrayBuffer>, false));
    this.ended = once(this.deflate, 'end');
  }

  async push(data: Buffer): Promise<void> {
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    if (!this.deflate.write(data)) await once(this.deflate, 'drain');
  }

  async end(): Promise<void> {
    this.deflate.end();
    await this.ended;
    this.ondata(null, new Uint8Array(0), true);
  }

  /** Stops the compressor when the download is given up. */
  destroy(): void {
    this.deflate.destroy();
  }
}

export interface ExportArchive {
  fileName: string;
  company: ExportCompany;
  /** The ZIP, produced while it is read; ends the database transaction when done or destroyed. */
  stream: Readable;
}

/**
 * Opens the company's export: one read-only REPEATABLE READ transaction as the restricted role scoped to
 * the company (so every file is the same snapshot and row-level security still applies), and a stream
 * that reads each file through a cursor in batches and deflates it into the ZIP as it goes. The
 * manifest is the last entry (its row counts are known only then).
 */
export async function openExportArchive(
  db: Database,
  companyId: string,
  now = new Date(),
): Promise<ExportArchive> {
  if (!ID.test(companyId)) throw notFound('Company not found');
  // The guard's session look-up parked a transaction for this request: never hold two connections.
  await requestContext.getStore()?.parked?.discard();
  const client = await db.$client.connect();
  let released = false;
  const release = (broken = false) => {
    if (released) return;
    released = true;
    client.release(broken);
  };
  try {
    await client.query(
      `begin isolation level repeatable read read only; select set_config('role', '${APP_ROLE}', true), set_config('app.company_id', '${companyId}', true)`,
    );
    const found = await client.query<ExportCompany>(
      `select name, slug, kind, time_zone as "timeZone", currency, locale from companies where id = $1`,
      [companyId],
    );
    const company = found.rows[0];
    if (!company) throw notFound('Company not found');
    const files = archiveFiles({ companyId, currency: company.currency, timeZone: company.timeZone });
    const fileName = `kinetic-export-${company.slug}-${localDate(now, company.timeZone)}.zip`;

    // Once only, whoever asks first (the generator's finally, or the stream's close when it never started):
    // a second ROLLBACK queued behind the first would run after the connection went back to the pool.
    let ending: Promise<void> | undefined;
    const end = () =>
      (ending ??= (async () => {
        if (released) return;
        try {
          await client.query('rollback');
          release();
        } catch {
          release(true);
        }
      })());
    const stream = Readable.from(zipChunks(client, files, company, now, end), { objectMode: false });
    // A client that goes away mid-download destroys the stream: end the transaction then too.
    stream.once('close', () => void end());
    return { fileName, company, stream };
  } catch (error) {
    await client.query('rollback').catch(() => release(true));
    release();
    throw error;
  }
}

async function* zipChunks(
  client: pg.PoolClient,
  files: ArchiveFile[],
  company: ExportCompany,
  now: Date,
  end: () => Promise<void>,
): AsyncGenerator<Buffer> {
  const out: Uint8Array[] = [];
  let zipError: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) zipError = error;
    else out.push(data);
  });
  const take = (): Buffer | undefined => {
    if (zipError) throw zipError;
    if (out.length === 0) return undefined;
    const chunk = Buffer.concat(out);
    out.length = 0;
    return chunk;
  };
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    company: {
      name: company.name,
      slug: company.slug,
      kind: company.kind,
      timeZone: company.timeZone,
      currency: company.currency,
      locale: company.locale,
    },
    exportedAt: now.toISOString(),
    excluded: EXCLUDED,
    files: [],
  };
  let current: NativeDeflateEntry | undefined;
  try {
    for (const file of files) {
      const entry = new NativeDeflateEntry(file.name, now);
      current = entry;
      zip.add(entry);
      const columns = file.columns.map(([name]) => name);
      await entry.push(Buffer.from(csvRow(columns)));
      let rows = 0;
      const select = file.columns.map(([name, expression]) => `${expression} as "${name}"`).join(', ');
      await client.query(
        `declare export_rows no scroll cursor for select ${select} ${file.from} order by ${file.orderBy}`,
      );
      for (;;) {
        const batch = await client.query({
          text: `fetch ${EXPORT_BATCH_ROWS} from export_rows`,
          rowMode: 'array',
        });
        if (batch.rows.length === 0) break;
        let csv = '';
        for (const row of batch.rows as unknown[][]) csv += csvRow(row);
        rows += batch.rows.length;
        await entry.push(Buffer.from(csv));
        const chunk = take();
        if (chunk) yield chunk;
        if (batch.rows.length < EXPORT_BATCH_ROWS) break;
      }
      await client.query('close export_rows');
      await entry.end();
      current = undefined;
      manifest.files.push({ name: file.name, rows, columns });
      const chunk = take();
      if (chunk) yield chunk;
    }
    const entry = new NativeDeflateEntry('manifest.json', now);
    current = entry;
    zip.add(entry);
    await entry.push(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await entry.end();
    current = undefined;
    zip.end();
    const last = take();
    if (last) yield last;
  } finally {
    current?.destroy();
    await end();
  }
}

/** The export's day on the company's calendar (the file name's date). */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
