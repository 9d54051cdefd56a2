import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Pay rates (issue 15 §3): /api/pay-rates. */
export const payRatesRoutes: FastifyPluginAsyncZod = async () => {};
