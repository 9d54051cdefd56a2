import { and, desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { payments, stripeCustomers, stripeEvents } from '../../db/schema/packages.ts';
import { users } from '../../db/schema/users.ts';
import { conflict } from '../../plugins/errors.ts';
import type { RoleId } from '@kinetic/shared';
import { findOrder, setOrderStatus, type OrderRow } from '../orders/orders.repo.ts';
import { confirmOnlinePayment, type OrderDeps } from '../orders/orders.service.ts';
import type { ChargeSavedCard } from '../orders/renewals.ts';
import { stripeAccountOf, type PaymentsConfig, type StripeAccount } from './stripe-account.ts';

const NOT_CONNECTED = 'This studio does not take payments online yet; choose to pay at the studio.';

async function connected(tx: Executor, companyId: string, config: PaymentsConfig): Promise<StripeAccount> {
  const account = await stripeAccountOf(tx, companyId, config);
  if (!account) throw conflict(NOT_CONNECTED, { provider: 'Online payment is not set up' });
  return account;
}

/** The client's Stripe customer, made on first purchase and kept for saved cards. */
async function customerOf(tx: Executor, account: StripeAccount, companyId: string, clientId: string): Promise<string> {
  const [known] = await tx
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(and(eq(stripeCustomers.companyId, companyId), eq(stripeCustomers.clientId, clientId)));
  if (known) return known.customerId;
  const [client] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, clientId)));
  const customer = await account.client.customers.create(
    { email: client?.email, name: client?.name, metadata: { kineticCompanyId: companyId, kineticClientId: clientId } },
    { idempotencyKey: `kinetic-customer-${companyId}-${clientId}` },
  );
  await tx
    .insert(stripeCustomers)
    .values({ companyId, clientId, customerId: customer.id })
    .onConflictDoNothing();
  return customer.id;
}

/** Where Stripe's page sends the client back to: their Packages (a purchase) or Payment page. */
async function clientPage(tx: Executor, config: PaymentsConfig, companyId: string, roleId: RoleId, page: 'packages' | 'payment') {
  const [company] = await tx.select({ slug: companies.slug, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return { url: `${config.publicUrl}/${company?.slug ?? ''}/${roleId}/client/settings/${page}`, companyName: company?.name ?? 'Studio' };
}

/**
 * Stripe Checkout for what an open order still asks: a client's purchase (`purchase`: the order waits,
 * open, until Stripe's webhook says it is paid, and is cancelled if the page expires unpaid) or a balance
 * owed at the studio paid online (`balance`: an expired page leaves the order owed as it was). The card
 * is saved with the client's Stripe customer (off-session use) for renewals and fees.
 */
export async function startCheckout(
  tx: Executor,
  config: PaymentsConfig,
  order: OrderRow,
  roleId: RoleId,
  purpose: 'purchase' | 'balance' = 'purchase',
  /** Where Stripe's page returns to instead of the client's Packages or Payment page (an event's return page). */
  returnTo?: { success: string; cancel: string },
): Promise<string> {
  const account = await connected(tx, order.companyId, config);
  const customer = await customerOf(tx, account, order.companyId, order.clientId);
  const back = await clientPage(tx, config, order.companyId, roleId, purpose === 'purchase' ? 'packages' : 'payment');
  const company = { name: back.companyName };
  const metadata = { kineticCompanyId: order.companyId, kineticOrderId: order.id, kineticPurpose: purpose };
  const due = order.total - order.paid;
  const session = await account.client.checkout.sessions.create(
    {
      mode: 'payment',
      customer,
      client_reference_id: order.id,
      metadata,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: due,
            product_data: { name: `${company.name} — order #${order.number}` },
          },
        },
      ],
      payment_intent_data: { setup_future_usage: 'off_session', metadata },
      success_url: returnTo?.success ?? `${back.url}?paid=${order.number}`,
      cancel_url: returnTo?.cancel ?? `${back.url}?checkout=cancelled`,
    },
    // A purchase has one page; a balance a page per amount still owed (a part paid at the desk changes it).
    { idempotencyKey: purpose === 'purchase' ? `kinetic-checkout-${order.id}` : `kinetic-balance-${order.id}-${due}` },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
  return session.url;
}

