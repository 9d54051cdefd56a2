import {
  CHECK_IN_CLOSES_MINUTES_AFTER_START,
  CHECK_IN_STEP_SECONDS,
  isClientRole,
  type CheckInBody,
  type CheckInClassDto,
  type CheckInCodeBody,
  type CheckInDto,
  type CheckInPassDto,
  type DoorClassDto,
  type DoorDto,
  type DoorQuery,
} from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { assertCompanyAvailable } from '../platform/suspension.ts';
import { addressKey, consumeLimit } from '../../plugins/rate-limit.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { bookingWindows, localMoment } from '../bookings/booking-rules.ts';
import { findActiveBooking, findClient, lockClass } from '../bookings/bookings.repo.ts';
import { checkInBooking } from '../bookings/bookings.service.ts';
import { effectiveRules } from '../class-instances/class-instances.service.ts';
import { sessionRulesOf } from '../session-settings/session-settings.service.ts';
import { hasSignedWaiver } from '../waivers/waivers.service.ts';
import { issuePass, judgeCode, judgePass, newSecret, type CodeVerdict } from './check-in-codes.ts';
import {
  checkedInCount,
  ensureSecret,
  findDoorClass,
  findSecret,
  latestCheckIn,
  nextDoorClass,
  studioExists,
  type DoorClassRow,
} from './check-in.repo.ts';

const MINUTE = 60_000;
/**
 * Codes read per minute from one address for one company. A whole class may scan over the studio's one
 * Wi-Fi address at once, so the limit is generous: it stops a script trying codes, not a busy door.
 */
export const PASS_READS_PER_MINUTE = 120;
const passRule = (companyId: string, ip: string) => ({
  key: `check-in-pass:${companyId}:${addressKey(ip)}`,
  limit: PASS_READS_PER_MINUTE,
  windowSeconds: 60,
  message: 'Too many check-in tries from this network. Please wait a minute and scan the code again.',
});
const classNotFound = () => notFound('We could not find that class.');
const SCAN_AGAIN = 'Scan the code on the door screen at the studio again.';

/** When check-in opens (Sessions Settings, with the series' overrides) and closes (30 minutes after the start). */
async function checkInWindow(tx: Executor, companyId: string, cls: DoorClassRow) {
  const rules = effectiveRules(await sessionRulesOf(tx, companyId), cls.ruleOverrides);
  return {
    opensAt: bookingWindows(cls.startsAt, cls.timeZone, rules).checkInOpensAt,
    closesAt: new Date(cls.startsAt.getTime() + CHECK_IN_CLOSES_MINUTES_AFTER_START * MINUTE),
  };
}

const clientRoleOf = (kind: string) => (kind === 'solo' ? 'solo-client' : 'client');

async function doorDto(tx: Executor, companyId: string, cls: DoorClassRow, now: Date): Promise<DoorClassDto> {
  const window = await checkInWindow(tx, companyId, cls);
  return {
    classInstanceId: cls.id,
    fitnessSessionId: cls.fitnessSessionId,
    name: cls.name,
    startsAt: cls.startsAt.toISOString(),
    endsAt: cls.endsAt.toISOString(),
    timeZone: cls.timeZone,
    studioName: cls.studioName,
    roomName: cls.roomName,
    checkInOpensAt: window.opensAt.toISOString(),
    checkInClosesAt: window.closesAt.toISOString(),
    checkedIn: await checkedInCount(tx, companyId, cls.id),
    booked: cls.bookedCount,
    capacity: cls.capacity,
    secret: await ensureSecret(tx, companyId, cls.id, newSecret()),
    stepSeconds: CHECK_IN_STEP_SECONDS,
    serverTime: now.toISOString(),
    company: cls.companySlug,
    clientRoleId: clientRoleOf(cls.companyKind),
  };
}

/** The door screen of one class (from its details page): its secret and live counts. Team only. */
export async function doorForClass(
  db: Database,
  actor: Actor,
  classInstanceId: string,
  now = new Date(),
): Promise<DoorClassDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const cls = await findDoorClass(tx, actor.companyId, classInstanceId);
    if (!cls) throw classNotFound();
    if (cls.status === 'cancelled') throw conflict('This class is cancelled; there is nobody to check in.');
    return doorDto(tx, actor.companyId, cls, now);
  });
}

