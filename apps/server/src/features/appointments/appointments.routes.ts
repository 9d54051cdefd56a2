import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentDto,
  appointmentListDto,
  appointmentListQuery,
  appointmentParams,
  appointmentPaymentOptionsDto,
  appointmentPaymentOptionsQuery,
  appointmentTypeParams,
  bookAppointmentBody,
  bookedAppointmentDto,
  cancelClassBody,
  idempotencyKeySchema,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireClientOrAbility, requireRole } from '../../plugins/guards.ts';
import { bookingDepsOf } from '../bookings/bookings.routes.ts';
import {
  appointmentPaymentOptions,
  bookAppointment,
  cancelAppointment,
  getAppointment,
  listAppointments,
} from './appointments.service.ts';

/** Booking appointments (issue 17 §3): /api/appointments. */
export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['appointments'];
  const deps = bookingDepsOf(app);

  app.post(
    '/appointments',
    {
      onRequest: requireClientOrAbility('manageClients'),
      schema: {
        tags,
        summary:
          'Book a free slot of an appointment type (a client for themself; the team sends clientId). 409 when the time was just taken; Idempotency-Key makes a retry answer the first result',
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: bookAppointmentBody,
        response: { 200: successEnvelope(bookedAppointmentDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await bookAppointment(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.body,
        request.headers['idempotency-key'],
      )),
    }),
  );

  app.get(
    '/appointments',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary:
          'Appointments on local dates from..to with their attendees (an instructor sees only their own)',
        querystring: appointmentListQuery,
        response: { 200: successEnvelope(appointmentListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listAppointments(db, actorOf(request), request.query),
    }),
  );

  app.get(
    '/appointments/:appointmentId',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'One appointment with its attendees (an instructor: only their own)',
        params: appointmentParams,
        response: { 200: successEnvelope(appointmentDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getAppointment(db, actorOf(request), request.params.appointmentId),
    }),
  );

  app.post(
    '/appointments/:appointmentId/cancel',
    {
      // The service asks for manageSchedule or manageClients (a guard states one set of abilities).
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary:
          'Cancel a whole appointment still to come (manageSchedule or manageClients): every client is told, credits come back, no fee',
        params: appointmentParams,
        body: cancelClassBody.nullish(),
        response: { 200: successEnvelope(appointmentDto) },
      },
    },
    async (request) => {
      const data = await cancelAppointment(
        db,
        actorOf(request),
        request.params.appointmentId,
        request.body?.reason ?? null,
        new Date(),
        app.deps.publicUrl,
      );
      // Its clients have been told through the outbox.
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: 'Appointment cancelled.', data };
    },
  );

  app.get(
    '/appointment-types/:appointmentTypeId/payment-options',
    {
      onRequest: requireClientOrAbility('manageClients'),
      schema: {
        tags,
        summary:
          'What booking this type at startsAt would pay with: the packages held (usable or why not), the default, the price',
        params: appointmentTypeParams,
        querystring: appointmentPaymentOptionsQuery,
        response: { 200: successEnvelope(appointmentPaymentOptionsDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await appointmentPaymentOptions(
        db,
        actorOf(request),
        request.params.appointmentTypeId,
        request.query,
      ),
    }),
  );
};
