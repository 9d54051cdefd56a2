import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSettingsAnswer, saveSessionSettingsBody, successEnvelope, TEAM_ROLES } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { getSessionSettings, saveSessionSettings } from './session-settings.service.ts';

export const sessionSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['settings'];

  // The team reads the rules (staff answer clients' questions about cancellations); owners change them.
  app.get(
    '/settings/sessions',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Session rules: booking, cancellation, waitlist and check-in windows (defaults until saved)',
        response: { 200: successEnvelope(sessionSettingsAnswer) },
      },
    },
    async (request) => ({ status: 1 as const, data: await getSessionSettings(db, actorOf(request)) }),
  );

  app.put(
    '/settings/sessions',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary:
          'Save the session rules and the class reminder time (completes the classesSettings onboarding step)',
        body: saveSessionSettingsBody,
        response: { 200: successEnvelope(sessionSettingsAnswer) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Session settings saved.',
      data: await saveSessionSettings(db, actorOf(request), request.body),
    }),
  );
};
