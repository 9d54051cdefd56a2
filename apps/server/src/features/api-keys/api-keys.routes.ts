import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyDto,
  apiKeyListDto,
  apiKeyParams,
  createApiKeyBody,
  createdApiKeyDto,
  successEnvelope,
} from '@kinetic/shared';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

/**
 * Issue 18 §3: per-company API keys (Settings › API Keys). Managing them needs `manageSettings` and a
 * person signed in: a key calling these routes is refused (features/api-keys/api-key-auth.ts).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  const tags = ['api-keys'];

  app.get(
    '/api-keys',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'The company’s API keys, working ones first, revoked ones kept (the key itself is never shown again)',
        response: { 200: successEnvelope(apiKeyListDto) },
      },
    },
    async (request) => ({ status: 1 as const, data: await listApiKeys(db, actorOf(request)) }),
  );

  app.post(
    '/api-keys',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Create an API key: the answer holds the key, shown this once (only its SHA-256 is kept)',
        body: createApiKeyBody,
        response: { 201: successEnvelope(createdApiKeyDto) },
      },
    },
    async (request, reply) => {
      const data = await createApiKey(db, actorOf(request), request.body);
      return reply
        .code(201)
        .send({ status: 1 as const, message: `API key ${data.apiKey.name} created. Copy it now: it is shown only once.`, data });
    },
  );

  app.delete(
    '/api-keys/:apiKeyId',
    {
      onRequest: requireAbility('manageSettings'),
      schema: {
        tags,
        summary: 'Revoke an API key: it stops working at once; it stays in the list as revoked',
        params: apiKeyParams,
        response: { 200: successEnvelope(apiKeyDto) },
      },
    },
    async (request) => {
      const data = await revokeApiKey(db, actorOf(request), request.params.apiKeyId);
      return { status: 1 as const, message: `API key ${data.name} revoked.`, data };
    },
  );
};
