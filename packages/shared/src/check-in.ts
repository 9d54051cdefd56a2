import { z } from 'zod';
import { objectIdSchema } from './validators.ts';

/**
 * Check-in at the door (issue 13 §1-§3). The door screen holds a per-class-instance secret and shows a
 * QR code that changes every `CHECK_IN_STEP_SECONDS`: HMAC-SHA256(secret, `{fitnessSessionId}|
 * {classInstanceId}|{step}`) truncated to `CHECK_IN_CODE_LENGTH` hex characters, where `step` counts
 * 30-second periods since the Unix epoch (TOTP-like). The server accepts the current step and the one
 * before (clock skew, a slow scan) and nothing older, so a photographed code is useless a minute later.
 */
export const CHECK_IN_STEP_SECONDS = 30;
/** Steps accepted before the current one (the current one is always accepted). */
export const CHECK_IN_STEPS_BEHIND = 1;
export const CHECK_IN_CODE_LENGTH = 12;
/** Check-in closes this long after a class starts (opens per Sessions Settings). */
export const CHECK_IN_CLOSES_MINUTES_AFTER_START = 30;
/**
 * A code scanned at the door buys a pass this long: enough to log in, sign up and sign the waiver, or
 * book the last place, without the code in hand having to be younger than a minute.
 */
export const CHECK_IN_PASS_MINUTES = 15;

export const checkInStepAt = (epochMs: number) => Math.floor(epochMs / 1000 / CHECK_IN_STEP_SECONDS);

const hexToBytes = (hex: string) => {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
};

/** The message the code signs: the series, the class, the step. */
export const checkInCodeMessage = (fitnessSessionId: string, classInstanceId: string, step: number) =>
  `${fitnessSessionId}|${classInstanceId}|${step}`;

/**
 * The door screen's code for one step, with Web Crypto (the browser; the server computes the same with
 * node:crypto in features/check-in/check-in-codes.ts, and a test holds the two together).
 */
export async function checkInCode(
  secretHex: string,
  fitnessSessionId: string,
  classInstanceId: string,
  step: number,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(secretHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign(
      'HMAC',
      key,
      new TextEncoder().encode(checkInCodeMessage(fitnessSessionId, classInstanceId, step)),
    ),
  );
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, CHECK_IN_CODE_LENGTH);
}

/**
 * The address a code opens: the client group's check-in page of the company (spec §2's path), with the
 * class instance `i`, the code `c` and its step `t`.
 */
export function checkInUrl(
  origin: string,
  place: { company: string; roleId: string },
  fitnessSessionId: string,
  classInstanceId: string,
  code: string,
  step: number,
): string {
  const query = new URLSearchParams({ i: classInstanceId, c: code, t: String(step) });
  return `${origin}/${place.company}/${place.roleId}/client/app/check-in/${fitnessSessionId}?${query.toString()}`;
}

export const checkInCodeSchema = z
  .string({ error: 'The code is missing: scan the code on the door screen again.' })
  .regex(/^[0-9a-f]+$/i, { error: 'This is not a check-in code: scan the code on the door screen again.' })
  .length(CHECK_IN_CODE_LENGTH, { error: 'This is not a check-in code: scan the code on the door screen again.' })
  .toLowerCase();

export const checkInStepSchema = z
  .number({ error: 'The code’s time is missing: scan the code on the door screen again.' })
  .int({ error: 'The code’s time is not valid: scan the code on the door screen again.' })
  .min(0, { error: 'The code’s time is not valid: scan the code on the door screen again.' })
  .max(1e10, { error: 'The code’s time is not valid: scan the code on the door screen again.' });

/** `GET /api/check-in/door?studioId&roomId`: the class that starts next there (the door screen). */
export const doorQuery = z.object({
  studioId: objectIdSchema,
  roomId: objectIdSchema.optional(),
});
export type DoorQuery = z.infer<typeof doorQuery>;

export const doorClassParams = z.object({ classInstanceId: objectIdSchema });

