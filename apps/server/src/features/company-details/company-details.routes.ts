import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyDetailsBody, companyDetailsDto, successEnvelope, TEAM_ROLES } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { badRequest } from '../../plugins/errors.ts';
import { uploadExists } from '../uploads/uploads.storage.ts';
import { getCompanyDetails, saveCompanyDetails } from './company-details.service.ts';

export const companyDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['company'];

  app.get(
    '/company/details',
    { onRequest: requireRole(TEAM_ROLES), schema: { tags, summary: "The signed-in team member's company", response: { 200: successEnvelope(companyDetailsDto) } } },
    async (request) => ({ status: 1 as const, data: await getCompanyDetails(db, actorOf(request)) }),
  );

  app.put(
    '/company/details',
    { onRequest: requireAbility('manageSettings'), schema: { tags, summary: 'Save the company details (completes that onboarding step)', body: companyDetailsBody, response: { 200: successEnvelope(companyDetailsDto) } } },
    async (request) => {
      const { logo } = request.body;
      if (logo && !(await uploadExists(app.deps.config.DATA_DIR, logo))) {
        throw badRequest('The logo was not found; upload it again.', { logo: 'The logo was not found; upload it again.' });
      }
      const data = await saveCompanyDetails(db, actorOf(request), request.body);
      const noun = data.kind === 'solo' ? 'Instructor details' : 'Company details';
      return { status: 1 as const, message: `${noun} saved.`, data };
    },
  );
};
