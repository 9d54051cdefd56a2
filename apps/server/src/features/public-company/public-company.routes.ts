import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCompanyDto, publicCompanyParams, successEnvelope } from '@kinetic/shared';
import { getPublicCompany } from './public-company.service.ts';

/** Public pages read their company by slug, without a session (blueprint §3). */
export const publicCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;

  app.get(
    '/public/:company',
    {
      schema: {
        tags: ['public'],
        summary: "A company's name, logo and contact details, as its clients see them",
        params: publicCompanyParams,
        response: { 200: successEnvelope(publicCompanyDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await getPublicCompany(db, request.params.company) }),
  );
};
