import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentTypeBody,
  appointmentTypeDto,
  appointmentTypeListDto,
  appointmentTypeParams,
  publicAppointmentTypeListDto,
  publicCompanyParams,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import {
  createAppointmentType,
  editAppointmentType,
  getAppointmentType,
  listAppointmentTypes,
  listPublicAppointmentTypes,
  removeAppointmentType,
} from './appointment-types.service.ts';

/** Appointment types (issue 17 §1): /api/appointment-types and the public list. */
export const appointmentTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['appointments'];
  const one = successEnvelope(appointmentTypeDto);

  // The whole team reads types (they book and teach them); whoever manages settings changes them.
  app.get(
    '/appointment-types',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Appointment types (active and inactive; deleted ones are not listed)',
        response: { 200: successEnvelope(appointmentTypeListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listAppointmentTypes(db, actorOf(request)) }),
  );

  app.post(
    '/appointment-types',
    {
      onRequest: requireAbility('manageSettings'),
      schema: { tags, summary: 'Add an appointment type', body: appointmentTypeBody, response: { 201: one } },
    },
    async (request, reply) => {
      const data = await createAppointmentType(db, actorOf(request), request.body);
      return reply.code(201).send({ status: 1 as const, message: 'Appointment type added.', data });
    },
  );

  app.get(
    '/appointment-types/:appointmentTypeId',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'One appointment type',
        params: appointmentTypeParams,
        response: { 200: one },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getAppointmentType(db, actorOf(request), request.params.appointmentTypeId),
    }),
  );

  app.put(
    '/appointment-types/:appointmentTypeId',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Edit an appointment type (booked appointments keep their length, buffers and price)',
        params: appointmentTypeParams,
        body: appointmentTypeBody,
        response: { 200: one },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Appointment type saved.',
      data: await editAppointmentType(db, actorOf(request), request.params.appointmentTypeId, request.body),
    }),
  );

  app.delete(
    '/appointment-types/:appointmentTypeId',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Delete an appointment type; one with appointments is archived instead (its history stays)',
        params: appointmentTypeParams,
        response: { 200: successEnvelope(z.object({ archived: z.boolean() })) },
      },
    },
    async (request) => {
      const data = await removeAppointmentType(db, actorOf(request), request.params.appointmentTypeId);
      return {
        status: 1 as const,
        message: data.archived
          ? 'Appointment type deleted; its appointments keep their history.'
          : 'Appointment type deleted.',
        data,
      };
    },
  );

  app.get(
    '/public/:company/appointment-types',
    {
      schema: {
        tags: ['public'],
        summary: 'Appointment types clients can book, with their instructors, studios and paying packages',
        params: publicCompanyParams,
        response: { 200: successEnvelope(publicAppointmentTypeListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listPublicAppointmentTypes(db, request.params.company),
    }),
  );
};
