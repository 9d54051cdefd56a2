import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_ROLES,
  clientSignupDetailsParams,
  signupDetailsBody,
  signupDetailsDto,
  successEnvelope,
  TEAM_ROLES,
  widgetStudioDto,
  widgetStudioParams,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import {
  getClientSignupDetails,
  getMySignupDetails,
  getWidgetStudio,
  saveMySignupDetails,
} from './signup-details.service.ts';

/** Client sign-up details (issue 11 §2): the client's own, the team's read-only view, the widget's studio. */
export const signupDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const answer = successEnvelope(signupDetailsDto);

  app.get(
    '/my/signup-details',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: { tags: ['client area'], summary: 'What I told the studio when I signed up', response: { 200: answer } },
    },
    async (request) => ({ status: 1 as const, data: await getMySignupDetails(db, actorOf(request)) }),
  );

  app.put(
    '/my/signup-details',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags: ['client area'],
        summary: 'Tell the studio about me (every answer optional)',
        body: signupDetailsBody,
        response: { 200: answer },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Your details are saved.',
      data: await saveMySignupDetails(db, actorOf(request), request.body),
    }),
  );

  app.get(
    '/clients/:clientId/signup-details',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags: ['clients'],
        summary: "A client's sign-up details, with the label of every answer",
        params: clientSignupDetailsParams,
        response: { 200: answer },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getClientSignupDetails(db, actorOf(request), request.params.clientId),
    }),
  );

  app.get(
    '/public/:company/studios/:studioId',
    {
      schema: {
        tags: ['public'],
        summary: 'The studio a widget sign-up page joins',
        params: widgetStudioParams,
        response: { 200: successEnvelope(widgetStudioDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getWidgetStudio(db, request.params.company, request.params.studioId),
    }),
  );
};
