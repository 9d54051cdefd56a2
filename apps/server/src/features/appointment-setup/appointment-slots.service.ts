import {
  TEAM_ROLES,
  type AppointmentSlotDto,
  type AppointmentSlotListDto,
  type AppointmentSlotsQuery,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { bookingWindows } from '../bookings/booking-rules.ts';
import { effectiveRules } from '../class-instances/class-instances.service.ts';
import { addDays, daysBetween, localDateOf, localTimeOf } from '../fitness-sessions/zoned-time.ts';
import { sessionRulesOf } from '../session-settings/session-settings.service.ts';
import {
  appointmentsWithPlaces,
  exceptionsBetween,
  instructorBusy,
  roomBusy,
  workingHoursOf,
} from './appointment-slots.repo.ts';
import {
  findAppointmentType,
  instructorsByIds,
  roomsByIds,
  studiosByIds,
  type AppointmentTypeRow,
} from './appointment-types.repo.ts';
import { companyBySlug } from '../public-company/public-company.service.ts';
import { computeSlots, workingRangesOn, type LocalRange } from './slot-computation.ts';

/**
 * Free appointment slots from the database (issue 17 §2): who offers a type, their working hours and
 * exceptions, and their busy time, handed to `computeSlots`. Booking (features/appointments) re-checks
 * one slot with `findBookableSlot` inside its own transaction after taking its locks.
 */

const DAY_MS = 86_400_000;
const MINUTE = 60_000;
const TYPE_NOT_FOUND = 'We could not find that appointment type.';

/** One free slot as the service hands it on: the DTO's facts plus the room a new appointment would take. */
export interface OfferedSlot extends Omit<AppointmentSlotDto, 'startsAt' | 'endsAt'> {
  startsAt: Date;
  endsAt: Date;
  /** The first free room of the type's at that studio; null when it names none there (or when joining). */
  roomId: string | null;
}

interface SlotScope {
  instructorId?: string | undefined;
  studioId?: string | undefined;
  /** Local dates of the studios, inclusive. */
  from: string;
  to: string;
}

interface SlotOptions {
  /** Leave out slots booking is not open for at `now` (too soon, too far ahead). Default: yes. */
  bookingWindow?: boolean;
}

function datesFrom(from: string, to: string): string[] {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index));
}

/**
 * The type's free slots in `scope`: new sessions for each active instructor offering it at each of its
 * studios, and the semi-private sessions of the type that still have places. A type that names rooms of
 * a studio needs one of them free for a new session there (the first free one is taken); a studio where
 * it names none needs no room.
 */
