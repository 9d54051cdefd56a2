import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classTemplateBody,
  classTemplateDto,
  classTemplateListDto,
  classTemplateParams,
  listClassTemplatesQuery,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { badRequest } from '../../plugins/errors.ts';
import { uploadExists } from '../uploads/uploads.storage.ts';
import {
  copyClassTemplate,
  createClassTemplate,
  editClassTemplate,
  getClassTemplate,
  listClassTemplates,
  setArchived,
} from './class-templates.service.ts';

const IMAGE_MISSING = 'The image was not found; upload it again.';

export const classTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['class-templates'];
  const one = successEnvelope(classTemplateDto);

  async function checkImage(image: string | null) {
    if (image && !(await uploadExists(app.deps.config.DATA_DIR, image)))
      throw badRequest(IMAGE_MISSING, { image: IMAGE_MISSING });
  }

  // The team reads templates (they schedule from them); owners (admin, solo instructor) change them.
  app.get(
    '/class-templates',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Class templates (active by default; status=archived or all)',
        querystring: listClassTemplatesQuery,
        response: { 200: successEnvelope(classTemplateListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listClassTemplates(db, actorOf(request), request.query),
    }),
  );

  app.post(
    '/class-templates',
    {
      onRequest: requireAbility('manageSettings'),
      schema: { tags, summary: 'Add a class template', body: classTemplateBody, response: { 201: one } },
    },
    async (request, reply) => {
      await checkImage(request.body.image);
      const data = await createClassTemplate(db, actorOf(request), request.body);
      return reply.code(201).send({ status: 1 as const, message: 'Class template added.', data });
    },
  );

  app.get(
    '/class-templates/:templateId',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: { tags, summary: 'One class template', params: classTemplateParams, response: { 200: one } },
    },
    async (request) => ({
      status: 1 as const,
      data: await getClassTemplate(db, actorOf(request), request.params.templateId),
    }),
  );

  app.put(
    '/class-templates/:templateId',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Edit a class template',
        params: classTemplateParams,
        body: classTemplateBody,
        response: { 200: one },
      },
    },
    async (request) => {
      await checkImage(request.body.image);
      const data = await editClassTemplate(db, actorOf(request), request.params.templateId, request.body);
      return { status: 1 as const, message: 'Class template saved.', data };
    },
  );

  app.post(
    '/class-templates/:templateId/copy',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Copy a class template under a free name ("… (copy)")',
        params: classTemplateParams,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const data = await copyClassTemplate(db, actorOf(request), request.params.templateId);
      return reply.code(201).send({ status: 1 as const, message: `Copied as “${data.name}”.`, data });
    },
  );

  app.post(
    '/class-templates/:templateId/archive',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Archive a class template (it leaves the pickers, its history stays)',
        params: classTemplateParams,
        response: { 200: one },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Class template archived.',
      data: await setArchived(db, actorOf(request), request.params.templateId, true),
    }),
  );

  app.post(
    '/class-templates/:templateId/restore',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Bring an archived class template back',
        params: classTemplateParams,
        response: { 200: one },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Class template restored.',
      data: await setArchived(db, actorOf(request), request.params.templateId, false),
    }),
  );
};
