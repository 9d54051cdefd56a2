import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 18: per-company API keys (being built). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async () => {};
