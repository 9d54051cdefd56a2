import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp } from './test/harness.ts';
import { conflict, notFound } from './plugins/errors.ts';
import { redactSecrets } from './app.ts';

const { app, db } = await createTestApp({
  beforeReady: (instance) => {
    const typed = instance.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/echo',
      { schema: { body: z.object({ email: z.email('Enter a valid email address'), age: z.number().min(0) }) } },
      async (request) => ({ status: 1, message: 'Saved', data: request.body }),
    );
    typed.get('/api/test/missing', async () => {
      throw notFound('That class does not exist.');
    });
    typed.get('/api/test/full', async () => {
      throw conflict('This class is full.');
    });
    typed.get('/api/test/bug', async () => {
      throw new Error('secret internal detail at /srv/db.ts:42');
    });
  },
});

describe('response envelope and errors', () => {
  it('answers a health check with the database up', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 1, data: { database: 'up' } });
  });

  it('answers 400 with a message per invalid field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', age: -1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe(0);
    expect(body.errors.email).toBe('Enter a valid email address');
    expect(body.errors.age).toMatch(/0/);
    expect(body.message).toContain('email: Enter a valid email address');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: 'The request body is not valid JSON.' });
  });

  it('passes valid input through with the success envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'ada@example.com', age: 36 },
    });
    expect(response.json()).toEqual({ status: 1, message: 'Saved', data: { email: 'ada@example.com', age: 36 } });
  });

  it('maps typed errors to their codes and keeps their message', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/test/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 0, message: 'That class does not exist.' });
    const full = await app.inject({ method: 'GET', url: '/api/test/full' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ status: 0, message: 'This class is full.' });
  });

  it('hides the internals of a bug behind a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json().status).toBe(0);
  });

  it('answers unknown API paths with the envelope and 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 0, message: 'There is no GET /api/no-such-thing.' });
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });

  it('reports the database as down when it stops answering', async () => {
    await db.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 0, data: { database: 'down' } });
  });
});

describe('request log', () => {
  it('never shows a calendar feed token or a signed link’s signature', () => {
    expect(redactSecrets('/api/calendar-feeds/abcDEF123_-xyz.ics')).toBe('/api/calendar-feeds/[redacted]');
    expect(redactSecrets('/api/public/demo/offers/6b01/accept?exp=1795&sig=s3cr3t')).toBe(
      '/api/public/demo/offers/6b01/accept?exp=1795&sig=[redacted]',
    );
    expect(redactSecrets('/api/classes?from=2026-11-01')).toBe('/api/classes?from=2026-11-01');
  });
});
