import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { quickClients } from '../../test/bookings.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';

/** Orders (issue 10): purchases, promo codes, intro offers, tax, payments at the desk, refunds, receipts. */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;

const post = (url: string, headers: Headers, payload: object, extra: Headers = {}) =>
  app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });

async function outboxTo(email: string) {
  const { rows } = await db.pool.query<{ subject: string; text: string }>(
    'select subject, text from email_outbox where "to" = $1 order by created_at, id',
    [email],
  );
  return rows;
}

async function signedClient(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return {
    id: signed.session.user._id as string,
    headers: bearer(signed.session.token),
    email: signed.email,
  };
}

const promo = (overrides: Record<string, unknown> = {}) => ({
  code: 'WELCOME10',
  discountKind: 'percent',
  discountValue: 10,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerClient: null,
  packageIds: [],
  ...overrides,
});

describe('orders', () => {
  it('pay at the studio: the package is the client’s at once, the order stays open until the desk takes the money, then a receipt with tax', async () => {
    const ready = await studioReadyToSchedule(app);
    const rate = await created(app, ready.headers, '/api/tax-rates', {
      name: 'Sales tax',
      ratePpm: 88_750, // New York City's 8.875%: four decimals of a percent are kept
      inclusive: false,
    });
    const pack = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Ten Pack', taxRateId: rate.id }),
    );
    const client = await signedClient(ready);

    const bought = await post('/api/my/orders', client.headers, { packageId: pack.id });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().message).toBe('Bought: it is yours now; pay at the studio.');
    const order = bought.json().data.order;
    // $180.00 + 8.875% = $180.00 + $15.975 → $195.98 (8.87% would have given $195.97).
    expect(order).toMatchObject({
      status: 'open',
      provider: 'studio',
      subtotal: 18000,
      tax: 1598,
      total: 19598,
      paid: 0,
    });
    const mine = (await app.inject({ method: 'GET', url: '/api/my/account', headers: client.headers })).json()
      .data;
    expect(mine).toMatchObject({
      balanceOwing: 19598,
      packages: [{ terms: { name: 'Ten Pack' }, remaining: 10 }],
    });
    expect(mine.ledger).toEqual([expect.objectContaining({ entry: 'grant', credits: 10 })]);

    const paid = await post(`/api/orders/${order.id}/pay`, ready.headers, { method: 'card' });
    expect(paid.json()).toMatchObject({
      message: `Order #${order.number} paid; the receipt is on its way.`,
      data: { status: 'paid', paid: 19598 },
    });
    const [owed, receipt] = (await outboxTo(client.email)).filter((email) => !email.subject.startsWith('Welcome'));
    // The purchase itself is confirmed at once (the studio's "Payment receipt"), with what is to pay.
    expect(owed?.subject).toMatch(new RegExp(`^Receipt: order #${order.number} from `));
    expect(owed?.text).toContain('Paid: $0.00\nStill to pay: $195.98');
    expect(receipt?.subject).toMatch(new RegExp(`^Receipt: order #${order.number} from `));
    expect(receipt?.text).not.toContain('Still to pay:');
    expect(receipt?.text).toContain('Total: $195.98\nPaid: $195.98');
    expect(receipt?.text).toContain('1 × Ten Pack: $180.00 (Sales tax 8.875%: $15.98) = $195.98');
    const again = await post(`/api/orders/${order.id}/pay`, ready.headers, { method: 'cash' });
    expect(again.statusCode).toBe(409);
  });

  it("receipts write prices the company's way: EUR in de-DE is 180,00 €", async () => {
    const ready = await studioReadyToSchedule(app);
    const details = (await app.inject({ method: 'GET', url: '/api/company/details', headers: ready.headers })).json().data;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/company/details',
      headers: ready.headers,
      payload: { ...details, currency: 'EUR', locale: 'de-DE', logo: null, id: undefined, slug: undefined, kind: undefined, logoUrl: undefined },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pack = await created(app, ready.headers, '/api/packages', classPack({ name: 'Zehnerkarte' }));
    const client = await signedClient(ready);
    const order = (await post('/api/my/orders', client.headers, { packageId: pack.id })).json().data.order;
    await post(`/api/orders/${order.id}/pay`, ready.headers, { method: 'cash' });
    const receipt = (await outboxTo(client.email)).find((email) => email.subject.startsWith('Receipt'));
    expect(receipt?.text).toContain('1 × Zehnerkarte: 180,00\u00a0€');
  });

  it('a promo code: dates, total and per-client limits, and only the packages it names', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack({ name: 'Ten Pack' }));
    const other = await created(app, ready.headers, '/api/packages', classPack({ name: 'Other Pack' }));
    await created(
      app,
      ready.headers,
      '/api/promo-codes',
      promo({ maxUses: 2, maxUsesPerClient: 1, packageIds: [pack.id] }),
    );
    await created(app, ready.headers, '/api/promo-codes', promo({ code: 'LATER', validFrom: '2099-01-01' }));
    await created(app, ready.headers, '/api/promo-codes', promo({ code: 'OLD', validUntil: '2020-01-31' }));
    const [a, b, c] = (await quickClients(app, ready, 3)) as [string, string, string];
    const sell = (clientId: string, packageId: string, code: string | null) =>
      post('/api/orders', ready.headers, {
        clientId,
        items: [{ kind: 'package', packageId }],
        promoCode: code,
        paidWith: 'cash',
      });

    const first = await sell(a, pack.id, 'welcome10');
    expect(first.json().data.order).toMatchObject({ discount: 1800, total: 16200, promoCode: 'WELCOME10' });
    const twiceByA = await sell(a, pack.id, 'WELCOME10');
    expect(twiceByA.statusCode).toBe(409);
    expect(twiceByA.json().errors.promoCode).toBe('WELCOME10 has already been used once by this client.');
    const wrongPack = await sell(b, other.id, 'WELCOME10');
    expect(wrongPack.json().errors.promoCode).toBe('This code is not valid for Other Pack.');
    expect((await sell(b, pack.id, 'WELCOME10')).statusCode).toBe(201);
    const used = await sell(c, pack.id, 'WELCOME10');
    expect(used.json().errors.promoCode).toBe('WELCOME10 is used up: it has been used as often as it may be.');
    const early = await sell(c, pack.id, 'LATER');
    expect(early.json().errors.promoCode).toBe('LATER is not valid yet: it can be used from 1 Jan 2099.');
    const expired = await sell(c, pack.id, 'OLD');
    expect(expired.json().errors.promoCode).toBe('OLD has expired: its last day was 31 Jan 2020.');
    const unknown = await sell(c, pack.id, 'NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.promoCode).toBe('NOPE is not a promo code we know. Check its spelling.');
    // The desk's price (the preview) names the same reasons before anything is sold.
    const quote = (code: string, packageId = pack.id) =>
      post('/api/orders/preview', ready.headers, {
        clientId: c,
        items: [{ kind: 'package', packageId }],
        promoCode: code,
      });
    expect((await quote('nope')).json().errors.promoCode).toBe('NOPE is not a promo code we know. Check its spelling.');
    expect((await quote('OLD')).json().errors.promoCode).toBe('OLD has expired: its last day was 31 Jan 2020.');
    expect((await quote('WELCOME10', other.id)).json().errors.promoCode).toBe('This code is not valid for Other Pack.');
    // Refusals sold nothing.
    const codes = (
      await app.inject({ method: 'GET', url: '/api/promo-codes', headers: ready.headers })
    ).json().data.items;
    expect(codes.find((code: { code: string }) => code.code === 'WELCOME10').uses).toBe(2);
  });

  it('an intro offer is for a first purchase only, once; a membership’s sign-up fee is charged on its first purchase', async () => {
    const ready = await studioReadyToSchedule(app);
    const intro = await created(
      app,
      ready.headers,
      '/api/packages',
      classPack({ name: 'Intro: 3 for $30', credits: 3, price: 3000, introOffer: true }),
    );
    const monthly = await created(
      app,
      ready.headers,
      '/api/packages',
      membership({ name: 'Monthly', signupFee: 5000 }),
    );
    const client = await signedClient(ready);
    const onSale = async () =>
      (await app.inject({ method: 'GET', url: '/api/packages?pageSize=100', headers: client.headers })).json().data.items.map(
        (item: { name: string }) => item.name,
      );
    expect(await onSale()).toContain('Intro: 3 for $30');
    expect((await post('/api/my/orders', client.headers, { packageId: intro.id })).statusCode).toBe(201);
    // Bought once: the offer is no longer shown to this client (the team still lists it).
    expect(await onSale()).not.toContain('Intro: 3 for $30');
    const second = await post('/api/my/orders', client.headers, { packageId: intro.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Intro: 3 for $30 is an intro offer, only for a first purchase.');
    // The desk's account of this client says an intro offer can no longer be sold to them.
    const desk = async (clientId: string) =>
      (await app.inject({ method: 'GET', url: `/api/clients/${clientId}/account`, headers: ready.headers })).json()
        .data;
    expect((await desk(client.id)).introOfferAllowed).toBe(false);
    const [newcomer] = (await quickClients(app, ready, 1)) as [string];
    expect((await desk(newcomer)).introOfferAllowed).toBe(true);
    const atDesk = await post('/api/orders', ready.headers, {
      clientId: client.id,
      items: [{ kind: 'package', packageId: intro.id }],
      promoCode: null,
      paidWith: 'cash',
    });
    expect(atDesk.statusCode).toBe(409);
    expect(atDesk.json().errors['items.0.packageId']).toBe('Intro: 3 for $30 is an intro offer, only for a first purchase.');

    const joined = await post('/api/my/orders', client.headers, { packageId: monthly.id });
    expect(
      joined
        .json()
        .data.order.lines.map((line: { description: string; total: number }) => [
          line.description,
          line.total,
        ]),
    ).toEqual([
      ['Monthly', 12000],
      ['Sign-up fee: Monthly', 5000],
    ]);
    const rejoined = await post('/api/my/orders', client.headers, { packageId: monthly.id });
    expect(rejoined.json().data.order.total).toBe(12000);
  });

  it('a retried purchase (same Idempotency-Key) is charged once', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack());
    const [clientId] = (await quickClients(app, ready, 1)) as [string];
    const body = {
      clientId,
      items: [{ kind: 'package', packageId: pack.id }],
      promoCode: null,
      paidWith: 'cash',
    };
    const key = { 'idempotency-key': 'sale-42' };
    const answers = await Promise.all([
      post('/api/orders', ready.headers, body, key),
      post('/api/orders', ready.headers, body, key),
      post('/api/orders', ready.headers, body, key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().data.order.id)).size).toBe(1);
    const account = (
      await app.inject({ method: 'GET', url: `/api/clients/${clientId}/account`, headers: ready.headers })
    ).json().data;
    expect(account.orders).toHaveLength(1);
    expect(account.packages).toHaveLength(1);
  });

  it('refunds never exceed what was paid; a retried refund is recorded once; each sends a receipt', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack({ price: 10000 }));
    const client = await signedClient(ready);
    const sold = await post('/api/orders', ready.headers, {
      clientId: client.id,
      items: [{ kind: 'package', packageId: pack.id }],
      promoCode: null,
      paidWith: 'cash',
    });
    const order = sold.json().data.order;
    const refund = (amount: number, key: string) =>
      post(
        `/api/orders/${order.id}/refunds`,
        ready.headers,
        { amount, reason: 'Moved away' },
        { 'idempotency-key': key },
      );

    const [one, retry] = await Promise.all([refund(4000, 'r1'), refund(4000, 'r1')]);
    expect(one.json().data).toMatchObject({ refunded: 4000, status: 'partly-refunded' });
    expect(retry.json().data.refunded).toBe(4000);
    const tooMuch = await refund(6001, 'r2');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors.amount).toBe(
      'You can refund at most $60.00 (what was paid and not yet refunded).',
    );
    const rest = await refund(6000, 'r3');
    expect(rest.json().data).toMatchObject({ refunded: 10000, status: 'refunded' });
    const emails = (await outboxTo(client.email)).filter((email) => !email.subject.startsWith('Welcome'));
    expect(emails.map((email) => email.subject)).toEqual([
      `Receipt: order #${order.number} from ${ready.session.company.name}`,
      `Refund of $40.00: order #${order.number}`,
      `Refund of $60.00: order #${order.number}`,
    ]);
    expect(emails[1]?.text).toContain(`We refunded $40.00 on order #${order.number}. Reason: Moved away.`);
    // The totals say where the money stands after the refund, not only the order's total.
    expect(emails[1]?.text).toContain('Total: $100.00\nPaid after refunds: $60.00');
    expect(emails[2]?.text).toContain('Paid after refunds: $0.00');
    // The database stands behind the rule too.
    await expect(
      db.pool.query('update orders set refunded = paid + 1 where id = $1', [order.id]),
    ).rejects.toThrow(/orders_money/);
  });

  it('a refund that takes the pack back ends it (cancelled at once); a goodwill refund keeps it', async () => {
    const ready = await studioReadyToSchedule(app);
    const pack = await created(app, ready.headers, '/api/packages', classPack({ name: 'Five Pack', price: 9000, credits: 5 }));
    const client = await signedClient(ready);
    const sell = async () =>
      (
        await post('/api/orders', ready.headers, {
          clientId: client.id,
          items: [{ kind: 'package', packageId: pack.id }],
          promoCode: null,
          paidWith: 'cash',
        })
      ).json().data.order;
    const goodwill = await sell();
    const takenBack = await sell();
    const kept = await post(`/api/orders/${goodwill.id}/refunds`, ready.headers, { amount: 1000, reason: 'Late start' });
    expect(kept.json().message).toBe(`Refund recorded on order #${goodwill.number}.`);
    const ended = await post(`/api/orders/${takenBack.id}/refunds`, ready.headers, {
      amount: 9000,
      reason: 'Changed their mind',
      endPackages: true,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().message).toBe(`Refund recorded on order #${takenBack.number}. Five Pack ended.`);
    const held = (await app.inject({ method: 'GET', url: `/api/clients/${client.id}/account`, headers: ready.headers }))
      .json().data.packages as { orderId: string; status: string }[];
    expect(held.find((row) => row.orderId === goodwill.id)?.status).toBe('active');
    expect(held.find((row) => row.orderId === takenBack.id)?.status).toBe('cancelled');
    const bad = await post(`/api/orders/${goodwill.id}/refunds`, ready.headers, { amount: 100, endPackages: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.endPackages).toBe('Say yes or no to ending what the order bought');
  });

  it('a membership with a commitment cannot be cancelled early; it can be paused and resumed', async () => {
    const ready = await studioReadyToSchedule(app);
    const committed = await created(
      app,
      ready.headers,
      '/api/packages',
      membership({ name: 'Year Plan', commitmentPeriods: 12 }),
    );
    const [clientId] = (await quickClients(app, ready, 1)) as [string];
    await post('/api/orders', ready.headers, {
      clientId,
      items: [{ kind: 'package', packageId: committed.id }],
      promoCode: null,
      paidWith: 'card',
    });
    const account = (
      await app.inject({ method: 'GET', url: `/api/clients/${clientId}/account`, headers: ready.headers })
    ).json().data;
    const held = account.packages[0];
    const cancel = await post(`/api/client-packages/${held.id}/cancel`, ready.headers, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(
      `Year Plan has a commitment of 12 months; it can be cancelled from ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${held.cancellableFrom}T12:00:00Z`))}.`,
    );
    expect((await post(`/api/client-packages/${held.id}/pause`, ready.headers, {})).json().data.status).toBe(
      'paused',
    );
    expect((await post(`/api/client-packages/${held.id}/resume`, ready.headers, {})).json().data.status).toBe(
      'active',
    );
  });

  it("another company's orders, clients and packages answer 404; a client sees only their own", async () => {
    const mine = await studioReadyToSchedule(app);
    const theirs = await studioReadyToSchedule(app);
    const pack = await created(app, theirs.headers, '/api/packages', classPack());
    const client = await signedClient(theirs);
    const bought = await post('/api/my/orders', client.headers, { packageId: pack.id });
    const orderId = bought.json().data.order.id;
    const heldId = (
      await app.inject({ method: 'GET', url: '/api/my/account', headers: client.headers })
    ).json().data.packages[0].id;
    const h = mine.headers;
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: h }),
      post(`/api/orders/${orderId}/pay`, h, { method: 'cash' }),
      post(`/api/orders/${orderId}/refunds`, h, { amount: 100 }),
      app.inject({ method: 'GET', url: `/api/clients/${client.id}/account`, headers: h }),
      post(`/api/client-packages/${heldId}/cancel`, h, {}),
      post('/api/orders', h, {
        clientId: client.id,
        items: [{ kind: 'package', packageId: pack.id }],
        promoCode: null,
        paidWith: null,
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);

    const stranger = await signedClient(theirs);
    const peek = await app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: stranger.headers,
    });
    expect(peek.statusCode).toBe(404);
    const list = await app.inject({ method: 'GET', url: '/api/orders', headers: stranger.headers });
    expect(list.json().data.items).toEqual([]);
  });
});
