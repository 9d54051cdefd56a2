import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityDto,
  availabilityExceptionBody,
  availabilityExceptionDto,
  availabilityExceptionParams,
  availabilityListDto,
  availabilityParams,
  messageEnvelope,
  successEnvelope,
  TEAM_ROLES,
  weeklyAvailabilityBody,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import {
  addException,
  getAvailability,
  listAvailability,
  removeException,
  saveWeekly,
} from './availability.service.ts';

/**
 * Instructors' working hours and exceptions (issue 17 §2): /api/availability/{instructorId}. The guard
 * admits the team; the service keeps someone without manageSchedule to their own instructor row (403
 * for another's), so an instructor keeps their own hours.
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['appointments'];
  const team = requireRole(TEAM_ROLES);
  const one = successEnvelope(availabilityDto);

  app.get(
    '/availability',
    {
      onRequest: team,
      schema: {
        tags,
        summary: "Instructors' working hours and exceptions (managers: everyone; an instructor: their own)",
        response: { 200: successEnvelope(availabilityListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listAvailability(db, actorOf(request)) }),
  );

  app.get(
    '/availability/:instructorId',
    {
      onRequest: team,
      schema: {
        tags,
        summary: "One instructor's week per studio and exceptions from today on",
        params: availabilityParams,
        response: { 200: one },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getAvailability(db, actorOf(request), request.params.instructorId),
    }),
  );

  app.put(
    '/availability/:instructorId/weekly',
    {
      onRequest: team,
      schema: {
        tags,
        summary: "Replace an instructor's weekly working hours at every studio (studio's time zone)",
        params: availabilityParams,
        body: weeklyAvailabilityBody,
        response: { 200: one },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Working hours saved.',
      data: await saveWeekly(db, actorOf(request), request.params.instructorId, request.body),
    }),
  );

  app.post(
    '/availability/:instructorId/exceptions',
    {
      onRequest: team,
      schema: {
        tags,
        summary: 'Add time off or extra hours on one date',
        params: availabilityParams,
        body: availabilityExceptionBody,
        response: { 201: successEnvelope(availabilityExceptionDto) },
      },
    },
    async (request, reply) => {
      const data = await addException(db, actorOf(request), request.params.instructorId, request.body);
      const message = data.kind === 'off' ? 'Time off added.' : 'Extra hours added.';
      return reply.code(201).send({ status: 1 as const, message, data });
    },
  );

  app.delete(
    '/availability/:instructorId/exceptions/:exceptionId',
    {
      onRequest: team,
      schema: {
        tags,
        summary: 'Remove one exception',
        params: availabilityExceptionParams,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await removeException(db, actorOf(request), request.params.instructorId, request.params.exceptionId);
      return { status: 1 as const, message: 'Exception removed.' };
    },
  );
};