export async function slotsOfType(
  tx: Executor,
  companyId: string,
  type: AppointmentTypeRow,
  scope: SlotScope,
  now: Date,
  { bookingWindow = true }: SlotOptions = {},
): Promise<OfferedSlot[]> {
  const order = (ids: readonly string[]) => (row: { id: string }) => ids.indexOf(row.id);
  const byOrder = <T extends { id: string }>(rows: T[], ids: readonly string[]) =>
    rows.sort((a, b) => order(ids)(a) - order(ids)(b));
  const people = byOrder(
    (await instructorsByIds(tx, companyId, type.instructorIds)).filter(
      (person) => person.active && (!scope.instructorId || person.id === scope.instructorId),
    ),
    type.instructorIds,
  );
  const places = byOrder(
    (await studiosByIds(tx, companyId, type.studioIds)).filter(
      (studio) => !scope.studioId || studio.id === scope.studioId,
    ),
    type.studioIds,
  );
  if (places.length === 0) return [];
  const rules = effectiveRules(await sessionRulesOf(tx, companyId), type.ruleOverrides);
  const window = bookingWindow
    ? {
        now,
        bookingOpensDaysBefore: rules.bookingOpensDaysBefore,
        bookingClosesMinutesBefore: rules.bookingClosesMinutesBefore,
      }
    : undefined;
  // Local dates span at most a day either side of UTC; buffers reach at most 4 hours further.
  const range = {
    from: Date.parse(`${scope.from}T00:00:00Z`) - 2 * DAY_MS,
    until: Date.parse(`${scope.to}T00:00:00Z`) + 3 * DAY_MS,
  };
  const instructorIds = people.map((person) => person.id);
  const studioIds = places.map((studio) => studio.id);
  // One after another: a transaction is one connection, which runs one query at a time anyway.
  const hours = await workingHoursOf(tx, companyId, instructorIds, studioIds);
  const exceptions = await exceptionsBetween(tx, companyId, instructorIds, scope.from, scope.to);
  const busy = await instructorBusy(tx, companyId, instructorIds, range);
  const rooms = await roomsByIds(tx, companyId, type.roomIds);
  const roomsInOrder = byOrder(rooms, type.roomIds);
  const busyRooms = await roomBusy(
    tx,
    companyId,
    roomsInOrder.map((room) => room.id),
    range,
  );
  const dates = datesFrom(scope.from, scope.to);
  const slots: OfferedSlot[] = [];
  for (const person of people) {
    const ownExceptions = exceptions.filter((exception) => exception.instructorId === person.id);
    for (const studio of places) {
      const weekly = hours.find((row) => row.instructorId === person.id && row.studioId === studio.id)?.hours;
      const working = new Map<string, LocalRange[]>();
      for (const date of dates) {
        const ranges = workingRangesOn(date, studio.id, weekly, ownExceptions);
        if (ranges.length > 0) working.set(date, ranges);
      }
      if (working.size === 0) continue;
      const studioRooms = roomsInOrder
        .filter((room) => room.studioId === studio.id)
        .map((room) => ({ id: room.id, busy: busyRooms.get(room.id) ?? [] }));
      const computed = computeSlots({
        timeZone: studio.timeZone,
        working,
        busy: busy.get(person.id) ?? [],
        durationMinutes: type.durationMinutes,
        bufferBeforeMinutes: type.bufferBeforeMinutes,
        bufferAfterMinutes: type.bufferAfterMinutes,
        intervalMinutes: type.slotIntervalMinutes ?? type.durationMinutes,
        window,
        rooms: studioRooms,
      });
      for (const slot of computed)
        slots.push({
          ...slot,
          instructorId: person.id,
          instructorName: person.name,
          studioId: studio.id,
          studioName: studio.name,
          timeZone: studio.timeZone,
          placesLeft: type.maxAttendees,
          appointmentId: null,
        });
    }
  }
  // Joining a semi-private session needs no free time: it is already there, with places left.
  const open = await appointmentsWithPlaces(tx, companyId, type.id, studioIds, scope.from, scope.to);
  for (const session of open) {
    const studio = places.find((place) => place.id === session.studioId);
    if (!studio || session.instructorId === null) continue;
    // Only with someone who still offers the type (active, named by it), as a new session would be.
    if (!people.some((person) => person.id === session.instructorId)) continue;
    if (session.startsAt <= now) continue;
    if (window) {
      const opening = bookingWindows(session.startsAt, studio.timeZone, rules);
      if (now < opening.opensAt || now >= opening.closesAt) continue;
    }
    slots.push({
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      localDate: session.localDate,
      localTime: localTimeOf(session.startsAt, studio.timeZone),
      instructorId: session.instructorId,
      instructorName: session.instructorName,
      studioId: studio.id,
      studioName: studio.name,
      timeZone: studio.timeZone,
      placesLeft: session.placesLeft,
      appointmentId: session.id,
      roomId: session.roomId,
    });
  }
  return slots.sort(
    (a, b) =>
      a.startsAt.getTime() - b.startsAt.getTime() ||
      a.instructorName.localeCompare(b.instructorName) ||
      a.studioName.localeCompare(b.studioName),
  );
}

const toDto = ({ roomId: _roomId, ...slot }: OfferedSlot): AppointmentSlotDto => ({
  ...slot,
  startsAt: slot.startsAt.toISOString(),
  endsAt: slot.endsAt.toISOString(),
});

/**
 * `GET /api/appointment-slots`: the free slots of one type. `activeOnly` (clients, the public): a type
 * clients cannot book is not found. An instructor or studio the type does not offer is not found either
 * (another company's id included).
 */
export async function freeSlots(
  tx: Executor,
  companyId: string,
  query: AppointmentSlotsQuery,
  now: Date,
  { activeOnly = true }: { activeOnly?: boolean } = {},
): Promise<AppointmentSlotDto[]> {
  const type = await findAppointmentType(tx, companyId, query.appointmentTypeId);
  if (!type || (activeOnly && !type.active)) throw notFound(TYPE_NOT_FOUND);
  if (query.instructorId && !type.instructorIds.includes(query.instructorId))
    throw notFound('That instructor does not offer this appointment.');
  if (query.studioId && !type.studioIds.includes(query.studioId))
    throw notFound('This appointment is not offered at that studio.');
  const slots = await slotsOfType(tx, companyId, type, query, now);
  return slots.map(toDto);
}

