import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listStudiosQuery,
  messageEnvelope,
  studioBody,
  studioDto,
  studioListDto,
  studioParams,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireCompanyAbility, requireRole } from '../../plugins/guards.ts';
import { createStudio, deleteStudio, getStudio, listStudios, updateStudio } from './studios.service.ts';

export const studiosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['studios'];

  // The team reads studios (they schedule and teach in them); only the admin changes them.
  app.get(
    '/studios',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Studios with their hours, amenities and rooms',
        querystring: listStudiosQuery,
        response: { 200: successEnvelope(studioListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listStudios(db, actorOf(request), request.query) }),
  );

  app.post(
    '/studios',
    {
      onRequest: requireCompanyAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Add a studio (completes the studios onboarding step)',
        body: studioBody,
        response: { 201: successEnvelope(studioDto) },
      },
    },
    async (request, reply) => {
      const data = await createStudio(db, actorOf(request), request.body);
      return reply.code(201).send({ status: 1 as const, message: 'Studio added.', data });
    },
  );

  app.get(
    '/studios/:studioId',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'One studio',
        params: studioParams,
        response: { 200: successEnvelope(studioDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getStudio(db, actorOf(request), request.params.studioId),
    }),
  );

  app.put(
    '/studios/:studioId',
    {
      onRequest: requireCompanyAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Save a studio: details, hours, amenities and rooms (rooms left out are deleted)',
        params: studioParams,
        body: studioBody,
        response: { 200: successEnvelope(studioDto) },
      },
    },
    async (request) => {
      const data = await updateStudio(
        db,
        actorOf(request),
        request.params.studioId,
        request.body,
        app.deps.publicUrl,
      );
      // A corrected time zone moves booked classes: their clients were emailed through the outbox.
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: 'Studio saved.', data };
    },
  );

  app.delete(
    '/studios/:studioId',
    {
      onRequest: requireCompanyAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Delete a studio (refused while classes still to come use it)',
        params: studioParams,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await deleteStudio(db, actorOf(request), request.params.studioId);
      return { status: 1 as const, message: 'Studio deleted.' };
    },
  );
};