/**
 * Stripe Checkout in setup mode: the client saves a card (nothing is charged) for renewals and fees.
 * The webhook stores it when Stripe says the page is complete.
 */
export async function startCardSetup(
  tx: Executor,
  config: PaymentsConfig,
  companyId: string,
  clientId: string,
  roleId: RoleId,
): Promise<string> {
  const account = await connected(tx, companyId, config);
  const customer = await customerOf(tx, account, companyId, clientId);
  const back = await clientPage(tx, config, companyId, roleId, 'payment');
  const [company] = await tx.select({ currency: companies.currency }).from(companies).where(eq(companies.id, companyId));
  const session = await account.client.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: (company?.currency ?? 'USD').toLowerCase(),
    metadata: { kineticCompanyId: companyId, kineticClientId: clientId, kineticPurpose: 'card' },
    setup_intent_data: { metadata: { kineticCompanyId: companyId, kineticClientId: clientId } },
    success_url: `${back.url}?card=saved`,
    cancel_url: `${back.url}?checkout=cancelled`,
  });
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
  return session.url;
}

/** Returns money through Stripe; the refund's id is recorded with the refund. */
export async function refundOnline(
  tx: Executor,
  config: PaymentsConfig,
  order: OrderRow,
  amount: number,
): Promise<string> {
  const account = await stripeAccountOf(tx, order.companyId, config);
  if (!account)
    throw conflict(
      'Stripe is no longer connected, so this card payment cannot be refunded from here. Refund it in your Stripe dashboard, or connect Stripe again in Settings › Payments.',
    );
  const [paid] = await tx
    .select({ providerRef: payments.providerRef })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, order.companyId),
        eq(payments.orderId, order.id),
        eq(payments.kind, 'payment'),
        eq(payments.method, 'stripe'),
      ),
    )
    .orderBy(desc(payments.at))
    .limit(1);
  if (!paid?.providerRef) throw conflict(`Order #${order.number} has no card payment to refund.`);
  const refund = await account.client.refunds.create(
    { payment_intent: paid.providerRef, amount, metadata: { kineticOrderId: order.id } },
    // The order is locked and its refunded total is part of the key: a retry refunds once, the next refund is new.
    { idempotencyKey: `kinetic-refund-${order.id}-${order.refunded}-${amount}` },
  );
  return refund.id;
}

/** A declined card, in words the client can act on. */
export class CardDeclined extends Error {}

/** Charges the client's saved card off-session (renewals, late-cancel fees); null when there is none. */
export function savedCardCharger(config: PaymentsConfig): ChargeSavedCard {
  return async (tx, companyId, clientId, amount, description) => {
    const account = await stripeAccountOf(tx, companyId, config);
    if (!account) return null;
    const [saved] = await tx
      .select()
      .from(stripeCustomers)
      .where(and(eq(stripeCustomers.companyId, companyId), eq(stripeCustomers.clientId, clientId)));
    if (!saved?.paymentMethodId) return null;
    const [company] = await tx.select({ currency: companies.currency }).from(companies).where(eq(companies.id, companyId));
    try {
      const intent = await account.client.paymentIntents.create({
        amount,
        currency: (company?.currency ?? 'USD').toLowerCase(),
        customer: saved.customerId,
        payment_method: saved.paymentMethodId,
        off_session: true,
        confirm: true,
        description,
        metadata: { kineticCompanyId: companyId, kineticClientId: clientId },
      });
      if (intent.status !== 'succeeded') throw new CardDeclined(`The card payment is ${intent.status.replaceAll('_', ' ')}.`);
      return intent.id;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        throw new CardDeclined(error.message || 'The saved card was declined.');
      throw error;
    }
  };
}

export type WebhookOutcome = 'handled' | 'ignored' | 'replayed';

/**
 * One verified Stripe event for a company. Each event id is handled once: a replay is answered and
 * ignored. Handling is itself safe to repeat (a paid order is not paid again), so a crash between
 * handling and recording the id does no harm when Stripe retries.
 */
