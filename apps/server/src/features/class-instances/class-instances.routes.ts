import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelClassBody,
  classesListDto,
  classesQuery,
  classInstanceDetailsDto,
  classInstanceDto,
  classInstanceListDto,
  classInstanceParams,
  classInstancesQuery,
  publicCompanyParams,
  substituteBody,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import {
  cancelClassInstance,
  getClassInstance,
  getPublicClassInstance,
  listClasses,
  listClassInstances,
  listPublicClassInstances,
  substituteInstructor,
} from './class-instances.service.ts';

export const classInstancesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['schedule'];

  app.get(
    '/class-instances',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Classes starting in [from, to) (at most 92 days), with live seat counts',
        querystring: classInstancesQuery,
        response: { 200: successEnvelope(classInstanceListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listClassInstances(db, actorOf(request), request.query) }),
  );

  app.get(
    '/class-instances/:classInstanceId',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'One class with its description, price and rules',
        params: classInstanceParams,
        response: { 200: successEnvelope(classInstanceDetailsDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getClassInstance(db, actorOf(request), request.params.classInstanceId),
    }),
  );

  app.post(
    '/class-instances/:classInstanceId/cancel',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'Cancel one class still to come',
        params: classInstanceParams,
        body: cancelClassBody,
        response: { 200: successEnvelope(classInstanceDto) },
      },
    },
    async (request) => {
      const data = await cancelClassInstance(
        db,
        actorOf(request),
        request.params.classInstanceId,
        request.body.reason,
        new Date(),
        app.deps.publicUrl,
      );
      // Its clients have been told through the outbox.
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: 'Class cancelled.', data };
    },
  );

  app.put(
    '/class-instances/:classInstanceId/instructor',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'A substitute instructor for one class',
        params: classInstanceParams,
        body: substituteBody,
        response: { 200: successEnvelope(classInstanceDto) },
      },
    },
    async (request) => {
      const data = await substituteInstructor(
        db,
        actorOf(request),
        request.params.classInstanceId,
        request.body.instructorId,
        new Date(),
        app.deps.publicUrl,
      );
      // Its booked clients are told of the new instructor through the outbox.
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: `${data.instructorName} now teaches this class.`, data };
    },
  );

  app.get(
    '/classes',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'The Classes page: upcoming or past classes, searched and filtered, paged',
        querystring: classesQuery,
        response: { 200: successEnvelope(classesListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listClasses(db, actorOf(request), request.query) }),
  );

  app.get(
    '/public/:company/class-instances',
    {
      schema: {
        tags: ['public'],
        summary: "A company's public timetable in [from, to): scheduled classes only",
        params: publicCompanyParams,
        querystring: classInstancesQuery,
        response: { 200: successEnvelope(classInstanceListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listPublicClassInstances(db, request.params.company, request.query),
    }),
  );

  app.get(
    '/public/:company/class-instances/:classInstanceId',
    {
      schema: {
        tags: ['public'],
        summary: 'One class as the public sees it (a cancelled one says so; no notes)',
        params: publicCompanyParams.merge(classInstanceParams),
        response: { 200: successEnvelope(classInstanceDetailsDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getPublicClassInstance(db, request.params.company, request.params.classInstanceId),
    }),
  );
};
