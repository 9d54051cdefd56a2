import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_REPORT_FILE_NAME,
  clientReportAnswer,
  clientReportParams,
  clientReportRequestBody,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { clientReportFile, clientReportProgress, requestClientReport } from './client-report.service.ts';

/**
 * The CSV client report (issue 14 §4; spec §7's two calls, plus the progress the page polls). Only whoever
 * may run reports (the runReports ability, issue 15 §2) makes or downloads one.
 */
export const clientReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const dataDir = app.deps.config.DATA_DIR;

  app.post(
    '/generate-client-report-in-csv',
    {
      onRequest: requireAbility('runReports'),
      schema: {
        tags: ['reports'],
        summary:
          'Start the CSV client report (spec §7); status 2 = being processed, follow client-reports/{filename}',
        body: clientReportRequestBody,
        response: { 202: clientReportAnswer },
      },
    },
    async (request, reply) => {
      const answer = await requestClientReport(db, app.deps.jobs, actorOf(request), request.body);
      return reply.code(202).send(answer);
    },
  );

  app.get(
    '/client-reports/:filename',
    {
      onRequest: requireAbility('runReports'),
      schema: {
        tags: ['reports'],
        summary: "A client report's progress: done of total clients; status 1 when the file is ready",
        params: clientReportParams,
        response: { 200: clientReportAnswer },
      },
    },
    async (request, reply) => {
      const answer = await clientReportProgress(db, dataDir, actorOf(request), request.params.filename);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get(
    '/download-generated-client-report-in-csv/:filename',
    {
      onRequest: requireAbility('runReports'),
      schema: {
        tags: ['reports'],
        summary: 'The finished CSV client report, saved as client-report.csv (spec §7)',
        params: clientReportParams,
      },
    },
    async (request, reply) => {
      const { file } = await clientReportFile(db, dataDir, actorOf(request), request.params.filename);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CLIENT_REPORT_FILE_NAME}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );
};
