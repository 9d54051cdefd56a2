import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closePayrollPeriodBody,
  objectIdSchema,
  payrollCsvName,
  payrollPeriodDto,
  payrollPeriodQuery,
  payrollPeriodRefParams,
  payrollSettingsBody,
  payrollSettingsDto,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { payrollCsv } from './payroll-csv.ts';
import {
  closePeriod,
  getClosedPeriod,
  getPeriod,
  getSettings,
  periodForCsv,
  saveSettingsFor,
} from './payroll.service.ts';

/** Payroll (issue 15 §4): /api/payroll. Pay is financial and about staff: both abilities are needed. */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['payroll'];
  const access = requireAbility(['manageStaff', 'seeFinancials']);

  app.get(
    '/payroll/settings',
    {
      onRequest: access,
      schema: {
        tags,
        summary: 'How often payroll runs',
        response: { 200: successEnvelope(payrollSettingsDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await getSettings(db, actorOf(request)) }),
  );

  app.put(
    '/payroll/settings',
    {
      onRequest: access,
      schema: {
        tags,
        summary:
          'Set the pay frequency and anchor (closed periods keep their dates; open ones fit around them)',
        body: payrollSettingsBody,
        response: { 200: successEnvelope(payrollSettingsDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Pay periods saved.',
      data: await saveSettingsFor(db, actorOf(request), request.body),
    }),
  );

  app.get(
    '/payroll/periods',
    {
      onRequest: access,
      schema: {
        tags,
        summary: 'The pay period holding a date: computed now while open, its frozen lines once closed',
        querystring: payrollPeriodQuery,
        response: { 200: successEnvelope(payrollPeriodDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getPeriod(db, actorOf(request), request.query.date),
    }),
  );

  app.get(
    '/payroll/periods/:periodId',
    {
      onRequest: access,
      schema: {
        tags,
        summary: 'A closed period by id, its frozen lines exactly',
        params: z.object({ periodId: objectIdSchema }),
        response: { 200: successEnvelope(payrollPeriodDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getClosedPeriod(db, actorOf(request), request.params.periodId),
    }),
  );

  app.post(
    '/payroll/periods/close',
    {
      onRequest: access,
      schema: {
        tags,
        summary: 'Close an ended open period: its lines are frozen and never change',
        body: closePayrollPeriodBody,
        response: { 200: successEnvelope(payrollPeriodDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Period closed. Its figures will not change.',
      data: await closePeriod(db, actorOf(request), request.body),
    }),
  );

  app.get(
    '/payroll/periods/:period/csv',
    {
      onRequest: access,
      schema: {
        tags,
        summary:
          'A period as CSV (by its first day, or a closed period by id); a closed one is always the same bytes',
        params: payrollPeriodRefParams,
      },
    },
    async (request, reply) => {
      const period = await periodForCsv(db, actorOf(request), request.params.period);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${payrollCsvName(period)}"`)
        .header('cache-control', 'private, no-store')
        .send(payrollCsv(period));
    },
  );
};
