import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_ROLES } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import { myDataArchive } from './my-data.service.ts';

/** Privacy self-service (issue 11). */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  app.get(
    '/my/data',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags: ['client area'],
        summary:
          'Download my data: a ZIP of data.json and CSVs (profile, bookings, orders, credits, signatures)',
      },
    },
    async (request, reply) => {
      const archive = await myDataArchive(db, actorOf(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="my-data.zip"')
        .header('cache-control', 'private, no-store')
        .send(archive);
    },
  );
};
