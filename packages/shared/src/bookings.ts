import { z } from 'zod';
import { emailSchema, personNameSchema } from './auth.ts';
import { listOf, pageQuery } from './paging.ts';
import { checkInPassSchema } from './check-in.ts';
import { classInstanceDto } from './schedule.ts';
import { objectIdSchema, phoneSchema } from './validators.ts';

/**
 * A client's place in a class (blueprint §5). `booked`, `offered` (a waitlist offer holding a place) and
 * `checked_in` take a place; `waitlisted` waits; the rest have ended.
 */
export const BOOKING_STATUSES = [
  'booked',
  'waitlisted',
  'offered',
  'cancelled',
  'late_cancelled',
  'checked_in',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const ACTIVE_BOOKING_STATUSES = [
  'booked',
  'waitlisted',
  'offered',
  'checked_in',
] as const satisfies readonly BookingStatus[];
export const PLACE_STATUSES = ['booked', 'offered', 'checked_in'] as const satisfies readonly BookingStatus[];

export const FEE_KINDS = ['late_cancel', 'no_show'] as const;
export const FEE_STATUSES = ['due', 'waived'] as const;

/** The team may book, cancel and waive for any client; instructors take attendance only. */
export const BOOKING_MANAGER_ROLES = ['admin', 'staff', 'solo-instructor'] as const;

export const bookingParams = z.object({ bookingId: objectIdSchema });
export type BookingParams = z.infer<typeof bookingParams>;

/** `POST /api/class-instances/{id}/bookings`: a client books themself (no body); the team names the client. */
export const bookBody = z
  .object({
    clientId: objectIdSchema.optional(),
    /** Pay with this package the client holds (otherwise the best one is chosen). */
    clientPackageId: objectIdSchema.nullish(),
    /** When no package pays: book as a drop-in and pay at the studio (a client must say so). */
    payWith: z.enum(['drop-in'], { error: 'Choose drop-in or leave it out' }).nullish(),
    /** The team books a client who has not signed the current waiver, for this booking only. */
    overrideWaiver: z.boolean({ error: 'Choose whether to book without the signed waiver' }).optional(),
    /**
     * The pass a door code bought (check-in.ts): a client at the door may take a free place after booking
     * has closed or the class has started, until check-in closes.
     */
    checkInPass: checkInPassSchema.optional(),
  })
  .nullish();
export type BookBody = z.infer<typeof bookBody>;

/** `POST /api/bookings/{id}/cancel`: the team may waive a late-cancel fee. */
export const cancelBookingBody = z
  .object({ waiveFee: z.boolean({ error: 'Choose whether to waive the fee' }).optional() })
  .nullish();
export type CancelBookingBody = z.infer<typeof cancelBookingBody>;

/** `Idempotency-Key`: any printable text up to 200 characters, e.g. a UUID made by the client. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, 'Send a non-empty Idempotency-Key')
  .max(200, 'Use an Idempotency-Key of at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'Use printable characters without spaces in the Idempotency-Key');

export const bookingFeeDto = z.object({
  kind: z.enum(FEE_KINDS),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(FEE_STATUSES),
});

export const bookingDto = z.object({
  id: z.string(),
  classInstanceId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** 1 = next in line; only while `waitlisted`. */
  waitlistPosition: z.number().int().nullable(),
  /** Only while `offered`: the place is held until then. */
  offerExpiresAt: z.string().nullable(),
  paidWith: z.string(),
  cancelledBy: z.enum(['client', 'studio']).nullable(),
  fee: bookingFeeDto.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingDto = z.infer<typeof bookingDto>;

/** One line of a class's roster, as the team sees it (with how to reach the client). */
export const rosterEntryDto = bookingDto.extend({
  clientEmail: z.string(),
  clientPhone: z.string().nullable(),
});
export type RosterEntryDto = z.infer<typeof rosterEntryDto>;

/** `GET /api/class-instances/{id}/bookings`: places first, then the waitlist in order, then ended ones. */
export const rosterDto = z.object({ items: z.array(rosterEntryDto) });
export type RosterDto = z.infer<typeof rosterDto>;

/**
 * What pays a client's place, in words they know: the pack or membership by its name, or the drop-in's
 * price and whether it is paid yet. Both null for a free class and for a place on the waitlist (paid
 * when a place opens).
 */
export const bookingPaymentDto = z.object({
  packageName: z.string().nullable(),
  dropIn: z.object({ amount: z.number().int(), currency: z.string(), paid: z.boolean() }).nullable(),
});
export type BookingPaymentDto = z.infer<typeof bookingPaymentDto>;

/** `GET /api/my/bookings`: the signed-in client's bookings of classes still to come, with each class. */
export const myBookingDto = bookingDto.extend({ classInstance: classInstanceDto, payment: bookingPaymentDto });
export type MyBookingDto = z.infer<typeof myBookingDto>;
export const myBookingsQuery = z.object({
  classInstanceId: objectIdSchema.optional(),
  /** Classes still to come (the default), or those already over, latest first (at most 50). */
  when: z.enum(['upcoming', 'past'], { error: 'Choose upcoming or past' }).default('upcoming'),
});
export const myBookingsDto = z.object({ items: z.array(myBookingDto) });
export type MyBookingsDto = z.infer<typeof myBookingsDto>;

/** `POST /api/class-instances/{id}/no-shows`: every booking not checked in becomes a no-show. */
export const noShowsDto = z.object({ marked: z.number().int() });

/** The roster's client search and "create the client on the spot" (the clients issue adds the full profile). */
export const clientsQuery = pageQuery.extend({
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
});
export type ClientsQuery = z.infer<typeof clientsQuery>;
export const clientDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientDto = z.infer<typeof clientDto>;
export const clientsListDto = listOf(clientDto);
export type ClientsListDto = z.infer<typeof clientsListDto>;
export const newClientBody = z.object({
  name: personNameSchema,
  email: emailSchema,
  phone: phoneSchema
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export type NewClientBody = z.input<typeof newClientBody>;

/**
 * A held place's signed links (the "Place offered" email, issue 16): `exp` is the offer's expiry (ms) the
 * link was signed for, `sig` its signature. They work without logging in, once.
 */
export const offerLinkQuery = z.object({
  exp: z
    .string({ error: 'The link has no expiry (exp): open the link from your email as it was sent' })
    .regex(/^\d{1,15}$/, 'The link’s expiry (exp) is malformed: open the link from your email as it was sent'),
  sig: z
    .string({ error: 'The link has no signature (sig): open the link from your email as it was sent' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'The link’s signature (sig) is malformed: open the link from your email as it was sent'),
});
export type OfferLinkQuery = z.infer<typeof offerLinkQuery>;

/** `GET /api/public/{company}/offers/{bookingId}`: the held place a signed link answers. */
export const offerLinkDto = z.object({
  companyName: z.string(),
  clientFirstName: z.string(),
  className: z.string(),
  /** "Tue, 24 Nov 2026, 18:00" on the studio's clock. */
  when: z.string(),
  where: z.string(),
  /** When the hold ends, on the studio's clock. */
  expires: z.string(),
  /** open: it can be accepted or declined; used: it was answered; expired: its time ran out. */
  state: z.enum(['open', 'used', 'expired']),
  /** What happened, when it is no longer open ("You accepted this place."). */
  note: z.string().nullable(),
});
export type OfferLinkDto = z.infer<typeof offerLinkDto>;
