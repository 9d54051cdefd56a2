import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPlatform } from '../../db/client.ts';
import { actorOf } from '../../plugins/auth.ts';
import { tooManyRequests } from '../../plugins/errors.ts';
import { requireAbility } from '../../plugins/guards.ts';
import { consumeLimit } from '../../plugins/rate-limit.ts';
import { openExportArchive } from './archive.ts';

/**
 * The abilities the full export needs: it is the company's whole data, money included, so all three of
 * settings, money and clients (an admin or solo owner has them; a front-desk staff member by default does not).
 */
export const EXPORT_ABILITIES = ['manageSettings', 'seeFinancials', 'manageClients'] as const;

/** Archives one company may download in an hour (shared by every process: the rate_limits table). */
export const EXPORTS_PER_HOUR = 10;
/** Archives this process builds at once: each holds a pool connection for its whole download. */
export const CONCURRENT_EXPORTS = 3;

/** Issue 18: the full export archive (docs/export-format.md). */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;
  let running = 0;
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
      const { companyId } = actorOf(request);
      if (running >= CONCURRENT_EXPORTS)
        throw tooManyRequests('Other archives are being prepared right now. Please try again in a minute.');
      await withPlatform(db, (tx) =>
        consumeLimit(tx, {
          key: `export-archive:${companyId}`,
          limit: EXPORTS_PER_HOUR,
          windowSeconds: 3600,
          message: `The archive was downloaded ${EXPORTS_PER_HOUR} times in the last hour. Please try again later.`,
        }),
      );
      running += 1;
      let counted = true;
      const done = () => {
        if (counted) running -= 1;
        counted = false;
      };
      try {
        const archive = await openExportArchive(db, companyId);
        archive.stream.once('close', done);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${archive.fileName}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(archive.stream);
      } catch (error) {
        done();
        throw error;
      }
    },
  );
};
