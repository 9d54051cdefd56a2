import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentSlotListDto,
  appointmentSlotsQuery,
  publicCompanyParams,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf, ANY_ROLE } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import { listPublicSlots, listSlots } from './appointment-slots.service.ts';

/** Free slots (issue 17 §2): /api/appointment-slots and /api/public/{company}/appointment-slots. */
export const appointmentSlotsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const response = { 200: successEnvelope(appointmentSlotListDto) };

  app.get(
    '/appointment-slots',
    {
      onRequest: requireRole(ANY_ROLE),
      schema: {
        tags: ['appointments'],
        summary: 'Free slots of one appointment type (the team: any type; clients: types they can book)',
        querystring: appointmentSlotsQuery,
        response,
      },
    },
    async (request) => ({ status: 1 as const, data: await listSlots(db, actorOf(request), request.query) }),
  );

  // Read-only like the public timetable (/public/{company}/class-instances), which is not rate-limited either.
  app.get(
    '/public/:company/appointment-slots',
    {
      schema: {
        tags: ['public'],
        summary: 'Free slots of one active appointment type, as the widget and the client area show them',
        params: publicCompanyParams,
        querystring: appointmentSlotsQuery,
        response,
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listPublicSlots(db, request.params.company, request.query),
    }),
  );
};
