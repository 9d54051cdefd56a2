import {
  CHECK_IN_CLOSES_MINUTES_AFTER_START,
  isClientRole,
  kioskDisplayName,
  type BookingDto,
  type FrontDeskDto,
  type FrontDeskQuery,
  type KioskCheckInBody,
  type KioskCheckInDto,
  type KioskDto,
  type WalkInBody,
} from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { verifyPassword } from '../../plugins/passwords.ts';
import { addressKey, consumeLimit } from '../../plugins/rate-limit.ts';
import { bookingWindows, localMoment } from '../bookings/booking-rules.ts';
import {
  findActiveBooking,
  findBooking,
  findClient,
  lockClass,
  recordChange,
  updateBooking,
} from '../bookings/bookings.repo.ts';
import {
  bookClass,
  checkInBooking,
  getBooking,
  type BookAnswer,
  type BookingDeps,
} from '../bookings/bookings.service.ts';
import { effectiveRules } from '../class-instances/class-instances.service.ts';
import { sessionRulesOf } from '../session-settings/session-settings.service.ts';
import { hasSignedWaiver } from '../waivers/waivers.service.ts';
import {
  classesOfDay,
  classesStartingBetween,
  clientsByEmailOrPhone,
  findStudio,
  passwordHashOf,
  type DeskClassRow,
} from './front-desk.repo.ts';

const MINUTE = 60_000;
const CLOSES_AFTER = CHECK_IN_CLOSES_MINUTES_AFTER_START * MINUTE;
/** Kiosk attempts per kiosk session and address in a minute. */
export const KIOSK_ATTEMPTS_PER_MINUTE = 10;
const studioNotFound = () => notFound('We could not find that studio.');
const NOT_FOUND_AT_KIOSK =
  'We could not find a booking for a class starting now under that email or phone. Check what you typed, or please see the front desk.';

async function windowOf(tx: Executor, companyId: string, cls: DeskClassRow) {
  const rules = effectiveRules(await sessionRulesOf(tx, companyId), cls.ruleOverrides);
  return {
    opensAt: bookingWindows(cls.startsAt, cls.timeZone, rules).checkInOpensAt,
    closesAt: new Date(cls.startsAt.getTime() + CLOSES_AFTER),
  };
}

/** The studio's day in its own time zone, as YYYY-MM-DD. */
const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/** A studio's classes of one day (today there by default) with their live counts and check-in window. */
export async function frontDesk(
  db: Database,
  actor: Actor,
  query: FrontDeskQuery,
  now = new Date(),
): Promise<FrontDeskDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const studio = await findStudio(tx, actor.companyId, query.studioId);
    if (!studio) throw studioNotFound();
    const date = query.date ?? localDate(now, studio.time_zone);
    const rows = await classesOfDay(tx, actor.companyId, studio.id, date);
    const items = [];
    for (const cls of rows) {
      const window = await windowOf(tx, actor.companyId, cls);
      items.push({
        classInstanceId: cls.id,
        name: cls.name,
        startsAt: cls.startsAt.toISOString(),
        endsAt: cls.endsAt.toISOString(),
        roomName: cls.roomName,
        status: cls.status,
        capacity: cls.capacity,
        booked: cls.bookedCount,
        checkedIn: cls.checkedIn,
        checkInOpensAt: window.opensAt.toISOString(),
        checkInClosesAt: window.closesAt.toISOString(),
      });
    }
    return { studioId: studio.id, studioName: studio.name, timeZone: studio.time_zone, date, items };
  });
}

/**
 * A client without a booking walks in: booked through the booking path (class lock, capacity, waiver,
 * packages or drop-in) and checked in by `checkInBooking` in the same transaction. A full class is a 409.
 */
export async function walkIn(
  deps: BookingDeps,
  actor: Actor,
  classInstanceId: string,
  body: WalkInBody,
  now = new Date(),
): Promise<BookAnswer> {
  return bookClass(deps, actor, classInstanceId, body, undefined, now, { walkIn: true });
}

/** Back to booked: a check-in made by mistake, until the class has ended plus the check-in window. */
export async function undoCheckIn(
  db: Database,
  actor: Actor,
  bookingId: string,
  now = new Date(),
): Promise<{ message: string; data: BookingDto }> {
  const bookingNotFound = () => notFound('We could not find that booking.');
  if (isClientRole(actor.roleId)) throw bookingNotFound();
  const message = await withTenant(db, actor.companyId, async (tx) => {
    const first = await findBooking(tx, actor.companyId, bookingId);
    if (!first) throw bookingNotFound();
    // The class first, then the booking: the one order of locks every booking change keeps.
    const cls = await lockClass(tx, actor.companyId, first.classInstanceId);
    const booking = await findBooking(tx, actor.companyId, bookingId, { lock: true });
    if (!cls || !booking) throw bookingNotFound();
    const person = await findClient(tx, actor.companyId, booking.clientId);
    const name = person?.name ?? 'This client';
    if (booking.status !== 'checked_in')
      throw conflict(`${name} is not checked in, so there is nothing to undo.`);
    const until = new Date(cls.endsAt.getTime() + CLOSES_AFTER);
    if (now >= until)
      throw conflict(
        `A check-in can be undone until ${CHECK_IN_CLOSES_MINUTES_AFTER_START} minutes after the class ends (${localMoment(until, cls.timeZone)}); that time has passed.`,
      );
    await updateBooking(tx, actor.companyId, booking.id, { status: 'booked' });
    await recordChange(tx, actor.companyId, {
      bookingId: booking.id,
      from: 'checked_in',
      to: 'booked',
      actorId: actor.userId,
      reason: 'Check-in undone by the studio',
      at: now,
    });
    return `${name}’s check-in is undone: booked again.`;
  });
  return { message, data: await getBooking(db, actor, bookingId) };
}

