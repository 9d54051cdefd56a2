import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import Stripe from 'stripe';
import { CLIENT_ROLES, messageEnvelope, objectIdSchema, paymentSettingsDto, stripeKeysBody, successEnvelope } from '@kinetic/shared';
import { withTenant } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { disconnectStripe, getPaymentSettings, saveStripeKeys } from './payment-settings.service.ts';
import { stripeAccountOf } from './stripe-account.ts';
import { handleStripeEvent, removeSavedCard, startCardSetup, startCheckout } from './stripe-payments.ts';
import { payBalanceOnline } from '../orders/orders.service.ts';

/** Stripe's own default: a signature older than five minutes is a replay, not a delivery. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Settings › Payments: the company's own Stripe keys (issue 10). */
export const paymentSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const config = app.deps.payments;
  const tags = ['payments'];
  const one = successEnvelope(paymentSettingsDto);

  app.get(
    '/payment-settings',
    {
      onRequest: requireAbility('manageSettings'),
      schema: { tags, summary: 'How the company takes payments (secrets are never answered)', response: { 200: one } },
    },
    async (request) => ({ status: 1 as const, data: await getPaymentSettings(db, actorOf(request), config) }),
  );
  app.put(
    '/payment-settings/stripe',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Connect Stripe with the company’s own keys (stored encrypted); a key left out is kept',
        body: stripeKeysBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const saved = await saveStripeKeys(db, actorOf(request), config, request.body);
      return {
        status: 1 as const,
        message:
          saved.keyCheck === 'unreachable'
            ? 'Stripe keys saved, but Stripe could not be reached to check them: the first online payment will tell whether they work.'
            : 'Stripe accepted the keys: clients can pay online.',
        data: saved,
      };
    },
  );
  app.delete(
    '/payment-settings/stripe',
    {
      onRequest: requireAbility('manageSettings'),
      schema: { tags, summary: 'Stop taking cards online (keys deleted)', response: { 200: one } },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Stripe disconnected: clients pay at the studio.',
      data: await disconnectStripe(db, actorOf(request), config),
    }),
  );
};

/** The client's saved card and online payment of what they owe (client Settings › Payment). */
export const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const checkoutAnswer = successEnvelope(z.object({ checkoutUrl: z.string() }));
  app.post(
    '/my/saved-card',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: { tags: ['payments'], summary: 'Save a card on Stripe’s page (Checkout in setup mode); nothing is charged', response: { 200: checkoutAnswer } },
    },
    async (request) => {
      const actor = actorOf(request);
      const checkoutUrl = await withTenant(db, actor.companyId, (tx) =>
        startCardSetup(tx, app.deps.payments, actor.companyId, actor.userId, actor.roleId),
      );
      return { status: 1 as const, message: 'Continue to Stripe to save your card.', data: { checkoutUrl } };
    },
  );
  app.post(
    '/my/orders/:orderId/checkout',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags: ['payments'],
        summary: 'Pay what one of my orders still owes, on Stripe’s page',
        params: z.object({ orderId: objectIdSchema }),
        response: { 200: checkoutAnswer },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const checkoutUrl = await payBalanceOnline(db, actor, request.params.orderId, (tx, order) =>
        startCheckout(tx, app.deps.payments, order, actor.roleId, 'balance'),
      );
      return { status: 1 as const, message: 'Continue to payment.', data: { checkoutUrl } };
    },
  );
  app.delete(
    '/my/saved-card',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: { tags: ['payments'], summary: 'Remove my saved card (detached at Stripe)', response: { 200: messageEnvelope } },
    },
    async (request) => {
      const actor = actorOf(request);
      const removed = await withTenant(db, actor.companyId, (tx) =>
        removeSavedCard(tx, app.deps.payments, actor.companyId, actor.userId),
      );
      if (!removed) throw notFound('You have no saved card.');
      return { status: 1 as const, message: 'Your card is removed. Renewals and fees are now paid at the studio.' };
    },
  );
};

/**
 * `POST /api/webhooks/stripe/{companyId}`: events from the company's Stripe account, verified with its
 * webhook signing secret against the raw body (so this plugin reads JSON as bytes, not parsed).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const config = app.deps.payments;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/stripe/:companyId',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (signature checked, 300 s tolerance; each event id handled once)',
        params: z.object({ companyId: objectIdSchema }),
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const account = await withTenant(db, companyId, async (tx) =>
        (await findCompanyById(tx, companyId)) ? stripeAccountOf(tx, companyId, config) : null,
      );
      if (!account) throw notFound('No Stripe account is connected for this address.');
      if (!account.webhookSecret)
        throw badRequest('This studio has not entered its webhook signing secret in Settings › Payments.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw badRequest('A Stripe webhook needs its Stripe-Signature header and a JSON body.');
      let event: Stripe.Event;
      try {
        event = account.client.webhooks.constructEvent(
          request.body,
          signature,
          account.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw badRequest('The Stripe signature did not verify (wrong secret, altered body, or older than 5 minutes).');
        throw error;
      }
      const outcome = await handleStripeEvent(
        { db, jobs: app.deps.jobs, publicUrl: app.deps.publicUrl, log: (error) => request.log.error(error) },
        config,
        companyId,
        event,
      );
      return { status: 1 as const, message: `Event ${event.id} ${outcome}.` };
    },
  );
};
