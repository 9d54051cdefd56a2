import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarEventDatesDto,
  cancelClassBody,
  eventDatesQuery,
  createEventBody,
  eventBody,
  eventDateBody,
  eventDateParams,
  eventDateUpdateBody,
  eventDto,
  eventParams,
  eventsListDto,
  eventsQuery,
  messageEnvelope,
  publicCompanyParams,
  publicEventDto,
  publicEventsListDto,
  publicEventsQuery,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import {
  addEventDate,
  cancelEvent,
  createEvent,
  deleteEvent,
  getEvent,
  getPublicEvent,
  listEventDates,
  listEvents,
  listPublicEvents,
  moveEventDate,
  removeEventDate,
  updateEvent,
} from './events.service.ts';

/**
 * Events (issue 12 §1): one-off offerings whose dates are class instances of kind `event`, booked through
 * `POST /api/class-instances/{classInstanceId}/bookings` like classes. The team reads; managers write.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['events'];

  app.get(
    '/events',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Upcoming (a date still to come) or past events, by category, paged',
        querystring: eventsQuery,
        response: { 200: successEnvelope(eventsListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listEvents(db, actorOf(request), request.query) }),
  );

  app.get(
    '/events/dates',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Event dates starting in [from, to) (at most 92 days), for the calendar',
        querystring: eventDatesQuery,
        response: { 200: successEnvelope(calendarEventDatesDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listEventDates(db, actorOf(request), request.query),
    }),
  );

  app.post(
    '/events',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'A new event with its dates',
        body: createEventBody,
        response: { 201: successEnvelope(eventDto) },
      },
    },
    async (request, reply) => {
      const data = await createEvent(db, actorOf(request), request.body);
      return reply.code(201).send({ status: 1 as const, message: 'Event created.', data });
    },
  );

  app.get(
    '/events/:eventId',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'One event with all its dates',
        params: eventParams,
        response: { 200: successEnvelope(eventDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getEvent(db, actorOf(request), request.params.eventId),
    }),
  );

  app.put(
    '/events/:eventId',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: "An event's details (a new capacity applies to its dates to come, never below places taken)",
        params: eventParams,
        body: eventBody,
        response: { 200: successEnvelope(eventDto) },
      },
    },
    async (request) => {
      const data = await updateEvent(
        db,
        actorOf(request),
        request.params.eventId,
        request.body,
        new Date(),
        app.deps.publicUrl,
      );
      // Clients of dates that moved to another studio were emailed through the outbox.
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: 'Event saved.', data };
    },
  );

  app.delete(
    '/events/:eventId',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'Delete an event nobody booked (409 when it has bookings: cancel it instead)',
        params: eventParams,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await deleteEvent(db, actorOf(request), request.params.eventId);
      return { status: 1 as const, message: 'Event deleted.' };
    },
  );

  app.post(
    '/events/:eventId/cancel',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'Cancel every date still to come; their bookings end with no fee',
        params: eventParams,
        body: cancelClassBody,
        response: { 200: successEnvelope(eventDto) },
      },
    },
    async (request) => {
      const data = await cancelEvent(
        db,
        actorOf(request),
        request.params.eventId,
        request.body.reason,
        new Date(),
        app.deps.publicUrl,
      );
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: 'Event cancelled.', data };
    },
  );

  app.post(
    '/events/:eventId/dates',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'Add a date to an event',
        params: eventParams,
        body: eventDateBody,
        response: { 201: successEnvelope(eventDto) },
      },
    },
    async (request, reply) => {
      const data = await addEventDate(db, actorOf(request), request.params.eventId, request.body);
      return reply.code(201).send({ status: 1 as const, message: 'Date added.', data });
    },
  );

  app.put(
    '/events/:eventId/dates/:classInstanceId',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'Move a date still to come, or change its places (never below those taken)',
        params: eventDateParams,
        body: eventDateUpdateBody,
        response: { 200: successEnvelope(eventDto) },
      },
    },
    async (request) => {
      const data = await moveEventDate(
        db,
        actorOf(request),
        request.params.eventId,
        request.params.classInstanceId,
        request.body,
        new Date(),
        app.deps.publicUrl,
      );
      // Clients booked on a date that moved were emailed through the outbox.
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: 'Date saved.', data };
    },
  );

  app.delete(
    '/events/:eventId/dates/:classInstanceId',
    {
      onRequest: requireAbility('manageSchedule'),
      schema: {
        tags,
        summary: 'Remove a date: deleted when unbooked, otherwise cancelled (its bookings end, no fee)',
        params: eventDateParams,
        response: { 200: successEnvelope(eventDto) },
      },
    },
    async (request) => {
      const data = await removeEventDate(
        db,
        actorOf(request),
        request.params.eventId,
        request.params.classInstanceId,
        new Date(),
        app.deps.publicUrl,
      );
      app.deps.jobs?.flushOutbox().catch((error: unknown) => request.log.error(error));
      return { status: 1 as const, message: 'Date removed.', data };
    },
  );

  app.get(
    '/public/:company/events',
    {
      schema: {
        tags: ['public'],
        summary: "A company's upcoming public events, by category, with places left per date",
        params: publicCompanyParams,
        querystring: publicEventsQuery,
        response: { 200: successEnvelope(publicEventsListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listPublicEvents(db, request.params.company, request.query),
    }),
  );

  app.get(
    '/public/:company/events/:eventId',
    {
      schema: {
        tags: ['public'],
        summary: 'One event as the public sees it (unlisted ones too, by id), its dates to come',
        params: publicCompanyParams.merge(eventParams),
        response: { 200: successEnvelope(publicEventDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getPublicEvent(db, request.params.company, request.params.eventId),
    }),
  );
};
