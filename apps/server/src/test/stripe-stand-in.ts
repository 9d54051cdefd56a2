import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A small local HTTP stand-in for the few Stripe endpoints Kinetic uses, so the tests run the real
 * `stripe` SDK (nothing can reach api.stripe.com from here). It answers like Stripe's test mode in
 * shape, honours Idempotency-Key like Stripe (same key, same answer, one effect), and records every
 * request so a test can assert what Kinetic asked Stripe to do.
 */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  apiKey: string;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: string;
  refunded: number;
}

/** A secret key of the right shape that Stripe no longer accepts (rolled or deleted in the dashboard). */
export const REVOKED_SECRET_KEY = 'sk_test_revoked000000000000';

/** A saved card that Stripe declines (as its `pm_card_chargeDeclined` test card). */
export const DECLINED_CARD = 'pm_card_chargeDeclined';

export async function startStripeStandIn() {
  const requests: StripeRequest[] = [];
  const intents = new Map<string, Intent>();
  const sessions = new Map<string, Record<string, unknown>>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const answered = new Map<string, { status: number; body: unknown }>();
  let next = 0;
  const id = (prefix: string) => `${prefix}_${(++next).toString().padStart(14, '0')}`;

  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code, decline_code: 'generic_decline' } : {}) } },
  });

  function answer(request: StripeRequest): { status: number; body: unknown } {
    const p = request.params;
    if (request.apiKey === REVOKED_SECRET_KEY)
      return error(401, 'invalid_request_error', `Invalid API Key provided: sk_test_****${request.apiKey.slice(-4)}`);
    if (request.method === 'GET' && request.path === '/v1/balance')
      return {
        status: 200,
        body: { object: 'balance', livemode: false, available: [{ amount: 0, currency: 'usd' }], pending: [] },
      };
    if (request.method === 'POST' && request.path === '/v1/customers')
      return { status: 200, body: { id: id('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null } };
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: p.mode,
        customer: p.customer ?? null,
        client_reference_id: p.client_reference_id ?? null,
        metadata: Object.fromEntries(
          Object.entries(p)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
        ),
        amount_total: p.mode === 'setup' ? null : Number(p['line_items[0][price_data][unit_amount]']),
        currency: p.mode === 'setup' ? (p.currency ?? null) : p['line_items[0][price_data][currency]'],
        setup_intent: null,
        payment_status: 'unpaid',
        payment_intent: null,
        status: 'open',
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        url: '',
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const setupPath = /^\/v1\/setup_intents\/([\w]+)$/.exec(request.path);
    if (request.method === 'GET' && setupPath) {
      const intent = setupIntents.get(setupPath[1] ?? '');
      return intent ? { status: 200, body: intent } : error(404, 'invalid_request_error', 'No such setup_intent');
    }
    const intentPath = /^\/v1\/payment_intents\/([\w]+)$/.exec(request.path);
    if (request.method === 'GET' && intentPath) {
      const intent = intents.get(intentPath[1] ?? '');
      return intent ? { status: 200, body: intent } : error(404, 'invalid_request_error', 'No such payment_intent');
    }
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      if (p.payment_method === DECLINED_CARD) return error(402, 'card_error', 'Your card was declined.', 'card_declined');
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(p.amount),
        currency: p.currency ?? 'usd',
        customer: p.customer ?? null,
        payment_method: p.payment_method ?? null,
        status: p.confirm === 'true' ? 'succeeded' : 'requires_confirmation',
        refunded: 0,
      };
      intents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const intent = intents.get(p.payment_intent ?? '');
      if (!intent) return error(400, 'invalid_request_error', `No such payment_intent: '${p.payment_intent}'`);
      const amount = p.amount ? Number(p.amount) : intent.amount - intent.refunded;
      if (intent.refunded + amount > intent.amount)
        return error(400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount on charge');
      intent.refunded += amount;
      return { status: 200, body: { id: id('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded' } };
    }
    const detach = /^\/v1\/payment_methods\/([\w]+)\/detach$/.exec(request.path);
    if (request.method === 'POST' && detach)
      return { status: 200, body: { id: detach[1], object: 'payment_method', customer: null } };
    return error(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.path})`);
  }

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (raw += chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stripe.local');
      const params = Object.fromEntries(new URLSearchParams(incoming.method === 'GET' ? url.search : raw));
      const key = incoming.headers['idempotency-key'];
      const request: StripeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        params,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        apiKey: (incoming.headers.authorization ?? '').replace(/^Bearer /, ''),
      };
      requests.push(request);
      const remembered = request.idempotencyKey ? answered.get(request.idempotencyKey) : undefined;
      const result = remembered ?? answer(request);
      if (request.idempotencyKey && !remembered) answered.set(request.idempotencyKey, result);
      response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    url,
    requests,
    /** The client pays on Stripe's page: the payment intent exists, and the event Stripe would send. */
    completeCheckout(sessionId: string, paymentMethod = 'pm_card_visa') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No checkout session ${sessionId}`);
      if (session.mode === 'setup') {
        // Setup mode: the card is saved on a setup intent; nothing is charged.
        const setup = { id: id('seti'), object: 'setup_intent', customer: session.customer, payment_method: paymentMethod, status: 'succeeded' };
        setupIntents.set(setup.id, setup);
        Object.assign(session, { status: 'complete', setup_intent: setup.id });
        return stripeEvent('checkout.session.completed', session);
      }
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(session.amount_total),
        currency: String(session.currency),
        customer: (session.customer as string | null) ?? null,
        payment_method: paymentMethod,
        status: 'succeeded',
        refunded: 0,
      };
      intents.set(intent.id, intent);
      Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: intent.id });
      return stripeEvent('checkout.session.completed', session);
    },
    expireCheckout(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No checkout session ${sessionId}`);
      Object.assign(session, { status: 'expired' });
      return stripeEvent('checkout.session.expired', session);
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

let events = 0;
function stripeEvent(type: string, object: Record<string, unknown>) {
  return {
    id: `evt_test_${Date.now()}_${++events}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...object } },
  };
}
