import { z } from 'zod';

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .refine((value) => value === undefined || URL.canParse(value), { message: `${name} must be a URL` });

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().min(3).default('Kinetic <no-reply@kinetic.local>'),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Addresses or CIDR ranges of the reverse proxies in front, comma-separated; their X-Forwarded-For is trusted. */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
  /**
   * Encrypts each company's Stripe keys at rest (AES-256-GCM). Without it, pay at the studio works and
   * Settings › Payments says keys cannot be stored. Changing it makes stored keys unreadable (re-enter them).
   */
  PAYMENTS_SECRET: z
    .string()
    .transform((value) => (value.trim() === '' ? undefined : value))
    .optional()
    .refine((value) => value === undefined || value.length >= 32, {
      message: 'PAYMENTS_SECRET must be at least 32 characters',
    }),
  /**
   * Signs the links of event bookings that work without a session (the email's cancel link, the
   * calendar file; HMAC-SHA256). Unset: derived from PAYMENTS_SECRET, or random per process.
   */
  LINK_SECRET: z
    .string()
    .transform((value) => (value.trim() === '' ? undefined : value))
    .optional()
    .refine((value) => value === undefined || value.length >= 32, {
      message: 'LINK_SECRET must be at least 32 characters',
    }),
  /** Where the Stripe SDK sends requests; only for tests (a local stand-in) or an egress proxy. */
  STRIPE_API_URL: optionalUrl('STRIPE_API_URL'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /**
   * Webhooks (issue 18 §4) go only to https addresses on the public internet. `true` also allows http://
   * and loopback/private addresses (127.0.0.1, 10.x, 192.168.x, …): for tests and development only — on a
   * production server it would let any owner make the server call its own network.
   */
  WEBHOOKS_ALLOW_HTTP: z
    .enum(['true', 'false', '1', '0', ''], { error: 'WEBHOOKS_ALLOW_HTTP must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  UBER_ADMIN_EMAIL: z.string().email().optional(),
  UBER_ADMIN_PASSWORD: z.string().min(12).optional(),
  /**
   * Turns on GET /api/metrics (Prometheus text format), answered only to `Authorization: Bearer <token>`.
   * Unset: the route answers 404 and no request is counted.
   */
  METRICS_TOKEN: z
    .string()
    .transform((value) => (value.trim() === '' ? undefined : value.trim()))
    .optional()
    .refine((value) => value === undefined || value.length >= 16, {
      message: 'METRICS_TOKEN must be at least 16 characters',
    }),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the environment; a malformed variable stops start-up with a message that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    return `${name}: ${issue.message} (got ${JSON.stringify(env[name])})`;
  });
  throw new ConfigError(`Invalid environment variable(s):\n  ${lines.join('\n  ')}`);
}
