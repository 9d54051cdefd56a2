import { companyBySlug } from '../public-company/public-company.service.ts';
import { bookingSequence } from '../calendar-feeds/calendar-sequence.ts';
import {
  isClientRole,
  type EventCancelLinkDto,
  type EventLinkQuery,
  type EventPageDto,
  type MyEventBookingDto,
  type RoleId,
} from '@kinetic/shared';
import { and, desc, eq } from 'drizzle-orm';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { bookings, classInstances, users } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { calendarFile } from '../bookings/booking-calendar.ts';
import { orderAmounts, studioAddress } from '../bookings/booking-email.repo.ts';
import { ruleFor } from '../bookings/booking-email.ts';
import {
  lockClass,
  paymentsOf,
  waitlistPosition,
  type BookingRow,
  type LockedClass,
} from '../bookings/bookings.repo.ts';
import { cancelBooking, type BookAnswer, type BookingDeps } from '../bookings/bookings.service.ts';
import { effectiveRules } from '../class-instances/class-instances.service.ts';
import { payBalanceOnline } from '../orders/orders.service.ts';
import { stripeAccountOf, type PaymentsConfig } from '../payments/stripe-account.ts';
import { startCheckout } from '../payments/stripe-payments.ts';
import { sessionRulesOf } from '../session-settings/session-settings.service.ts';
import { calendarLinkOf, eventPagePath, verifyEventLink, type EventLinkPurpose } from './event-links.ts';
import { datesOf, findEvent, linksOf } from './events.repo.ts';
import { getPublicEvent } from './events.service.ts';

/**
 * The public event-booking flow's server side (issue 12 §2). Booking itself is the classes' booking
 * endpoint (an event's dates are class instances); this adds what the flow's pages read, Stripe Checkout
 * for an event place's price with the event's return page, and the signed links (cancel, calendar file).
 */

const eventNotFound = () => notFound('We could not find that event.');
const bookingNotFound = () => notFound('We could not find that booking of the event.');
const ACTIVE = ['booked', 'offered', 'checked_in', 'waitlisted'] as const;

/** A signed-in member of another company asking about this one's event: not found, as for a stranger's id. */
async function ownCompany(db: Database, actor: Actor, slug: string) {
  const company = await companyBySlug(db, slug);
  if (company.id !== actor.companyId) throw eventNotFound();
  return company;
}

/** The event's place on one line: its outside address, else its studio's name and address. */
function placeOf(studioName: string, studioLine: string | null, outside: string | null): string {
  if (outside) return outside;
  return studioLine ? `${studioName}, ${studioLine}` : studioName;
}

/** `GET /api/public/{company}/events/{eventId}/page`: the event page's whole read. */
export async function eventPage(
  db: Database,
  payments: PaymentsConfig,
  slug: string,
  id: string,
  now = new Date(),
): Promise<EventPageDto> {
  const company = await companyBySlug(db, slug);
  // The id of one of its dates leads to the event too (spec §4: a stored class-instance id with the event flag).
  const { eventId, dateId } = await withTenant(db, company.id, async (tx) => {
    if (await findEvent(tx, company.id, id)) return { eventId: id, dateId: null };
    const [date] = await tx
      .select({ eventId: classInstances.eventId })
      .from(classInstances)
      .where(and(eq(classInstances.companyId, company.id), eq(classInstances.id, id)));
    if (!date?.eventId) throw eventNotFound();
    return { eventId: date.eventId, dateId: id };
  });
  const event = await getPublicEvent(db, slug, eventId, now);
  return withTenant(db, company.id, async (tx) => {
    const row = await findEvent(tx, company.id, eventId);
    if (!row) throw eventNotFound();
    const all = await datesOf(tx, company.id, [eventId]);
    const upcoming = all.filter((date) => date.status === 'scheduled' && date.startsAt > now);
    // Nothing left to book: cancelled when no date of it ever took place, otherwise over.
    const state: EventPageDto['state'] =
      upcoming.length > 0 ? 'open' : all.every((date) => date.status === 'cancelled') ? 'cancelled' : 'past';
    const links = await linksOf(tx, company.id, [eventId]);
    const studioLine = await studioAddress(tx, company.id, row.studioId);
    const account = await stripeAccountOf(tx, company.id, payments).catch(() => null);
    return {
      ...event,
      // Dates that have started are not offered.
      dates: event.dates.filter((date) => Date.parse(date.startsAt) > now.getTime()),
      state,
      studioAddress: studioLine,
      place: placeOf(row.studioName, studioLine, row.address?.trim() || null),
      acceptsPackages: links.packages.length > 0,
      payOnline: account !== null,
      companyName: company.name,
      locale: company.locale,
      dateId,
    };
  });
}

async function rulesOf(tx: Executor, companyId: string, cls: LockedClass) {
  return effectiveRules(await sessionRulesOf(tx, companyId), cls.ruleOverrides);
}

/** The client area's sentence for someone holding this place, on the studio's clock (as its emails say it). */
async function ruleSentence(tx: Executor, companyId: string, cls: LockedClass, now: Date): Promise<string> {
  return ruleFor(cls, await rulesOf(tx, companyId, cls), now);
}

