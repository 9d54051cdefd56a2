import {
  CHECK_IN_CLOSES_MINUTES_AFTER_START,
  formatMoney,
  isClientRole,
  type BookBody,
  type BookingDto,
  type BookingPaymentDto,
  type BookingStatus,
  type MyBookingsDto,
  type PaymentOptionsDto,
  type RosterDto,
  type SessionSettingsValues,
} from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import type { Jobs } from '../../jobs/runner.ts';
import { actorCan, type Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { findInstance, findListed } from '../class-instances/class-instances.repo.ts';
import { effectiveRules } from '../class-instances/class-instances.service.ts';
import { sessionRulesOf } from '../session-settings/session-settings.service.ts';
import { admitDoorPass } from '../check-in/door-pass.ts';
import { hasSignedWaiver } from '../waivers/waivers.service.ts';
import { queueBookingNotice, queueCancellationConfirmation, queuePlaceEmail } from './booking-email.ts';
import { bookingWindows, localMoment } from './booking-rules.ts';
import { findTypeRecord } from '../appointments/appointments.repo.ts';
import { emitBookingEvent } from '../webhooks/event-data.ts';
import {
  addToCounts,
  bookingWithClient,
  cancelEmptiedAppointment,
  claimIdempotencyKey,
  classesWithOpenPlaces,
  clientBookings,
  expiredOffers,
  findActiveBooking,
  findBooking,
  findClient,
  firstWaiting,
  insertBooking,
  lockClass,
  paymentsOf,
  recordChange,
  rosterOf,
  storeIdempotentAnswer,
  updateBooking,
  waitlistPosition,
  type BookingRow,
  type BookingWithClient,
  type LockedClass,
} from './bookings.repo.ts';

import {
  applyPayment,
  chargeFee,
  choosePayment,
  dropFee,
  paymentOptions,
  releasePayment,
} from '../orders/booking-payments.ts';

export interface BookingDeps {
  db: Database;
  jobs?: Pick<Jobs, 'deliverEmail'> | undefined;
  publicUrl: string;
  log: (error: unknown) => void;
  /** Charges new fee orders to saved cards after commit (when the studio takes cards). */
  settleFees?: ((companyId: string, orderIds: string[]) => Promise<unknown>) | undefined;
}

/** A change's answer and the emails it queued, sent once the transaction has committed. */
export interface Outcome<T> {
  value: T;
  emails: string[];
  /** Fee orders created, charged to a saved card after commit when there is one. */
  fees?: { companyId: string; orderIds: string[] };
}

const classNotFound = () => notFound('We could not find that class.');
const bookingNotFound = () => notFound('We could not find that booking.');
const PLACE: readonly BookingStatus[] = ['booked', 'offered', 'checked_in'];

/** Booking, cancelling and waitlist offers for a client (issue 15 §2). */
const isManager = (actor: Actor) => actorCan(actor, 'manageClients');

export async function afterCommit<T>(deps: BookingDeps, work: Promise<Outcome<T>>): Promise<T> {
  const { value, emails, fees } = await work;
  for (const id of emails) deps.jobs?.deliverEmail(id).catch(deps.log);
  if (fees && fees.orderIds.length > 0 && deps.settleFees)
    await deps.settleFees(fees.companyId, fees.orderIds).catch(deps.log);
  return value;
}

async function rulesFor(tx: Executor, companyId: string, cls: LockedClass): Promise<SessionSettingsValues> {
  return effectiveRules(await sessionRulesOf(tx, companyId), cls.ruleOverrides);
}

function toDto(row: BookingRow, clientName: string, currency: string, position: number | null): BookingDto {
  return {
    id: row.id,
    classInstanceId: row.classInstanceId,
    clientId: row.clientId,
    clientName,
    status: row.status,
    waitlistPosition: position,
    offerExpiresAt: row.status === 'offered' && row.offerExpiresAt ? row.offerExpiresAt.toISOString() : null,
    paidWith: row.paidWith,
    cancelledBy: row.cancelledBy === 'client' || row.cancelledBy === 'studio' ? row.cancelledBy : null,
    fee:
      row.feeKind && row.feeAmount !== null && row.feeStatus
        ? { kind: row.feeKind, amount: row.feeAmount, currency, status: row.feeStatus }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every waitlisted booking of a class, numbered 1.. in order (one query for a whole roster). */
function positionsOf(rows: { booking: BookingRow }[]): Map<string, number> {
  const waiting = rows
    .map((row) => row.booking)
    .filter((booking) => booking.status === 'waitlisted')
    .sort(
      (a, b) =>
        (a.waitlistedAt?.getTime() ?? 0) - (b.waitlistedAt?.getTime() ?? 0) || a.id.localeCompare(b.id),
    );
  return new Map(waiting.map((booking, index) => [booking.id, index + 1]));
}

/**
 * Hands freed places on, in the transaction that freed them: while a place is free and someone waits,
 * the first in line is booked (`auto`) or offered the place for the hold window (`offer`). Inside the
 * waitlist cut-off nobody is promoted or offered: the place simply opens for direct booking.
 */
async function handOn(
  tx: Executor,
  companyId: string,
  cls: LockedClass,
  rules: SessionSettingsValues,
  now: Date,
  publicUrl: string,
): Promise<string[]> {
  const emails: string[] = [];
  if (!rules.waitlistEnabled || cls.status !== 'scheduled') return emails;
  if (now >= bookingWindows(cls.startsAt, cls.timeZone, rules).waitlistCutoffAt) return emails;
  let free = cls.capacity - cls.bookedCount;
  while (free > 0) {
    const next = await firstWaiting(tx, companyId, cls.id);
    if (!next) break;
    const offer = rules.waitlistMode === 'offer';
    // An offer never outlives the class's start.
    const expiresAt = new Date(
      Math.min(now.getTime() + rules.offerHoldMinutes * 60_000, cls.startsAt.getTime()),
    );
    const to: BookingStatus = offer ? 'offered' : 'booked';
    const taken = await updateBooking(tx, companyId, next.id, {
      status: to,
      offerExpiresAt: offer ? expiresAt : null,
    });
    // The place is paid for when it is taken: the best package the client holds now, else a drop-in owed.
    const plan = await choosePayment(tx, companyId, next.clientId, cls, { dropIn: true }, now);
    const paid = await applyPayment(tx, companyId, taken, cls, plan, null, now);
    await addToCounts(tx, companyId, cls.id, { places: 1, waiting: -1 });
    cls.bookedCount += 1;
    cls.waitlistCount -= 1;
    await recordChange(tx, companyId, {
      bookingId: next.id,
      from: 'waitlisted',
      to,
      actorId: null,
      reason: offer
        ? 'A place opened: offered from the waitlist'
        : 'A place opened: promoted from the waitlist',
      at: now,
    });
    await emitBookingEvent(
      tx,
      companyId,
      'waitlist.promoted',
      paid,
      cls,
      {
        offerExpiresAt: offer ? expiresAt.toISOString() : null,
      },
      now,
    );
    const client = await findClient(tx, companyId, next.clientId);
    if (client) {
      // A promotion's email is its booking confirmation too: one email for the event.
      const queued = offer
        ? await queueBookingNotice(
            tx,
            companyId,
            client,
            cls,
            { kind: 'offered', booking: paid, expiresAt },
            publicUrl,
          )
        : await queuePlaceEmail(tx, companyId, 'waitlistPromoted', client, cls, paid, {
            rules,
            now,
            publicUrl,
          });
      if (queued) emails.push(queued);
    }
    free -= 1;
  }
  return emails;
}

/**
 * After an edit of a series (a capacity raised), classes to come with free places and people waiting
 * hand those places on, in the edit's transaction. Answers the emails it queued.
 */
export async function handOnOpenPlaces(
  tx: Executor,
  companyId: string,
  seriesIds: readonly string[],
  now: Date,
  publicUrl: string,
): Promise<string[]> {
  const emails: string[] = [];
  for (const id of await classesWithOpenPlaces(tx, companyId, seriesIds, now)) {
    const cls = await lockClass(tx, companyId, id);
    if (!cls) continue;
    emails.push(...(await handOn(tx, companyId, cls, await rulesFor(tx, companyId, cls), now, publicUrl)));
  }
  return emails;
}

function requestFingerprint(classInstanceId: string, clientId: string): string {
  return JSON.stringify({ action: 'book', classInstanceId, clientId });
}

export interface BookAnswer {
  message: string;
  data: BookingDto;
}

/** What `placeBooking` answers: the API's answer, and the booking row and client behind it. */
export interface PlacedBooking {
  answer: BookAnswer;
  booking: BookingRow;
  clientName: string;
}

/**
 * Books a place, or a place on the waitlist. The class row is locked first, so however many requests
 * (from however many server processes) book one class at once, each sees the counts the previous one
 * left; the unique index and the CHECK on the counts stand behind that.
 */
export async function bookClass(
  deps: BookingDeps,
  actor: Actor,
  classInstanceId: string,
  body: BookBody,
  idempotencyKey: string | undefined,
  now = new Date(),
  /** A walk-in (front desk, check-in/front-desk.service.ts): the team books a free place and checks it in at once. */
  mode: { walkIn?: boolean } = {},
): Promise<BookAnswer> {
  const clientId = bookerOf(actor, body?.clientId);

  try {
    return await afterCommit(
      deps,
      withTenant(deps.db, actor.companyId, async (tx): Promise<Outcome<BookAnswer>> => {
        const key = idempotencyKey
          ? {
              companyId: actor.companyId,
              userId: actor.userId,
              key: idempotencyKey,
              request: requestFingerprint(classInstanceId, clientId),
            }
          : undefined;
        if (key) {
          const claim = await claimIdempotencyKey(tx, key);
          if (!claim.claimed) {
            if (claim.request !== key.request)
              throw conflict(
                'This Idempotency-Key was already used for a different request; send a new key.',
              );
            return { value: claim.response as BookAnswer, emails: [] };
          }
        }
        const cls = await lockClass(tx, actor.companyId, classInstanceId);
        if (!cls) throw classNotFound();
        // An appointment of a type clients cannot book (inactive, or deleted) is closed to clients here
        // too, as on POST /api/appointments; the team may still book into it.
        if (cls.appointmentTypeId !== null && isClientRole(actor.roleId)) {
          const type = await findTypeRecord(tx, actor.companyId, cls.appointmentTypeId);
          if (!type || !type.active || type.archived)
            throw conflict(`${cls.templateName} is not open for booking at the moment.`);
        }
        const placed = await placeBooking(tx, deps, actor, cls, clientId, body, now, mode);
        if (key) await storeIdempotentAnswer(tx, key, placed.value.answer);
        return { value: placed.value.answer, emails: placed.emails };
      }),
    );
  } catch (error) {
    // The lock makes this unreachable for one class; the unique index still answers for it.
    if (isUniqueViolation(error)) throw conflict('This client already has a place in this class.');
    throw error;
  }
}

/**
 * Who a booking is for: a client books only themself; the team (manageClients) names the client.
 * Refuses before any transaction starts.
 */
export function bookerOf(actor: Actor, clientId: string | undefined, what = 'classes'): string {
  const client = isClientRole(actor.roleId);
  if (client && clientId && clientId !== actor.userId)
    throw forbidden('You can only book a place for yourself.');
  if (!client && !isManager(actor)) throw forbidden(`Your account cannot book clients into ${what}.`);
  const who = client ? actor.userId : clientId;
  if (!who) throw badRequest('Choose the client to book.', { clientId: 'Choose the client to book' });
  return who;
}

/**
 * The heart of a booking, in the caller's transaction with the class row already locked (`lockClass`):
 * the class's state and booking window, the client's other booking, the waiver, the place or the
 * waitlist, the payment (402 when nothing pays), the row, the counts, the history and the confirmation
 * email. `bookClass` calls it for classes and events; POST /api/appointments for the appointment it has
 * just created or joined (features/appointments). `clientId` comes from `bookerOf`.
 */
export async function placeBooking(
  tx: Executor,
  deps: Pick<BookingDeps, 'publicUrl'>,
  actor: Actor,
  cls: LockedClass,
  clientId: string,
  body: BookBody,
  now: Date,
  mode: { walkIn?: boolean } = {},
): Promise<Outcome<PlacedBooking>> {
  const client = isClientRole(actor.roleId);
  const walkIn = !client && mode.walkIn === true;
  // What the sentences call it: a class (or an event's date), or an appointment.
  const noun = cls.appointmentTypeId === null ? 'class' : 'appointment';
  const person = await findClient(tx, actor.companyId, clientId);
  if (!person) throw notFound('We could not find that client.');
  const you = client ? 'You' : person.name;

  if (cls.status === 'cancelled') throw conflict(`This ${noun} is cancelled.`);
  // At the door (a pass from the door code, checked or refused with its sentence), a free place may
  // be taken until check-in closes, even once booking has closed or the class has started.
  const atTheDoor =
    client && body?.checkInPass
      ? await admitDoorPass(tx, actor.companyId, cls.id, body.checkInPass, now)
      : walkIn && admitWalkIn(cls, now);
  if (cls.startsAt <= now && !atTheDoor)
    throw conflict(`This ${noun} has already started; it can no longer be booked.`);
  const rules = await rulesFor(tx, actor.companyId, cls);
  const windows = bookingWindows(cls.startsAt, cls.timeZone, rules);
  if (now < windows.opensAt && !atTheDoor)
    throw conflict(`Booking for this ${noun} opens ${localMoment(windows.opensAt, cls.timeZone)}.`);
  if (now >= windows.closesAt && !atTheDoor)
    throw conflict(`Booking for this ${noun} closed ${localMoment(windows.closesAt, cls.timeZone)}.`);

  const existing = await findActiveBooking(tx, actor.companyId, cls.id, clientId);
  if (existing) {
    const where = existing.status === 'waitlisted' ? 'on the waitlist of' : 'a place in';
    throw conflict(`${you} already ${client ? 'have' : 'has'} ${where} this ${noun}.`);
  }
  // The team may book someone who has not signed (for this class only), never check them in (issue 13 §3).
  if (
    !(client || walkIn ? false : body?.overrideWaiver) &&
    !(await hasSignedWaiver(tx, actor.companyId, clientId))
  )
    throw conflict(
      client
        ? 'Sign the studio’s waiver before you book: it is in Settings › Waiver.'
        : walkIn
          ? unsignedAtCheckIn(person.name)
          : `${person.name} has not signed the studio’s current waiver. Ask them to sign it, or book anyway for this ${noun} only.`,
      client
        ? { waiver: 'Sign the waiver first' }
        : walkIn
          ? { waiver: 'The waiver is not signed' }
          : { overrideWaiver: 'The waiver is not signed' },
    );

  let status: BookingStatus;
  if (cls.bookedCount < cls.capacity) status = 'booked';
  else if (walkIn)
    throw conflict(
      `${cls.templateName} is full: all ${cls.capacity} places are taken, so ${person.name} cannot walk in.`,
    );
  else if (!rules.waitlistEnabled) throw conflict(`This ${noun} is full.`);
  else if (now >= windows.waitlistCutoffAt)
    throw conflict('This class is full, and its waitlist has closed.');
  else if (rules.maxWaitlistLength !== null && cls.waitlistCount >= rules.maxWaitlistLength)
    throw conflict('This class is full, and so is its waitlist.');
  else status = 'waitlisted';

  // Known before anything is written: a client with nothing that pays is asked (402), not booked. A
  // waitlist place is paid when it turns into a place (`handOn`), so joining only checks.
  const plan = await choosePayment(
    tx,
    actor.companyId,
    clientId,
    cls,
    {
      clientPackageId: body?.clientPackageId,
      dropIn: !client || body?.payWith === 'drop-in',
      preferDropIn: body?.payWith === 'drop-in',
    },
    now,
  );

  let row = await insertBooking(tx, {
    companyId: actor.companyId,
    id: generateId(now.getTime()),
    classInstanceId: cls.id,
    clientId,
    status,
    waitlistedAt: status === 'waitlisted' ? now : null,
    bookedBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  if (status === 'booked') row = await applyPayment(tx, actor.companyId, row, cls, plan, actor.userId, now);
  if (walkIn)
    row = await checkInBooking(
      tx,
      actor.companyId,
      cls,
      row,
      person.name,
      { actorId: actor.userId, reason: 'Walked in: booked and checked in by the studio' },
      now,
    );
  await addToCounts(tx, actor.companyId, cls.id, status === 'booked' ? { places: 1 } : { waiting: 1 });
  await recordChange(tx, actor.companyId, {
    bookingId: row.id,
    from: null,
    to: status,
    actorId: actor.userId,
    reason: client ? 'Booked by the client' : 'Booked by the studio',
    at: now,
  });
  await emitBookingEvent(tx, actor.companyId, 'booking.created', row, cls, {}, now);
  const position = status === 'waitlisted' ? cls.waitlistCount + 1 : null;
  const answer: BookAnswer = {
    message: walkIn
      ? `${person.name} walked in and is checked in to ${cls.templateName}.`
      : status === 'booked'
        ? `${you} ${client ? 'are' : 'is'} booked into ${cls.templateName}.`
        : `The class is full: ${client ? 'you are' : `${person.name} is`} number ${position} on the waitlist.`,
    data: toDto(row, person.name, cls.company.currency, position),
  };
  // A waitlist place is not a booking yet: it is told its place in line, and confirmed when it
  // turns into one (`handOn`).
  const confirmation =
    status === 'waitlisted'
      ? await queueBookingNotice(
          tx,
          actor.companyId,
          person,
          cls,
          { kind: 'waitlist-joined', position: position ?? 1 },
          deps.publicUrl,
        )
      : walkIn
        ? // Standing at the desk, checked in already: no "Booked:" email for a class under way.
          null
        : await queuePlaceEmail(tx, actor.companyId, 'bookingConfirmed', person, cls, row, {
            rules,
            now,
            publicUrl: deps.publicUrl,
          });
  return {
    value: { answer, booking: row, clientName: person.name },
    emails: confirmation ? [confirmation] : [],
  };
}

/** A walk-in is let in until check-in closes, even once booking has closed or the class has started. */
function admitWalkIn(cls: LockedClass, now: Date): boolean {
  const closesAt = new Date(cls.startsAt.getTime() + CHECK_IN_CLOSES_MINUTES_AFTER_START * 60_000);
  if (now >= closesAt)
    throw conflict(
      `Check-in for ${cls.templateName} closed ${localMoment(closesAt, cls.timeZone)}, ${CHECK_IN_CLOSES_MINUTES_AFTER_START} minutes after the start.`,
    );
  return true;
}

/** Finds a booking the actor may act on: a client only their own (another's answers 404, like another company's). */
async function lockBookingFor(tx: Executor, actor: Actor, bookingId: string) {
  const first = await findBooking(tx, actor.companyId, bookingId);
  if (!first || (isClientRole(actor.roleId) && first.clientId !== actor.userId)) throw bookingNotFound();
  // Always the class first, then the booking: one order of locks, so two changes cannot deadlock.
  const cls = await lockClass(tx, actor.companyId, first.classInstanceId);
  const booking = await findBooking(tx, actor.companyId, bookingId, { lock: true });
  if (!cls || !booking) throw bookingNotFound();
  const person = await findClient(tx, actor.companyId, booking.clientId);
  return { cls, booking, clientName: person?.name ?? 'Client' };
}

/**
 * Cancels a place or leaves the waitlist. Before the free-cancellation limit it is `cancelled`; after it
 * a booked place is `late_cancelled` with the late-cancel fee recorded (the team may waive it). A freed
 * place is handed on in the same transaction.
 */
export async function cancelBooking(
  deps: BookingDeps,
  actor: Actor,
  bookingId: string,
  options: { waiveFee?: boolean | undefined },
  now = new Date(),
): Promise<BookAnswer> {
  const byClient = isClientRole(actor.roleId);
  if (!byClient && !isManager(actor)) throw forbidden('Your account cannot cancel bookings.');
  if (byClient && options.waiveFee) throw forbidden('Only the studio can waive a fee.');
  if (!byClient && options.waiveFee && !actorCan(actor, 'sellAndRefund'))
    throw forbidden('Your account cannot waive fees.');
  return afterCommit(
    deps,
    withTenant(deps.db, actor.companyId, async (tx) => {
      const { cls, booking, clientName } = await lockBookingFor(tx, actor, bookingId);
      if (booking.status === 'checked_in')
        throw conflict('This client has checked in; a checked-in booking cannot be cancelled.');
      if (!['booked', 'waitlisted', 'offered'].includes(booking.status))
        throw conflict('This booking has already ended.');
      const noun = cls.appointmentTypeId === null ? 'class' : 'appointment';
      if (cls.startsAt <= now)
        throw conflict(
          byClient
            ? `This ${noun} has started; it can no longer be cancelled here. Contact the studio.`
            : `This ${noun} has started; mark attendance instead of cancelling.`,
        );
      const rules = await rulesFor(tx, actor.companyId, cls);
      const late =
        booking.status === 'booked' &&
        now >= bookingWindows(cls.startsAt, cls.timeZone, rules).freeCancellationUntil;
      const fee = late && rules.lateCancelFee > 0;
      const to: BookingStatus = late ? 'late_cancelled' : 'cancelled';
      const row = await updateBooking(tx, actor.companyId, booking.id, {
        status: to,
        offerExpiresAt: null,
        cancelledBy: byClient ? 'client' : 'studio',
        ...(fee
          ? {
              feeKind: 'late_cancel' as const,
              feeAmount: rules.lateCancelFee,
              feeStatus: options.waiveFee ? ('waived' as const) : ('due' as const),
            }
          : {}),
      });
      const reason = byClient ? 'Cancelled by the client' : 'Cancelled by the studio';
      const feeOrders: string[] = [];
      // In time, the credit comes back; late, it is spent and the fee is owed (unless waived).
      if (!late) await releasePayment(tx, actor.companyId, booking, reason, actor.userId, now);
      if (fee && !options.waiveFee) {
        const feeOrderId = await chargeFee(
          tx,
          actor.companyId,
          row,
          cls,
          { kind: 'late_cancel', amount: rules.lateCancelFee },
          actor.userId,
          now,
        );
        await updateBooking(tx, actor.companyId, booking.id, { feeOrderId });
        feeOrders.push(feeOrderId);
      }
      const freed = PLACE.includes(booking.status);
      await addToCounts(tx, actor.companyId, cls.id, freed ? { places: -1 } : { waiting: -1 });
      if (freed) cls.bookedCount -= 1;
      else cls.waitlistCount -= 1;
      // An appointment lives only while it has clients: its last one gone, it is cancelled in this
      // transaction, which frees the instructor's (and room's) time for the next booking.
      if (cls.appointmentTypeId !== null && cls.bookedCount === 0 && cls.waitlistCount === 0)
        await cancelEmptiedAppointment(tx, actor.companyId, cls.id, now);
      await recordChange(tx, actor.companyId, {
        bookingId: booking.id,
        from: booking.status,
        to,
        actorId: actor.userId,
        reason: `${reason}${fee && options.waiveFee ? '; fee waived' : ''}`,
        at: now,
      });
      await emitBookingEvent(
        tx,
        actor.companyId,
        'booking.cancelled',
        row,
        cls,
        { late, reason: 'cancelled' },
        now,
      );
      const emails: string[] = [];
      const person = freed ? await findClient(tx, actor.companyId, booking.clientId) : undefined;
      // Leaving a waitlist sends nothing; a place given up (booked or held) is confirmed.
      const told = person
        ? await queueCancellationConfirmation(tx, actor.companyId, person, cls, booking, {
            by: byClient ? 'client' : 'studio',
            late,
            fee: fee ? { amount: rules.lateCancelFee, waived: Boolean(options.waiveFee) } : null,
            rules,
            now,
            publicUrl: deps.publicUrl,
          })
        : null;
      if (told) emails.push(told);
      if (freed) emails.push(...(await handOn(tx, actor.companyId, cls, rules, now, deps.publicUrl)));
      const message = late
        ? fee && !options.waiveFee
          ? `Cancelled late: a late-cancellation fee of ${formatMoney(rules.lateCancelFee, cls.company.currency, cls.company.locale)} applies.`
          : 'Cancelled late (after the free-cancellation time).'
        : booking.status === 'waitlisted'
          ? 'Removed from the waitlist.'
          : 'Booking cancelled.';
      return {
        value: { message, data: toDto(row, clientName, cls.company.currency, null) },
        emails,
        fees: { companyId: actor.companyId, orderIds: feeOrders },
      };
    }),
  );
}

/** Who answers a held place: the client (or the team) signed in, or the email's signed link. */
interface OfferAnswerer {
  actorId: string | null;
  cancelledBy: 'client' | 'studio';
}

/** Accepts a held place in the caller's transaction (class and booking locked): it becomes a booking. */
export async function acceptHeldPlace(
  tx: Executor,
  companyId: string,
  cls: LockedClass,
  booking: BookingRow,
  by: OfferAnswerer,
  now: Date,
  publicUrl: string,
): Promise<Outcome<BookingRow>> {
  if (booking.status !== 'offered') throw conflict('There is no held place to accept on this booking.');
  if (!booking.offerExpiresAt || booking.offerExpiresAt <= now)
    throw conflict('This offer has expired; the place has gone to the next person.');
  const row = await updateBooking(tx, companyId, booking.id, { status: 'booked', offerExpiresAt: null });
  await recordChange(tx, companyId, {
    bookingId: booking.id,
    from: 'offered',
    to: 'booked',
    actorId: by.actorId,
    reason: by.actorId ? 'Offer accepted' : 'Offer accepted from the email link',
    at: now,
  });
  const person = await findClient(tx, companyId, booking.clientId);
  const confirmation = person
    ? await queuePlaceEmail(tx, companyId, 'bookingConfirmed', person, cls, row, {
        rules: await rulesFor(tx, companyId, cls),
        now,
        publicUrl,
      })
    : null;
  return { value: row, emails: confirmation ? [confirmation] : [] };
}

/** Declines a held place in the caller's transaction: it goes to the next in line at once. */
export async function declineHeldPlace(
  tx: Executor,
  companyId: string,
  cls: LockedClass,
  booking: BookingRow,
  by: OfferAnswerer,
  now: Date,
  publicUrl: string,
): Promise<Outcome<BookingRow>> {
  if (booking.status !== 'offered') throw conflict('There is no held place to decline on this booking.');
  const row = await updateBooking(tx, companyId, booking.id, {
    status: 'cancelled',
    offerExpiresAt: null,
    cancelledBy: by.cancelledBy,
  });
  await releasePayment(tx, companyId, booking, 'Offer declined', by.actorId, now);
  await addToCounts(tx, companyId, cls.id, { places: -1 });
  cls.bookedCount -= 1;
  await recordChange(tx, companyId, {
    bookingId: booking.id,
    from: 'offered',
    to: 'cancelled',
    actorId: by.actorId,
    reason: by.actorId ? 'Offer declined' : 'Offer declined from the email link',
    at: now,
  });
  await emitBookingEvent(
    tx,
    companyId,
    'booking.cancelled',
    row,
    cls,
    { late: false, reason: 'offer_declined' },
    now,
  );
  const rules = await rulesFor(tx, companyId, cls);
  return { value: row, emails: await handOn(tx, companyId, cls, rules, now, publicUrl) };
}

const answererOf = (actor: Actor): OfferAnswerer => ({
  actorId: actor.userId,
  cancelledBy: isClientRole(actor.roleId) ? 'client' : 'studio',
});

/** Accepts a held place: it becomes a booking. */
export async function acceptOffer(
  deps: BookingDeps,
  actor: Actor,
  bookingId: string,
  now = new Date(),
): Promise<BookAnswer> {
  return afterCommit(
    deps,
    withTenant(deps.db, actor.companyId, async (tx) => {
      const { cls, booking, clientName } = await lockBookingFor(tx, actor, bookingId);
      const done = await acceptHeldPlace(
        tx,
        actor.companyId,
        cls,
        booking,
        answererOf(actor),
        now,
        deps.publicUrl,
      );
      return {
        value: {
          message: `Accepted: you are booked into ${cls.templateName}.`,
          data: toDto(done.value, clientName, cls.company.currency, null),
        },
        emails: done.emails,
      };
    }),
  );
}

/** Declines a held place: it goes to the next in line at once. */
export async function declineOffer(
  deps: BookingDeps,
  actor: Actor,
  bookingId: string,
  now = new Date(),
): Promise<BookAnswer> {
  return afterCommit(
    deps,
    withTenant(deps.db, actor.companyId, async (tx) => {
      const { cls, booking, clientName } = await lockBookingFor(tx, actor, bookingId);
      const done = await declineHeldPlace(
        tx,
        actor.companyId,
        cls,
        booking,
        answererOf(actor),
        now,
        deps.publicUrl,
      );
      return {
        value: {
          message: 'Offer declined; the place goes to the next person.',
          data: toDto(done.value, clientName, cls.company.currency, null),
        },
        emails: done.emails,
      };
    }),
  );
}

/**
 * Ends offers whose hold has run out and hands each place on. Run by a job every minute and once when
 * the server starts, so an offer that ran out while no server was running moves on at the next start.
 */
export async function expireOffers(deps: BookingDeps, now = new Date()): Promise<number> {
  const due = await withPlatform(deps.db, (tx) => expiredOffers(tx, now));
  let expired = 0;
  for (const offer of due) {
    expired += await afterCommit(
      deps,
      withTenant(deps.db, offer.companyId, async (tx) => {
        const cls = await lockClass(tx, offer.companyId, offer.classInstanceId);
        const booking = await findBooking(tx, offer.companyId, offer.id, { lock: true });
        // Accepted, declined or expired by another process meanwhile: nothing to do.
        if (
          !cls ||
          !booking ||
          booking.status !== 'offered' ||
          !booking.offerExpiresAt ||
          booking.offerExpiresAt > now
        )
          return { value: 0, emails: [] };
        const ended = await updateBooking(tx, offer.companyId, booking.id, {
          status: 'cancelled',
          offerExpiresAt: null,
        });
        await releasePayment(tx, offer.companyId, booking, 'Offer expired', null, now);
        await addToCounts(tx, offer.companyId, cls.id, { places: -1 });
        cls.bookedCount -= 1;
        await recordChange(tx, offer.companyId, {
          bookingId: booking.id,
          from: 'offered',
          to: 'cancelled',
          actorId: null,
          reason: 'Offer expired',
          at: now,
        });
        await emitBookingEvent(
          tx,
          offer.companyId,
          'booking.cancelled',
          ended,
          cls,
          {
            late: false,
            reason: 'offer_expired',
          },
          now,
        );
        const emails: string[] = [];
        const client = await findClient(tx, offer.companyId, booking.clientId);
        const queued = client
          ? await queueBookingNotice(
              tx,
              offer.companyId,
              client,
              cls,
              { kind: 'offer-expired' },
              deps.publicUrl,
            )
          : null;
        if (queued) emails.push(queued);
        const rules = await rulesFor(tx, offer.companyId, cls);
        emails.push(...(await handOn(tx, offer.companyId, cls, rules, now, deps.publicUrl)));
        return { value: 1, emails };
      }),
    );
  }
  return expired;
}

/**
 * Checks one place in, inside the caller's transaction with the class already locked (`lockClass`): the
 * one function behind every way of checking in (the team's roster, the door code, and later the front
 * desk and kiosk). From when check-in opens; a no-show marked by mistake is corrected (place and fee back).
 */
/** Why someone cannot be checked in yet: the studio's current waiver is not signed. */
const unsignedAtCheckIn = (name: string) =>
  `${name} has not signed the studio’s current waiver, and nobody is checked in without it: they sign it from the check-in code at the door, or in their own account (Settings › Waiver).`;

export async function checkInBooking(
  tx: Executor,
  companyId: string,
  cls: LockedClass,
  booking: BookingRow,
  clientName: string,
  by: { actorId: string; reason: string },
  now: Date,
): Promise<BookingRow> {
  if (booking.status === 'checked_in') throw conflict(`${clientName} is already checked in.`);
  if (booking.status !== 'booked' && booking.status !== 'no_show')
    throw conflict(
      `Only a booked place can be checked in; this booking is ${booking.status.replace('_', ' ')}.`,
    );
  if (cls.status === 'cancelled') throw conflict('This class is cancelled.');
  // Waiver first (issue 13 §3): whatever the way in (the code at the door, the roster, a walk-in, the kiosk).
  if (!(await hasSignedWaiver(tx, companyId, booking.clientId)))
    throw conflict(unsignedAtCheckIn(clientName), { waiver: 'The waiver is not signed' });
  const rules = await rulesFor(tx, companyId, cls);
  const opens = bookingWindows(cls.startsAt, cls.timeZone, rules).checkInOpensAt;
  if (now < opens) throw conflict(`Check-in opens ${localMoment(opens, cls.timeZone)}.`);
  const wasNoShow = booking.status === 'no_show';
  if (wasNoShow && cls.bookedCount >= cls.capacity)
    throw conflict('The class is full; this client’s place has been taken.');
  const row = await updateBooking(tx, companyId, booking.id, {
    status: 'checked_in',
    ...(wasNoShow && booking.feeKind === 'no_show'
      ? { feeKind: null, feeAmount: null, feeStatus: null, feeOrderId: null }
      : {}),
  });
  if (wasNoShow && booking.feeKind === 'no_show') await dropFee(tx, companyId, booking);
  if (wasNoShow) {
    await addToCounts(tx, companyId, cls.id, { places: 1 });
    cls.bookedCount += 1;
  }
  await recordChange(tx, companyId, {
    bookingId: booking.id,
    from: booking.status,
    to: 'checked_in',
    actorId: by.actorId,
    reason: wasNoShow ? 'No-show corrected: checked in' : by.reason,
    at: now,
  });
  await emitBookingEvent(
    tx,
    companyId,
    'check_in.created',
    row,
    cls,
    { checkedInAt: now.toISOString() },
    now,
  );
  return row;
}

/** The team marks a client present: from when check-in opens, also after the class (attendance taken late). */
export async function checkIn(
  deps: BookingDeps,
  actor: Actor,
  bookingId: string,
  now = new Date(),
): Promise<BookAnswer> {
  if (isClientRole(actor.roleId)) throw bookingNotFound();
  return afterCommit(
    deps,
    withTenant(deps.db, actor.companyId, async (tx) => {
      const { cls, booking, clientName } = await lockBookingFor(tx, actor, bookingId);
      const row = await checkInBooking(
        tx,
        actor.companyId,
        cls,
        booking,
        clientName,
        { actorId: actor.userId, reason: 'Checked in by the studio' },
        now,
      );
      return {
        value: {
          message: `${clientName} is checked in.`,
          data: toDto(row, clientName, cls.company.currency, null),
        },
        emails: [],
      };
    }),
  );
}

/** After the start, every booked place not checked in becomes a no-show, with the no-show fee recorded. */
export async function markNoShows(
  deps: BookingDeps,
  actor: Actor,
  classInstanceId: string,
  now = new Date(),
): Promise<{ message: string; data: { marked: number } }> {
  const feeOrders: string[] = [];
  return afterCommit(
    deps,
    withTenant(deps.db, actor.companyId, async (tx) => {
      const cls = await lockClass(tx, actor.companyId, classInstanceId);
      if (!cls) throw classNotFound();
      if (cls.status === 'cancelled') throw conflict('This class is cancelled.');
      if (now < cls.startsAt) throw conflict('Mark no-shows once the class has started.');
      const rules = await rulesFor(tx, actor.companyId, cls);
      const roster = await rosterOf(tx, actor.companyId, cls.id);
      const absent = roster.filter((row) => row.booking.status === 'booked');
      const emails: string[] = [];
      for (const { booking, clientName, clientEmail } of absent) {
        const feeOrderId =
          rules.noShowFee > 0
            ? await chargeFee(
                tx,
                actor.companyId,
                booking,
                cls,
                { kind: 'no_show', amount: rules.noShowFee },
                actor.userId,
                now,
              )
            : null;
        if (feeOrderId) feeOrders.push(feeOrderId);
        await updateBooking(tx, actor.companyId, booking.id, {
          status: 'no_show',
          ...(feeOrderId
            ? {
                feeKind: 'no_show' as const,
                feeAmount: rules.noShowFee,
                feeStatus: 'due' as const,
                feeOrderId,
              }
            : {}),
        });
        await recordChange(tx, actor.companyId, {
          bookingId: booking.id,
          from: 'booked',
          to: 'no_show',
          actorId: actor.userId,
          reason: 'Marked absent after the start',
          at: now,
        });
        // One email per client: the class counts as used, and the fee recorded (if any).
        const told = await queueBookingNotice(
          tx,
          actor.companyId,
          { id: booking.clientId, name: clientName, email: clientEmail },
          cls,
          { kind: 'no-show', fee: feeOrderId ? rules.noShowFee : null },
          deps.publicUrl,
        );
        if (told) emails.push(told);
      }
      await addToCounts(tx, actor.companyId, cls.id, { places: -absent.length });
      const marked = absent.length;
      return {
        value: {
          message:
            marked === 0
              ? 'Everyone booked has checked in; nobody was marked absent.'
              : `${marked} ${marked === 1 ? 'client was' : 'clients were'} marked as no-show.`,
          data: { marked },
        },
        emails,
        fees: { companyId: actor.companyId, orderIds: feeOrders },
      };
    }),
  );
}

/** The team waives a recorded late-cancel or no-show fee. */
export async function waiveFee(
  deps: BookingDeps,
  actor: Actor,
  bookingId: string,
  now = new Date(),
): Promise<BookAnswer> {
  if (!actorCan(actor, 'sellAndRefund'))
    throw isClientRole(actor.roleId) ? bookingNotFound() : forbidden('Your account cannot waive fees.');
  return withTenant(deps.db, actor.companyId, async (tx) => {
    const { cls, booking, clientName } = await lockBookingFor(tx, actor, bookingId);
    if (booking.feeStatus !== 'due') throw conflict('This booking has no fee to waive.');
    await dropFee(tx, actor.companyId, booking);
    const row = await updateBooking(tx, actor.companyId, booking.id, { feeStatus: 'waived' });
    await recordChange(tx, actor.companyId, {
      bookingId: booking.id,
      from: booking.status,
      to: booking.status,
      actorId: actor.userId,
      reason: 'Fee waived',
      at: now,
    });
    return { message: 'Fee waived.', data: toDto(row, clientName, cls.company.currency, null) };
  });
}

function rosterEntry(row: BookingWithClient, currency: string, positions: Map<string, number>) {
  return {
    ...toDto(row.booking, row.clientName, currency, positions.get(row.booking.id) ?? null),
    clientEmail: row.clientEmail,
    clientPhone: row.clientPhone,
  };
}

/** The class's roster for the team: places, the waitlist in order (with offers and their expiry), ended ones. */
export async function classRoster(db: Database, actor: Actor, classInstanceId: string): Promise<RosterDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    // Any class instance: a class or an event's date (checked in from the same roster).
    const cls = await findInstance(tx, actor.companyId, classInstanceId);
    if (!cls) throw classNotFound();
    const rows = await rosterOf(tx, actor.companyId, classInstanceId);
    const currency = await currencyOf(tx, actor.companyId);
    const positions = positionsOf(rows);
    return { items: rows.map((row) => rosterEntry(row, currency, positions)) };
  });
}

async function currencyOf(tx: Executor, companyId: string): Promise<string> {
  return (await findCompanyById(tx, companyId))?.currency ?? 'USD';
}

/** The signed-in client's bookings of classes still to come (or of one class), with their positions. */
export async function myBookings(
  db: Database,
  actor: Actor,
  query: { classInstanceId?: string | undefined; when?: 'upcoming' | 'past' | undefined },
  now = new Date(),
): Promise<MyBookingsDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const rows = await clientBookings(tx, actor.companyId, actor.userId, {
      classInstanceId: query.classInstanceId,
      now,
      past: query.when === 'past',
    });
    const currency = await currencyOf(tx, actor.companyId);
    const payments = await paymentsOf(
      tx,
      actor.companyId,
      rows.map((row) => row.booking),
    );
    const items = [];
    for (const row of rows) {
      const classInstance = await findListed(tx, actor.companyId, row.booking.classInstanceId);
      if (!classInstance) continue;
      const position = await waitlistPosition(tx, actor.companyId, row.booking);
      items.push({
        ...toDto(row.booking, row.clientName, currency, position),
        classInstance: { ...classInstance, notes: null },
        payment: paymentOf(row.booking, payments),
      });
    }
    return { items };
  });
}

