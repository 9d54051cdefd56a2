import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { openExportArchive } from './archive.ts';

/**
 * The abilities the full export needs: it is the company's whole data, money included, so all three of
 * settings, money and clients (an admin or solo owner has them; a front-desk staff member by default does not).
 */
export const EXPORT_ABILITIES = ['manageSettings', 'seeFinancials', 'manageClients'] as const;

/** Issue 18: the full export archive (docs/export-format.md). */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  app.get(
    '/exports/archive',
    {
      onRequest: requireAbility(EXPORT_ABILITIES),
      schema: {
        tags: ['import and export'],
        summary:
          'Download everything the company owns (no secrets) as a ZIP of CSV files and manifest.json (docs/export-format.md)',
      },
    },
    async (request, reply) => {
      const archive = await openExportArchive(db, actorOf(request).companyId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(archive.stream);
    },
  );
};