/** One booking of this client's at one of this event's dates (undefined when there is none such). */
async function eventBookingOf(
  tx: Executor,
  companyId: string,
  eventId: string,
  bookingId: string,
  clientId: string,
): Promise<{ booking: typeof bookings.$inferSelect } | undefined> {
  const [row] = await tx
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(
      classInstances,
      and(eq(classInstances.companyId, bookings.companyId), eq(classInstances.id, bookings.classInstanceId)),
    )
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.id, bookingId),
        eq(bookings.clientId, clientId),
        eq(classInstances.eventId, eventId),
      ),
    );
  return row;
}

/** The client's latest booking of any of the event's dates: an active one first, else the last ended one. */
async function clientBookingOfEvent(
  tx: Executor,
  companyId: string,
  eventId: string,
  clientId: string,
): Promise<BookingRow | undefined> {
  const rows = await tx
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(
      classInstances,
      and(eq(classInstances.companyId, bookings.companyId), eq(classInstances.id, bookings.classInstanceId)),
    )
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.clientId, clientId),
        eq(classInstances.eventId, eventId),
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(20);
  const active = rows.find((row) => (ACTIVE as readonly string[]).includes(row.booking.status));
  return (active ?? rows[0])?.booking;
}

/** `GET /api/public/{company}/events/{eventId}/my-booking`: the signed-in client's place in the event. */
export async function myEventBooking(
  db: Database,
  actor: Actor,
  slug: string,
  eventId: string,
  now = new Date(),
): Promise<MyEventBookingDto> {
  const company = await ownCompany(db, actor, slug);
  return withTenant(db, company.id, async (tx) => {
    if (!(await findEvent(tx, company.id, eventId))) throw eventNotFound();
    const booking = await clientBookingOfEvent(tx, company.id, eventId, actor.userId);
    if (!booking) return { booking: null, cancellationRule: null, calendarUrl: null };
    const cls = await lockClass(tx, company.id, booking.classInstanceId, { lock: false });
    if (!cls) return { booking: null, cancellationRule: null, calendarUrl: null };
    const paid = await paymentsOf(tx, company.id, [booking]);
    const order = booking.orderId ? paid.orders.get(booking.orderId) : undefined;
    const orderRow = booking.orderId ? await orderAmounts(tx, company.id, booking.orderId) : undefined;
    const holdsPlace = booking.status !== 'waitlisted';
    return {
      booking: {
        id: booking.id,
        classInstanceId: booking.classInstanceId,
        status: booking.status,
        waitlistPosition: await waitlistPosition(tx, company.id, booking),
        startsAt: cls.startsAt.toISOString(),
        endsAt: cls.endsAt.toISOString(),
        payment: {
          packageName: null,
          dropIn: null,
          ...(holdsPlace
            ? {
                packageName:
                  (booking.clientPackageId && paid.packageNames.get(booking.clientPackageId)) || null,
                dropIn:
                  booking.paidWith === 'drop-in' && order
                    ? {
                        amount: order.total,
                        currency: order.currency,
                        paid: order.total > 0 && order.paid >= order.total,
                      }
                    : null,
              }
            : {}),
        },
        owed: orderRow !== undefined && orderRow.status === 'open' && orderRow.paid < orderRow.total,
      },
      cancellationRule: await ruleSentence(tx, company.id, cls, now),
      calendarUrl: ['booked', 'offered', 'checked_in'].includes(booking.status)
        ? calendarLinkOf(company, {
            companyId: company.id,
            eventId,
            userId: actor.userId,
            bookingId: booking.id,
          })
        : null,
    };
  });
}

/**
 * `POST /api/public/{company}/events/{eventId}/checkout`: Stripe Checkout for what the client's place in
 * the event still owes (its drop-in order), returning to the event's payment return page.
 */
export async function startEventCheckout(
  db: Database,
  payments: PaymentsConfig,
  actor: Actor,
  slug: string,
  eventId: string,
  bookingId: string,
): Promise<string> {
  const company = await ownCompany(db, actor, slug);
  const orderId = await withTenant(db, company.id, async (tx) => {
    if (!(await findEvent(tx, company.id, eventId))) throw eventNotFound();
    const row = await eventBookingOf(tx, company.id, eventId, bookingId, actor.userId);
    if (!row) throw bookingNotFound();
    if (!['booked', 'offered'].includes(row.booking.status))
      throw conflict('This place is not booked, so there is nothing to pay.', {
        bookingId: 'Not a booked place',
      });
    if (row.booking.paidWith !== 'drop-in' || !row.booking.orderId)
      throw conflict('This place is already paid for (free, or with a package).', {
        bookingId: 'Nothing to pay',
      });
    return row.booking.orderId;
  });
  const page = `${payments.publicUrl}${eventPagePath(company, `payment/book-event/${eventId}`)}`;
  const query = `booking=${encodeURIComponent(bookingId)}`;
  return payBalanceOnline(db, actor, orderId, (tx, order) =>
    startCheckout(tx, payments, order, actor.roleId, 'balance', {
      success: `${page}?${query}&checkout=done`,
      cancel: `${page}?${query}&checkout=cancelled`,
    }),
  );
}

