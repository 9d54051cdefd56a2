import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Instructors' working hours and exceptions (issue 17 §2): /api/availability/{instructorId}. */
export const availabilityRoutes: FastifyPluginAsyncZod = async () => {};
