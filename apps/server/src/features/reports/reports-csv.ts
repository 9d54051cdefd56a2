import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import QueryStream from 'pg-query-stream';
import { csvLine, currencyDigits, type CsvDecimal, type CsvValue } from '@kinetic/shared';
import { BEGIN_AS_APP, withTenant, type Database, type Executor } from '../../db/client.ts';
import type { ReportFrame } from './reports.repo.ts';

export interface CsvDownload {
  stream: Readable;
}

interface CsvReport<Row> {
  /** Checks and settles the period before any byte is sent: a 404 or 400 is still an answer. */
  prepare: (tx: Executor) => Promise<ReportFrame>;
  query: (frame: ReportFrame) => SQL;
  header: (frame: ReportFrame) => string[];
  line: (row: Row, amount: (minor: number) => CsvDecimal) => CsvValue[];
}

const dialect = new PgDialect();
/** Rows fetched from the cursor at a time, and written to the answer at a time. */
const BATCH = 200;

/**
 * A report as CSV, streamed: rows come from a PostgreSQL cursor (pg-query-stream) as the client reads
 * them, so memory stays flat whatever the period holds. The cursor lives in a transaction of its own
 * on a connection of its own, scoped to the company like every tenant transaction (restricted role,
 * `app.company_id` set); a client that goes away ends it.
 */
export async function streamCsv<Row>(
  db: Database,
  companyId: string,
  report: CsvReport<Row>,
): Promise<CsvDownload> {
  const frame = await withTenant(db, companyId, report.prepare);
  const digits = currencyDigits(frame.currency);
  const amount = (minor: number): CsvDecimal => ({ decimal: (minor / 10 ** digits).toFixed(digits) });
  const { sql: text, params } = dialect.sqlToQuery(report.query(frame));

  const client = await db.$client.connect();
  try {
    await client.query(BEGIN_AS_APP);
    await client.query(`select set_config('app.company_id', $1, true)`, [companyId]);
  } catch (error) {
    client.release(true);
    throw error;
  }
  const rows = client.query(new QueryStream(text, params, { batchSize: BATCH }));
  let released = false;
  // A cursor left mid-way is not worth saving: the connection is closed rather than reused.
  const release = (finished: boolean) => {
    if (released) return;
    released = true;
    if (!finished) rows.destroy();
    client.release(!finished);
  };

  async function* lines() {
    let finished = false;
    try {
      yield csvLine(report.header(frame));
      let chunk = '';
      let count = 0;
      for await (const row of rows) {
        chunk += csvLine(report.line(row as Row, amount));
        count += 1;
        if (count === BATCH) {
          yield chunk;
          chunk = '';
          count = 0;
        }
      }
      if (chunk) yield chunk;
      await client.query('commit');
      finished = true;
    } finally {
      release(finished);
    }
  }
  const stream = Readable.from(lines(), { objectMode: false });
  // Destroyed before its first read (the client went at once), the generator never runs its finally.
  stream.once('close', () => release(false));
  return { stream };
}
