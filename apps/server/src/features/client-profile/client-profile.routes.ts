import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 14: this area's routes (filled in as it is built). */
export const clientProfileRoutes: FastifyPluginAsyncZod = async () => {};
