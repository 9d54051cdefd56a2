import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhookEndpointBody,
  messageEnvelope,
  successEnvelope,
  updateWebhookEndpointBody,
  webhookDeliveriesQuery,
  webhookDeliveryDto,
  webhookDeliveryListDto,
  webhookDeliveryParams,
  webhookEndpointDto,
  webhookEndpointListDto,
  webhookEndpointParams,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  type WebhookSettings,
} from './webhooks.service.ts';

/** Issue 18 §4: Settings › Webhooks — endpoints, their signing secrets, the delivery log and re-sends. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['webhooks'];
  const settings: WebhookSettings = { allowLocal: app.deps.config.WEBHOOKS_ALLOW_HTTP };
  // Events carry clients' names, emails and phones and the money taken, and the log keeps them: the
  // same abilities as the export archive (a settings-only staff member would otherwise read both).
  const guard = requireAbility(['manageSettings', 'manageClients', 'seeFinancials']);

  app.get(
    '/webhook-endpoints',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The company’s webhook endpoints, with their signing secrets and latest delivery',
        response: { 200: successEnvelope(webhookEndpointListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: { items: await listWebhookEndpoints(db, actorOf(request)) },
    }),
  );

  app.post(
    '/webhook-endpoints',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Add an https endpoint receiving the chosen events (a signing secret is made for it)',
        body: createWebhookEndpointBody,
        response: { 201: successEnvelope(webhookEndpointDto) },
      },
    },
    async (request, reply) => {
      const data = await createWebhookEndpoint(db, actorOf(request), request.body, settings);
      return reply.code(201).send({ status: 1 as const, message: 'Webhook endpoint added.', data });
    },
  );

  app.get(
    '/webhook-endpoints/:webhookEndpointId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'One webhook endpoint',
        params: webhookEndpointParams,
        response: { 200: successEnvelope(webhookEndpointDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getWebhookEndpoint(db, actorOf(request), request.params.webhookEndpointId),
    }),
  );

  app.patch(
    '/webhook-endpoints/:webhookEndpointId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Change an endpoint’s address, description, events, or turn it off and on',
        params: webhookEndpointParams,
        body: updateWebhookEndpointBody,
        response: { 200: successEnvelope(webhookEndpointDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'Webhook endpoint saved.',
      data: await updateWebhookEndpoint(
        db,
        actorOf(request),
        request.params.webhookEndpointId,
        request.body,
        settings,
      ),
    }),
  );

  app.delete(
    '/webhook-endpoints/:webhookEndpointId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        params: webhookEndpointParams,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await deleteWebhookEndpoint(db, actorOf(request), request.params.webhookEndpointId);
      return { status: 1 as const, message: 'Webhook endpoint removed.' };
    },
  );

  app.post(
    '/webhook-endpoints/:webhookEndpointId/rotate-secret',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Replace the signing secret (the old one stops working at once)',
        params: webhookEndpointParams,
        response: { 200: successEnvelope(webhookEndpointDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: 'New signing secret made: update your receiver with it.',
      data: await rotateWebhookSecret(db, actorOf(request), request.params.webhookEndpointId),
    }),
  );

  app.post(
    '/webhook-endpoints/:webhookEndpointId/test',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Send a `ping` test event now and answer how the receiver answered',
        params: webhookEndpointParams,
        response: { 200: successEnvelope(webhookDeliveryDto) },
      },
    },
    async (request) => {
      const answer = await sendTestEvent(db, actorOf(request), request.params.webhookEndpointId, settings);
      return { status: 1 as const, ...answer };
    },
  );

  app.get(
    '/webhook-endpoints/:webhookEndpointId/deliveries',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The endpoint’s delivery log, newest first (status, attempts, the receiver’s answer)',
        params: webhookEndpointParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: successEnvelope(webhookDeliveryListDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await listWebhookDeliveries(
        db,
        actorOf(request),
        request.params.webhookEndpointId,
        request.query,
      ),
    }),
  );

  app.post(
    '/webhook-deliveries/:webhookDeliveryId/resend',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Send a delivery again now (same event id and body, a new signature)',
        params: webhookDeliveryParams,
        response: { 200: successEnvelope(webhookDeliveryDto) },
      },
    },
    async (request) => {
      const answer = await resendDelivery(db, actorOf(request), request.params.webhookDeliveryId, settings);
      return { status: 1 as const, ...answer };
    },
  );
};
