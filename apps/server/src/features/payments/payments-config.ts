import type { Config } from '../../config.ts';
import { secretKeyFrom } from './secret-box.ts';
import type { PaymentsConfig } from './stripe-account.ts';

export function paymentsConfigOf(config: Config, publicUrl: string): PaymentsConfig {
  return {
    key: config.PAYMENTS_SECRET ? secretKeyFrom(config.PAYMENTS_SECRET) : null,
    apiUrl: config.STRIPE_API_URL,
    publicUrl,
  };
}
