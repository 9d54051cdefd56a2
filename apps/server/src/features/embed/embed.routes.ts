import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { embedSettingsAnswer, saveEmbedSettingsBody, successEnvelope, TEAM_ROLES } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { getEmbedSettings, saveEmbedSettings } from './embed.service.ts';

export const embedSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['settings'];

  app.get(
    '/settings/embed',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary:
          'The booking widget: the company slug for the embed snippet and the sites allowed to frame it',
        response: { 200: successEnvelope(embedSettingsAnswer) },
      },
    },
    async (request) => ({ status: 1 as const, data: await getEmbedSettings(db, actorOf(request)) }),
  );

  app.put(
    '/settings/embed',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: "Save the https sites allowed to embed the booking widget (its pages' CSP frame-ancestors)",
        body: saveEmbedSettingsBody,
        response: { 200: successEnvelope(embedSettingsAnswer) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Embedding settings saved.',
      data: await saveEmbedSettings(db, actorOf(request), request.body),
    }),
  );
};
