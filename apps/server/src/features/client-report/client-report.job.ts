import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import QueryStream from 'pg-query-stream';
import { APP_ROLE, withPlatform, withTenant, type Database } from '../../db/client.ts';
import { clientReports } from '../../db/schema/index.ts';
import { clientReportLine, CSV_HEADER } from './client-report.csv.ts';
import {
  clientReportCountQuery,
  clientReportQuery,
  companyTimeZoneQuery,
  deleteExpiredReports,
  findReportById,
  setProgress,
  type ClientReportRow,
} from './client-report.repo.ts';

/** Where a company's report files live: `DATA_DIR/client-reports/{companyId}/{filename}`. */
export const reportFolder = (dataDir: string, companyId: string) =>
  path.resolve(dataDir, 'client-reports', companyId);
export const reportPath = (dataDir: string, companyId: string, filename: string) =>
  path.join(reportFolder(dataDir, companyId), filename);

export interface WriteReportOptions {
  /** How often the progress (`done`) is saved while the job writes. */
  progressEveryMs?: number;
  /** Attempts in all (pg-boss's retryLimit + 1): after the last failure the report is marked failed. */
  maxAttempts: number;
  /** Rows fetched from PostgreSQL per round trip (the cursor's batch). */
  batchSize?: number;
}

const ID = /^[0-9a-f]{24}$/;
/** Lines are handed to the file in chunks of about this many characters, not one write per client. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The client report job: streams the report's SELECT through a cursor (pg-query-stream) into
 * `{filename}.part` and renames it when complete, so a download never sees half a file. Memory stays
 * flat: at most one batch of rows and one chunk of text are held. Count and rows come from one
 * REPEATABLE READ snapshot, so `done` ends exactly at `total`. Every row is read, so the planner is
 * told so (`cursor_tuple_fraction` 1): a cursor is otherwise planned for its first tenth, a slower plan
 * in all. A failure is recorded and thrown, and pg-boss retries; after the last attempt the report is
 * marked failed (the page keeps waiting, spec §8).
 */
export async function writeClientReport(
  db: Database,
  dataDir: string,
  companyId: string,
  reportId: string,
  options: WriteReportOptions,
): Promise<'written' | 'skipped' | 'failed'> {
  if (!ID.test(companyId)) return 'skipped';
  const report = await withTenant(db, companyId, async (tx) => {
    const found = await findReportById(tx, companyId, reportId);
    if (!found || found.status !== 'processing') return undefined;
    const [updated] = await tx
      .update(clientReports)
      .set({ attempts: sql`${clientReports.attempts} + 1`, done: 0, updatedAt: new Date() })
      .where(and(eq(clientReports.companyId, companyId), eq(clientReports.id, reportId)))
      .returning();
    return updated;
  });
  if (!report) return 'skipped';

  const finalPath = reportPath(dataDir, companyId, report.filename);
  const partPath = `${finalPath}.part`;
  const client = await db.$client.connect();
  let broken = false;
  try {
    await client.query(
      `begin isolation level repeatable read read only; select set_config('role', '${APP_ROLE}', true), set_config('app.company_id', '${companyId}', true), set_config('cursor_tuple_fraction', '1', true)`,
    );
    const zone = companyTimeZoneQuery(companyId);
    const timeZone =
      ((await client.query(zone.text, zone.values)).rows[0] as { timeZone?: string } | undefined)?.timeZone ??
      'UTC';
    const count = clientReportCountQuery(companyId, report.request.searchString);
    const total = ((await client.query(count.text, count.values)).rows[0] as { total: number }).total;
    await withTenant(db, companyId, (tx) =>
      tx
        .update(clientReports)
        .set({ total, done: 0, updatedAt: new Date() })
        .where(and(eq(clientReports.companyId, companyId), eq(clientReports.id, reportId))),
    );

    await mkdir(path.dirname(finalPath), { recursive: true });
    const { text, values } = clientReportQuery(companyId, timeZone, report.request);
    const rows = client.query(
      new QueryStream(text, values, { batchSize: options.batchSize ?? 1000, rowMode: 'array' }),
    );
    const everyMs = options.progressEveryMs ?? 500;
    let done = 0;
    let savedAt = Date.now();
    await pipeline(
      rows,
      async function* toCsv(source: AsyncIterable<ClientReportRow>) {
        let chunk = CSV_HEADER;
        for await (const row of source) {
          chunk += clientReportLine(row);
          done += 1;
          if (chunk.length >= CHUNK_CHARS) {
            yield chunk;
            chunk = '';
          }
          if (Date.now() - savedAt >= everyMs) {
            savedAt = Date.now();
            await withTenant(db, companyId, (tx) => setProgress(tx, companyId, reportId, done));
          }
        }
        if (chunk !== '') yield chunk;
      },
      createWriteStream(partPath),
    );
    await client.query('commit');
    await rename(partPath, finalPath);
    await withTenant(db, companyId, (tx) =>
      tx
        .update(clientReports)
        .set({
          status: 'ready',
          done: total,
          lastError: null,
          completedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(clientReports.companyId, companyId), eq(clientReports.id, reportId))),
    );
    return 'written';
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    await rm(partPath, { force: true }).catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    const gaveUp = report.attempts >= options.maxAttempts;
    await withTenant(db, companyId, (tx) =>
      tx
        .update(clientReports)
        .set({
          lastError: message.slice(0, 500),
          status: gaveUp ? 'failed' : 'processing',
          updatedAt: new Date(),
        })
        .where(and(eq(clientReports.companyId, companyId), eq(clientReports.id, reportId))),
    );
    if (gaveUp) return 'failed';
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Reports past their 24 hours, of every company: rows deleted, then their files (a file without a row is unreachable). */
export async function removeExpiredClientReports(
  db: Database,
  dataDir: string,
  now = new Date(),
): Promise<number> {
  const expired = await withPlatform(db, (tx) => deleteExpiredReports(tx, now));
  for (const { companyId, filename } of expired) {
    const file = reportPath(dataDir, companyId, filename);
    await rm(file, { force: true });
    await rm(`${file}.part`, { force: true });
  }
  return expired.length;
}
