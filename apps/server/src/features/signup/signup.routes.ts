import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientSignupBody, companySignupBody, sessionDto, successEnvelope } from '@kinetic/shared';
import { signUpClient, signUpCompany } from './signup.service.ts';

export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['sign-up'];

  app.post(
    '/signup/company',
    { schema: { tags, summary: 'Create a business or solo-instructor account', body: companySignupBody, response: { 200: successEnvelope(sessionDto) } } },
    async (request) => ({
      status: 1 as const,
      message: `Welcome to Kinetic, ${request.body.name}.`,
      data: await signUpCompany(db, request.body, request.ip),
    }),
  );

  app.post(
    '/signup/client',
    { schema: { tags, summary: "Create a client account on a business's client pages", body: clientSignupBody, response: { 200: successEnvelope(sessionDto) } } },
    async (request) => {
      const data = await signUpClient(db, request.body, request.ip, app.deps.publicUrl);
      // The welcome email was queued with the account; it goes now rather than at the next sweep.
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: `Welcome, ${request.body.name}.`, data };
    },
  );
};
