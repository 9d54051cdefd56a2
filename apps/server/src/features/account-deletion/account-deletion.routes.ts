import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_ROLES, deletionRequestBody, deletionRequestDto, successEnvelope } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import { myDeletionRequest, requestDeletion, withdrawDeletion } from './account-deletion.service.ts';

const tags = ['account'];
const answer = { 200: successEnvelope(deletionRequestDto) };
const day = (instant: string | null) =>
  instant ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(instant)) : '';

/** `/api/my/deletion-request`: a client asks to delete their account, sees the request, or withdraws it. */
export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const onRequest = requireRole(CLIENT_ROLES);
  app.get('/my/deletion-request', { onRequest, schema: { tags, summary: 'My request to delete my account', response: answer } }, async (request) => ({
    status: 1 as const,
    data: await myDeletionRequest(db, actorOf(request)),
  }));
  app.post(
    '/my/deletion-request',
    { onRequest, schema: { tags, summary: 'Ask to delete my account (password to confirm)', body: deletionRequestBody, response: answer } },
    async (request) => {
      const data = await requestDeletion(db, actorOf(request), request.body.password);
      return {
        status: 1 as const,
        message: `Your account will be deleted on ${day(data.takesEffectAt)}. Until then you can change your mind here.`,
        data,
      };
    },
  );
  app.delete('/my/deletion-request', { onRequest, schema: { tags, summary: 'Withdraw my request', response: answer } }, async (request) => ({
    status: 1 as const,
    message: 'Your account stays: the request is withdrawn.',
    data: await withdrawDeletion(db, actorOf(request)),
  }));
};
