import {
  isClientRole,
  type AppointmentDto,
  type AppointmentListDto,
  type AppointmentListQuery,
  type BookedAppointmentDto,
  type PaymentOptionsDto,
  type bookAppointmentBody,
} from '@kinetic/shared';
import type { z } from 'zod';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { isUniqueViolation, postgresErrorCode } from '../../db/errors.ts';
import { generateId } from '../../db/ids.ts';
import { actorCan, type Actor } from '../../plugins/auth.ts';
import { conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import {
  claimIdempotencyKey,
  findClient,
  lockClass,
  storeIdempotentAnswer,
  type LockedClass,
} from '../bookings/bookings.repo.ts';
import { afterCommit, bookerOf, placeBooking, type BookingDeps } from '../bookings/bookings.service.ts';
import { endBookingsOfCancelledClasses } from '../class-instances/class-cancellation.ts';
import { findInstance, updateInstance } from '../class-instances/class-instances.repo.ts';
import { bookingWindows, localMoment } from '../bookings/booking-rules.ts';
import { effectiveRules } from '../class-instances/class-instances.service.ts';
import { sessionRulesOf } from '../session-settings/session-settings.service.ts';
import { paymentOptions } from '../orders/booking-payments.ts';
import { findBookableSlot } from '../appointment-setup/appointment-slots.service.ts';
import {
  appointmentRows,
  attendeesOf,
  clientBusyAt,
  findStudioOf,
  findTypeRecord,
  insertAppointment,
  instructorIdOfUser,
  instructorsAmong,
  lockForBooking,
  takenMeanwhile,
  type AppointmentFilters,
  type AppointmentRow,
  type AppointmentTypeRecord,
} from './appointments.repo.ts';

/**
 * Booking appointments (issue 17 §3). An appointment is a class instance of kind `appointment`
 * (docs/architecture.md, "Appointments"): booking one creates it (or joins a semi-private one with
 * places left) and books the client into it through the classes' own booking code (`placeBooking`), so
 * payment, the waiver, emails, reminders, check-in and cancellation rules are the same.
 */

type BookAppointmentValues = z.output<typeof bookAppointmentBody>;

/** The answer when the exclusion constraint (or the re-check under the lock) finds the time gone. */
export const TIME_TAKEN = 'That time was just taken; choose another time.';

const appointmentNotFound = () => notFound('We could not find that appointment.');
const typeNotFound = () => notFound('We could not find that appointment type.');

/** Who may cancel a whole appointment: the schedule's or the clients' managers. */
const mayCancelAppointments = (actor: Actor) =>
  actorCan(actor, 'manageSchedule') || actorCan(actor, 'manageClients');

function toDto(row: AppointmentRow, attendees: Awaited<ReturnType<typeof attendeesOf>>): AppointmentDto {
  return {
    id: row.id,
    appointmentTypeId: row.appointmentTypeId,
    typeName: row.typeName,
    instructorId: row.instructorId,
    instructorName: row.instructorName,
    studioId: row.studioId,
    studioName: row.studioName,
    roomId: row.roomId,
    roomName: row.roomName,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    capacity: row.capacity,
    bookedCount: row.bookedCount,
    status: row.status === 'cancelled' ? 'cancelled' : 'scheduled',
    notes: row.notes,
    attendees: attendees
      .filter((attendee) => attendee.classInstanceId === row.id)
      .map(({ bookingId, clientId, clientName, status, paidWith }) => ({
        bookingId,
        clientId,
        clientName,
        status,
        paidWith,
      })),
  };
}

async function appointmentsWhere(
  tx: Executor,
  companyId: string,
  filters: AppointmentFilters,
): Promise<AppointmentDto[]> {
  const rows = await appointmentRows(tx, companyId, filters);
  const attendees = await attendeesOf(
    tx,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDto(row, attendees));
}

async function oneAppointment(tx: Executor, companyId: string, id: string): Promise<AppointmentDto> {
  const [found] = await appointmentsWhere(tx, companyId, { ids: [id], includeCancelled: true });
  if (!found) throw appointmentNotFound();
  return found;
}

/**
 * The instructor whose appointments alone the actor sees: a team member of role instructor sees only
 * their own (instructors.user_id = them; none linked: nothing). Undefined: every appointment.
 */
async function ownInstructorOnly(tx: Executor, actor: Actor): Promise<string | null | undefined> {
  if (actor.roleId !== 'instructor') return undefined;
  return (await instructorIdOfUser(tx, actor.companyId, actor.userId)) ?? null;
}

/** The type a booking or a price question names; another company's, or a deleted one, answers 404. */
async function bookableType(tx: Executor, companyId: string, id: string): Promise<AppointmentTypeRecord> {
  const type = await findTypeRecord(tx, companyId, id);
  if (!type || type.archived) throw typeNotFound();
  return type;
}

/** The studio named, one of the company's (404 otherwise) and one where the type is offered (409). */
async function studioFor(tx: Executor, companyId: string, type: AppointmentTypeRecord, studioId: string) {
  const studio = await findStudioOf(tx, companyId, studioId);
  if (!studio) throw notFound('We could not find that studio.');
  if (!type.studioIds.includes(studio.id)) {
    const sentence = `${type.name} is not offered at ${studio.name}.`;
    throw conflict(sentence, { studioId: sentence });
  }
  return studio;
}

/** Refuses a start booking is not open for, with when it opens or when it closed (the type's rules). */
async function tooSoonOrTooFar(
  tx: Executor,
  companyId: string,
  type: AppointmentTypeRecord,
  timeZone: string,
  startsAt: Date,
  now: Date,
): Promise<void> {
  if (startsAt <= now) {
    const sentence = 'That time has passed; choose another time.';
    throw conflict(sentence, { startsAt: sentence });
  }
  const rules = effectiveRules(await sessionRulesOf(tx, companyId), type.ruleOverrides);
  const windows = bookingWindows(startsAt, timeZone, rules);
  const sentence =
    now < windows.opensAt
      ? `Booking for that time opens ${localMoment(windows.opensAt, timeZone)}.`
      : now >= windows.closesAt
        ? `Booking for that time closed ${localMoment(windows.closesAt, timeZone)}.`
        : null;
  if (sentence) throw conflict(sentence, { startsAt: sentence });
}

function requestFingerprint(body: BookAppointmentValues, clientId: string, startsAt: Date): string {
  return JSON.stringify({
    action: 'book-appointment',
    appointmentTypeId: body.appointmentTypeId,
    instructorId: body.instructorId,
    studioId: body.studioId,
    startsAt: startsAt.toISOString(),
    clientId,
  });
}

export interface BookedAppointmentAnswer {
  message: string;
  data: BookedAppointmentDto;
}

/**
 * `POST /api/appointments`: books one slot in one transaction. The booking locks of every instructor
 * and room that could take it are held (sorted), the slot is checked free again under them (`findBookableSlot`),
 * the appointment is created (or the semi-private one joined) and the client booked into it. Two
 * requests for one instructor's time run one after the other; the exclusion constraint on the
 * instructor's and room's blocked time is the last word (23P01 answers 409).
 */
export async function bookAppointment(
  deps: BookingDeps,
  actor: Actor,
  body: BookAppointmentValues,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<BookedAppointmentAnswer> {
  const clientId = bookerOf(actor, body.clientId, 'appointments');
  const startsAt = new Date(body.startsAt);
  const { companyId } = actor;
  try {
    return await afterCommit(
      deps,
      withTenant(deps.db, companyId, async (tx) => {
        const key = idempotencyKey
          ? {
              companyId,
              userId: actor.userId,
              key: idempotencyKey,
              request: requestFingerprint(body, clientId, startsAt),
            }
          : undefined;
        if (key) {
          const claim = await claimIdempotencyKey(tx, key);
          if (!claim.claimed) {
            if (claim.request !== key.request)
              throw conflict(
                'This Idempotency-Key was already used for a different request; send a new key.',
              );
            return { value: claim.response as BookedAppointmentAnswer, emails: [] };
          }
        }
        const type = await bookableType(tx, companyId, body.appointmentTypeId);
        const studio = await studioFor(tx, companyId, type, body.studioId);
        if (!(await findClient(tx, companyId, clientId))) throw notFound('We could not find that client.');
        if (isClientRole(actor.roleId) && !type.active)
          throw conflict(`${type.name} is not open for booking at the moment.`);
        let candidates = type.instructorIds;
        let who = '';
        if (body.instructorId !== null) {
          const [named] = await instructorsAmong(tx, companyId, [body.instructorId]);
          if (!named) throw notFound('We could not find that instructor.');
          if (!type.instructorIds.includes(named.id) || !named.active) {
            const sentence = `${named.name} does not offer ${type.name}.`;
            throw conflict(sentence, { instructorId: sentence });
          }
          candidates = [named.id];
          who = named.name;
        }
        await tooSoonOrTooFar(tx, companyId, type, studio.timeZone, startsAt, now);
        await lockForBooking(tx, companyId, { instructorIds: candidates, roomIds: type.roomIds });
        // Read under the locks: what an earlier booking for these instructors wrote is seen here. A
        // semi-private session to join may still change under us (its last client cancelling it, a place
        // taken at the desk): its row is locked and read again, and if it no longer takes a client the
        // slot is looked at once more (a cancelled session's time is free again for a new one).
        let cls: LockedClass | undefined;
        for (let attempt = 0; attempt < 2 && !cls; attempt += 1) {
          const slot = await findBookableSlot(
            tx,
            companyId,
            {
              appointmentTypeId: type.id,
              instructorId: body.instructorId,
              studioId: body.studioId,
              startsAt,
            },
            now,
          );
          const fresh = slot?.candidates[0];
          if (!slot || (!slot.join && !fresh)) {
            // Someone else's booking made in the last minutes over this time: it was just taken.
            const end = new Date(startsAt.getTime() + type.durationMinutes * 60_000);
            if (
              await takenMeanwhile(
                tx,
                companyId,
                candidates,
                new Date(startsAt.getTime() - type.bufferBeforeMinutes * 60_000),
                new Date(end.getTime() + type.bufferAfterMinutes * 60_000),
                new Date(now.getTime() - 15 * 60_000),
              )
            )
              throw conflict(TIME_TAKEN, { startsAt: TIME_TAKEN });
            const rooms = type.roomIds.length > 0 ? ', or no room is' : '';
            const sentence =
              body.instructorId === null
                ? `Nobody is free for ${type.name} at that time${rooms}; choose another time.`
                : `${who} is not free for ${type.name} at that time${rooms}; choose another time.`;
            throw conflict(sentence, { startsAt: sentence });
          }
          if (slot.join) {
            const joined = await lockClass(tx, companyId, slot.join.appointmentId);
            if (joined && joined.status === 'scheduled' && joined.bookedCount < joined.capacity) cls = joined;
            continue;
          }
          if (!fresh) break;
          const appointmentId = generateId(now.getTime());
          await insertAppointment(tx, {
            companyId,
            id: appointmentId,
            appointmentTypeId: type.id,
            studioId: slot.studio.id,
            roomId: fresh.roomId,
            instructorId: fresh.instructorId,
            localDate: slot.localDate,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            capacity: type.maxAttendees,
            bufferBeforeMinutes: type.bufferBeforeMinutes,
            bufferAfterMinutes: type.bufferAfterMinutes,
            notes: body.notes,
            now,
          });
          cls = await lockClass(tx, companyId, appointmentId);
        }
        if (!cls || cls.status !== 'scheduled') throw conflict(TIME_TAKEN, { startsAt: TIME_TAKEN });
        const appointmentId = cls.id;
        // The client is not already somewhere else then (another appointment, a class, an event date).
        const elsewhere = await clientBusyAt(tx, companyId, clientId, cls.startsAt, cls.endsAt);
        if (elsewhere) {
          const when = localMoment(elsewhere.startsAt, cls.timeZone);
          const person = isClientRole(actor.roleId)
            ? 'You already have'
            : `${(await findClient(tx, companyId, clientId))?.name ?? 'This client'} already has`;
          const sentence = `${person} ${elsewhere.name} at that time (${when}); choose another time.`;
          throw conflict(sentence, { startsAt: sentence });
        }
        const placed = await placeBooking(
          tx,
          deps,
          actor,
          cls,
          clientId,
          {
            clientId,
            clientPackageId: body.clientPackageId,
            payWith: body.payWith,
            overrideWaiver: body.overrideWaiver,
          },
          now,
        );
        const appointment = await oneAppointment(tx, companyId, appointmentId);
        const answer: BookedAppointmentAnswer = {
          message: placed.value.answer.message,
          data: {
            // A client joining a semi-private session sees only their own place, never who else booked.
            appointment: isClientRole(actor.roleId)
              ? {
                  ...appointment,
                  attendees: appointment.attendees.filter((attendee) => attendee.clientId === clientId),
                }
              : appointment,
            booking: placed.value.answer.data,
          },
        };
        if (key) await storeIdempotentAnswer(tx, key, answer);
        return { value: answer, emails: placed.emails };
      }),
    );
  } catch (error) {
    // Another booking (or a class) took the instructor's or the room's time first.
    if (postgresErrorCode(error) === '23P01') throw conflict(TIME_TAKEN, { startsAt: TIME_TAKEN });
    if (isUniqueViolation(error)) throw conflict('This client already has a place in this appointment.');
    throw error;
  }
}

/** `GET /api/appointments`: the team's calendar (an instructor: their own appointments only). */
export async function listAppointments(
  db: Database,
  actor: Actor,
  query: AppointmentListQuery,
): Promise<AppointmentListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const own = await ownInstructorOnly(tx, actor);
    if (own === null || (own !== undefined && query.instructorId && query.instructorId !== own))
      return { items: [] };
    return {
      items: await appointmentsWhere(tx, actor.companyId, {
        from: query.from,
        to: query.to,
        instructorId: own ?? query.instructorId,
        studioId: query.studioId,
        includeCancelled: query.includeCancelled === 'true',
      }),
    };
  });
}

