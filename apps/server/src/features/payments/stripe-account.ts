import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Executor } from '../../db/client.ts';
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
export function stripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
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
