import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 18: webhook endpoints, deliveries and re-sends (being built). */
export const webhooksRoutes: FastifyPluginAsyncZod = async () => {};
