import {
  cancellationRule,
  formatMoney,
  type EmailTrigger,
  type EmailVariables,
  type SessionSettingsValues,
} from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import type { EmailAttachment } from '../../jobs/email-outbox.ts';
import { bookingSequence } from '../calendar-feeds/calendar-sequence.ts';
import { cancelLinkOf, eventPagePath } from '../events/event-links.ts';
import { dayLabel, localTimeOf } from '../fitness-sessions/zoned-time.ts';
import { notify } from '../notifications/notify.ts';
import { calendarAttachment } from './booking-calendar.ts';
import { eventAddress, heldPackage, orderAmounts, studioAddress, teacherOf } from './booking-email.repo.ts';
import {
  cancellationSummary,
  noShowFeeSentence,
  outcomeSentence,
  paymentSentence,
  type CancellationOutcome,
  type PaymentFacts,
} from './booking-messages.ts';
import { localMoment } from './booking-rules.ts';
import type { BookingRow, LockedClass } from './bookings.repo.ts';
import { offerLinks } from './offer-links.ts';

/**
 * Booking emails (what is sent when: docs/architecture.md, Bookings). Each gathers the facts of its
 * trigger as the named variables of packages/shared/src/email-triggers.ts and hands them to notify(),
 * which follows the studio's switch and words and the client's choice and writes the email to the
 * outbox in the caller's transaction — so it goes exactly when the change commits. Answers the outbox
 * id, or null when nothing is sent.
 */

export interface Recipient {
  id: string;
  name: string;
  email: string;
}

type CancellationRules = Pick<SessionSettingsValues, 'freeCancellationHoursBefore' | 'lateCancelFee'>;

/**
 * Where a client sees the class: the public class page of spec §2 (an event's date: the event's page;
 * an appointment, which has no public page: the client area's home, where their bookings are listed).
 */
function classLink(
  publicUrl: string,
  cls: Pick<LockedClass, 'id' | 'company' | 'eventId' | 'appointmentTypeId'>,
): string {
  if (cls.appointmentTypeId) return `${publicUrl}${eventPagePath(cls.company, '').replace(/\/$/, '')}`;
  return `${publicUrl}${eventPagePath(
    cls.company,
    cls.eventId ? `event/book-event/${cls.eventId}` : `classes/details/${cls.id}`,
  )}`;
}

/** What a booked place is called in the emails: a class, an event (its date) or an appointment. */
export type BookedNoun = 'class' | 'event' | 'appointment';

export const nounOf = (cls: Pick<LockedClass, 'eventId' | 'appointmentTypeId'>): BookedNoun =>
  cls.eventId ? 'event' : cls.appointmentTypeId ? 'appointment' : 'class';

/** What the emails and the calendar file say about the class. */
interface ClassFacts {
  variables: EmailVariables;
  noun: BookedNoun;
  where: string;
  link: string;
}

/**
 * The `class.*` variables, on the studio's clock: name, noun, start/date/time/end, studio, where (the
 * studio and its address, or an event's outside venue), who teaches it and its page.
 */
