import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAccountParams, resetLinkDto, successEnvelope, TEAM_ROLES } from '@kinetic/shared';
import { actorOf, requireRole } from '../../plugins/auth.ts';
import { sendClientResetLink } from './reset-link.service.ts';

/** Issue 14 §2: the client profile (GET …/profile), staff notes and the reset link. */
export const clientProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['client-profile'];

  app.post(
    '/clients/:clientId/reset-link',
    {
      // Everyone who may see clients (me.can.viewClients: the whole team).
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Email the client the normal password-reset link of their client login (rate-limited)',
        params: clientAccountParams,
        response: { 200: successEnvelope(resetLinkDto) },
      },
    },
    async (request) => {
      const message = await sendClientResetLink(
        {
          db: app.deps.db.db,
          jobs: app.deps.jobs,
          publicUrl: app.deps.publicUrl,
          log: (error) => request.log.error({ err: error }, 'email hand-off failed'),
        },
        actorOf(request),
        request.params.clientId,
      );
      return { status: 1 as const, message, data: { message } };
    },
  );
};