export async function handleStripeEvent(
  deps: OrderDeps,
  config: PaymentsConfig,
  companyId: string,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const seen = await withTenant(deps.db, companyId, (tx) =>
    tx
      .select({ eventId: stripeEvents.eventId })
      .from(stripeEvents)
      .where(and(eq(stripeEvents.companyId, companyId), eq(stripeEvents.eventId, event.id))),
  );
  if (seen.length > 0) return 'replayed';
  let outcome: WebhookOutcome = 'ignored';
  if (event.type === 'checkout.session.completed' && event.data.object.mode === 'setup') {
    const session = event.data.object;
    const intentId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
    if (intentId) {
      await rememberCard(deps.db, config, companyId, { kind: 'setup', id: intentId });
      outcome = 'handled';
    }
  } else if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = event.data.object;
    const orderId = session.metadata?.kineticOrderId ?? session.client_reference_id;
    const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (orderId && intentId && session.payment_status === 'paid') {
      await confirmOnlinePayment(deps, companyId, orderId, intentId);
      await rememberCard(deps.db, config, companyId, { kind: 'payment', id: intentId });
      outcome = 'handled';
    }
  } else if (event.type === 'checkout.session.expired') {
    const orderId = event.data.object.metadata?.kineticOrderId;
    if (orderId) {
      await cancelUnpaid(deps.db, companyId, orderId);
      outcome = 'handled';
    }
  }
  await recordEvent(deps.db, companyId, event);
  return outcome;
}

async function recordEvent(db: Database, companyId: string, event: Stripe.Event): Promise<void> {
  await withTenant(db, companyId, (tx) =>
    tx.insert(stripeEvents).values({ companyId, eventId: event.id, type: event.type }).onConflictDoNothing(),
  );
}

/**
 * The card used at Checkout (a payment intent) or saved on the setup page (a setup intent) becomes the
 * client's saved card for renewals and fees.
 */
async function rememberCard(
  db: Database,
  config: PaymentsConfig,
  companyId: string,
  intent: { kind: 'payment' | 'setup'; id: string },
) {
  await withTenant(db, companyId, async (tx) => {
    const account = await stripeAccountOf(tx, companyId, config);
    if (!account) return;
    const found =
      intent.kind === 'payment'
        ? await account.client.paymentIntents.retrieve(intent.id)
        : await account.client.setupIntents.retrieve(intent.id);
    const method = typeof found.payment_method === 'string' ? found.payment_method : found.payment_method?.id;
    const customer = typeof found.customer === 'string' ? found.customer : found.customer?.id;
    if (!method || !customer) return;
    await tx
      .update(stripeCustomers)
      .set({ paymentMethodId: method })
      .where(and(eq(stripeCustomers.companyId, companyId), eq(stripeCustomers.customerId, customer)));
  });
}

/** A Checkout left unpaid until it expired: the order it was for is cancelled (nothing was taken). */
async function cancelUnpaid(db: Database, companyId: string, orderId: string) {
  await withTenant(db, companyId, async (tx) => {
    const order = await findOrder(tx, companyId, orderId, { lock: true });
    if (order?.status === 'open' && order.paid === 0 && order.provider === 'stripe')
      await setOrderStatus(tx, companyId, orderId, 'cancelled');
  });
}

/**
 * The client removes their saved card: detached from their Stripe customer (so the studio can no longer
 * charge it) and forgotten here. Renewals and fees are then owed at the studio.
 */
export async function removeSavedCard(tx: Executor, config: PaymentsConfig, companyId: string, clientId: string): Promise<boolean> {
  const [saved] = await tx
    .select()
    .from(stripeCustomers)
    .where(and(eq(stripeCustomers.companyId, companyId), eq(stripeCustomers.clientId, clientId)))
    .for('update');
  if (!saved?.paymentMethodId) return false;
  const account = await stripeAccountOf(tx, companyId, config);
  if (account) {
    try {
      await account.client.paymentMethods.detach(saved.paymentMethodId);
    } catch (error) {
      // Already gone at Stripe: forgetting it here is all that is left to do.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }
  await tx
    .update(stripeCustomers)
    .set({ paymentMethodId: null })
    .where(and(eq(stripeCustomers.companyId, companyId), eq(stripeCustomers.clientId, clientId)));
  return true;
}
