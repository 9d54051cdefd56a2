import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedDto, ROLE_IDS, successEnvelope } from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/guards.ts';
import {
  calendarFeedFile,
  getMyCalendarFeed,
  makeMyCalendarFeed,
  revokeMyCalendarFeed,
} from './calendar-feeds.service.ts';

/** Private iCal feeds (issue 16): `/api/my/calendar-feed` and the public `/api/calendar-feeds/{token}.ics`. */
export const calendarFeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['calendar feeds'];
  const answer = successEnvelope(calendarFeedDto);
  // Everyone has a calendar: a client's bookings, a team member's classes they teach (none yet is empty).
  const anyone = requireRole(ROLE_IDS);

  app.get(
    '/my/calendar-feed',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary:
          'Whether I have a private calendar address and since when (the address is shown only when made)',
        response: { 200: answer },
      },
    },
    async (request) => ({ status: 1 as const, data: await getMyCalendarFeed(db, actorOf(request)) }),
  );

  app.post(
    '/my/calendar-feed',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary: 'Make my private calendar address (answered this once); an older one stops working',
        response: { 200: answer },
      },
    },
    async (request) => {
      const { feed, replaced } = await makeMyCalendarFeed(db, actorOf(request), app.deps.publicUrl);
      return {
        status: 1 as const,
        message: replaced
          ? 'Your new calendar address is ready. The old one no longer works.'
          : 'Your calendar address is ready.',
        data: feed,
      };
    },
  );

  app.delete(
    '/my/calendar-feed',
    {
      onRequest: anyone,
      schema: { tags, summary: 'Stop my private calendar address working', response: { 200: answer } },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Your calendar address no longer works.',
      data: await revokeMyCalendarFeed(db, actorOf(request)),
    }),
  );

  // Public: calendar apps have no session. The secret in the path is the only key; 404 when revoked.
  app.get(
    '/calendar-feeds/:token.ics',
    {
      schema: {
        tags,
        summary: 'A person’s classes as an iCalendar feed, by the secret address they made',
        params: z.object({ token: z.string().max(100) }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const file = await calendarFeedFile(db, {
        token: request.params.token,
        clientAddress: request.ip,
        publicUrl: app.deps.publicUrl,
      });
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="my-classes.ics"')
          // Personal data: never in a shared cache; calendar apps read it fresh each time.
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          .send(file)
      );
    },
  );
};
