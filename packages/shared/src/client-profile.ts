import { z } from 'zod';
import { BOOKING_STATUSES } from './bookings.ts';
import { CLIENT_PACKAGE_STATUSES } from './orders.ts';
import { PACKAGE_KINDS } from './packages.ts';
import { pageQuery, listOf } from './paging.ts';
import { signupDetailsDto } from './signup-details.ts';
import { objectIdSchema } from './validators.ts';

/**
 * Issue 14 §2: one client's profile as the team sees it (`GET /api/clients/{clientId}/profile`).
 * Money (balance owing, orders, prices) is only in `money`, and only for whoever may see it
 * (the `seeFinancials` ability, issue 15 §2); for everyone else the server answers `money: null`.
 */

export const clientProfileParams = z.object({ clientId: objectIdSchema });
export const clientNoteParams = z.object({ clientId: objectIdSchema, noteId: objectIdSchema });

/** Who changed a booking, in words: a person's name, "the client" or "automatic" (the system). */
export const bookingChangeDto = z.object({
  at: z.string(),
  fromStatus: z.enum(BOOKING_STATUSES).nullable(),
  toStatus: z.enum(BOOKING_STATUSES),
  by: z.string(),
  reason: z.string().nullable(),
});
export type BookingChangeDto = z.infer<typeof bookingChangeDto>;

export const profileBookingDto = z.object({
  id: z.string(),
  classInstanceId: z.string(),
  /** The class's template name, or the event's title. */
  className: z.string(),
  studioName: z.string(),
  instructorName: z.string().nullable(),
  startsAt: z.string(),
  timeZone: z.string(),
  status: z.enum(BOOKING_STATUSES),
  cancelledBy: z.enum(['client', 'studio']).nullable(),
  /** How the place is paid, without amounts: membership, class-pack, drop-in or free. */
  paidWith: z.string(),
  /** Oldest first. */
  history: z.array(bookingChangeDto),
});
export type ProfileBookingDto = z.infer<typeof profileBookingDto>;

export const profileBookingsQuery = pageQuery.extend({
  when: z.enum(['upcoming', 'past'], { error: 'Choose upcoming or past' }).default('upcoming'),
  pageSize: pageQuery.shape.pageSize.unwrap().max(50, 'Use at most 50 per page').default(10),
});
export type ProfileBookingsQuery = z.infer<typeof profileBookingsQuery>;
export const profileBookingListDto = listOf(profileBookingDto);
export type ProfileBookingListDto = z.infer<typeof profileBookingListDto>;

/** A package the client holds, without its price (the team's view; prices are under Orders). */
export const profilePackageDto = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  status: z.enum(CLIENT_PACKAGE_STATUSES),
  startsOn: z.string(),
  paidUntil: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Credits (packs) or classes this period (limited memberships) left; null = unlimited. */
  remaining: z.number().int().nullable(),
});
export type ProfilePackageDto = z.infer<typeof profilePackageDto>;

export const profileWaiverDto = z.object({
  /** `none`: the studio has no waiver; `signed`: the current version is covered; `unsigned`: it is not. */
  status: z.enum(['none', 'signed', 'unsigned']),
  currentVersion: z.number().int().nullable(),
  /** The client's latest signature with the version they signed (its text and terms), if any. */
  signed: z
    .object({
      signatureId: z.string(),
      version: z.number().int(),
      title: z.string(),
      text: z.string(),
      terms: z.array(z.object({ value: z.string(), label: z.string() })),
      fullName: z.string(),
      kind: z.enum(['drawn', 'typed']),
      signedAt: z.string(),
    })
    .nullable(),
});
export type ProfileWaiverDto = z.infer<typeof profileWaiverDto>;

export const clientNoteDto = z.object({
  id: z.string(),
  body: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The signed-in member may edit and delete it (their own; an admin any). */
  editable: z.boolean(),
});
export type ClientNoteDto = z.infer<typeof clientNoteDto>;
export const clientNoteListDto = z.object({ items: z.array(clientNoteDto) });
export type ClientNoteListDto = z.infer<typeof clientNoteListDto>;

export const NOTE_MAX = 2000;
export const clientNoteBody = z.object({
  body: z
    .string({ error: 'Write the note' })
    .trim()
    .min(1, 'Write the note')
    .max(NOTE_MAX, `A note is at most ${NOTE_MAX.toLocaleString('en-US')} characters`),
});
export type ClientNoteBody = z.infer<typeof clientNoteBody>;

export const clientProfileDto = z.object({
  client: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    joinedAt: z.string(),
    /** The start of the latest class they were checked in to; null before the first visit. */
    lastVisitAt: z.string().nullable(),
  }),
  signupDetails: signupDetailsDto,
  /** Agreed to marketing emails (Settings › Notifications, client_preferences). */
  marketingConsent: z.boolean(),
  waiver: profileWaiverDto,
  packages: z.array(profilePackageDto),
  upcoming: profileBookingListDto,
  past: profileBookingListDto,
  notes: clientNoteListDto,
  /** Only for roles that may see money (the `seeFinancials` ability, issue 15 §2); null for the others. */
  money: z.object({ currency: z.string(), balanceOwing: z.number().int() }).nullable(),
});
export type ClientProfileDto = z.infer<typeof clientProfileDto>;

/** `POST /api/clients/{clientId}/reset-link`: the sentence the team sees (also the toast). */
export const resetLinkDto = z.object({ message: z.string() });
export type ResetLinkDto = z.infer<typeof resetLinkDto>;
