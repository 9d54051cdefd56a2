import { z } from 'zod';

/**
 * A company's payment settings (issue 10). Pay at the studio always works; Stripe works with the company's
 * own keys, stored encrypted with the server's `PAYMENTS_SECRET`. Secrets are never answered back: only
 * whether they are set and the last four characters of the secret key.
 */
export const paymentSettingsDto = z.object({
  stripe: z.object({
    connected: z.boolean(),
    mode: z.enum(['test', 'live']).nullable(),
    publishableKey: z.string().nullable(),
    secretKeyHint: z.string().nullable(),
    webhookSecretSet: z.boolean(),
    /** The address to enter in the Stripe dashboard's webhook endpoint. */
    webhookUrl: z.string(),
  }),
  /** False when the server has no `PAYMENTS_SECRET`: keys cannot be stored until the operator sets one. */
  canStoreKeys: z.boolean(),
  /**
   * Only in the answer to saving keys: `accepted` when Stripe answered the secret key, `unreachable` when
   * Stripe could not be reached to check it (the keys are saved; the first online payment will tell).
   */
  keyCheck: z.enum(['accepted', 'unreachable']).nullable(),
});
export type PaymentSettingsDto = z.infer<typeof paymentSettingsDto>;

const keyText = z.string().trim();

export const stripeKeysBody = z
  .object({
    publishableKey: keyText.regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, {
      error: 'Paste the whole publishable key from Stripe: pk_test_ or pk_live_ and then at least 8 letters or digits',
    }),
    /** Left out when it is already stored and stays the same. */
    secretKey: keyText
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, {
        error: 'Paste the whole secret key from Stripe: sk_test_, sk_live_ or rk_ (restricted) and then at least 8 letters or digits',
      })
      .optional(),
    webhookSecret: keyText
      .regex(/^whsec_[A-Za-z0-9]{8,}$/, {
        error: 'Paste the whole signing secret from Stripe: whsec_ and then at least 8 letters or digits',
      })
      .optional(),
  })
  .superRefine((body, context) => {
    const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test');
    if (body.secretKey && mode(body.secretKey) !== mode(body.publishableKey))
      context.addIssue({
        code: 'custom',
        path: ['secretKey'],
        message: 'Both keys must be test keys or both live keys',
      });
  });
export type StripeKeysBody = z.infer<typeof stripeKeysBody>;
