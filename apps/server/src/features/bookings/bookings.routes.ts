import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookBody,
  bookingDto,
  bookingParams,
  cancelBookingBody,
  classInstanceParams,
  CLIENT_ROLES,
  idempotencyKeySchema,
  myBookingsDto,
  myBookingsQuery,
  noShowsDto,
  offerLinkDto,
  offerLinkQuery,
  paymentOptionsDto,
  paymentOptionsQuery,
  publicCompanyParams,
  rosterDto,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { chargeFeesToSavedCards } from '../orders/fees.ts';
import { savedCardCharger } from '../payments/stripe-payments.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireClientOrAbility, requireRole } from '../../plugins/guards.ts';
import {
  acceptOffer,
  bookClass,
  bookingPaymentOptions,
  cancelBooking,
  checkIn,
  classRoster,
  declineOffer,
  getBooking,
  markNoShows,
  myBookings,
  waiveFee,
  type BookingDeps,
} from './bookings.service.ts';
import { answerOfferLink, offerLinkInfo } from './offer-links.service.ts';

const EVERYONE = [...TEAM_ROLES, ...CLIENT_ROLES];
const bookingAnswer = successEnvelope(bookingDto);

/**
 * What the booking service needs from the app, for one request's log: the database, jobs, the public URL,
 * and a late-cancel or no-show fee charged to the client's saved card when the studio takes cards.
 */
export function bookingDepsOf(app: FastifyInstance): (log: (error: unknown) => void) => BookingDeps {
  const { db } = app.deps.db;
  const charger = savedCardCharger(app.deps.payments);
  return (log) => ({
    db,
    jobs: app.deps.jobs,
    publicUrl: app.deps.publicUrl,
    log,
    settleFees: (companyId, orderIds) =>
      chargeFeesToSavedCards(
        { db, jobs: app.deps.jobs, publicUrl: app.deps.publicUrl, log, chargeSavedCard: charger },
        companyId,
        orderIds,
      ),
  });
}

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['bookings'];
  const deps = bookingDepsOf(app);

  app.post(
    '/class-instances/:classInstanceId/bookings',
    {
      onRequest: requireClientOrAbility('manageClients'),
      schema: {
        tags,
        summary:
          'Book a place (a client books themself; the team sends clientId). Full classes waitlist; Idempotency-Key makes a retry answer the first result',
        params: classInstanceParams,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: bookBody,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => {
      const answer = await bookClass(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.params.classInstanceId,
        request.body,
        request.headers['idempotency-key'],
      );
      return { status: 1 as const, ...answer };
    },
  );

  app.get(
    '/class-instances/:classInstanceId/payment-options',
    {
      onRequest: requireClientOrAbility('manageClients'),
      schema: {
        tags,
        summary:
          'What booking this class would pay with: the packages held (usable or why not), the default, the drop-in price',
        params: classInstanceParams,
        querystring: paymentOptionsQuery,
        response: { 200: successEnvelope(paymentOptionsDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await bookingPaymentOptions(
        db,
        actorOf(request),
        request.params.classInstanceId,
        request.query.clientId,
      ),
    }),
  );

  app.get(
    '/class-instances/:classInstanceId/bookings',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'The roster: places, the waitlist in order (offers with their expiry), then ended bookings',
        params: classInstanceParams,
        response: { 200: successEnvelope(rosterDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await classRoster(db, actorOf(request), request.params.classInstanceId),
    }),
  );

  app.post(
    '/class-instances/:classInstanceId/no-shows',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary:
          'After the start: every booked place not checked in becomes a no-show (fee recorded when set)',
        params: classInstanceParams,
        response: { 200: successEnvelope(noShowsDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await markNoShows(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.params.classInstanceId,
      )),
    }),
  );

  app.get(
    '/my/bookings',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags,
        summary:
          "The signed-in client's bookings of classes still to come (or of one class), with waitlist positions",
        querystring: myBookingsQuery,
        response: { 200: successEnvelope(myBookingsDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await myBookings(db, actorOf(request), request.query) }),
  );

  app.get(
    '/bookings/:bookingId',
    {
      onRequest: requireRole(EVERYONE),
      schema: {
        tags,
        summary: 'One booking (a client sees only their own)',
        params: bookingParams,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getBooking(db, actorOf(request), request.params.bookingId),
    }),
  );

  app.post(
    '/bookings/:bookingId/cancel',
    {
      onRequest: requireClientOrAbility('manageClients'),
      schema: {
        tags,
        summary:
          'Cancel a place or leave the waitlist; late after the free-cancellation limit (the team may waive the fee)',
        params: bookingParams,
        body: cancelBookingBody,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await cancelBooking(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.params.bookingId,
        {
          waiveFee: request.body?.waiveFee,
        },
      )),
    }),
  );

  for (const [verb, action, summary] of [
    ['accept', acceptOffer, 'Accept a held place from the waitlist'],
    ['decline', declineOffer, 'Decline a held place: it goes to the next in line'],
  ] as const) {
    app.post(
      `/bookings/:bookingId/${verb}`,
      {
        onRequest: requireClientOrAbility('manageClients'),
        schema: { tags, summary, params: bookingParams, response: { 200: bookingAnswer } },
      },
      async (request) => ({
        status: 1 as const,
        ...(await action(
          deps((error) => request.log.error(error)),
          actorOf(request),
          request.params.bookingId,
        )),
      }),
    );
  }

  // The "Place offered" email's signed links (no session): the page reads the offer, its buttons answer it.
  const offerPath = publicCompanyParams.merge(bookingParams);
  app.get(
    '/public/:company/offers/:bookingId',
    {
      schema: {
        tags: ['public'],
        summary:
          'The held place a signed offer link names (class, time, hold) and whether it is still open; changes nothing',
        params: offerPath,
        querystring: offerLinkQuery,
        response: { 200: successEnvelope(offerLinkDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await offerLinkInfo(db, request.params.company, request.params.bookingId, request.query),
    }),
  );
  for (const verb of ['accept', 'decline'] as const)
    app.post(
      `/public/:company/offers/:bookingId/${verb}`,
      {
        schema: {
          tags: ['public'],
          summary:
            verb === 'accept'
              ? 'Accept a held place from its signed email link, without logging in (once; 409 used, 410 expired)'
              : 'Decline a held place from its signed email link, without logging in (once; 409 used, 410 expired)',
          params: offerPath,
          querystring: offerLinkQuery,
          response: { 200: successEnvelope(offerLinkDto) },
        },
      },
      async (request) => ({
        status: 1 as const,
        ...(await answerOfferLink(
          deps((error) => request.log.error(error)),
          request.params.company,
          request.params.bookingId,
          request.query,
          verb,
        )),
      }),
    );

  app.post(
    '/bookings/:bookingId/check-in',
    {
      onRequest: requireAbility('checkIn'),
      schema: {
        tags,
        summary: 'Mark a booked client present',
        params: bookingParams,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await checkIn(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.params.bookingId,
      )),
    }),
  );

  app.post(
    '/bookings/:bookingId/waive-fee',
    {
      onRequest: requireAbility('sellAndRefund'),
      schema: {
        tags,
        summary: 'Waive a late-cancel or no-show fee',
        params: bookingParams,
        response: { 200: bookingAnswer },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await waiveFee(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.params.bookingId,
      )),
    }),
  );
};
