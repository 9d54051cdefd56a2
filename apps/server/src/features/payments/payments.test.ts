import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { abilitiesOf } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, minutesFromNow, setSessionRules } from '../../test/bookings.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';
import { DECLINED_CARD, REVOKED_SECRET_KEY, startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { renewMemberships } from '../orders/renewals.ts';
import { paymentsConfigOf } from './payments-config.ts';
import { saveStripeKeys } from './payment-settings.service.ts';
import { savedCardCharger } from './stripe-payments.ts';

/**
 * Stripe (issue 10): the real `stripe` SDK against a local stand-in for the endpoints used (nothing can
 * reach Stripe from here), webhooks signed with the SDK's own test-header helper.
 */
const stripe = await startStripeStandIn();
const SECRET = 'a-long-payments-secret-for-the-test-suite-only';
const { app, db } = await createTestApp({ config: { PAYMENTS_SECRET: SECRET, STRIPE_API_URL: stripe.url } });
type Headers = Record<string, string>;
const DAY = 86_400_000;

const KEYS = {
  publishableKey: 'pk_test_51Kinetic0000publishable',
  secretKey: 'sk_test_51Kinetic0000secret1234',
  webhookSecret: 'whsec_kineticTestSigningSecret',
};
const sdk = new Stripe('sk_test_unused');

const post = (url: string, headers: Headers, payload: object) =>
  app.inject({ method: 'POST', url, headers, payload });

async function connectedStudio() {
  const ready = await studioReadyToSchedule(app);
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/payment-settings/stripe',
    headers: ready.headers,
    payload: KEYS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return ready;
}

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return {
    id: signed.session.user._id as string,
    headers: bearer(signed.session.token),
    email: signed.email,
  };
}

