import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureEnvelope, healthDto, successEnvelope } from '@kinetic/shared';
import { checkDatabase } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        response: { 200: successEnvelope(healthDto), 503: failureEnvelope.extend({ data: healthDto }) },
      },
    },
    async (_request, reply) => {
      const database = await checkDatabase(app.deps.db.pool);
      const data = { database, uptimeSeconds: Math.round(process.uptime()) };
      if (database === 'up') return { status: 1 as const, data };
      return reply.code(503).send({ status: 0 as const, message: 'The database is not answering.', data });
    },
  );
};