/** The door screen of a studio (or one room): the class that starts next there, until its check-in closes. */
export async function doorForPlace(
  db: Database,
  actor: Actor,
  place: DoorQuery,
  now = new Date(),
): Promise<DoorDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    if (!(await studioExists(tx, actor.companyId, place.studioId, place.roomId)))
      throw notFound(
        place.roomId ? 'We could not find that room in this studio.' : 'We could not find that studio.',
      );
    const startedAfter = new Date(now.getTime() - CHECK_IN_CLOSES_MINUTES_AFTER_START * MINUTE);
    const cls = await nextDoorClass(tx, actor.companyId, place, startedAfter);
    return { classInstance: cls ? await doorDto(tx, actor.companyId, cls, now) : null };
  });
}

function refuseCode(verdict: Exclude<CodeVerdict, 'valid'>, what: 'code' | 'pass'): never {
  if (what === 'pass')
    throw badRequest(
      verdict === 'expired'
        ? `Your check-in pass has run out. ${SCAN_AGAIN}`
        : `This check-in pass is not for this class. ${SCAN_AGAIN}`,
      { code: verdict },
    );
  const message =
    verdict === 'expired'
      ? `This code has expired: the door screen shows a new one every ${CHECK_IN_STEP_SECONDS} seconds, and only a code scanned at the studio just now checks you in. ${SCAN_AGAIN}`
      : verdict === 'future'
        ? `This code is not valid yet: the door screen’s clock may be wrong. Ask the studio to check it, or check in at the front desk.`
        : `This code is not valid for this class. ${SCAN_AGAIN}`;
  throw badRequest(message, { code: verdict });
}

function toClassDto(cls: DoorClassRow): CheckInClassDto {
  return {
    classInstanceId: cls.id,
    fitnessSessionId: cls.fitnessSessionId,
    name: cls.name,
    startsAt: cls.startsAt.toISOString(),
    timeZone: cls.timeZone,
    studioName: cls.studioName,
    companyName: cls.companyName,
    placesLeft: Math.max(0, cls.capacity - cls.bookedCount),
  };
}

/**
 * Reads the class a code names and checks the code (or pass) and the check-in window, in that order: a
 * photographed code used later is refused as expired whatever else is true.
 */
async function admitted(
  tx: Executor,
  companyId: string,
  body: {
    fitnessSessionId: string;
    classInstanceId: string;
    code?: string | undefined;
    step?: number | undefined;
    pass?: string | undefined;
  },
  now: Date,
): Promise<DoorClassRow> {
  const cls = await findDoorClass(tx, companyId, body.classInstanceId);
  if (!cls) throw classNotFound();
  const secret = await findSecret(tx, companyId, cls.id);
  const ids = { fitnessSessionId: body.fitnessSessionId, classInstanceId: cls.id };
  // A code of another series for this class is as good as forged: the HMAC names the series.
  if (body.code !== undefined && body.step !== undefined) {
    const verdict =
      cls.fitnessSessionId === body.fitnessSessionId
        ? judgeCode(secret, { ...ids, code: body.code, step: body.step }, now)
        : 'forged';
    if (verdict !== 'valid') refuseCode(verdict, 'code');
  } else if (body.pass !== undefined) {
    const verdict =
      cls.fitnessSessionId === body.fitnessSessionId ? judgePass(secret, body.pass, ids, now) : 'forged';
    if (verdict !== 'valid') refuseCode(verdict, 'pass');
  } else throw badRequest('Scan the code on the door screen to check in.', { code: 'Scan the code' });

  if (cls.status === 'cancelled') throw conflict(`${cls.name} is cancelled; there is no check-in.`);
  const window = await checkInWindow(tx, companyId, cls);
  if (now < window.opensAt)
    throw conflict(`Check-in for ${cls.name} opens ${localMoment(window.opensAt, cls.timeZone)}.`, {
      window: 'not-open',
    });
  if (now >= window.closesAt)
    throw conflict(
      `Check-in for ${cls.name} closed ${localMoment(window.closesAt, cls.timeZone)}, ${CHECK_IN_CLOSES_MINUTES_AFTER_START} minutes after the start.`,
      { window: 'closed' },
    );
  return cls;
}

/**
 * A code scanned at the door, with or without a session: checks it and answers a pass for the next
 * minutes (to log in, sign up, sign the waiver or book) and the class. The company comes from the page's
 * slug.
 */
