import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageEnvelope,
  promoCodeBody,
  promoCodeDto,
  promoCodeListDto,
  promoCodeParams,
  successEnvelope,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import { deletePromoCode, getPromoCode, listPromoCodes, savePromoCode } from './promo-codes.service.ts';

/** Promo codes (spec §3/§4: the list, delete by id, edit data for the modal). */
export const promoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['promo-codes'];
  const one = successEnvelope(promoCodeDto);

  app.get(
    '/promo-codes',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'Promo codes with their uses',
        response: { 200: successEnvelope(promoCodeListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listPromoCodes(db, actorOf(request)) }),
  );
  app.post(
    '/promo-codes',
    {
      onRequest: requireAbility('manageSettings'),
      schema: { tags, summary: 'Add a promo code', body: promoCodeBody, response: { 201: one } },
    },
    async (request, reply) => {
      const data = await savePromoCode(db, actorOf(request), null, request.body);
      return reply.code(201).send({ status: 1 as const, message: `Promo code ${data.code} added.`, data });
    },
  );
  app.get(
    '/promo-codes/:promoCodeId',
    {
      onRequest: requireRole(TEAM_ROLES),
      schema: {
        tags,
        summary: 'One promo code (the edit modal)',
        params: promoCodeParams,
        response: { 200: one },
      },
    },
    async (request) => ({
      status: 1 as const,
      data: await getPromoCode(db, actorOf(request), request.params.promoCodeId),
    }),
  );
  app.put(
    '/promo-codes/:promoCodeId',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Edit a promo code (orders that used it keep their discount)',
        params: promoCodeParams,
        body: promoCodeBody,
        response: { 200: one },
      },
    },
    async (request) => {
      const data = await savePromoCode(db, actorOf(request), request.params.promoCodeId, request.body);
      return { status: 1 as const, message: `Promo code ${data.code} saved.`, data };
    },
  );
  app.delete(
    '/promo-codes/:promoCodeId',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Delete a promo code',
        params: promoCodeParams,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      await deletePromoCode(db, actorOf(request), request.params.promoCodeId);
      return { status: 1 as const, message: 'Promo code deleted.' };
    },
  );
};