/** What pays a booking, as the client reads it: nothing while it waits (the place is paid when it opens). */
function paymentOf(booking: BookingRow, payments: Awaited<ReturnType<typeof paymentsOf>>): BookingPaymentDto {
  if (booking.status === 'waitlisted') return { packageName: null, dropIn: null };
  const order = booking.orderId ? payments.orders.get(booking.orderId) : undefined;
  return {
    packageName: (booking.clientPackageId && payments.packageNames.get(booking.clientPackageId)) || null,
    dropIn:
      booking.paidWith === 'drop-in' && order
        ? {
            amount: order.total,
            currency: order.currency,
            paid: order.total > 0 && order.paid >= order.total,
          }
        : null,
  };
}

/** One booking as its client or the team sees it. */
export async function getBooking(db: Database, actor: Actor, bookingId: string): Promise<BookingDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = await bookingWithClient(tx, actor.companyId, bookingId);
    if (!row || (isClientRole(actor.roleId) && row.booking.clientId !== actor.userId))
      throw bookingNotFound();
    const position = await waitlistPosition(tx, actor.companyId, row.booking);
    return toDto(row.booking, row.clientName, await currencyOf(tx, actor.companyId), position);
  });
}

/** What booking a class would pay with (a client for themself; the team for `clientId`). */
export async function bookingPaymentOptions(
  db: Database,
  actor: Actor,
  classInstanceId: string,
  clientId: string | undefined,
  now = new Date(),
): Promise<PaymentOptionsDto> {
  const client = isClientRole(actor.roleId);
  if (!client && !isManager(actor)) throw forbidden('Your account cannot book clients into classes.');
  const who = client ? actor.userId : clientId;
  if (!who) throw badRequest('Choose the client.', { clientId: 'Choose the client' });
  return withTenant(db, actor.companyId, async (tx) => {
    const cls = await lockClass(tx, actor.companyId, classInstanceId, { lock: false });
    if (!cls) throw classNotFound();
    if (!(await findClient(tx, actor.companyId, who))) throw notFound('We could not find that client.');
    return paymentOptions(tx, actor.companyId, who, cls, now);
  });
}
