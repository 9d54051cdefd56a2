import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceReportDto,
  attendanceReportQuery,
  reportFileName,
  revenueReportDto,
  revenueReportQuery,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import type { CsvDownload } from './reports-csv.ts';
import { attendanceCsv, attendanceReport, revenueCsv, revenueReport } from './reports.service.ts';

/**
 * Attendance and revenue reports (issue 14 §5), as JSON and as streamed CSV: for whoever may run reports;
 * revenue also needs the financial data.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['reports'];
  // A CSV streams on a connection of its own: nothing is parked for it while it is written.
  const attendanceCsvAccess = requireAbility('runReports', { park: false });
  const revenueCsvAccess = requireAbility(['runReports', 'seeFinancials'], { park: false });

  const sendCsv = (reply: FastifyReply, name: string, download: CsvDownload) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(download.stream);

  app.get(
    '/reports/attendance',
    {
      onRequest: requireAbility('runReports'),
      schema: {
        tags,
        summary:
          'Attendance in a period (company calendar, both days included), by class, instructor, studio or period',
        querystring: attendanceReportQuery,
        response: { 200: successEnvelope(attendanceReportDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await attendanceReport(db, actorOf(request), request.query),
    }),
  );

  app.get(
    '/reports/attendance.csv',
    {
      onRequest: attendanceCsvAccess,
      schema: {
        tags,
        summary: 'The attendance report as CSV (streamed)',
        querystring: attendanceReportQuery,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        reportFileName('attendance', request.query),
        await attendanceCsv(db, actorOf(request), request.query),
      ),
  );

  app.get(
    '/reports/revenue',
    {
      onRequest: requireAbility(['runReports', 'seeFinancials']),
      schema: {
        tags,
        summary: 'Sales, discounts, refunds and tax in a period, in minor units of the company currency',
        querystring: revenueReportQuery,
        response: { 200: successEnvelope(revenueReportDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await revenueReport(db, actorOf(request), request.query),
    }),
  );

  app.get(
    '/reports/revenue.csv',
    {
      onRequest: revenueCsvAccess,
      schema: { tags, summary: 'The revenue report as CSV (streamed)', querystring: revenueReportQuery },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        reportFileName('revenue', request.query),
        await revenueCsv(db, actorOf(request), request.query),
      ),
  );
};
