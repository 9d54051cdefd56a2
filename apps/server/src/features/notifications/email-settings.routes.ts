import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Settings › Email Settings (issue 16): `/api/settings/email`, its templates, preview and test. */
export const emailSettingsRoutes: FastifyPluginAsyncZod = async () => {};
