import { randomBytes } from 'node:crypto';

/**
 * 24 lowercase hex characters (spec §5): 4 bytes of seconds since the epoch, then 8 random bytes,
 * so ids sort by creation time and fit the spec's id validator.
 */
export function generateId(now: number = Date.now()): string {
  const time = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}
