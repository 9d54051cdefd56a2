import { z } from 'zod';
import { objectIdSchema } from './validators.ts';

/**
 * The team's check-in list, front desk and kiosk (issue 13 §4-§5). Check-in itself is the bookings'
 * `POST /api/bookings/{id}/check-in`; these add undo, walk-ins, the day's classes and the kiosk.
 */

/** `POST /api/class-instances/{id}/walk-ins`: a client with no booking, booked and checked in at once. */
export const walkInBody = z.object({
  clientId: objectIdSchema,
  /** Pay with this package the client holds (otherwise the best one, or a drop-in paid at the studio). */
  clientPackageId: objectIdSchema.nullish(),
  /** The team lets in a client who has not signed the current waiver, for this class only. */
  overrideWaiver: z.boolean({ error: 'Choose whether to let them in without the signed waiver' }).optional(),
});
export type WalkInBody = z.infer<typeof walkInBody>;

/** `GET /api/front-desk?studioId=&date=`: a studio's classes of one day (the studio's today by default). */
export const frontDeskQuery = z.object({
  studioId: objectIdSchema,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give the date as YYYY-MM-DD' })
    .optional(),
});
export type FrontDeskQuery = z.infer<typeof frontDeskQuery>;

export const frontDeskClassDto = z.object({
  classInstanceId: objectIdSchema,
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  roomName: z.string().nullable(),
  status: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  checkedIn: z.number().int(),
  checkInOpensAt: z.string(),
  checkInClosesAt: z.string(),
});
export type FrontDeskClassDto = z.infer<typeof frontDeskClassDto>;

export const frontDeskDto = z.object({
  studioId: objectIdSchema,
  studioName: z.string(),
  timeZone: z.string(),
  date: z.string(),
  items: z.array(frontDeskClassDto),
});
export type FrontDeskDto = z.infer<typeof frontDeskDto>;

/** `GET /api/kiosk?studioId=`: what the kiosk shows (the classes whose check-in is open there now). */
export const kioskQuery = z.object({ studioId: objectIdSchema });
export type KioskQuery = z.infer<typeof kioskQuery>;

export const kioskDto = z.object({
  studioName: z.string(),
  timeZone: z.string(),
  classes: z.array(z.object({ name: z.string(), startsAt: z.string(), roomName: z.string().nullable() })),
});
export type KioskDto = z.infer<typeof kioskDto>;

/** `POST /api/kiosk/check-ins`: a client types their email or phone at the kiosk. */
export const kioskCheckInBody = z.object({
  studioId: objectIdSchema,
  identifier: z
    .string({ error: 'Type your email or phone number' })
    .trim()
    .min(3, { error: 'Type your email or phone number' })
    .max(200, { error: 'Use at most 200 characters.' }),
});
export type KioskCheckInBody = z.infer<typeof kioskCheckInBody>;

/** Only the first name and the last name's initial: the kiosk faces the room. */
export const kioskCheckInDto = z.object({
  displayName: z.string(),
  className: z.string(),
  startsAt: z.string(),
  /** They were checked in before this try (the kiosk says so instead of welcoming them again). */
  alreadyCheckedIn: z.boolean(),
});
export type KioskCheckInDto = z.infer<typeof kioskCheckInDto>;

/** `POST /api/kiosk/unlock`: the staff member's password leaves kiosk mode. */
export const kioskUnlockBody = z.object({
  password: z.string({ error: 'Type your password' }).min(1, { error: 'Type your password' }).max(200),
});
export type KioskUnlockBody = z.infer<typeof kioskUnlockBody>;

/** "Nora Kowalski" → "Nora K." (one word stays as it is). */
export function kioskDisplayName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first = 'Guest'] = words;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}
