import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_ROLES, myNotificationsDto, notificationPreferencesBody, successEnvelope } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import { getMyPreferences, saveMyPreferences } from './client-preferences.service.ts';

/** The client's Settings › Notifications (issue 11). */
export const clientPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['client area'];
  const answer = successEnvelope(myNotificationsDto);
  app.get(
    '/my/notifications',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: { tags, summary: 'Which optional emails I get', response: { 200: answer } },
    },
    async (request) => ({ status: 1 as const, data: await getMyPreferences(db, actorOf(request)) }),
  );
  app.put(
    '/my/notifications',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: { tags, summary: 'Choose which optional emails I get', body: notificationPreferencesBody, response: { 200: answer } },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Your email choices are saved.',
      data: await saveMyPreferences(db, actorOf(request), request.body),
    }),
  );
};
