import { cancellationRule, formatMoney, type EmailTopic, type SessionSettingsValues } from '@kinetic/shared';
import { wantsEmail } from '../client-preferences/client-preferences.service.ts';
import type { Executor } from '../../db/client.ts';
import { queueEmail, type EmailAttachment } from '../../jobs/email-outbox.ts';
import { calendarAttachment } from './booking-calendar.ts';
import { eventAddress, heldPackage, orderAmounts, studioAddress } from './booking-email.repo.ts';
import { cancelLinkOf, eventPagePath } from '../events/event-links.ts';
import {
  bookingCancelledMessage,
  bookingConfirmedMessage,
  classCancelledByStudioMessage,
  classReminderMessage,
  offerExpiredMessage,
  placeOfferedMessage,
  waitlistPromotedMessage,
  type BookedBy,
  type CancellationOutcome,
  type ClassFacts,
  type EmailMessage,
  type PaymentFacts,
} from './booking-messages.ts';
import { localMoment } from './booking-rules.ts';
import type { BookingRow, LockedClass } from './bookings.repo.ts';

/**
 * Booking emails (what is sent when: docs/architecture.md, Bookings). Each is written to the outbox in
 * the transaction that decided it, so it goes exactly when the change commits; the words come from
 * `booking-messages.ts`. Answers the outbox id, or null when the client chose not to get it.
 */

export interface Recipient {
  id: string;
  name: string;
  email: string;
}

type CancellationRules = Pick<SessionSettingsValues, 'freeCancellationHoursBefore' | 'lateCancelFee'>;

/** Where a client sees the class (and, for an offer, accepts it): the public class page of spec §2. */
export function classLink(publicUrl: string, cls: Pick<LockedClass, 'id' | 'company'>): string {
  const role = cls.company.kind === 'solo' ? 'solo-client' : 'client';
  return `${publicUrl}/${encodeURIComponent(cls.company.slug)}/${role}/client/app/classes/details/${cls.id}`;
}

async function classFacts(
  tx: Executor,
  companyId: string,
  cls: LockedClass,
  publicUrl: string,
  booking?: BookingRow,
): Promise<ClassFacts> {
  const facts: ClassFacts = {
    className: cls.templateName,
    when: localMoment(cls.startsAt, cls.timeZone),
    studioName: cls.studioName,
    address: await studioAddress(tx, companyId, cls.studioId),
    companyName: cls.company.name,
    link: classLink(publicUrl, cls),
  };
  if (!cls.eventId) return facts;
  // An event's date: its own page, the place it happens (an outside address rather than the studio's)
  // and, for a place the client holds, the signed link that cancels it without logging in.
  const outside = await eventAddress(tx, companyId, cls.eventId);
  const subject = booking && {
    companyId,
    eventId: cls.eventId,
    userId: booking.clientId,
    bookingId: booking.id,
  };
  return {
    ...facts,
    ...(outside ? { address: outside, venue: outside } : {}),
    noun: 'event',
    link: `${publicUrl}${eventPagePath(cls.company, `event/book-event/${cls.eventId}`)}`,
    ...(subject ? { cancelLink: cancelLinkOf(publicUrl, cls.company, subject) } : {}),
  };
}

const money = (minor: number, cls: LockedClass) =>
  formatMoney(minor, cls.company.currency, cls.company.locale);

/** What the booking used, as recorded on it (`paid_with` and its package or order). */
async function paymentFacts(
  tx: Executor,
  companyId: string,
  booking: BookingRow,
  cls: LockedClass,
): Promise<PaymentFacts> {
  if ((booking.paidWith === 'membership' || booking.paidWith === 'class-pack') && booking.clientPackageId) {
    const held = await heldPackage(tx, companyId, booking.clientPackageId);
    if (held)
      return held.kind === 'class-pack'
        ? { kind: 'class-pack', packageName: held.name, creditsLeft: held.creditsLeft }
        : { kind: 'membership', packageName: held.name };
  }
  if (booking.paidWith === 'drop-in' && booking.orderId) {
    const order = await orderAmounts(tx, companyId, booking.orderId);
    if (order) return { kind: 'drop-in', price: money(order.total, cls), paid: order.paid >= order.total };
  }
  if (booking.paidWith === 'drop-in')
    return { kind: 'drop-in', price: money(cls.dropInPrice, cls), paid: false };
  return { kind: 'free' };
}