/** What `findBookableSlot` answers: the slot, who could take it, and the session to join if any. */
export interface BookableSlot {
  type: AppointmentTypeRow;
  studio: { id: string; name: string; timeZone: string };
  startsAt: Date;
  endsAt: Date;
  localDate: string;
  localTime: string;
  /**
   * A semi-private session of the type at that time, instructor (when named) and studio with places
   * left: a new client joins it rather than starting another. Null when there is none.
   */
  join: { appointmentId: string; instructorId: string; instructorName: string; placesLeft: number } | null;
  /**
   * Instructors free for a new session then (the one asked for, or everyone offering the type, in the
   * type's order), each with the room a new session would take (null: no room needed). May be empty
   * when only `join` is possible.
   */
  candidates: { instructorId: string; instructorName: string; roomId: string | null }[];
}

/**
 * Re-checks one slot for booking (features/appointments), reading with the caller's transaction (which
 * holds the instructors' advisory locks): null when the type (not archived) does not offer that start at
 * that studio — not at the studio, outside working hours, overlapping busy time with its buffers, no room
 * free, or (unless `bookingWindow: false`) outside the booking window. An inactive type is still answered
 * (`type.active` tells): the team may book it, clients may not.
 */
export async function findBookableSlot(
  tx: Executor,
  companyId: string,
  wanted: {
    appointmentTypeId: string;
    instructorId: string | null;
    studioId: string;
    startsAt: Date | string;
  },
  now: Date,
  options: SlotOptions = {},
): Promise<BookableSlot | null> {
  const type = await findAppointmentType(tx, companyId, wanted.appointmentTypeId);
  if (!type || !type.studioIds.includes(wanted.studioId)) return null;
  if (wanted.instructorId !== null && !type.instructorIds.includes(wanted.instructorId)) return null;
  const [studio] = await studiosByIds(tx, companyId, [wanted.studioId]);
  if (!studio) return null;
  const startsAt = new Date(wanted.startsAt);
  if (Number.isNaN(startsAt.getTime())) return null;
  const localDate = localDateOf(startsAt, studio.timeZone);
  const scope = {
    ...(wanted.instructorId !== null ? { instructorId: wanted.instructorId } : {}),
    studioId: studio.id,
    from: localDate,
    to: localDate,
  };
  const matching = (await slotsOfType(tx, companyId, type, scope, now, options)).filter(
    (slot) => slot.startsAt.getTime() === startsAt.getTime(),
  );
  const first = matching[0];
  if (!first) return null;
  const joinable = matching.find((slot) => slot.appointmentId !== null);
  return {
    type,
    studio,
    startsAt,
    endsAt: new Date(startsAt.getTime() + type.durationMinutes * MINUTE),
    localDate,
    localTime: first.localTime,
    join: joinable?.appointmentId
      ? {
          appointmentId: joinable.appointmentId,
          instructorId: joinable.instructorId,
          instructorName: joinable.instructorName,
          placesLeft: joinable.placesLeft,
        }
      : null,
    candidates: matching
      .filter((slot) => slot.appointmentId === null)
      .sort((a, b) => type.instructorIds.indexOf(a.instructorId) - type.instructorIds.indexOf(b.instructorId))
      .map((slot) => ({
        instructorId: slot.instructorId,
        instructorName: slot.instructorName,
        roomId: slot.roomId,
      })),
  };
}

// ---- the two routes' use cases

/** Signed in: the team sees every type's slots (they may book an inactive one); clients only active types'. */
export async function listSlots(
  db: Database,
  actor: Actor,
  query: AppointmentSlotsQuery,
  now = new Date(),
): Promise<AppointmentSlotListDto> {
  const activeOnly = !TEAM_ROLES.includes(actor.roleId);
  return withTenant(db, actor.companyId, async (tx) => ({
    items: await freeSlots(tx, actor.companyId, query, now, { activeOnly }),
  }));
}

/** No login (the widget, the client area before signing in): active types only. */
export async function listPublicSlots(
  db: Database,
  slug: string,
  query: AppointmentSlotsQuery,
  now = new Date(),
): Promise<AppointmentSlotListDto> {
  const companyId = (await companyBySlug(db, slug)).id;
  return withTenant(db, companyId, async (tx) => ({ items: await freeSlots(tx, companyId, query, now) }));
}