/** Delivers an event as Stripe would: raw JSON, signed with the company's webhook secret. */
function deliver(companyId: string, event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? KEYS.webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return app.inject({
    method: 'POST',
    url: `/api/webhooks/stripe/${companyId}`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** A client buys through Checkout; answers the order, the session id, and the client. */
async function checkout(ready: ReadyStudio, packageId: string) {
  const client = await clientOf(ready);
  const bought = await post('/api/my/orders', client.headers, { packageId, provider: 'stripe' });
  expect(bought.statusCode, bought.body).toBe(201);
  const { order, checkoutUrl } = bought.json().data;
  const sessionId = String(checkoutUrl).split('/').pop() ?? '';
  return { client, order, checkoutUrl: String(checkoutUrl), sessionId, message: bought.json().message };
}

const account = async (ready: ReadyStudio, clientId: string) =>
  (
    await app.inject({ method: 'GET', url: `/api/clients/${clientId}/account`, headers: ready.headers })
  ).json().data;

describe('payment settings', () => {
  it('stores the company’s Stripe keys sealed, answers only a hint, and refuses malformed or mixed keys', async () => {
    const ready = await studioReadyToSchedule(app);
    const before = await app.inject({ method: 'GET', url: '/api/payment-settings', headers: ready.headers });
    expect(before.json().data).toMatchObject({
      canStoreKeys: true,
      stripe: {
        connected: false,
        webhookSecretSet: false,
        webhookUrl: `http://localhost:3000/api/webhooks/stripe/${ready.companyId}`,
      },
    });

    const bad = await app.inject({
      method: 'PUT',
      url: '/api/payment-settings/stripe',
      headers: ready.headers,
      payload: { ...KEYS, publishableKey: 'sk_test_wrongbox1234' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      publishableKey:
        'Paste the whole publishable key from Stripe: pk_test_ or pk_live_ and then at least 8 letters or digits',
    });
    const mixed = await app.inject({
      method: 'PUT',
      url: '/api/payment-settings/stripe',
      headers: ready.headers,
      payload: { ...KEYS, secretKey: 'sk_live_51Kinetic0000secret1234' },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toMatchObject({ secretKey: 'Both keys must be test keys or both live keys' });

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/payment-settings/stripe',
      headers: ready.headers,
      payload: KEYS,
    });
    expect(saved.json()).toMatchObject({
      message: 'Stripe accepted the keys: clients can pay online.',
      data: {
        keyCheck: 'accepted',
        stripe: { connected: true, mode: 'test', secretKeyHint: '…1234', webhookSecretSet: true },
      },
    });
    // The key was put to Stripe before it was saved.
    expect(stripe.requests).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/v1/balance', apiKey: KEYS.secretKey }),
    );
    expect(saved.body).not.toContain(KEYS.secretKey);
    expect(saved.body).not.toContain(KEYS.webhookSecret);
    const { rows } = await db.pool.query<{ stripe_secret_key: string; stripe_webhook_secret: string }>(
      'select stripe_secret_key, stripe_webhook_secret from payment_settings where company_id = $1',
      [ready.companyId],
    );
    expect(rows[0]?.stripe_secret_key).toMatch(/^v1:/);
    expect(JSON.stringify(rows)).not.toContain('Kinetic0000secret');

    // A new publishable key alone keeps the stored secret key and webhook secret.
    const kept = await app.inject({
      method: 'PUT',
      url: '/api/payment-settings/stripe',
      headers: ready.headers,
      payload: { publishableKey: 'pk_test_51Kinetic0000another' },
    });
    expect(kept.json().data.stripe).toMatchObject({
      publishableKey: 'pk_test_51Kinetic0000another',
      secretKeyHint: '…1234',
      webhookSecretSet: true,
    });

    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    expect(
      (await app.inject({ method: 'GET', url: '/api/payment-settings', headers: staff.headers })).statusCode,
    ).toBe(403);

    // A key Stripe no longer accepts is refused at the field, and the working keys stay as they were.
    const revoked = await app.inject({
      method: 'PUT',
      url: '/api/payment-settings/stripe',
      headers: ready.headers,
      payload: { ...KEYS, secretKey: REVOKED_SECRET_KEY },
    });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json()).toMatchObject({
      status: 0,
      message: 'Stripe did not accept this secret key.',
      errors: { secretKey: expect.stringContaining('Copy it again from Stripe') },
    });
    const still = await app.inject({ method: 'GET', url: '/api/payment-settings', headers: ready.headers });
    expect(still.json().data).toMatchObject({
      keyCheck: null,
      stripe: { connected: true, secretKeyHint: '…1234' },
    });

    const off = await app.inject({
      method: 'DELETE',
      url: '/api/payment-settings/stripe',
      headers: ready.headers,
    });
    expect(off.json()).toMatchObject({
      message: 'Stripe disconnected: clients pay at the studio.',
      data: { stripe: { connected: false } },
    });
  });

  it('keys are saved even when Stripe cannot be reached, and the answer says they are unchecked', async () => {
    const ready = await studioReadyToSchedule(app);
    // Nothing listens on port 9 of this machine: the check fails to connect, as with no route to Stripe.
    const config = {
      ...paymentsConfigOf(app.deps.config, 'http://localhost:3000'),
      apiUrl: 'http://127.0.0.1:9',
    };
    const actor = {
      sessionId: 'x',
      userId: ready.session.user._id as string,
      companyId: ready.companyId,
      roleId: 'admin' as const,
      abilities: abilitiesOf('admin', null),
    };
    const saved = await saveStripeKeys(db.db, actor, config, KEYS);
    expect(saved).toMatchObject({
      keyCheck: 'unreachable',
      stripe: { connected: true, secretKeyHint: '…1234' },
    });
  });

  it('a server without PAYMENTS_SECRET cannot store keys and says what its operator must do', async () => {
    const ready = await studioReadyToSchedule(app);
    const config = { ...paymentsConfigOf(app.deps.config, 'http://localhost:3000'), key: null };
    const actor = {
      sessionId: 'x',
      userId: ready.session.user._id as string,
      companyId: ready.companyId,
      roleId: 'admin' as const,
      abilities: abilitiesOf('admin', null),
    };
    await expect(saveStripeKeys(db.db, actor, config, KEYS)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('PAYMENTS_SECRET'),
    });
  });
});

describe('Stripe payments', () => {
  it('a purchase through Checkout: open until Stripe’s webhook says paid, then the package, the receipt, the saved card', async () => {
    const ready = await connectedStudio();
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Five Pack', credits: 5, price: 9000 }),
    );
    const { client, order, checkoutUrl, sessionId, message } = await checkout(ready, pack.id);
    expect(message).toBe('Continue to payment.');
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(order).toMatchObject({ status: 'open', provider: 'stripe', total: 9000 });
    expect((await account(ready, client.id)).packages).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/my/account', headers: client.headers })).json().data
        .payOnline,
    ).toBe(true);

    const sent = stripe.requests.find(
      (request) =>
        request.path === '/v1/checkout/sessions' && request.params.client_reference_id === order.id,
    );
    expect(sent).toMatchObject({
      apiKey: KEYS.secretKey,
      idempotencyKey: `kinetic-checkout-${order.id}`,
      params: expect.objectContaining({
        mode: 'payment',
        'line_items[0][price_data][unit_amount]': '9000',
        'line_items[0][price_data][currency]': 'usd',
        'payment_intent_data[setup_future_usage]': 'off_session',
        success_url: `http://localhost:3000/${ready.slug}/client/client/settings/packages?paid=${order.number}`,
      }),
    });

    const event = stripe.completeCheckout(sessionId);
    const delivered = await deliver(ready.companyId, event);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().message).toBe(`Event ${event.id} handled.`);
    const after = await account(ready, client.id);
    expect(after.packages).toEqual([
      expect.objectContaining({ terms: expect.objectContaining({ name: 'Five Pack' }), remaining: 5 }),
    ]);
    expect(after.orders[0]).toMatchObject({ status: 'paid', paid: 9000 });
    expect(after.ledger).toEqual([expect.objectContaining({ entry: 'grant', credits: 5 })]);
    expect(after.orders[0].payments).toEqual([expect.objectContaining({ method: 'stripe', amount: 9000 })]);
    const receipts = await db.pool.query<{ subject: string; text: string }>(
      'select subject, text from email_outbox where "to" = $1 order by created_at',
      [client.email],
    );
    expect(receipts.rows.map((row) => row.subject)).toContainEqual(expect.stringMatching(/^Receipt/));
    const saved = await db.pool.query('select payment_method_id from stripe_customers where client_id = $1', [
      client.id,
    ]);
    expect(saved.rows).toEqual([{ payment_method_id: 'pm_card_visa' }]);

    // Stripe delivers the same event again: answered, ignored, nothing paid twice.
    const replay = await deliver(ready.companyId, event);
    expect(replay.json().message).toBe(`Event ${event.id} replayed.`);
    expect((await account(ready, client.id)).orders[0].payments).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature or older than five minutes (400), and an unknown company (404)', async () => {
    const ready = await connectedStudio();
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Three Pack', credits: 3, price: 5000 }),
    );
    const { order, sessionId } = await checkout(ready, pack.id);
    const event = stripe.completeCheckout(sessionId);

    const forged = await deliver(ready.companyId, event, { secret: 'whsec_notTheStudiosSecret' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 0, message: expect.stringContaining('did not verify') });
    const stale = await deliver(ready.companyId, event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: `/api/webhooks/stripe/${ready.companyId}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const elsewhere = await deliver('5f0000000000000000000000', event);
    expect(elsewhere.statusCode).toBe(404);
    const orderNow = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: ready.headers,
    });
    expect(orderNow.json().data.status).toBe('open');

    // A Checkout left to expire cancels its order; nothing was taken.
    const expired = await deliver(ready.companyId, stripe.expireCheckout(sessionId));
    expect(expired.statusCode).toBe(200);
    const cancelled = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: ready.headers,
    });
    expect(cancelled.json().data.status).toBe('cancelled');
  });

  it('refunds a card payment through Stripe, never more than was paid; a retried refund reaches Stripe once', async () => {
    const ready = await connectedStudio();
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Ten Pack', price: 18000 }),
    );
    const { order, sessionId } = await checkout(ready, pack.id);
    await deliver(ready.companyId, stripe.completeCheckout(sessionId));

    const refund = (amount: number, key: string) =>
      app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        headers: { ...ready.headers, 'idempotency-key': key },
        payload: { amount, reason: 'Moved away' },
      });
    const first = await refund(5000, 'refund-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'partly-refunded', refunded: 5000 });
    expect((await refund(5000, 'refund-key-0001')).json().data.refunded).toBe(5000);
    const toStripe = stripe.requests.filter(
      (request) => request.path === '/v1/refunds' && request.params['metadata[kineticOrderId]'] === order.id,
    );
    expect(toStripe).toHaveLength(1);
    expect(toStripe[0]?.params).toMatchObject({
      amount: '5000',
      payment_intent: expect.stringMatching(/^pi_/),
    });
    expect(first.json().data.payments.at(-1)).toMatchObject({
      kind: 'refund',
      amount: 5000,
      method: 'stripe',
    });

    const tooMuch = await refund(13001, 'refund-key-0002');
    expect(tooMuch.statusCode).toBe(409);
    expect(
      stripe.requests.filter(
        (request) =>
          request.path === '/v1/refunds' && request.params['metadata[kineticOrderId]'] === order.id,
      ),
    ).toHaveLength(1);
  });

  it('renewals charge the saved card; a declined card leaves the renewal failed, not paid', async () => {
    const ready = await connectedStudio();
    const plan = await created(
      app,
      ready.headers,
      '/api/packages',
      membership({ name: 'Monthly', price: 9000 }),
    );
    const { client, sessionId } = await checkout(ready, plan.id);
    await deliver(ready.companyId, stripe.completeCheckout(sessionId));
    const deps = {
      db: db.db,
      publicUrl: 'http://localhost:3000',
      log: () => {},
      chargeSavedCard: savedCardCharger(app.deps.payments),
    };

    const renewed = await renewMemberships(deps, new Date(Date.now() + 35 * DAY));
    expect(renewed.renewed).toBeGreaterThanOrEqual(1);
    const after = await account(ready, client.id);
    const renewal = after.orders.find(
      (order: { lines: { kind: string }[] }) => order.lines[0]?.kind === 'renewal',
    );
    expect(renewal).toMatchObject({ status: 'paid', paid: 9000 });
    expect(renewal.payments[0]).toMatchObject({ method: 'stripe' });
    const charged = stripe.requests.filter(
      (request) =>
        request.path === '/v1/payment_intents' &&
        request.method === 'POST' &&
        request.params['metadata[kineticClientId]'] === client.id,
    );
    expect(charged.at(-1)?.params).toMatchObject({
      amount: '9000',
      off_session: 'true',
      confirm: 'true',
      payment_method: 'pm_card_visa',
    });

    await db.pool.query('update stripe_customers set payment_method_id = $1 where client_id = $2', [
      DECLINED_CARD,
      client.id,
    ]);
    const declined = await renewMemberships(deps, new Date(Date.now() + 66 * DAY));
    expect(declined.failed).toBeGreaterThanOrEqual(1);
    const later = await account(ready, client.id);
    expect(
      later.orders.filter(
        (order: { lines: { kind: string }[]; status: string }) =>
          order.lines[0]?.kind === 'renewal' && order.status === 'paid',
      ),
    ).toHaveLength(1);
  });

  it('a late-cancel fee goes to the saved card at once, with a receipt; without a saved card it stays owed', async () => {
    const ready = await connectedStudio();
    await setSessionRules(app, ready, { freeCancellationHoursBefore: 12, lateCancelFee: 1000 });
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Five Pack', credits: 5, price: 9000 }),
    );
    const { client, sessionId } = await checkout(ready, pack.id);
    await deliver(ready.companyId, stripe.completeCheckout(sessionId));

    const soon = await classAt(app, ready, minutesFromNow(6 * 60), { capacity: 5 });
    const booked = await post(`/api/class-instances/${soon}/bookings`, client.headers, {});
    expect(booked.statusCode, booked.body).toBe(200);
    const cancelled = await post(`/api/bookings/${booked.json().data.id}/cancel`, client.headers, {});
    expect(cancelled.json().message).toBe('Cancelled late: a late-cancellation fee of $10.00 applies.');
    const after = await account(ready, client.id);
    expect(after.balanceOwing).toBe(0);
    const fee = after.orders.find((order: { lines: { kind: string }[] }) => order.lines[0]?.kind === 'fee');
    expect(fee).toMatchObject({ status: 'paid', paid: 1000 });
    expect(fee.payments[0]).toMatchObject({ method: 'stripe', amount: 1000 });
    const receipts = await db.pool.query<{ subject: string }>(
      'select subject from email_outbox where "to" = $1',
      [client.email],
    );
    expect(receipts.rows.filter((row) => row.subject.startsWith('Receipt'))).toHaveLength(2);

    // A client who paid at the studio has no saved card: the fee is owed.
    const other = await clientOf(ready);
    await post('/api/my/orders', other.headers, { packageId: pack.id });
    const later = await classAt(app, ready, minutesFromNow(7 * 60), { capacity: 5 });
    const second = await post(`/api/class-instances/${later}/bookings`, other.headers, {});
    await post(`/api/bookings/${second.json().data.id}/cancel`, other.headers, {});
    expect((await account(ready, other.id)).balanceOwing).toBe(1000 + 9000);
  });

  it('the client removes their saved card: detached at Stripe, and renewals no longer charge it', async () => {
    const ready = await connectedStudio();
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Two Pack', credits: 2, price: 3000 }),
    );
    const { client, sessionId } = await checkout(ready, pack.id);
    await deliver(ready.companyId, stripe.completeCheckout(sessionId));
    const mine = () => app.inject({ method: 'GET', url: '/api/my/account', headers: client.headers });
    expect((await mine()).json().data.savedCard).toBe(true);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/my/saved-card',
      headers: client.headers,
    });
    expect(removed.json()).toMatchObject({
      message: 'Your card is removed. Renewals and fees are now paid at the studio.',
    });
    expect(
      stripe.requests.filter((request) => request.path === '/v1/payment_methods/pm_card_visa/detach').length,
    ).toBeGreaterThan(0);
    expect((await mine()).json().data.savedCard).toBe(false);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/my/saved-card', headers: client.headers })).statusCode,
    ).toBe(404);
    const charge = savedCardCharger(app.deps.payments);
    await expect(
      db.db.transaction((tx) => charge(tx, ready.companyId, client.id, 1000, 'Fee')),
    ).resolves.toBeNull();
  });

  it('a balance owed at the studio is paid online: what is due, packages not granted twice, an expired page leaves it owed', async () => {
    const ready = await connectedStudio();
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Five Pack', credits: 5, price: 5000 }),
    );
    const client = await clientOf(ready);
    const owed = (await post('/api/my/orders', client.headers, { packageId: pack.id })).json().data.order;
    expect(owed).toMatchObject({ status: 'open', provider: 'studio', total: 5000 });
    const pay = () => post(`/api/my/orders/${owed.id}/checkout`, client.headers, {});
    const first = await pay();
    expect(first.statusCode, first.body).toBe(200);
    const sessionId = String(first.json().data.checkoutUrl).split('/').pop() ?? '';
    const created_ = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1);
    expect(created_?.params['line_items[0][price_data][unit_amount]']).toBe('5000');
    expect(created_?.params.success_url).toMatch(
      new RegExp(`/${ready.slug}/client/client/settings/payment\\?paid=${owed.number}$`),
    );
    // The page expires unpaid: the order is still owed (a purchase's order would be cancelled).
    await deliver(ready.companyId, stripe.expireCheckout(sessionId));
    expect((await account(ready, client.id)).orders[0]).toMatchObject({ status: 'open' });

    const again =
      String((await pay()).json().data.checkoutUrl)
        .split('/')
        .pop() ?? '';
    expect((await deliver(ready.companyId, stripe.completeCheckout(again))).statusCode).toBe(200);
    const after = await account(ready, client.id);
    expect(after.orders[0]).toMatchObject({ status: 'paid', paid: 5000 });
    expect(after.balanceOwing).toBe(0);
    expect(after.packages).toHaveLength(1);
    expect((await pay()).statusCode).toBe(409);
    // Someone else's order is not found.
    const other = await clientOf(ready);
    expect((await post(`/api/my/orders/${owed.id}/checkout`, other.headers, {})).statusCode).toBe(404);
  });

  it('a client saves a card on Stripe’s setup page; renewals and fees can then charge it', async () => {
    const ready = await connectedStudio();
    const client = await clientOf(ready);
    const mine = async () =>
      (await app.inject({ method: 'GET', url: '/api/my/account', headers: client.headers })).json().data;
    expect((await mine()).savedCard).toBe(false);
    const setup = await post('/api/my/saved-card', client.headers, {});
    expect(setup.statusCode, setup.body).toBe(200);
    const session = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1);
    expect(session?.params).toMatchObject({ mode: 'setup', currency: 'usd' });
    expect(session?.params.success_url).toMatch(/\/settings\/payment\?card=saved$/);
    const sessionId = String(setup.json().data.checkoutUrl).split('/').pop() ?? '';
    expect(
      (await deliver(ready.companyId, stripe.completeCheckout(sessionId, 'pm_card_mastercard'))).statusCode,
    ).toBe(200);
    expect((await mine()).savedCard).toBe(true);
    const charge = savedCardCharger(app.deps.payments);
    await expect(
      db.db.transaction((tx) => charge(tx, ready.companyId, client.id, 1000, 'Fee')),
    ).resolves.toMatch(/^pi_/);
    expect(stripe.requests.at(-1)?.params.payment_method).toBe('pm_card_mastercard');
    // Without a session, or as the team: refused.
    expect((await app.inject({ method: 'POST', url: '/api/my/saved-card' })).statusCode).toBe(401);
    expect((await post('/api/my/saved-card', ready.headers, {})).statusCode).toBe(403);
  });

  it('a studio without Stripe says so when a client asks to pay online', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack());
    const client = await clientOf(ready);
    const online = await post('/api/my/orders', client.headers, { packageId: pack.id, provider: 'stripe' });
    expect(online.statusCode).toBe(409);
    expect(online.json()).toMatchObject({
      message: 'This studio does not take payments online yet; choose to pay at the studio.',
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/my/account', headers: client.headers })).json().data
        .payOnline,
    ).toBe(false);
  });
});
