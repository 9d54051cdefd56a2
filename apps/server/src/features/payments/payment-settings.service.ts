import { eq, sql } from 'drizzle-orm';
import type { PaymentSettingsDto, StripeKeysBody } from '@kinetic/shared';
import { withTenant, type Database } from '../../db/client.ts';
import { paymentSettings } from '../../db/schema/packages.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict } from '../../plugins/errors.ts';
import { open, seal, SecretUnreadable } from './secret-box.ts';
import { checkStripeKey, type PaymentsConfig } from './stripe-account.ts';

export const webhookUrlOf = (config: PaymentsConfig, companyId: string) =>
  `${config.publicUrl}/api/webhooks/stripe/${companyId}`;

const NO_SECRET =
  'This server cannot store payment keys yet: its operator must set PAYMENTS_SECRET (32 characters or more) and restart.';

export async function getPaymentSettings(
  db: Database,
  actor: Actor,
  config: PaymentsConfig,
): Promise<PaymentSettingsDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx.select().from(paymentSettings).where(eq(paymentSettings.companyId, actor.companyId));
    let hint: string | null = null;
    if (row?.stripeSecretKey && config.key) {
      try {
        hint = `…${open(row.stripeSecretKey, config.key).slice(-4)}`;
      } catch (error) {
        if (!(error instanceof SecretUnreadable)) throw error;
      }
    }
    const publishableKey = row?.stripePublishableKey ?? null;
    return {
      stripe: {
        connected: hint !== null,
        mode: publishableKey ? (publishableKey.includes('_live_') ? 'live' : 'test') : null,
        publishableKey,
        secretKeyHint: hint,
        webhookSecretSet: Boolean(row?.stripeWebhookSecret) && hint !== null,
        webhookUrl: webhookUrlOf(config, actor.companyId),
      },
      canStoreKeys: config.key !== null,
      keyCheck: null,
    };
  });
}

/**
 * Saves the company's Stripe keys, sealed; a key left out keeps the stored one. The secret key that will
 * be in use is checked with Stripe first (outside the transaction: no row is locked while Stripe answers).
 */
export async function saveStripeKeys(
  db: Database,
  actor: Actor,
  config: PaymentsConfig,
  body: StripeKeysBody,
): Promise<PaymentSettingsDto> {
  const key = config.key;
  if (!key) throw conflict(NO_SECRET);
  const storedSecretOf = (sealed: string | null | undefined) => {
    if (!sealed) return null;
    try {
      return open(sealed, key);
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      return null;
    }
  };
  const secretInUse =
    body.secretKey ??
    storedSecretOf(
      (
        await withTenant(db, actor.companyId, (tx) =>
          tx
            .select({ secret: paymentSettings.stripeSecretKey })
            .from(paymentSettings)
            .where(eq(paymentSettings.companyId, actor.companyId)),
        )
      )[0]?.secret,
    );
  const keyCheck = secretInUse ? await checkStripeKey(secretInUse, config.apiUrl) : null;
  await withTenant(db, actor.companyId, async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentSettings)
      .where(eq(paymentSettings.companyId, actor.companyId))
      .for('update');
    const storedSecret = storedSecretOf(row?.stripeSecretKey);
    if (!body.secretKey && !storedSecret)
      throw badRequest('Enter the secret key from your Stripe dashboard.', {
        secretKey: 'Enter the secret key (sk_test_… or sk_live_…)',
      });
    const secret = body.secretKey ?? storedSecret ?? '';
    const mode = (text: string) => (text.includes('_live_') ? 'live' : 'test');
    if (mode(secret) !== mode(body.publishableKey))
      throw badRequest('Both keys must be test keys or both live keys.', {
        publishableKey: 'Both keys must be test keys or both live keys',
      });
    const values = {
      stripePublishableKey: body.publishableKey,
      stripeSecretKey: body.secretKey ? seal(body.secretKey, key) : (row?.stripeSecretKey ?? null),
      stripeWebhookSecret: body.webhookSecret
        ? seal(body.webhookSecret, key)
        : storedSecret
          ? (row?.stripeWebhookSecret ?? null)
          : null,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(paymentSettings)
      .values({ companyId: actor.companyId, ...values })
      .onConflictDoUpdate({ target: paymentSettings.companyId, set: values });
  });
  return { ...(await getPaymentSettings(db, actor, config)), keyCheck };
}

/** Stops taking cards online; orders already paid keep their Stripe references for refunds in Stripe. */
export async function disconnectStripe(
  db: Database,
  actor: Actor,
  config: PaymentsConfig,
): Promise<PaymentSettingsDto> {
  await withTenant(db, actor.companyId, (tx) =>
    tx.delete(paymentSettings).where(eq(paymentSettings.companyId, actor.companyId)),
  );
  return getPaymentSettings(db, actor, config);
}
