import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingDto,
  CLIENT_ROLES,
  eventCancelLinkDto,
  eventCheckoutBody,
  eventCheckoutDto,
  eventLinkQuery,
  eventPageDto,
  eventParams,
  eventUserParams,
  myEventBookingDto,
  publicCompanyParams,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import {
  cancelByLink,
  cancelLinkInfo,
  eventCalendarFile,
  eventPage,
  myEventBooking,
  startEventCheckout,
} from './events-public.service.ts';

/**
 * The public event-booking flow (issue 12 §2): what its pages read beyond the public event, Stripe
 * Checkout for an event place, and the signed links of the confirmation email (cancel) and the booked
 * page (calendar file). Booking a date is `POST /api/class-instances/{classInstanceId}/bookings`.
 */
export const eventsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['public'];
  const eventPath = publicCompanyParams.merge(eventParams);
  const userPath = publicCompanyParams.merge(eventUserParams);
  const bookingDeps = (log: (error: unknown) => void) => ({
    db,
    jobs: app.deps.jobs,
    publicUrl: app.deps.publicUrl,
    log,
  });

  app.get(
    '/public/:company/events/:eventId/page',
    {
      schema: {
        tags,
        summary: 'The event page: the event, whether it can still be booked, its place and how it is paid',
        params: eventPath,
        response: { 200: successEnvelope(eventPageDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await eventPage(db, app.deps.payments, request.params.company, request.params.eventId),
    }),
  );

  app.get(
    '/public/:company/events/:eventId/my-booking',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags,
        summary: "The signed-in client's place in the event (booked, waiting, ended) with its calendar link",
        params: eventPath,
        response: { 200: successEnvelope(myEventBookingDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await myEventBooking(db, actorOf(request), request.params.company, request.params.eventId),
    }),
  );

  app.post(
    '/public/:company/events/:eventId/checkout',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags,
        summary: "Pay the client's place in the event on Stripe's page; it returns to the event's payment page",
        params: eventPath,
        body: eventCheckoutBody,
        response: { 200: successEnvelope(eventCheckoutDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Continue to payment.',
      data: {
        url: await startEventCheckout(
          db,
          app.deps.payments,
          actorOf(request),
          request.params.company,
          request.params.eventId,
          request.body.bookingId,
        ),
      },
    }),
  );

  app.get(
    '/public/:company/events/:eventId/users/:userId/cancel',
    {
      schema: {
        tags,
        summary: 'What a signed cancel link (from the confirmation email) would cancel; 403 when forged',
        params: userPath,
        querystring: eventLinkQuery,
        response: { 200: successEnvelope(eventCancelLinkDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await cancelLinkInfo(
        db,
        request.params.company,
        request.params.eventId,
        request.params.userId,
        request.query,
      ),
    }),
  );

  app.post(
    '/public/:company/events/:eventId/users/:userId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the place a signed cancel link names, without logging in; a forged link cancels nothing',
        params: userPath,
        querystring: eventLinkQuery,
        response: { 200: successEnvelope(bookingDto) },
      },
    },
    async (request) => {
      const answer = await cancelByLink(
        bookingDeps((error) => request.log.error(error)),
        request.params.company,
        request.params.eventId,
        request.params.userId,
        request.query,
      );
      return { status: 1 as const, ...answer };
    },
  );

  app.get(
    '/public/:company/events/:eventId/users/:userId/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The place as a calendar file (.ics), by the signed link the booked page shows',
        params: userPath,
        querystring: eventLinkQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const file = await eventCalendarFile(
        db,
        app.deps.publicUrl,
        request.params.company,
        request.params.eventId,
        request.params.userId,
        request.query,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event.ics"')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};
