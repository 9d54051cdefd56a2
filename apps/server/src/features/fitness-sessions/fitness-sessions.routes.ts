import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteFitnessSessionQuery,
  editFitnessSessionBody,
  fitnessSessionBody,
  fitnessSessionDto,
  fitnessSessionParams,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { createSeries, deleteSeries, editSeries, getSeries } from './fitness-sessions.service.ts';

/** Class series: the owner (admin, solo instructor) schedules; the team reads. */
export const fitnessSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['schedule'];
  const one = successEnvelope(fitnessSessionDto);

  app.post(
    '/fitness-sessions',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary:
          'Schedule a class: one date, or weekly (classes are generated 12 weeks ahead in the studio time zone)',
        body: fitnessSessionBody,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const data = await createSeries(db, actorOf(request), request.body);
      return reply.code(201).send({ status: 1 as const, message: 'Class scheduled.', data });
    },
  );

  app.get(
    '/fitness-sessions/:fitnessSessionId',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: { tags, summary: 'One class series', params: fitnessSessionParams, response: { 200: one } },
    },
    async (request) => ({
      status: 1 as const,
      data: await getSeries(db, actorOf(request), request.params.fitnessSessionId),
    }),
  );

  app.put(
    '/fitness-sessions/:fitnessSessionId',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary:
          'Edit this class only, this and following, or all classes to come (past classes never change)',
        params: fitnessSessionParams,
        body: editFitnessSessionBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const data = await editSeries(
        db,
        actorOf(request),
        request.params.fitnessSessionId,
        request.body,
        new Date(),
        app.deps.publicUrl,
      );
      // Clients of classes the edit cancelled, or whose raised capacity took them off the waitlist, are emailed.
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: 'Schedule saved.', data };
    },
  );

  app.delete(
    '/fitness-sessions/:fitnessSessionId',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'Remove this class, this and following, or all classes to come (booked ones are cancelled)',
        params: fitnessSessionParams,
        querystring: deleteFitnessSessionQuery,
        response: { 200: successEnvelope(z.object({ removed: z.number(), cancelled: z.number() })) },
      },
    },
    async (request) => {
      const data = await deleteSeries(
        db,
        actorOf(request),
        request.params.fitnessSessionId,
        request.query,
        new Date(),
        app.deps.publicUrl,
      );
      if (data.cancelled > 0)
        app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      const message =
        data.cancelled > 0
          ? `${data.removed} classes removed; ${data.cancelled} with bookings cancelled.`
          : `${data.removed === 1 ? 'Class' : `${data.removed} classes`} removed.`;
      return { status: 1 as const, message, data };
    },
  );
};
