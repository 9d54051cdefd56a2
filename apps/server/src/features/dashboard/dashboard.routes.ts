import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardDto, dashboardQuery, successEnvelope, TEAM_ROLES } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import { getDashboard } from './dashboard.service.ts';

/** Issue 18: the owner's and instructor's dashboard, one request for the whole screen. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  app.get(
    '/dashboard',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags: ['dashboard'],
        summary:
          "The Dashboard for a day (today on the company's clock unless date=YYYY-MM-DD): classes per studio with live seats, the next class, this week against last, memberships, unsigned waivers and balances owing. Money needs seeFinancials; an instructor sees only their own classes",
        querystring: dashboardQuery,
        response: { 200: successEnvelope(dashboardDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getDashboard(db, actorOf(request), request.query),
    }),
  );
};
