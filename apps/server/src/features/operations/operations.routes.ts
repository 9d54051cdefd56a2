import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 18: readiness probe and Prometheus metrics (being built). */
export const operationsRoutes: FastifyPluginAsyncZod = async () => {};
