import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingDto,
  bookingParams,
  classInstanceParams,
  frontDeskDto,
  frontDeskQuery,
  kioskCheckInBody,
  kioskCheckInDto,
  kioskDto,
  kioskQuery,
  kioskUnlockBody,
  successEnvelope,
  walkInBody,
} from '@kinetic/shared';
import { bookingDepsOf } from '../bookings/bookings.routes.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { frontDesk, kiosk, kioskCheckIn, undoCheckIn, unlockKiosk, walkIn } from './front-desk.service.ts';

/** The team's check-in list, front desk and kiosk (issue 13 §4-§5). */
export const frontDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['check-in'];
  const deps = bookingDepsOf(app);

  app.get(
    '/front-desk',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary: "A studio's classes of one day (its today by default) with booked and checked-in counts",
        querystring: frontDeskQuery,
        response: { 200: successEnvelope(frontDeskDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await frontDesk(db, actorOf(request), request.query) }),
  );

  app.post(
    '/class-instances/:classInstanceId/walk-ins',
    {
      onRequest: requireAbility(['checkIn', 'manageClients']),
      schema: {
        tags,
        summary:
          'A client with no booking walks in: booked (package or drop-in, as booking does) and checked in at once, until check-in closes; a full class is a 409',
        params: classInstanceParams,
        body: walkInBody,
        response: { 200: successEnvelope(bookingDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await walkIn(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.params.classInstanceId,
        request.body,
      )),
    }),
  );

  app.post(
    '/bookings/:bookingId/undo-check-in',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary: 'Undo a check-in (back to booked), until 30 minutes after the class ends',
        params: bookingParams,
        response: { 200: successEnvelope(bookingDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await undoCheckIn(db, actorOf(request), request.params.bookingId)),
    }),
  );

  app.get(
    '/kiosk',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary: "The kiosk's studio and the classes whose check-in is open there now",
        querystring: kioskQuery,
        response: { 200: successEnvelope(kioskDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await kiosk(db, actorOf(request), request.query.studioId),
    }),
  );

  app.post(
    '/kiosk/check-ins',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary:
          'A client types their email or phone at the kiosk (10 tries a minute per kiosk): checked in, named by first name and last initial only',
        body: kioskCheckInBody,
        response: { 200: successEnvelope(kioskCheckInDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await kioskCheckIn(db, actorOf(request), request.ip, request.body)),
    }),
  );

  app.post(
    '/kiosk/unlock',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary: "Leave kiosk mode: the signed-in staff member's password",
        body: kioskUnlockBody,
        response: { 200: successEnvelope(z.object({ unlocked: z.literal(true) })) },
      },
    },
    async (request) => {
      await unlockKiosk(db, actorOf(request), request.ip, request.body.password);
      return { status: 1 as const, message: 'Kiosk mode is off.', data: { unlocked: true as const } };
    },
  );
};
