import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../plugins/errors.ts';
import { paymentSettings } from '../../db/schema/packages.ts';
import { open, SecretUnreadable, type SecretKey } from './secret-box.ts';

/** What the server knows about payments, from its environment. */
export interface PaymentsConfig {
  /** Derived from PAYMENTS_SECRET; null = keys cannot be stored or read. */
  key: SecretKey | null;
  /** STRIPE_API_URL: the tests' local stand-in (or an egress proxy); unset = api.stripe.com. */
  apiUrl?: string | undefined;
  publicUrl: string;
}

export interface StripeAccount {
  client: Stripe;
  webhookSecret: string | null;
  publishableKey: string | null;
}

/** The Stripe SDK for one company's key; pointed at STRIPE_API_URL when set. */
export function stripeClient(
  secretKey: string,
  apiUrl: string | undefined,
  limits: { timeout: number; maxNetworkRetries: number } = { timeout: 20_000, maxNetworkRetries: 2 },
): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    ...limits,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/**
 * Asks Stripe whether it accepts a secret key (a read of the account's balance, which every key may do),
 * before it is saved. A key Stripe refuses is a 400 naming the field; a Stripe that cannot be reached
 * (no network from this server, an outage) does not stop the save: the answer says the keys are unchecked.
 */
export async function checkStripeKey(secretKey: string, apiUrl: string | undefined): Promise<'accepted' | 'unreachable'> {
  const client = stripeClient(secretKey, apiUrl, { timeout: 8_000, maxNetworkRetries: 0 });
  try {
    await client.balance.retrieve();
    return 'accepted';
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError)
      throw badRequest('Stripe did not accept this secret key.', {
        secretKey:
          'Stripe did not accept this secret key: it may have been rolled or deleted. Copy it again from Stripe’s Developers › API keys',
      });
    // A restricted key without balance access is still a key Stripe knows.
    if (error instanceof Stripe.errors.StripePermissionError) return 'accepted';
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
      return 'unreachable';
    if (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 500) >= 500) return 'unreachable';
    throw error;
  }
}

/** The company's Stripe account, or null when it takes payments at the studio only. */
export async function stripeAccountOf(
  tx: Executor,
  companyId: string,
  config: PaymentsConfig,
): Promise<StripeAccount | null> {
  if (!config.key) return null;
  const [row] = await tx.select().from(paymentSettings).where(eq(paymentSettings.companyId, companyId));
  if (!row?.stripeSecretKey) return null;
  try {
    return {
      client: stripeClient(open(row.stripeSecretKey, config.key), config.apiUrl),
      webhookSecret: row.stripeWebhookSecret ? open(row.stripeWebhookSecret, config.key) : null,
      publishableKey: row.stripePublishableKey,
    };
  } catch (error) {
    // Keys sealed under another PAYMENTS_SECRET: the studio falls back to pay at studio until re-entered.
    if (error instanceof SecretUnreadable) return null;
    throw error;
  }
}
