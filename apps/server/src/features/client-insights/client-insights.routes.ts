import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInsightsDto, clientInsightsQuery, successEnvelope } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { getClientInsights } from './client-insights.service.ts';

/** Client insights (issue 14 §3): the owners' charts of who their clients are and how they come. */
export const clientInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;

  app.get(
    '/client-insights',
    {
      // The one place that says who may see insights (issue 15 turns it into a per-person ability).
      onRequest: requireAbility('runReports'),
      schema: {
        tags: ['clients'],
        summary: 'Demographics, retention and attendance of the clients, every group of fewer than 5 merged',
        querystring: clientInsightsQuery,
        response: { 200: successEnvelope(clientInsightsDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getClientInsights(db, actorOf(request), request.query),
    }),
  );
};
