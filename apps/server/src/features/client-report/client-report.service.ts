import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import {
  CLIENT_REPORT_FILENAME,
  CLIENT_REPORT_PROCESSING,
  CLIENT_REPORT_READY,
  type ClientReportAnswer,
} from '@kinetic/shared';
import type { z } from 'zod';
import type { clientReportRequestBody } from '@kinetic/shared';
import { withTenant, type Database } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { clientReports } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import {
  asSql,
  clientReportCountQuery,
  deleteReport,
  findReportByFilename,
  findReportInProgress,
  lockReportRequests,
} from './client-report.repo.ts';
import { reportPath } from './client-report.job.ts';

/** A report of the same request by the same person begun this recently and still being made is followed, not begun again. */
const REUSE_IN_PROGRESS_MS = 10 * 60_000;

/** A report can be downloaded for 24 hours; then it is deleted (on the next read or the sweep). */
export const CLIENT_REPORT_LIFETIME_MS = 24 * 3_600_000;

const NOT_FOUND = 'We could not find that report. Open the report page again to make a new one.';
const EXPIRED =
  'This report is older than 24 hours and has been deleted. Open the report page again to make a new one.';

export interface ReportQueue {
  generateClientReport(companyId: string, reportId: string): Promise<void>;
}

type Report = typeof clientReports.$inferSelect;

const answerOf = (report: Report): ClientReportAnswer => {
  const ready = report.status === 'ready';
  return {
    status: ready ? CLIENT_REPORT_READY : CLIENT_REPORT_PROCESSING,
    filename: report.filename,
    data: { filename: report.filename, ready, done: ready ? report.total : report.done, total: report.total },
  };
};

/**
 * `generate-client-report-in-csv`: the report of the session's company (the body's companyId must be
 * it, else 404), written by a background job; the answer names the file to follow.
 */
export async function requestClientReport(
  db: Database,
  queue: ReportQueue | undefined,
  actor: Actor,
  body: z.output<typeof clientReportRequestBody>,
): Promise<ClientReportAnswer> {
  if (body.companyId.toLowerCase() !== actor.companyId) throw notFound('We could not find that company.');
  if (!queue) throw new HttpError(503, 'Reports cannot be made right now. Please try again in a moment.');
  const now = new Date();
  const request = {
    searchString: body.searchString,
    orderBy: body.orderBy,
    orderDirection: body.orderDirection,
  };
  const { report, started } = await withTenant(db, actor.companyId, async (tx) => {
    await lockReportRequests(tx, actor.companyId, actor.userId);
    const since = new Date(now.getTime() - REUSE_IN_PROGRESS_MS);
    const running = await findReportInProgress(tx, actor.companyId, actor.userId, request, since);
    if (running) return { report: running, started: false };
    const { rows } = await tx.execute(asSql(clientReportCountQuery(actor.companyId, body.searchString)));
    const [row] = await tx
      .insert(clientReports)
      .values({
        companyId: actor.companyId,
        id: generateId(now.getTime()),
        filename: `${randomBytes(16).toString('hex')}.csv`,
        requestedBy: actor.userId,
        request,
        total: (rows[0] as { total: number }).total,
        expiresAt: new Date(now.getTime() + CLIENT_REPORT_LIFETIME_MS),
        createdAt: now,
      })
      .returning();
    return { report: row!, started: true };
  });
  if (started) await queue.generateClientReport(actor.companyId, report.id);
  return answerOf(report);
}

/** The report behind a name, of the session's company and not expired; anything else is 404. */
async function liveReport(db: Database, dataDir: string, actor: Actor, filename: string): Promise<Report> {
  if (!CLIENT_REPORT_FILENAME.test(filename)) throw notFound(NOT_FOUND);
  const report = await withTenant(db, actor.companyId, (tx) =>
    findReportByFilename(tx, actor.companyId, filename),
  );
  if (!report) throw notFound(NOT_FOUND);
  if (report.expiresAt.getTime() <= Date.now()) {
    await withTenant(db, actor.companyId, (tx) => deleteReport(tx, actor.companyId, report.id));
    const file = reportPath(dataDir, actor.companyId, filename);
    await rm(file, { force: true });
    await rm(`${file}.part`, { force: true });
    throw notFound(EXPIRED);
  }
  return report;
}

/** `client-reports/{filename}`: how far the job is; status 1 once the file is complete. */
export async function clientReportProgress(
  db: Database,
  dataDir: string,
  actor: Actor,
  filename: string,
): Promise<ClientReportAnswer> {
  const report = await liveReport(db, dataDir, actor, filename);
  if (report.status === 'failed')
    throw new HttpError(503, 'The report could not be made. Open the report page again to try once more.');
  return answerOf(report);
}

/** The complete file's path, for `download-generated-client-report-in-csv/{filename}`. */
export async function clientReportFile(db: Database, dataDir: string, actor: Actor, filename: string) {
  const report = await liveReport(db, dataDir, actor, filename);
  if (report.status !== 'ready')
    throw new HttpError(409, 'The report is still being made. Please wait for it.');
  const file = reportPath(dataDir, actor.companyId, filename);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw notFound(NOT_FOUND);
  return { file, size: info.size };
}
