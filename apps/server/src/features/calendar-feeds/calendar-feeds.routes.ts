import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Private iCal feeds (issue 16): `/api/my/calendar-feed` and the public `/api/calendar-feeds/{token}.ics`. */
export const calendarFeedsRoutes: FastifyPluginAsyncZod = async () => {};
