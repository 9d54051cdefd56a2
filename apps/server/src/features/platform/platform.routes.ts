import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 18: the platform (uber) area: companies, suspend, audit log, support sessions (being built). */
export const platformRoutes: FastifyPluginAsyncZod = async () => {};
