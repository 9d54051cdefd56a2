import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CHECK_IN_CODE_LENGTH,
  CHECK_IN_PASS_MINUTES,
  CHECK_IN_STEPS_BEHIND,
  checkInCodeMessage,
  checkInStepAt,
} from '@kinetic/shared';

/** A new door-screen secret: 32 random bytes, hex. */
export const newSecret = () => randomBytes(32).toString('hex');

const hmacHex = (secretHex: string, message: string) =>
  createHmac('sha256', Buffer.from(secretHex, 'hex')).update(message).digest('hex');

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The code for one step (the browser computes the same with Web Crypto: `checkInCode` in shared). */
export function codeFor(secretHex: string, fitnessSessionId: string, classInstanceId: string, step: number): string {
  return hmacHex(secretHex, checkInCodeMessage(fitnessSessionId, classInstanceId, step)).slice(0, CHECK_IN_CODE_LENGTH);
}

export type CodeVerdict = 'valid' | 'expired' | 'future' | 'forged';

/**
 * Whether a scanned code is good now: its step must be the current one or at most
 * `CHECK_IN_STEPS_BEHIND` before (one step ahead is allowed for a screen whose clock runs a little fast),
 * and the code must be that step's code for this series and class.
 */
export function judgeCode(
  secretHex: string | undefined,
  code: { fitnessSessionId: string; classInstanceId: string; code: string; step: number },
  now: Date,
): CodeVerdict {
  if (!secretHex) return 'forged';
  const current = checkInStepAt(now.getTime());
  const genuine = sameText(codeFor(secretHex, code.fitnessSessionId, code.classInstanceId, code.step), code.code);
  if (!genuine) return 'forged';
  if (code.step < current - CHECK_IN_STEPS_BEHIND) return 'expired';
  if (code.step > current + 1) return 'future';
  return 'valid';
}

const passMessage = (fitnessSessionId: string, classInstanceId: string, expiresAtSeconds: number) =>
  `pass|${fitnessSessionId}|${classInstanceId}|${expiresAtSeconds}`;

/**
 * A pass bought by a valid code: `{expiry in Unix seconds}.{HMAC of it with the class's secret}`. It lets
 * the person who scanned finish logging in, signing up or booking without scanning again, for
 * `CHECK_IN_PASS_MINUTES` (never past `notAfter`, when check-in closes).
 */
export function issuePass(
  secretHex: string,
  fitnessSessionId: string,
  classInstanceId: string,
  now: Date,
  notAfter: Date,
): { pass: string; expiresAt: Date } {
  const expiresAt = new Date(Math.min(now.getTime() + CHECK_IN_PASS_MINUTES * 60_000, notAfter.getTime()));
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  const mac = hmacHex(secretHex, passMessage(fitnessSessionId, classInstanceId, seconds)).slice(0, 32);
  return { pass: `${seconds}.${mac}`, expiresAt: new Date(seconds * 1000) };
}

export function judgePass(
  secretHex: string | undefined,
  pass: string,
  ids: { fitnessSessionId: string; classInstanceId: string },
  now: Date,
): CodeVerdict {
  const [secondsText = '', mac = ''] = pass.split('.');
  const seconds = Number(secondsText);
  if (!secretHex || !Number.isSafeInteger(seconds)) return 'forged';
  const expected = hmacHex(secretHex, passMessage(ids.fitnessSessionId, ids.classInstanceId, seconds)).slice(0, 32);
  if (!sameText(expected, mac)) return 'forged';
  return seconds * 1000 <= now.getTime() ? 'expired' : 'valid';
}
