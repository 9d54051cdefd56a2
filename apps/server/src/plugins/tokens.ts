import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: the only copy of a secret the server never stores. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
