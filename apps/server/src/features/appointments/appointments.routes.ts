import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Booking appointments (issue 17 §3): /api/appointments. */
export const appointmentsRoutes: FastifyPluginAsyncZod = async () => {};
