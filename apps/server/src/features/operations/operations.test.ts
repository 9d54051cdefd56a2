import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { createTestApp, testConfig } from '../../test/harness.ts';
import { signedInClient } from '../../test/bookings.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { codeMigrations } from './backup.ts';

const TOKEN = 'metrics-token-0123456789';

describe('GET /api/ready', () => {
  it('is ready when the database answers at the code’s migration; 503 naming the reason otherwise', async () => {
    const { app, db } = await createTestApp();
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({
      database: 'up',
      migrations: { status: 'current', applied: codeMigrations().length, expected: codeMigrations().length },
      jobs: 'not-run-here',
    });

    // The database is a migration behind this code (a deploy whose migration has not run).
    const { rows } = await db.pool.query<{ id: number; hash: string; created_at: string }>(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at',
    );
    try {
      const behind = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json().message).toBe(
        `Not ready: the database is at migration ${codeMigrations().length - 1}, this code needs ${codeMigrations().length}.`,
      );
      expect(behind.json().data.migrations.status).toBe('behind');
      // Liveness is another question: the process is alive and its database answers.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      const row = rows[0]!;
      await db.pool.query(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [row.id, row.hash, row.created_at],
      );
    }
  });

  it('answers 503 when the database does not answer', async () => {
    // A port nothing listens on: the pool cannot connect.
    const db = connectDatabase('postgres://postgres:x@127.0.0.1:9/none', { max: 1, waitMs: 1000 });
    const app = await buildApp({ config: testConfig(), db }, { logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Not ready: the database is not answering.');
      expect(response.json().data.database).toBe('down');
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe('GET /api/metrics', () => {
  it('does not exist unless METRICS_TOKEN is set', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(app.httpMetrics).toBeUndefined();
  });

  it('answers only to the token, with requests by route pattern, latencies, the pool and the outbox', async () => {
    const { app, db } = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
    const ready = await studioReadyToSchedule(app);
    await signedInClient(app, ready);
    const missingId = 'ffffffffffffffffffffffff';
    const missing = await app.inject({
      method: 'GET',
      url: `/api/clients/${missingId}/profile`,
      headers: ready.headers,
    });
    expect(missing.statusCode).toBe(404);
    await app.inject({ method: 'GET', url: '/api/no-such-thing/123' });

    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const refused = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toContain('Authorization: Bearer');
    }

    const response = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toContain(
      'kinetic_http_requests_total{method="GET",route="/api/clients/:clientId/profile",status="404"} 1',
    );
    expect(text).toContain('kinetic_http_requests_total{method="POST",route="/api/studios",status="201"} 1');
    expect(text).toContain('kinetic_http_requests_total{method="GET",route="/api/metrics",status="401"} 4');
    expect(text).toContain('kinetic_http_requests_total{method="GET",route="(unmatched)",status="404"} 1');
    // Never the address itself: ids would make a series per client.
    expect(text).not.toContain(missingId);
    expect(text).not.toContain('no-such-thing');
    expect(text).toMatch(
      /kinetic_http_request_duration_seconds_bucket\{method="POST",route="\/api\/studios",le="\+Inf"\} 1\n/,
    );
    expect(text).toMatch(
      /kinetic_http_request_duration_seconds_count\{method="POST",route="\/api\/studios"\} 1\n/,
    );
    expect(text).toMatch(/kinetic_db_pool_connections\{state="open"\} [1-9]/);
    expect(text).toContain('kinetic_db_pool_waiting 0');
    // No job runner in this process: the welcome emails wait in the outbox, and the metric says how many.
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where status = 'pending'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(text).toContain(`kinetic_email_outbox_unsent ${rows[0]!.n}\n`);
    expect(text).toContain('kinetic_webhook_deliveries_pending 0\n');
  });
});
