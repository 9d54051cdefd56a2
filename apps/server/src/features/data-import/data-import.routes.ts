import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 18: client import from CSV or an export archive (being built). */
export const dataImportRoutes: FastifyPluginAsyncZod = async () => {};
