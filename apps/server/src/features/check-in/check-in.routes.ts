import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInBody,
  checkInCodeBody,
  checkInDto,
  checkInPassDto,
  checkInPublicParams,
  classInstanceParams,
  CLIENT_ROLES,
  doorClassDto,
  doorDto,
  doorQuery,
  myCheckInParams,
  myCheckInQuery,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { buyPass, checkInWithCode, doorForClass, doorForPlace, myCheckIn } from './check-in.service.ts';

/** Check-in at the door (issue 13 §1-§3): the door screen's secret and counts, the code, the client's check-in. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['check-in'];

  app.get(
    '/check-in/door',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary:
          'The door screen of a studio (or room): the class that starts next there, its code secret and counts',
        querystring: doorQuery,
        response: { 200: successEnvelope(doorDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await doorForPlace(db, actorOf(request), request.query),
    }),
  );

  app.get(
    '/class-instances/:classInstanceId/door',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary: "One class's door screen: its code secret, checked in / booked",
        params: classInstanceParams,
        response: { 200: successEnvelope(doorClassDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await doorForClass(db, actorOf(request), request.params.classInstanceId),
    }),
  );

  app.post(
    '/public/:company/check-in/pass',
    {
      schema: {
        tags,
        summary: 'A code scanned at the door (no session needed): the class and a pass for the next minutes',
        params: checkInPublicParams,
        body: checkInCodeBody,
        response: { 200: successEnvelope(checkInPassDto) },
        description: 'Rate-limited per company and address (429 past the limit in a minute).',
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await buyPass(db, request.params.company, request.ip, request.body),
    }),
  );

  app.post(
    '/check-in',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags,
        summary: 'The signed-in client checks in with the door code (or the pass it bought)',
        body: checkInBody,
        response: { 200: successEnvelope(checkInDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await checkInWithCode(db, actorOf(request), request.body)),
    }),
  );

  app.get(
    '/my/check-ins/:fitnessSessionId',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags,
        summary: "The client's latest check-in to a series (or to one of its classes)",
        params: myCheckInParams,
        querystring: myCheckInQuery,
        response: { 200: successEnvelope(checkInDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await myCheckIn(
        db,
        actorOf(request),
        request.params.fitnessSessionId,
        request.query.classInstanceId,
      ),
    }),
  );
};