/**
 * A signed link's subject, checked: the event and the client must be this company's (404 otherwise,
 * like any other company's id), and the signature must be the server's for exactly this purpose,
 * company, event, client and booking (403 otherwise: nothing is read or changed).
 */
async function signedSubject(
  db: Database,
  purpose: EventLinkPurpose,
  slug: string,
  eventId: string,
  userId: string,
  query: EventLinkQuery,
) {
  const company = await companyBySlug(db, slug);
  return withTenant(db, company.id, async (tx) => {
    const event = await findEvent(tx, company.id, eventId);
    if (!event) throw eventNotFound();
    const [person] = await tx
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.id, userId)));
    if (!person) throw notFound('We could not find that client.');
    const subject = { companyId: company.id, eventId, userId, bookingId: query.booking };
    if (!verifyEventLink(purpose, subject, query.sig))
      throw forbidden(
        purpose === 'cancel'
          ? 'This cancellation link is not valid: it was changed or cut short. Open the link from your confirmation email as it was sent, or log in to cancel.'
          : 'This calendar link is not valid: it was changed or cut short.',
      );
    const row = await eventBookingOf(tx, company.id, eventId, query.booking, userId);
    if (!row) throw bookingNotFound();
    const cls = await lockClass(tx, company.id, row.booking.classInstanceId, { lock: false });
    if (!cls) throw bookingNotFound();
    return { company, event, person, booking: row.booking, cls };
  });
}

/** `GET .../users/{userId}/cancel?booking&sig`: what the email's cancel link would cancel, and the rule. */
export async function cancelLinkInfo(
  db: Database,
  slug: string,
  eventId: string,
  userId: string,
  query: EventLinkQuery,
  now = new Date(),
): Promise<EventCancelLinkDto> {
  const { company, event, person, booking, cls } = await signedSubject(
    db,
    'cancel',
    slug,
    eventId,
    userId,
    query,
  );
  const rule = await withTenant(db, company.id, (tx) => ruleSentence(tx, company.id, cls, now));
  const studioLine = await withTenant(db, company.id, (tx) => studioAddress(tx, company.id, cls.studioId));
  return {
    eventTitle: event.title,
    clientName: person.name,
    startsAt: cls.startsAt.toISOString(),
    timeZone: cls.timeZone,
    place: placeOf(event.studioName, studioLine, event.address?.trim() || null),
    status: booking.status,
    cancellable: ['booked', 'offered', 'waitlisted'].includes(booking.status) && cls.startsAt > now,
    cancellationRule: rule,
  };
}

/**
 * `POST .../users/{userId}/cancel?booking&sig`: cancels that one place (or waitlist entry) as its client
 * would, with the same rules (late cancellation, fee, hand-on to the waitlist, the cancellation email).
 */
export async function cancelByLink(
  deps: BookingDeps,
  slug: string,
  eventId: string,
  userId: string,
  query: EventLinkQuery,
): Promise<BookAnswer> {
  const { company, person } = await signedSubject(deps.db, 'cancel', slug, eventId, userId, query);
  if (!isClientRole(person.role as RoleId))
    throw forbidden('Only a client’s own place can be cancelled by link.');
  const actor: Actor = {
    sessionId: '',
    userId,
    companyId: company.id,
    roleId: person.role as RoleId,
    abilities: [],
  };
  return cancelBooking(deps, actor, query.booking, {});
}

/** `GET .../users/{userId}/calendar.ics?booking&sig`: the place as a calendar file. */
export async function eventCalendarFile(
  db: Database,
  publicUrl: string,
  slug: string,
  eventId: string,
  userId: string,
  query: EventLinkQuery,
  now = new Date(),
): Promise<string> {
  const { company, event, booking, cls } = await signedSubject(db, 'calendar', slug, eventId, userId, query);
  if (!['booked', 'offered', 'checked_in'].includes(booking.status))
    throw conflict('This booking has ended, so it has no calendar entry.');
  // The same SEQUENCE as the confirmation email's .ics and the client's feed, so a calendar app that
  // already holds a later version of the entry takes this one as current rather than ignoring it.
  const { studioLine, sequence } = await withTenant(db, company.id, async (tx) => ({
    studioLine: await studioAddress(tx, company.id, cls.studioId),
    sequence: await bookingSequence(tx, company.id, booking.id),
  }));
  const link = `${publicUrl}${eventPagePath(company, `event/book-event/${eventId}`)}`;
  return calendarFile({
    uid: `${booking.id}@kinetic`,
    sequence,
    startsAt: cls.startsAt,
    endsAt: cls.endsAt,
    summary: `${event.title} (${company.name})`,
    location: placeOf(event.studioName, studioLine, event.address?.trim() || null),
    description: `Booked at ${company.name}. ${link}`,
    url: link,
    method: 'PUBLISH',
    stamp: now,
  });
}
