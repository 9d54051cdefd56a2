import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Payroll (issue 15 §4): /api/payroll. */
export const payrollRoutes: FastifyPluginAsyncZod = async () => {};
