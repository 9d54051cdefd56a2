import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 18: the full export archive (being built). */
export const dataExportRoutes: FastifyPluginAsyncZod = async () => {};