/** The client area's sentence, said to someone already booked, with the deadline on the studio's clock. */
export function ruleFor(cls: LockedClass, rules: CancellationRules, now: Date): string {
  return cancellationRule(
    {
      startsAt: cls.startsAt.toISOString(),
      timeZone: cls.timeZone,
      currency: cls.company.currency,
      locale: cls.company.locale,
      rules,
    },
    (instant, timeZone) => localMoment(new Date(instant), timeZone),
    now,
    { booked: true, event: cls.eventId !== null },
  );
}

function calendarFor(
  facts: ClassFacts,
  cls: LockedClass,
  booking: BookingRow,
  method: 'PUBLISH' | 'CANCEL',
  now: Date,
): EmailAttachment {
  return calendarAttachment({
    uid: `${booking.id}@kinetic`,
    startsAt: cls.startsAt,
    endsAt: cls.endsAt,
    summary: `${facts.className} (${facts.companyName})`,
    location: facts.venue ?? (facts.address ? `${facts.studioName}, ${facts.address}` : facts.studioName),
    description: `Booked at ${facts.companyName}. ${facts.link}`,
    url: facts.link,
    method,
    stamp: now,
    ...(facts.noun ? { noun: facts.noun } : {}),
  });
}

function queue(
  tx: Executor,
  companyId: string,
  client: Recipient,
  message: EmailMessage,
  attachments: EmailAttachment[] = [],
): Promise<string> {
  return queueEmail(tx, { companyId, to: client.email, ...message, attachments });
}

const wants = (tx: Executor, companyId: string, client: Recipient, topic: EmailTopic) =>
  wantsEmail(tx, companyId, client.id, topic);

/**
 * The booking confirmation: a client booked (by themself or at the desk) or an accepted offer. Follows
 * the client's "Booking confirmations" switch. `booking` is the row after its payment was applied.
 */
export async function queueBookingConfirmation(
  tx: Executor,
  companyId: string,
  client: Recipient,
  cls: LockedClass,
  booking: BookingRow,
  context: { by: BookedBy; rules: CancellationRules; now: Date; publicUrl: string },
): Promise<string | null> {
  if (!(await wants(tx, companyId, client, 'bookingConfirmations'))) return null;
  const facts = await classFacts(tx, companyId, cls, context.publicUrl, booking);
  const message = bookingConfirmedMessage({
    client,
    cls: facts,
    by: context.by,
    payment: await paymentFacts(tx, companyId, booking, cls),
    cancellationRule: ruleFor(cls, context.rules, context.now),
  });
  return queue(tx, companyId, client, message, [calendarFor(facts, cls, booking, 'PUBLISH', context.now)]);
}

/**
 * The cancellation confirmation of a place (booked or held), by the client or the team: what came back
 * or what it cost. Follows "Booking confirmations", except that a fee the client now owes is always told.
 * `before` is the booking as it was; the credit return or drop-in cancellation has already been written.
 */
export async function queueCancellationConfirmation(
  tx: Executor,
  companyId: string,
  client: Recipient,
  cls: LockedClass,
  before: BookingRow,
  context: {
    by: 'client' | 'studio';
    late: boolean;
    fee: { amount: number; waived: boolean } | null;
    rules: CancellationRules;
    now: Date;
    publicUrl: string;
  },
): Promise<string | null> {
  const owesFee = context.fee !== null && !context.fee.waived;
  if (!owesFee && !(await wants(tx, companyId, client, 'bookingConfirmations'))) return null;
  const facts = await classFacts(tx, companyId, cls, context.publicUrl);
  const freeUntil = new Date(cls.startsAt.getTime() - context.rules.freeCancellationHoursBefore * 3_600_000);
  const message = bookingCancelledMessage({
    client,
    cls: facts,
    by: context.by,
    outcome: await cancellationOutcome(tx, companyId, before, cls, context.late, context.fee),
    freeCancellationEnded: localMoment(freeUntil, cls.timeZone),
  });
  return queue(tx, companyId, client, message, [calendarFor(facts, cls, before, 'CANCEL', context.now)]);
}