/** `GET /api/appointments/{id}`: one appointment with its attendees (an instructor: only their own). */
export async function getAppointment(db: Database, actor: Actor, id: string): Promise<AppointmentDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const found = await oneAppointment(tx, actor.companyId, id);
    const own = await ownInstructorOnly(tx, actor);
    if (own !== undefined && found.instructorId !== own) throw appointmentNotFound();
    return found;
  });
}

/**
 * `POST /api/appointments/{id}/cancel`: the studio cancels a whole appointment still to come. Every
 * active booking ends as cancelled by the studio with its credit back and no fee, and each client is
 * told (the class-cancelled email, through the outbox), as when a class is cancelled.
 */
export async function cancelAppointment(
  db: Database,
  actor: Actor,
  id: string,
  reason: string | null,
  now: Date,
  publicUrl: string,
): Promise<AppointmentDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = await findInstance(tx, actor.companyId, id, { lock: true });
    if (!row || row.kind !== 'appointment') throw appointmentNotFound();
    const own = await ownInstructorOnly(tx, actor);
    if (own !== undefined && row.instructorId !== own) throw appointmentNotFound();
    if (!mayCancelAppointments(actor)) throw forbidden('Your account cannot cancel appointments.');
    if (row.status === 'cancelled') throw conflict('This appointment is already cancelled.');
    if (row.endsAt <= now)
      throw conflict('This appointment has already ended; past appointments are not cancelled.');
    await updateInstance(tx, actor.companyId, id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: reason,
    });
    await endBookingsOfCancelledClasses(tx, actor.companyId, [id], now, publicUrl);
    return oneAppointment(tx, actor.companyId, id);
  });
}

