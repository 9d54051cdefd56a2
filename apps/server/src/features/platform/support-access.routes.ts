import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  objectIdSchema,
  successEnvelope,
  supportSessionDto,
  supportSessionListDto,
  supportSessionsQuery,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { endSupportSessionByCompany, listCompanySupportSessions } from './support-sessions.service.ts';

/** Issue 18 §2: a company's view of the platform's support sessions (Settings › Support Access). */
export const supportAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['support access'];

  app.get(
    '/support-sessions',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: "The platform's support sessions in this company, newest first",
        querystring: supportSessionsQuery,
        response: { 200: successEnvelope(supportSessionListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listCompanySupportSessions(db, actorOf(request).companyId, request.query),
    }),
  );

  app.post(
    '/support-sessions/:supportSessionId/end',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'End a support session now: its access stops at once',
        params: z.object({ supportSessionId: objectIdSchema }),
        response: { 200: successEnvelope(supportSessionDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Support session ended.',
      data: await endSupportSessionByCompany(db, actorOf(request), request.params.supportSessionId),
    }),
  );
};
