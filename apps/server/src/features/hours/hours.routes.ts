import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addHoursBody,
  deleteHoursParams,
  hoursDto,
  replaceHoursBody,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { addHours, deleteHoursDay, getHours, replaceHours } from './hours.service.ts';

export const hoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['settings'];
  const answer = { 200: successEnvelope(hoursDto) };

  app.get(
    '/hours',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Peak and non-peak hours per weekday (spec §3 hours state)',
        response: answer,
      },
    },
    async (request) => ({ status: 1 as const, data: await getHours(db, actorOf(request)) }),
  );

  app.post(
    '/hours',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary:
          "Add time ranges to a day; they merge with the day's list (completes the hours onboarding step)",
        body: addHoursBody,
        response: answer,
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Hours added.',
      data: await addHours(db, actorOf(request), request.body),
    }),
  );

  app.put(
    '/hours',
    {
      onRequest: requireAbility('manageSettings'),
      schema: { tags, summary: "Replace a day's time ranges", body: replaceHoursBody, response: answer },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Hours saved.',
      data: await replaceHours(db, actorOf(request), request.body),
    }),
  );

  app.delete(
    '/hours/:band/:day',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: "Remove a day's entry from peak or non-peak hours",
        params: deleteHoursParams,
        response: answer,
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Hours deleted.',
      data: await deleteHoursDay(db, actorOf(request), request.params),
    }),
  );
};
