import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { withPlatform, type DatabaseConnection } from '../../db/client.ts';

/** Request latency buckets (seconds): most answers take milliseconds; reports and imports take seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RouteSeries {
  method: string;
  route: string;
  statuses: Map<number, number>;
  /** Non-cumulative counts per bucket (the last is +Inf); made cumulative when rendered. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * Request counts by route pattern and status, and a latency histogram by route pattern, kept in memory
 * per process (Prometheus scrapes each process and sums). The route is Fastify's pattern
 * (`/api/clients/:clientId`), never the address with its ids: the label set stays as small as the routes.
 */
export class HttpMetrics {
  /** By route pattern, then method: two look-ups of strings Fastify already holds, no key built per answer. */
  private readonly byRoute = new Map<string, Map<string, RouteSeries>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let entry = byMethod.get(method);
    if (!entry) {
      entry = {
        method,
        route,
        statuses: new Map(),
        buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byMethod.set(method, entry);
    }
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket += 1;
    entry.buckets[bucket]! += 1;
    entry.sum += seconds;
    entry.count += 1;
  }

  private *series(): Iterable<RouteSeries> {
    for (const byMethod of this.byRoute.values()) yield* byMethod.values();
  }

  render(): string[] {
    const lines = [
      '# HELP kinetic_http_requests_total HTTP requests answered, by method, route pattern and status.',
      '# TYPE kinetic_http_requests_total counter',
    ];
    for (const entry of this.series())
      for (const [status, count] of entry.statuses)
        lines.push(
          `kinetic_http_requests_total{${labels({ method: entry.method, route: entry.route, status: String(status) })}} ${count}`,
        );
    lines.push(
      '# HELP kinetic_http_request_duration_seconds Time from receiving a request to its answer being sent.',
      '# TYPE kinetic_http_request_duration_seconds histogram',
    );
    for (const entry of this.series()) {
      const base = { method: entry.method, route: entry.route };
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, index) => {
        cumulative += entry.buckets[index]!;
        lines.push(
          `kinetic_http_request_duration_seconds_bucket{${labels({ ...base, le: String(bound) })}} ${cumulative}`,
        );
      });
      lines.push(
        `kinetic_http_request_duration_seconds_bucket{${labels({ ...base, le: '+Inf' })}} ${entry.count}`,
        `kinetic_http_request_duration_seconds_sum{${labels(base)}} ${entry.sum}`,
        `kinetic_http_request_duration_seconds_count{${labels(base)}} ${entry.count}`,
      );
    }
    return lines;
  }
}

const escapeLabel = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
const labels = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}="${escapeLabel(value)}"`)
    .join(',');

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when METRICS_TOKEN is set: what the request hook counts (features/operations/metrics.ts). */
    httpMetrics?: HttpMetrics;
  }
}

/** Anything no route matched (scans, old links) counts under one label instead of its address. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The hook counting every answer. Registered only when METRICS_TOKEN is set, so a server without metrics
 * pays nothing; when set, one callback per answer (no promise) and a few map look-ups.
 */
export function registerRequestMetrics(app: FastifyInstance): HttpMetrics {
  const metrics = new HttpMetrics();
  app.decorate('httpMetrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.record(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  return metrics;
}

/** Whether `header` is `Bearer <token>`; compared in constant time (as digests, so lengths do not leak). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected) && match !== null;
}

/** The gauges read at scrape time: pool use, pg-boss queue depth, the email outbox and webhook backlog. */
export async function gaugeLines(db: DatabaseConnection): Promise<string[]> {
  const { pool } = db;
  const lines = [
    "# HELP kinetic_db_pool_connections Connections of this process's database pool, open and idle.",
    '# TYPE kinetic_db_pool_connections gauge',
    `kinetic_db_pool_connections{state="open"} ${pool.totalCount}`,
    `kinetic_db_pool_connections{state="idle"} ${pool.idleCount}`,
    '# HELP kinetic_db_pool_waiting Requests of this process waiting for a free database connection.',
    '# TYPE kinetic_db_pool_waiting gauge',
    `kinetic_db_pool_waiting ${pool.waitingCount}`,
  ];

  // pg-boss's tables belong to the connecting user (no row-level security); absent when no process runs jobs.
  const boss = await pool.query<{ found: string | null }>(`select to_regclass('pgboss.job')::text as found`);
  lines.push(
    '# HELP kinetic_job_queue_depth Background jobs per pg-boss queue: waiting (created), waiting to retry, running.',
    '# TYPE kinetic_job_queue_depth gauge',
  );
  if (boss.rows[0]?.found) {
    const [queues, jobs] = await Promise.all([
      pool.query<{ name: string }>('select name from pgboss.queue order by name'),
      // state < 'completed': created, retry, active (the enum's order), the rows its partial index covers.
      pool.query<{ queue: string; state: string; n: number }>(
        `select name as queue, state::text as state, count(*)::int as n from pgboss.job
          where state < 'completed' group by name, state`,
      ),
    ]);
    const counts = new Map(jobs.rows.map((row) => [`${row.queue} ${row.state}`, row.n]));
    for (const { name } of queues.rows)
      for (const state of ['created', 'retry', 'active'])
        lines.push(
          `kinetic_job_queue_depth{${labels({ queue: name, state })}} ${counts.get(`${name} ${state}`) ?? 0}`,
        );
  }

  const backlog = await withPlatform(db.db, async (tx) => {
    const result = await tx.execute<{ outbox: number; webhooks: number; oldest: number | null }>(sql`
      select (select count(*)::int from email_outbox where status = 'pending') as outbox,
             (select extract(epoch from now() - min(created_at))::float8 from email_outbox where status = 'pending') as oldest,
             (select count(*)::int from webhook_deliveries where status = 'pending') as webhooks`);
    return result.rows[0];
  });
  lines.push(
    '# HELP kinetic_email_outbox_unsent Emails written to the outbox and not yet sent (still being tried).',
    '# TYPE kinetic_email_outbox_unsent gauge',
    `kinetic_email_outbox_unsent ${backlog?.outbox ?? 0}`,
    '# HELP kinetic_email_outbox_oldest_unsent_seconds Age of the oldest unsent email (0 when none).',
    '# TYPE kinetic_email_outbox_oldest_unsent_seconds gauge',
    `kinetic_email_outbox_oldest_unsent_seconds ${Math.round(backlog?.oldest ?? 0)}`,
    '# HELP kinetic_webhook_deliveries_pending Webhook deliveries not yet delivered nor given up.',
    '# TYPE kinetic_webhook_deliveries_pending gauge',
    `kinetic_webhook_deliveries_pending ${backlog?.webhooks ?? 0}`,
    '# HELP kinetic_process_uptime_seconds Seconds since this process started.',
    '# TYPE kinetic_process_uptime_seconds gauge',
    `kinetic_process_uptime_seconds ${Math.round(process.uptime())}`,
  );
  return lines;
}
