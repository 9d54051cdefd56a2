import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a company's Stripe keys at rest with AES-256-GCM under a key derived from the server's
 * `PAYMENTS_SECRET`. A database dump alone does not give away anyone's Stripe account; a changed or
 * wrong secret fails loudly (the GCM tag) instead of handing Stripe garbage.
 */
const VERSION = 'v1';

export type SecretKey = Buffer;

export function secretKeyFrom(secret: string): SecretKey {
  return createHash('sha256').update(`kinetic-payments:${secret}`).digest();
}

export function seal(plain: string, key: SecretKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    ':',
  );
}

export class SecretUnreadable extends Error {}

export function open(sealed: string, key: SecretKey): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new SecretUnreadable('Not a sealed secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable('The stored key was sealed with another PAYMENTS_SECRET');
  }
}
