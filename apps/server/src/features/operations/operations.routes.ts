import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureEnvelope, readinessDto, successEnvelope, type ReadinessDto } from '@kinetic/shared';
import { checkDatabase } from '../health/health.service.ts';
import { codeMigrations, migrationLevel } from './backup.ts';
import { bearerMatches, gaugeLines } from './metrics.ts';

/**
 * Issue 18 §6: the readiness probe and Prometheus metrics. Both are public by design (no session): the
 * readiness probe says nothing but up/down and counts; the metrics answer 404 unless METRICS_TOKEN is set,
 * then only to `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const shipped = codeMigrations();
  const latest = shipped.at(-1)?.folderMillis ?? 0;

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether this process should get traffic: database up, migrations current, jobs started',
        description:
          'The readiness probe for a load balancer or orchestrator; /api/health stays the liveness probe. 503 names what is not ready.',
        response: { 200: successEnvelope(readinessDto), 503: failureEnvelope.extend({ data: readinessDto }) },
      },
    },
    async (_request, reply) => {
      const database = await checkDatabase(app.deps.db.pool);
      const data: ReadinessDto = {
        database,
        migrations: { status: 'unknown', applied: 0, expected: shipped.length },
        jobs: app.deps.jobs ? 'running' : 'not-run-here',
      };
      if (database === 'up') {
        const level = await migrationLevel(app.deps.db.pool).catch(() => undefined);
        if (level) {
          data.migrations.applied = level.count;
          // A database ahead of this code (another process already runs a newer version) is still served.
          data.migrations.status = (level.latest?.createdAt ?? 0) >= latest ? 'current' : 'behind';
        }
      }
      const reasons = [
        database === 'down' && 'the database is not answering',
        data.migrations.status === 'behind' &&
          `the database is at migration ${data.migrations.applied}, this code needs ${data.migrations.expected}`,
        database === 'up' && data.migrations.status === 'unknown' && 'the migrations could not be read',
      ].filter((reason): reason is string => typeof reason === 'string');
      if (reasons.length === 0) return { status: 1 as const, data };
      return reply.code(503).send({ status: 0 as const, message: `Not ready: ${reasons.join('; ')}.`, data });
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (text format); 404 unless METRICS_TOKEN is set',
        description:
          'Requests by route pattern and status, latency histograms, database pool, job queue depth, email outbox and webhook backlog. Send `Authorization: Bearer <METRICS_TOKEN>`.',
        headers: z.object({ authorization: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const token = app.deps.config.METRICS_TOKEN;
      if (!token) return reply.code(404).send({ status: 0, message: 'There is no GET /api/metrics.' });
      if (!bearerMatches(request.headers.authorization, token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ status: 0, message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.' });
      const lines = [...(app.httpMetrics?.render() ?? []), ...(await gaugeLines(app.deps.db))];
      return reply
        .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\n')}\n`);
    },
  );
};
