import { z } from 'zod';
import { objectIdSchema } from './validators.ts';
import { wholeNumberField } from './whole-number.ts';

/**
 * Issue 18 §3: public API keys (Settings › API Keys). A key is `kin_` followed by 32 random bytes in
 * base64url (43 characters); the server keeps only its SHA-256 and shows its first characters
 * (`prefix`). `Authorization: Bearer kin_…` on the company's resource routes, acting as an admin with
 * every ability but managing staff; `read` keys may only GET.
 */

export const API_KEY_PREFIX = 'kin_';
/** `kin_` + 43 base64url characters. */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + 43;
/** How many characters of a key lists show (`kin_` and the first 8 of the secret). */
export const API_KEY_SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  read: {
    label: 'Read only',
    description: 'Can look things up (GET requests): clients, classes, bookings, orders, reports. Cannot change anything.',
  },
  write: {
    label: 'Read and write',
    description:
      'Can also add and change things, as an admin would: add clients, book and cancel, sell packages. It cannot manage staff or API keys.',
  },
};

export const API_KEY_RATE_LIMIT = { min: 10, max: 6000, default: 120 } as const;

/** Whether a bearer token has the shape of an API key (a session token never has: it is 43 characters). */
export const isApiKeyToken = (token: string): boolean =>
  token.length === API_KEY_LENGTH && token.startsWith(API_KEY_PREFIX);

/** `POST /api/api-keys`. */
export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'Enter a name for the key' })
    .trim()
    .min(1, 'Enter a name for the key')
    .max(80, 'Use at most 80 characters'),
  scope: z.enum(API_KEY_SCOPES, { error: 'Choose read or write' }),
  rateLimitPerMinute: wholeNumberField({
    min: API_KEY_RATE_LIMIT.min,
    tooSmall: `Allow at least ${API_KEY_RATE_LIMIT.min} requests a minute`,
    max: API_KEY_RATE_LIMIT.max,
    tooBig: `Allow at most ${API_KEY_RATE_LIMIT.max.toLocaleString('en-US')} requests a minute`,
    empty: API_KEY_RATE_LIMIT.default,
  }),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export const apiKeyParams = z.object({ apiKeyId: objectIdSchema });

export const apiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters, to recognise it (`kin_AbCd1234`). */
  prefix: z.string(),
  rateLimitPerMinute: z.number().int(),
  createdAt: z.string(),
  /** The team member who created it (null if they are no longer found). */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

export const apiKeyListDto = z.object({ items: z.array(apiKeyDto) });
export type ApiKeyListDto = z.infer<typeof apiKeyListDto>;

/** The answer to a creation: the only time the whole key is ever shown. */
export const createdApiKeyDto = z.object({ apiKey: apiKeyDto, key: z.string() });
export type CreatedApiKeyDto = z.infer<typeof createdApiKeyDto>;
