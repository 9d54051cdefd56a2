import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyPackageBody,
  cancelPackageBody,
  CLIENT_ROLES,
  clientAccountDto,
  clientAccountParams,
  clientPackageDto,
  clientPackageParams,
  idempotencyKeySchema,
  listOrdersQuery,
  orderDto,
  orderListDto,
  orderParams,
  orderPreviewDto,
  pausePackageBody,
  payOrderBody,
  placeOrderBody,
  previewOrderBody,
  purchaseDto,
  refundBody,
  successEnvelope,
  type ClientPackageDto,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireClientOrAbility, requireRole } from '../../plugins/guards.ts';
import { refundOnline, startCheckout } from '../payments/stripe-payments.ts';
import { commitmentText, dayText } from './membership-changes.ts';
import {
  buyPackage,
  changeClientPackage,
  clientAccount,
  getOrder,
  listOrders,
  payOrder,
  placeOrder,
  previewOrder,
  refundOrder,
  type OrderDeps,
} from './orders.service.ts';

const idempotent = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/** Orders, payments at the desk, refunds, what a client holds (issue 10). */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['orders'];
  const deps = (log: (error: unknown) => void): OrderDeps => ({
    db,
    jobs: app.deps.jobs,
    publicUrl: app.deps.publicUrl,
    log,
  });
  const one = successEnvelope(orderDto);

  app.post(
    '/orders',
    {
      onRequest: requireAbility('sellAndRefund'),
      schema: {
        tags,
        summary:
          'Sell packages and products at the desk, paid now or owed (Idempotency-Key: a retry sells once)',
        headers: idempotent,
        body: placeOrderBody,
        response: { 201: successEnvelope(purchaseDto) },
      },
    },
    async (request, reply) => {
      const data = await placeOrder(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      const paid = data.order.status === 'paid';
      return reply.code(201).send({
        status: 1 as const,
        message: `Order #${data.order.number} ${paid ? 'paid' : 'saved: the client pays at the studio'}.`,
        data,
      });
    },
  );

  app.post(
    '/orders/preview',
    {
      onRequest: requireClientOrAbility('sellAndRefund'),
      schema: {
        tags,
        summary: 'What an order would cost (lines, discount, tax, total), without saving it',
        body: previewOrderBody,
        response: { 200: successEnvelope(orderPreviewDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await previewOrder(db, actorOf(request), request.body) }),
  );

  app.get(
    '/orders',
    {
      onRequest: requireClientOrAbility('seeFinancials'),
      schema: {
        tags,
        summary: 'Orders, newest first (a client sees their own; the desk may filter by clientId)',
        querystring: listOrdersQuery,
        response: { 200: successEnvelope(orderListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listOrders(db, actorOf(request), request.query) }),
  );

  app.get(
    '/orders/:orderId',
    {
      onRequest: requireClientOrAbility('seeFinancials'),
      schema: {
        tags,
        summary: 'One order with its lines and payments',
        params: orderParams,
        response: { 200: one },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getOrder(db, actorOf(request), request.params.orderId),
    }),
  );

  app.post(
    '/orders/:orderId/pay',
    {
      onRequest: requireClientOrAbility('sellAndRefund'),
      schema: {
        tags,
        summary: 'The desk takes an open order’s payment (cash, card, other); the receipt is emailed',
        params: orderParams,
        body: payOrderBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const data = await payOrder(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.params.orderId,
        request.body.method,
      );
      return { status: 1 as const, message: `Order #${data.number} paid; the receipt is on its way.`, data };
    },
  );

  app.post(
    '/orders/:orderId/refunds',
    {
      onRequest: requireClientOrAbility('sellAndRefund'),
      schema: {
        tags,
        summary: 'Refund part or all of what was paid, never more (Idempotency-Key: a retry refunds once)',
        params: orderParams,
        headers: idempotent,
        body: refundBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const { endedPackages, ...data } = await refundOrder(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.params.orderId,
        request.body,
        request.headers['idempotency-key'],
        new Date(),
        (tx, order, amount) => refundOnline(tx, app.deps.payments, order, amount),
      );
      const ended = endedPackages.length > 0 ? ` ${endedPackages.join(', ')} ended.` : '';
      return { status: 1 as const, message: `Refund recorded on order #${data.number}.${ended}`, data };
    },
  );

  app.post(
    '/my/orders',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags,
        summary: 'A client buys a package: pay at the studio, or online when the studio takes card payments',
        headers: idempotent,
        body: buyPackageBody,
        response: { 201: successEnvelope(purchaseDto) },
      },
    },
    async (request, reply) => {
      const data = await buyPackage(
        deps((error) => request.log.error(error)),
        actorOf(request),
        request.body,
        request.headers['idempotency-key'],
        new Date(),
        (tx, order) => startCheckout(tx, app.deps.payments, order, actorOf(request).roleId),
      );
      return reply.code(201).send({
        status: 1 as const,
        message: data.checkoutUrl
          ? 'Continue to payment.'
          : data.order.status === 'paid'
            ? 'Bought: it is yours.'
            : 'Bought: it is yours now; pay at the studio.',
        data,
      });
    },
  );

  app.get(
    '/my/account',
    {
      onRequest: requireRole(CLIENT_ROLES),
      schema: {
        tags,
        summary: 'What the signed-in client holds, owes, bought, and every credit used or returned',
        response: { 200: successEnvelope(clientAccountDto) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return { status: 1 as const, data: await clientAccount(db, actor, actor.userId) };
    },
  );

  app.get(
    '/clients/:clientId/account',
    {
      onRequest: requireAbility('seeFinancials'),
      schema: {
        tags,
        summary: "A client's packages, balance owing, orders and credit ledger",
        params: clientAccountParams,
        response: { 200: successEnvelope(clientAccountDto) },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await clientAccount(db, actorOf(request), request.params.clientId),
    }),
  );

  const packageAnswer = (data: ClientPackageDto, done: string) => ({
    status: 1 as const,
    message: `${data.terms.name} ${done}.`,
    data,
  });
  const packageChange = {
    onRequest: requireClientOrAbility('sellAndRefund'),
    params: clientPackageParams,
    response: { 200: successEnvelope(clientPackageDto) },
  };

  app.post(
    '/client-packages/:clientPackageId/pause',
    {
      onRequest: packageChange.onRequest,
      schema: {
        tags,
        summary:
          'Pause a client’s membership from a day (today by default) until a day (it resumes by itself then) or until resumed',
        params: packageChange.params,
        body: pausePackageBody.nullish(),
        response: packageChange.response,
      },
    },
    async (request) => {
      const body = request.body;
      const { data } = await changeClientPackage(db, actorOf(request), request.params.clientPackageId, {
        kind: 'pause',
        from: body?.from ?? null,
        until: body?.until ?? null,
      });
      const until = data.pausedUntil ? ` until ${dayText(data.pausedUntil)}` : '';
      return packageAnswer(
        data,
        data.status === 'paused'
          ? `paused${until}`
          : `will be paused from ${dayText(data.pausedFrom ?? '')}${until}`,
      );
    },
  );

  app.post(
    '/client-packages/:clientPackageId/resume',
    {
      onRequest: packageChange.onRequest,
      schema: {
        tags,
        summary: 'Resume a paused membership (its paid period runs on for the days paused), or drop a planned pause',
        params: packageChange.params,
        response: packageChange.response,
      },
    },
    async (request) => {
      const { data } = await changeClientPackage(db, actorOf(request), request.params.clientPackageId, {
        kind: 'resume',
      });
      return packageAnswer(data, data.paidUntil ? `resumed: paid until ${dayText(data.paidUntil)}` : 'resumed');
    },
  );

  app.post(
    '/client-packages/:clientPackageId/cancel',
    {
      onRequest: packageChange.onRequest,
      schema: {
        tags,
        summary:
          'Cancel what a client holds now, or a membership at the end of its paid period (only once its commitment allows; the desk may waive the commitment and cancel now)',
        params: packageChange.params,
        body: cancelPackageBody.nullish(),
        response: packageChange.response,
      },
    },
    async (request) => {
      const { data, commitmentWaived } = await changeClientPackage(
        db,
        actorOf(request),
        request.params.clientPackageId,
        { kind: 'cancel', at: request.body?.at ?? 'now', waiveCommitment: request.body?.waiveCommitment },
      );
      return packageAnswer(
        data,
        data.status !== 'cancelled'
          ? `ends on ${dayText(data.endsOn ?? '')}: it is not renewed`
          : commitmentWaived
            ? `cancelled: its commitment of ${commitmentText(data)}, to ${dayText(commitmentWaived)}, was waived`
            : 'cancelled',
      );
    },
  );
};