export async function buyPass(
  db: Database,
  companySlug: string,
  ip: string,
  body: CheckInCodeBody,
  now = new Date(),
): Promise<CheckInPassDto> {
  const company = await withPlatform(db, (tx) => findCompanyBySlug(tx, companySlug));
  if (!company) throw notFound(`We could not find a business at “${companySlug}”.`);
  assertCompanyAvailable(company);
  // Counted in a transaction of its own, so refused codes count too.
  await withPlatform(db, (tx) => consumeLimit(tx, passRule(company.id, ip)));
  return withTenant(db, company.id, async (tx) => {
    const cls = await admitted(tx, company.id, body, now);
    const secret = await findSecret(tx, company.id, cls.id);
    const window = await checkInWindow(tx, company.id, cls);
    const { pass, expiresAt } = issuePass(
      secret as string,
      cls.fitnessSessionId,
      cls.id,
      now,
      window.closesAt,
    );
    return { pass, expiresAt: expiresAt.toISOString(), classInstance: toClassDto(cls) };
  });
}

/**
 * The signed-in client checks into the class the code (or pass) names. Waiver first; then their place is
 * checked in through `checkInBooking`, the one function every check-in path uses. Without a place the
 * 409 says whether one is free (`errors.checkIn` = `book`) so the page can offer it through the booking
 * endpoint, which holds the class lock and the capacity rules.
 */
export async function checkInWithCode(
  db: Database,
  actor: Actor,
  body: CheckInBody,
  now = new Date(),
): Promise<{ message: string; data: CheckInDto }> {
  if (!isClientRole(actor.roleId))
    throw forbidden('The door code is for clients. Check clients in from the class’s roster.');
  return withTenant(db, actor.companyId, async (tx) => {
    const door = await admitted(tx, actor.companyId, body, now);
    const client = await findClient(tx, actor.companyId, actor.userId);
    if (!client) throw notFound('We could not find your client account.');
    if (!(await hasSignedWaiver(tx, actor.companyId, actor.userId)))
      throw conflict('Sign the studio’s waiver first: nobody is checked in without it.', {
        checkIn: 'waiver',
      });
    // The class row is locked before the booking is read, as every change of a class's bookings does.
    const cls = await lockClass(tx, actor.companyId, door.id);
    if (!cls) throw classNotFound();
    const booking = await findActiveBooking(tx, actor.companyId, cls.id, actor.userId);
    const classDto = toClassDto({ ...door, bookedCount: cls.bookedCount });
    if (booking?.status === 'checked_in') {
      const earlier = await latestCheckIn(tx, actor.companyId, actor.userId, door.fitnessSessionId, door.id);
      return {
        message: `You are already checked in to ${door.name}.`,
        data: {
          bookingId: booking.id,
          clientName: client.name,
          checkedInAt: new Date(earlier?.checkedInAt ?? booking.updatedAt).toISOString(),
          classInstance: classDto,
        },
      };
    }
    if (!booking) {
      const free = cls.capacity - cls.bookedCount;
      if (free > 0)
        throw conflict(
          `You have no place in ${door.name}. ${free === 1 ? 'One place is' : `${free} places are`} left: book one to check in.`,
          { checkIn: 'book' },
        );
      throw conflict(`You have no place in ${door.name}, and it is full. Please ask at the front desk.`, {
        checkIn: 'full',
      });
    }
    // A place held for them from the waitlist: the page offers to take it (the booking's accept endpoint).
    if (booking.status === 'offered')
      throw conflict(`A place in ${door.name} is held for you: take it and you are checked in.`, {
        checkIn: 'offered',
        bookingId: booking.id,
      });
    if (booking.status !== 'booked')
      throw conflict(`You are on the waitlist of ${door.name}, not booked. Please ask at the front desk.`, {
        checkIn: 'waitlisted',
      });
    const row = await checkInBooking(
      tx,
      actor.companyId,
      cls,
      booking,
      client.name,
      { actorId: actor.userId, reason: 'Checked in with the door code' },
      now,
    );
    return {
      message: `You are checked in to ${door.name}. Enjoy the class, ${client.name.split(' ')[0]}!`,
      data: {
        bookingId: row.id,
        clientName: client.name,
        checkedInAt: now.toISOString(),
        classInstance: classDto,
      },
    };
  });
}

/** The client's check-in to a series (its latest class, or the one named): what `checked-in/…` shows. */
export async function myCheckIn(
  db: Database,
  actor: Actor,
  fitnessSessionId: string,
  classInstanceId: string | undefined,
): Promise<CheckInDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const found = await latestCheckIn(tx, actor.companyId, actor.userId, fitnessSessionId, classInstanceId);
    const cls = found ? await findDoorClass(tx, actor.companyId, found.classInstanceId) : undefined;
    const client = await findClient(tx, actor.companyId, actor.userId);
    if (!found || !cls || !client) throw notFound('You are not checked in to this class.');
    return {
      bookingId: found.bookingId,
      clientName: client.name,
      checkedInAt: new Date(found.checkedInAt).toISOString(),
      classInstance: toClassDto(cls),
    };
  });
}