/**
 * `GET /api/appointment-types/{id}/payment-options`: what booking the type at `startsAt` at a studio
 * would pay with, before any appointment exists: the same judgement as for a class (`paymentOptions`),
 * over a class-like value made from the type (its packages, its price, its rules).
 */
export async function appointmentPaymentOptions(
  db: Database,
  actor: Actor,
  appointmentTypeId: string,
  query: { startsAt: string; studioId: string; clientId?: string | undefined },
  now = new Date(),
): Promise<PaymentOptionsDto> {
  const who = bookerOf(actor, isClientRole(actor.roleId) ? undefined : query.clientId, 'appointments');
  return withTenant(db, actor.companyId, async (tx) => {
    const type = await bookableType(tx, actor.companyId, appointmentTypeId);
    const studio = await studioFor(tx, actor.companyId, type, query.studioId);
    if (!(await findClient(tx, actor.companyId, who))) throw notFound('We could not find that client.');
    const company = await findCompanyById(tx, actor.companyId);
    if (!company) throw typeNotFound();
    const startsAt = new Date(query.startsAt);
    const cls: LockedClass = {
      id: '',
      status: 'scheduled',
      startsAt,
      endsAt: new Date(startsAt.getTime() + type.durationMinutes * 60_000),
      capacity: type.maxAttendees,
      bookedCount: 0,
      waitlistCount: 0,
      timeZone: studio.timeZone,
      templateId: null,
      eventId: null,
      eventPackageIds: type.packageIds,
      appointmentTypeId: type.id,
      studioId: studio.id,
      templateName: type.name,
      studioName: studio.name,
      dropInPrice: type.price,
      ruleOverrides: { ...(type.ruleOverrides ?? {}), waitlistEnabled: false },
      company: {
        slug: company.slug,
        name: company.name,
        kind: company.kind,
        currency: company.currency,
        locale: company.locale,
        timeZone: company.timeZone,
      },
    };
    return paymentOptions(tx, actor.companyId, who, cls, now);
  });
}
