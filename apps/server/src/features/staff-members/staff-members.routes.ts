import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff members (issue 15 §1): /api/staff-members. */
export const staffMembersRoutes: FastifyPluginAsyncZod = async () => {};
