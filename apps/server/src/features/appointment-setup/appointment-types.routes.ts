import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Appointment types (issue 17 §1): /api/appointment-types and the public list. */
export const appointmentTypesRoutes: FastifyPluginAsyncZod = async () => {};