/** What the door screen shows and derives its codes from (team only). */
export const doorClassDto = z.object({
  classInstanceId: z.string(),
  fitnessSessionId: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  studioName: z.string(),
  roomName: z.string().nullable(),
  checkInOpensAt: z.string(),
  checkInClosesAt: z.string(),
  /** Clients checked in / places taken (booked, held or checked in) / capacity. */
  checkedIn: z.number().int(),
  booked: z.number().int(),
  capacity: z.number().int(),
  /** 64 hex characters; the screen keeps it in memory only. */
  secret: z.string(),
  stepSeconds: z.number().int(),
  /** The server's clock, so a screen whose clock is off can correct its steps. */
  serverTime: z.string(),
  /** Where the code sends clients: `/{company}/{roleId}`. */
  company: z.string(),
  clientRoleId: z.string(),
});
export type DoorClassDto = z.infer<typeof doorClassDto>;

export const doorDto = z.object({ classInstance: doorClassDto.nullable() });
export type DoorDto = z.infer<typeof doorDto>;

/** A code as scanned. */
export const checkInCodeBody = z.object({
  fitnessSessionId: objectIdSchema,
  classInstanceId: objectIdSchema,
  code: checkInCodeSchema,
  step: checkInStepSchema,
});
export type CheckInCodeBody = z.infer<typeof checkInCodeBody>;

export const checkInPassSchema = z
  .string({ error: 'The check-in pass is missing: scan the code on the door screen again.' })
  .regex(/^\d{1,12}\.[0-9a-f]{32}$/, { error: 'This check-in pass is not valid: scan the code on the door screen again.' });

/**
 * `POST /api/check-in`: the signed-in client checks into the class, with the code just scanned or with
 * the pass that code bought (after logging in, signing up, signing the waiver or booking).
 */
export const checkInBody = z
  .object({
    fitnessSessionId: objectIdSchema,
    classInstanceId: objectIdSchema,
    code: checkInCodeSchema.optional(),
    step: checkInStepSchema.optional(),
    pass: checkInPassSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.pass === undefined && (body.code === undefined || body.step === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: 'Scan the code on the door screen to check in.',
      });
  });
export type CheckInBody = z.infer<typeof checkInBody>;

/** The class a code or pass is for, as a visitor may see it. */
export const checkInClassDto = z.object({
  classInstanceId: z.string(),
  fitnessSessionId: z.string(),
  name: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  studioName: z.string(),
  companyName: z.string(),
  placesLeft: z.number().int(),
});
export type CheckInClassDto = z.infer<typeof checkInClassDto>;

/** `POST /api/public/{company}/check-in/pass`: a valid code (no session needed) buys a short pass. */
export const checkInPassDto = z.object({
  pass: z.string(),
  expiresAt: z.string(),
  classInstance: checkInClassDto,
});
export type CheckInPassDto = z.infer<typeof checkInPassDto>;

export const checkInPublicParams = z.object({ company: z.string().min(1).max(100) });

/** A client's check-in: who, which class, since when. */
export const checkInDto = z.object({
  bookingId: z.string(),
  clientName: z.string(),
  checkedInAt: z.string(),
  classInstance: checkInClassDto,
});
export type CheckInDto = z.infer<typeof checkInDto>;

/** `GET /api/my/check-ins/{fitnessSessionId}?classInstanceId`: the client's latest check-in to the series. */
export const myCheckInParams = z.object({ fitnessSessionId: objectIdSchema });
export const myCheckInQuery = z.object({ classInstanceId: objectIdSchema.optional() });

/**
 * `errors.checkIn` of a 409 from `POST /api/check-in`, for the page to offer the next step: `waiver`
 * (sign it first), `book` (no place yet, one is free), `full` (no place and none free), `waitlisted`.
 */
export const CHECK_IN_BLOCKERS = ['waiver', 'book', 'full', 'waitlisted'] as const;
export type CheckInBlocker = (typeof CHECK_IN_BLOCKERS)[number];

/**
 * The `emailId` of `account-sign-up/{fitnessSessionId}/{classInstanceId}/{emailId}`: the email the
 * visitor typed at the door, base64url-encoded (so the sign-up form is filled in and a reload keeps it).
 * It is a convenience, not a credential: nothing is looked up by it.
 */
export function encodeEmailId(email: string): string {
  const bytes = new TextEncoder().encode(email.trim());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeEmailId(emailId: string): string {
  try {
    const base64 = emailId.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
}
