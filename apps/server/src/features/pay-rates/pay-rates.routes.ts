import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageEnvelope,
  payRateBody,
  payRateDto,
  payRateListDto,
  payRateListQuery,
  payRateParams,
  payRateUpdateBody,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { createPayRate, deletePayRate, listPayRates, updatePayRate } from './pay-rates.service.ts';

/**
 * Pay rates (issue 15 §3): /api/pay-rates. Pay is staff management and money: both abilities are
 * needed (solo companies never have manageStaff, so they get 403).
 */
export const payRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['pay-rates'];
  const guard = requireAbility(['manageStaff', 'seeFinancials']);
  const one = successEnvelope(payRateDto);

  app.get(
    '/pay-rates',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Pay rates of the company or one instructor, with which is in force today',
        querystring: payRateListQuery,
        response: { 200: successEnvelope(payRateListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listPayRates(db, actorOf(request), request.query.instructorId),
    }),
  );

  app.post(
    '/pay-rates',
    {
      onRequest: guard,
      schema: { tags, summary: 'Set a new rate from a date', body: payRateBody, response: { 201: one } },
    },
    async (request, reply) => {
      const data = await createPayRate(db, actorOf(request), request.body);
      return reply.code(201).send({ status: 1 as const, message: 'Pay rate set.', data });
    },
  );

  app.put(
    '/pay-rates/:payRateId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Change a rate that has not started yet',
        params: payRateParams,
        body: payRateUpdateBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const data = await updatePayRate(db, actorOf(request), request.params.payRateId, request.body);
      return { status: 1 as const, message: 'Pay rate saved.', data };
    },
  );

  app.delete(
    '/pay-rates/:payRateId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Delete a rate that has not started yet',
        params: payRateParams,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await deletePayRate(db, actorOf(request), request.params.payRateId);
      return { status: 1 as const, message: 'Pay rate deleted.' };
    },
  );
};
