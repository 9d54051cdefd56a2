import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Free slots (issue 17 §2): /api/appointment-slots and /api/public/{company}/appointment-slots. */
export const appointmentSlotsRoutes: FastifyPluginAsyncZod = async () => {};