async function cancellationOutcome(
  tx: Executor,
  companyId: string,
  before: BookingRow,
  cls: LockedClass,
  late: boolean,
  fee: { amount: number; waived: boolean } | null,
): Promise<CancellationOutcome> {
  const used = await paymentFacts(tx, companyId, before, cls);
  if (late) return { kind: 'late', used, fee: fee && { amount: money(fee.amount, cls), waived: fee.waived } };
  if (used.kind === 'class-pack')
    return { kind: 'credit-back', packageName: used.packageName, creditsLeft: used.creditsLeft };
  if (used.kind === 'membership') return { kind: 'membership-back', packageName: used.packageName };
  if (used.kind === 'drop-in') {
    const order = before.orderId ? await orderAmounts(tx, companyId, before.orderId) : undefined;
    return order && order.paid > 0
      ? { kind: 'drop-in-paid', price: used.price }
      : { kind: 'drop-in-cancelled', price: used.price };
  }
  return { kind: 'nothing-to-return' };
}

/** The class reminder (jobs/class-reminders.ts picks who is due and has the switch on). */
export async function queueClassReminder(
  tx: Executor,
  companyId: string,
  client: Recipient,
  cls: LockedClass,
  booking: BookingRow,
  context: { rules: CancellationRules; now: Date; publicUrl: string },
): Promise<string> {
  const facts = await classFacts(tx, companyId, cls, context.publicUrl, booking);
  const message = classReminderMessage({
    client,
    cls: facts,
    payment: await paymentFacts(tx, companyId, booking, cls),
    cancellationRule: ruleFor(cls, context.rules, context.now),
  });
  return queue(tx, companyId, client, message, [calendarFor(facts, cls, booking, 'PUBLISH', context.now)]);
}

export type BookingNotice =
  /** Booked from the waitlist: this email is also the booking confirmation (one email per event). */
  | { kind: 'promoted'; booking: BookingRow; rules: CancellationRules; now: Date }
  | { kind: 'offered'; expiresAt: Date }
  | { kind: 'offer-expired' }
  | { kind: 'cancelled-by-studio' };

/** Waitlist news (and a class the studio cancels), written to the outbox in the caller's transaction. */
export async function queueBookingNotice(
  tx: Executor,
  companyId: string,
  client: Recipient,
  cls: LockedClass,
  notice: BookingNotice,
  publicUrl: string,
): Promise<string | null> {
  // Waitlist news is optional (client Settings › Notifications); a class the studio cancels always goes.
  if (notice.kind !== 'cancelled-by-studio' && !(await wants(tx, companyId, client, 'waitlist'))) return null;
  const facts = await classFacts(
    tx,
    companyId,
    cls,
    publicUrl,
    notice.kind === 'promoted' ? notice.booking : undefined,
  );
  switch (notice.kind) {
    case 'promoted': {
      const message = waitlistPromotedMessage({
        client,
        cls: facts,
        payment: await paymentFacts(tx, companyId, notice.booking, cls),
        cancellationRule: ruleFor(cls, notice.rules, notice.now),
      });
      const calendar = calendarFor(facts, cls, notice.booking, 'PUBLISH', notice.now);
      return queue(tx, companyId, client, message, [calendar]);
    }
    case 'offered':
      return queue(
        tx,
        companyId,
        client,
        placeOfferedMessage({ client, cls: facts, heldUntil: localMoment(notice.expiresAt, cls.timeZone) }),
      );
    case 'offer-expired':
      return queue(tx, companyId, client, offerExpiredMessage({ client, cls: facts }));
    case 'cancelled-by-studio':
      return queue(tx, companyId, client, classCancelledByStudioMessage({ client, cls: facts }));
  }
}