/** Classes of the studio whose check-in is open now (started at most the window ago, opens at most a day before). */
async function openClasses(tx: Executor, companyId: string, studioId: string, now: Date) {
  const candidates = await classesStartingBetween(
    tx,
    companyId,
    studioId,
    new Date(now.getTime() - CLOSES_AFTER),
    new Date(now.getTime() + 24 * 60 * MINUTE),
  );
  const open = [];
  for (const cls of candidates) {
    const window = await windowOf(tx, companyId, cls);
    if (now >= window.opensAt && now < window.closesAt) open.push(cls);
  }
  return open;
}

/** What the kiosk shows: the studio and the classes it checks in to now. Nobody's names. */
export async function kiosk(
  db: Database,
  actor: Actor,
  studioId: string,
  now = new Date(),
): Promise<KioskDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const studio = await findStudio(tx, actor.companyId, studioId);
    if (!studio) throw studioNotFound();
    const classes = await openClasses(tx, actor.companyId, studio.id, now);
    return {
      studioName: studio.name,
      timeZone: studio.time_zone,
      classes: classes.map((cls) => ({
        name: cls.name,
        startsAt: cls.startsAt.toISOString(),
        roomName: cls.roomName,
      })),
    };
  });
}

const kioskRule = (actor: Actor, ip: string, what: string) => ({
  key: `kiosk:${what}:${actor.sessionId}:${addressKey(ip)}`,
  limit: KIOSK_ATTEMPTS_PER_MINUTE,
  windowSeconds: 60,
  message: 'Too many tries at this kiosk. Please wait a minute, or see the front desk.',
});

/**
 * A client types their email or phone at the kiosk: their place in a class whose check-in is open at the
 * studio is checked in through `checkInBooking`. The answer names them by first name and last initial only;
 * an unknown address and a client with no place get the same sentence (the kiosk faces the room).
 */
export async function kioskCheckIn(
  db: Database,
  actor: Actor,
  ip: string,
  body: KioskCheckInBody,
  now = new Date(),
): Promise<{ message: string; data: KioskCheckInDto }> {
  // Counted in a transaction of its own, so refused attempts count too.
  await withPlatform(db, (tx) => consumeLimit(tx, kioskRule(actor, ip, 'check-in')));
  return withTenant(db, actor.companyId, async (tx) => {
    const studio = await findStudio(tx, actor.companyId, body.studioId);
    if (!studio) throw studioNotFound();
    const people = await clientsByEmailOrPhone(tx, actor.companyId, body.identifier);
    const classes = await openClasses(tx, actor.companyId, studio.id, now);
    if (classes.length === 0)
      throw conflict('No class is open for check-in right now. Please see the front desk.', {
        checkIn: 'no-class',
      });
    for (const person of people) {
      for (const open of classes) {
        const found = await findActiveBooking(tx, actor.companyId, open.id, person.id);
        if (!found || (found.status !== 'booked' && found.status !== 'checked_in')) continue;
        const shown = kioskDisplayName(person.name);
        const data = { displayName: shown, className: open.name, startsAt: open.startsAt.toISOString() };
        if (found.status === 'checked_in')
          return {
            message: `${shown} You are already checked in to ${open.name}.`,
            data: { ...data, alreadyCheckedIn: true },
          };
        if (!(await hasSignedWaiver(tx, actor.companyId, person.id)))
          throw conflict(
            `Welcome, ${shown} Please sign the studio’s waiver first: see the front desk, or scan the QR code on the door screen.`,
            { checkIn: 'waiver' },
          );
        const cls = await lockClass(tx, actor.companyId, open.id);
        const booking = cls ? await findActiveBooking(tx, actor.companyId, cls.id, person.id) : undefined;
        if (!cls || booking?.status !== 'booked') continue;
        await checkInBooking(
          tx,
          actor.companyId,
          cls,
          booking,
          person.name,
          { actorId: actor.userId, reason: 'Checked in at the kiosk' },
          now,
        );
        return {
          message: `Welcome, ${shown} You are checked in to ${open.name}.`,
          data: { ...data, alreadyCheckedIn: false },
        };
      }
    }
    throw notFound(NOT_FOUND_AT_KIOSK);
  });
}

/** Leaving kiosk mode: the signed-in staff member's own password (rate-limited like the kiosk). */
export async function unlockKiosk(db: Database, actor: Actor, ip: string, password: string): Promise<void> {
  await withPlatform(db, (tx) => consumeLimit(tx, { ...kioskRule(actor, ip, 'unlock'), limit: 5 }));
  const hash = await withTenant(db, actor.companyId, (tx) =>
    passwordHashOf(tx, actor.companyId, actor.userId),
  );
  if (!hash || !(await verifyPassword(hash, password)))
    throw badRequest('That is not your password; kiosk mode stays on.', {
      password: 'That password is not right',
    });
}