export async function classVariables(
  tx: Executor,
  companyId: string,
  cls: LockedClass,
  publicUrl: string,
): Promise<ClassFacts> {
  const address = await studioAddress(tx, companyId, cls.studioId);
  const venue = cls.eventId ? await eventAddress(tx, companyId, cls.eventId) : null;
  const where = venue ?? (address ? `${cls.studioName}, ${address}` : cls.studioName);
  const noun = nounOf(cls);
  const link = classLink(publicUrl, cls);
  return {
    noun,
    where,
    link,
    variables: {
      'class.name': cls.templateName,
      'class.noun': noun,
      'class.start': localMoment(cls.startsAt, cls.timeZone),
      'class.date': dayLabel(cls.startsAt, cls.timeZone),
      'class.time': localTimeOf(cls.startsAt, cls.timeZone),
      'class.end': localTimeOf(cls.endsAt, cls.timeZone),
      'class.studio': cls.studioName,
      'class.where': where,
      'class.instructor': await teacherOf(tx, companyId, cls.id, cls.eventId),
      'class.link': link,
    },
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

/** The `booking.*` variables of a place the client holds. */
async function bookingVariables(
  tx: Executor,
  companyId: string,
  cls: LockedClass,
  booking: BookingRow,
  facts: ClassFacts,
  context: { rules: CancellationRules; now: Date; publicUrl: string },
): Promise<EmailVariables> {
  // An event's place can be cancelled from the email itself, by a signed link (events/event-links.ts).
  const cancelLink = cls.eventId
    ? cancelLinkOf(context.publicUrl, cls.company, {
        companyId,
        eventId: cls.eventId,
        userId: booking.clientId,
        bookingId: booking.id,
      })
    : '';
  return {
    'booking.payment': paymentSentence(await paymentFacts(tx, companyId, booking, cls), facts.noun),
    'booking.cancellationRule': ruleFor(cls, context.rules, context.now),
    'booking.cancelLink': cancelLink,
  };
}

/**
 * The booking's calendar entry (UID `{bookingId}@kinetic`): its SEQUENCE is the one the client's feed
 * shows (calendar-feeds/calendar-sequence.ts), read after the change's booking event was recorded, so a
 * cancellation outranks the confirmation it withdraws.
 */
async function calendarFor(
  tx: Executor,
  companyId: string,
  facts: ClassFacts,
  cls: LockedClass,
  booking: BookingRow,
  method: 'PUBLISH' | 'CANCEL',
  now: Date,
): Promise<EmailAttachment> {
  return calendarAttachment({
    uid: `${booking.id}@kinetic`,
    startsAt: cls.startsAt,
    endsAt: cls.endsAt,
    summary: `${cls.templateName} (${cls.company.name})`,
    location: facts.where,
    description: `Booked at ${cls.company.name}. ${facts.link}`,
    url: facts.link,
    method,
    sequence: await bookingSequence(tx, companyId, booking.id),
    stamp: now,
    noun: facts.noun,
  });
}

const to = (client: Recipient) => ({ id: client.id, name: client.name, email: client.email });

/**
 * A place the client holds, confirmed with its calendar file: booked (by themself or at the desk), an
 * offer accepted (bookingConfirmed), booked from an automatic waitlist (waitlistPromoted: that email is
 * its confirmation too), or the reminder before the class (classReminder). `booking` is the row after
 * its payment was applied and its change recorded.
 */
export async function queuePlaceEmail(
  tx: Executor,
  companyId: string,
  trigger: Extract<EmailTrigger, 'bookingConfirmed' | 'waitlistPromoted' | 'classReminder'>,
  client: Recipient,
  cls: LockedClass,
  booking: BookingRow,
  context: { rules: CancellationRules; now: Date; publicUrl: string },
): Promise<string | null> {
  const facts = await classVariables(tx, companyId, cls, context.publicUrl);
  return notify(
    tx,
    companyId,
    {
      trigger,
      to: to(client),
      variables: {
        ...facts.variables,
        ...(await bookingVariables(tx, companyId, cls, booking, facts, context)),
      },
      attachments: [await calendarFor(tx, companyId, facts, cls, booking, 'PUBLISH', context.now)],
    },
    context,
  );
}

/**
 * A place (booked or held) given up, by the client or the team: bookingCancelled in time,
 * lateCancellation after free cancellation ended — sent even to a client who turned booking emails off
 * when a fee is owed. Carries the calendar file that withdraws the entry. `before` is the booking as it
 * was; the credit return or drop-in cancellation and the booking event are already written.
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
  const facts = await classVariables(tx, companyId, cls, context.publicUrl);
  const when = localMoment(cls.startsAt, cls.timeZone);
  const freeUntil = new Date(cls.startsAt.getTime() - context.rules.freeCancellationHoursBefore * 3_600_000);
  const outcome = await cancellationOutcome(tx, companyId, before, cls, context.late, context.fee);
  return notify(
    tx,
    companyId,
    {
      trigger: context.late ? 'lateCancellation' : 'bookingCancelled',
      to: to(client),
      variables: {
        ...facts.variables,
        'cancellation.summary': cancellationSummary({
          by: context.by,
          className: cls.templateName,
          when,
          studioName: cls.studioName,
          companyName: cls.company.name,
        }),
        'cancellation.outcome': outcomeSentence(outcome, facts.noun),
        'cancellation.freeUntil': localMoment(freeUntil, cls.timeZone),
      },
      attachments: [await calendarFor(tx, companyId, facts, cls, before, 'CANCEL', context.now)],
      // A fee now owed, or a place the studio ended (the client did nothing, so only this tells them),
      // reaches a client who turned booking confirmations off.
      ...(owesFee || context.by === 'studio' ? { ignoreClientChoice: true } : {}),
    },
    context,
  );
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

/** Waitlist news and the studio's cancellation of a class, written in the caller's transaction. */
export type BookingNotice =
  | { kind: 'waitlist-joined'; position: number }
  | { kind: 'offered'; booking: BookingRow; expiresAt: Date }
  | { kind: 'offer-expired' }
  | { kind: 'cancelled-by-studio'; booking: BookingRow; now: Date; reason?: string | null }
  | { kind: 'no-show'; fee: number | null };

export async function queueBookingNotice(
  tx: Executor,
  companyId: string,
  client: Recipient,
  cls: LockedClass,
  notice: BookingNotice,
  publicUrl: string,
  /** The class's variables when the caller sends many at once (a class cancelled with all its bookings). */
  known?: ClassFacts,
): Promise<string | null> {
  const facts = known ?? (await classVariables(tx, companyId, cls, publicUrl));
  const send = (trigger: EmailTrigger, variables: EmailVariables = {}, attachments?: EmailAttachment[]) =>
    notify(
      tx,
      companyId,
      {
        trigger,
        to: to(client),
        variables: { ...facts.variables, ...variables },
        ...(attachments ? { attachments } : {}),
      },
      { publicUrl },
    );
  switch (notice.kind) {
    case 'waitlist-joined':
      return send('waitlistJoined', { 'waitlist.position': String(notice.position) });
    case 'offered': {
      const links = offerLinks(publicUrl, cls.company, companyId, notice.booking.id, notice.expiresAt);
      return send('waitlistOffer', {
        'offer.expires': localMoment(notice.expiresAt, cls.timeZone),
        'offer.acceptLink': links.accept,
        'offer.declineLink': links.decline,
      });
    }
    case 'offer-expired':
      return send('offerExpired');
    case 'cancelled-by-studio': {
      // A place they held leaves their calendar; a waitlist place was never in it.
      const held = notice.booking.status !== 'waitlisted';
      const attachments = held
        ? [await calendarFor(tx, companyId, facts, cls, notice.booking, 'CANCEL', notice.now)]
        : undefined;
      return send('classCancelled', { 'cancelled.reason': notice.reason ?? '' }, attachments);
    }
    case 'no-show':
      return send('noShow', {
        'noShow.fee': noShowFeeSentence(notice.fee === null ? null : money(notice.fee, cls)),
      });
  }
}
