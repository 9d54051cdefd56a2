import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 18: the owner's and instructor's dashboard (being built). */
export const dashboardRoutes: FastifyPluginAsyncZod = async () => {};
