import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { classAt, minutesFromNow } from '../../test/bookings.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { startWebhookReceiver, verifySignature } from '../../test/webhook-receiver.ts';

/**
 * Issue 18's "done means" for an integrator, over real HTTP as their program would: read /api/docs,
 * call the API with a key (add a client, book them into a class), receive the signed webhook.
 */
const receiver = await startWebhookReceiver();
// The job runner (webhook deliveries) starts with a mail server to send through.
const mail = await startMailCatcher();
const { app } = await createTestApp({
  smtpUrl: mail.url,
  config: { WEBHOOKS_ALLOW_HTTP: 'true' },
  jobOptions: { webhookAllowLocal: true, webhookRetryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
afterAll(async () => {
  await app.close();
  await receiver.stop();
  await mail.stop();
});

async function call(method: string, path: string, token: string, body?: object) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as { data: { id: string; key: string; secret: string } },
  };
}

describe('an integrator', () => {
  it('reads /api/docs, calls the API with a key and receives a signed webhook', async () => {
    // The documentation: the key scheme and the booking route that accepts it.
    const docs = await fetch(`${base}/api/docs/json`);
    expect(docs.status).toBe(200);
    const spec = (await docs.json()) as {
      info: { description: string };
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(Object.keys(spec.components.securitySchemes)).toEqual(expect.arrayContaining(['apiKey']));
    expect(spec.info.description).toContain('Kinetic-Signature');
    const bookingRoute = spec.paths['/api/class-instances/{classInstanceId}/bookings']?.post;
    expect(bookingRoute?.security).toEqual(expect.arrayContaining([{ apiKey: [] }]));

    // The owner makes a key and registers the integrator's endpoint (Settings › API Keys, Webhooks).
    const ready = await studioReadyToSchedule(app);
    const owner = ready.headers.authorization.replace(/^Bearer /, '');
    const made = await call('POST', '/api/api-keys', owner, { name: 'Studio CRM', scope: 'write' });
    expect(made.status).toBe(201);
    const key: string = made.json.data.key;
    expect(key).toMatch(/^kin_/);
    const endpoint = await call('POST', '/api/webhook-endpoints', owner, {
      url: receiver.url('/crm'),
      events: ['client.created', 'booking.created'],
    });
    expect(endpoint.status).toBe(201);
    const secret: string = endpoint.json.data.secret;

    // The integrator's program, with the key only.
    const classId = await classAt(app, ready, minutesFromNow(2 * 24 * 60), { dropInPrice: 0 });
    const client = await call('POST', '/api/clients', key, {
      name: 'Ingrid Integration',
      email: 'ingrid@example.com',
    });
    expect(client.status, JSON.stringify(client.json)).toBeLessThan(300);
    const clientId: string = client.json.data.id;
    const booked = await call('POST', `/api/class-instances/${classId}/bookings`, key, {
      clientId,
      payWith: 'drop-in',
    });
    expect(booked.status, JSON.stringify(booked.json)).toBe(200);
    expect(booked.headers.get('x-ratelimit-limit')).toBe('120');

    // Both events arrive at the endpoint, signed with its secret.
    const [created] = await receiver.waitFor((hook) => hook.json.type === 'client.created');
    const [booking] = await receiver.waitFor((hook) => hook.json.type === 'booking.created');
    for (const hook of [created!, booking!]) {
      expect(verifySignature(String(hook.headers['kinetic-signature']), hook.body, secret)).toBe(true);
      expect(verifySignature(String(hook.headers['kinetic-signature']), hook.body, 'whsec_wrong')).toBe(
        false,
      );
    }
    expect(created!.json.data).toMatchObject({ client: { id: clientId, email: 'ingrid@example.com' } });
    expect(booking!.json.data).toMatchObject({
      booking: { id: booked.json.data.id, status: 'booked' },
      client: { id: clientId },
      class: { id: classId },
    });
  });
});
