import { z } from 'zod';
import { bookingPaymentDto, BOOKING_STATUSES } from './bookings.ts';
import { publicEventDto } from './events.ts';
import { objectIdSchema } from './validators.ts';

/**
 * The public event-booking flow (issue 12 §2): the event page, the signed-in client's place, Stripe
 * Checkout for an event's price, the calendar file and the signed cancel link of the confirmation email.
 */

/** Where an event stands for someone opening its page: bookable, over, or cancelled by the studio. */
export const EVENT_PAGE_STATES = ['open', 'past', 'cancelled'] as const;
export type EventPageState = (typeof EVENT_PAGE_STATES)[number];

/** `GET /api/public/{company}/events/{eventId}/page`: the event with where it happens and how it is paid. */
export const eventPageDto = publicEventDto.extend({
  state: z.enum(EVENT_PAGE_STATES),
  /** The studio's address on one line (null when it has none); the event's own `address` wins when set. */
  studioAddress: z.string().nullable(),
  /** Where it takes place, one line: the event's outside address, else the studio's. */
  place: z.string(),
  /** Some packages may pay for it (the packages step is offered). */
  acceptsPackages: z.boolean(),
  /** The studio takes card payments online (Stripe connected). */
  payOnline: z.boolean(),
  companyName: z.string(),
  locale: z.string(),
  /**
   * Set when the address named one of the event's dates (a class instance id, as spec §4's stored booking
   * intent does) instead of the event: that date, for the page to choose.
   */
  dateId: z.string().nullable(),
});
export type EventPageDto = z.infer<typeof eventPageDto>;

/** The signed-in client's place in one of the event's dates (the latest active one), or none. */
export const myEventBookingDto = z.object({
  booking: z
    .object({
      id: z.string(),
      classInstanceId: z.string(),
      status: z.enum(BOOKING_STATUSES),
      waitlistPosition: z.number().int().nullable(),
      startsAt: z.string(),
      endsAt: z.string(),
      payment: bookingPaymentDto,
      /** The drop-in's order is open and not fully paid: it can still be paid online. */
      owed: z.boolean(),
    })
    .nullable(),
  /** The cancellation rule for this place, said to someone booked (null without a place). */
  cancellationRule: z.string().nullable(),
  /** The `.ics` download of the place (signed link, no session needed); null without a place. */
  calendarUrl: z.string().nullable(),
});
export type MyEventBookingDto = z.infer<typeof myEventBookingDto>;

/** `POST /api/public/{company}/events/{eventId}/checkout`: pay an event place's price through Stripe Checkout. */
export const eventCheckoutBody = z.object({ bookingId: objectIdSchema });
export const eventCheckoutDto = z.object({ url: z.string() });
export type EventCheckoutDto = z.infer<typeof eventCheckoutDto>;

/** A signature of an event link: base64url of an HMAC-SHA256 (43 characters). */
export const eventLinkSignature = z
  .string({ error: 'The link has no signature (sig): open the link from your email as it was sent' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'The link’s signature (sig) is malformed: open the link from your email as it was sent');

/** The query of a signed event link: which booking, and the signature over company, event, user and booking. */
export const eventLinkQuery = z.object({
  booking: objectIdSchema,
  sig: eventLinkSignature,
});
export type EventLinkQuery = z.infer<typeof eventLinkQuery>;
export const eventUserParams = z.object({ eventId: objectIdSchema, userId: objectIdSchema });

/** `GET .../users/{userId}/cancel`: what a signed cancel link would cancel. */
export const eventCancelLinkDto = z.object({
  eventTitle: z.string(),
  clientName: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  place: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** The place can still be cancelled (active and not started). */
  cancellable: z.boolean(),
  cancellationRule: z.string(),
});
export type EventCancelLinkDto = z.infer<typeof eventCancelLinkDto>;
