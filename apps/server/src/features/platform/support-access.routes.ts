import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 18: a company's view of the platform's support sessions (being built). */
export const supportAccessRoutes: FastifyPluginAsyncZod = async () => {};
