import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { REMINDER_HOURS_DEFAULT, type BookingStatus } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { bookingEvents, bookings, classInstances, users } from '../../db/schema/index.ts';
import { INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The demo studio's regulars (they have no password; Casey Client is the one who logs in). */
const REGULARS = [
  'Maya Brooks',
  'Liam Carter',
  'Sofia Alvarez',
  'Noah Kim',
  'Olivia Chen',
  'Ethan Johnson',
  'Ava Patel',
  'Lucas Martin',
  'Isabella Rossi',
  'Mason Lee',
  'Mia Thompson',
  'Logan Garcia',
  'Harper Wilson',
  'Elijah Moore',
  'Amelia Davis',
  'James Taylor',
  'Evelyn Anderson',
  'Benjamin Thomas',
  'Abigail Jackson',
  'Henry White',
  'Emily Harris',
  'Alexander Clark',
  'Ella Lewis',
  'Daniel Robinson',
  'Grace Walker',
  'Matthew Young',
  'Chloe Allen',
  'Jack King',
  'Zoe Wright',
  'Samuel Scott',
  'Lily Green',
  'David Baker',
  'Nora Adams',
  'Owen Nelson',
  'Hannah Hill',
  'Leo Campbell',
];

const FIRST_NAMES = [
  'Aria',
  'Caleb',
  'Nina',
  'Theo',
  'Ruby',
  'Miles',
  'Iris',
  'Jonah',
  'Layla',
  'Felix',
  'Stella',
  'Isaac',
];
const MORE_FIRST_NAMES = [
  'Clara',
  'Julian',
  'Maeve',
  'Adrian',
  'Esme',
  'Rowan',
  'Violet',
  'Hugo',
  'Sadie',
  'Ezra',
  'Lucy',
  'Gabe',
];
const LAST_NAMES = [
  'Bennett',
  'Foster',
  'Hayes',
  'Price',
  'Reed',
  'Sullivan',
  'Turner',
  'Ward',
  'Coleman',
  'Fisher',
  'Grant',
  'Hughes',
];
const FIRSTS = [...FIRST_NAMES, ...MORE_FIRST_NAMES];

/**
 * A studio's client list is long: 120 at demo, so each regular comes a few times a week (36 filling every
 * class would each book about fourteen classes a week). The named regulars, then unique first/last pairs.
 */
export const DEMO_REGULARS = [
  ...REGULARS,
  ...Array.from({ length: 84 }, (_, index) => {
    const first = FIRSTS[index % FIRSTS.length] ?? 'Alex';
    const last = LAST_NAMES[(index * 5 + Math.floor(index / FIRSTS.length)) % LAST_NAMES.length] ?? 'Smith';
    return `${first} ${last}`;
  }),
];

/** A small deterministic generator, so a demo looks the same on every machine. */
function random(seed: string) {
  let state =
    [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Issue 9's demo bookings: the last four weeks attended (mostly checked in, a few no-shows and late
 * cancellations) and the next two weeks booked, the popular classes full with a waitlist; the demo
 * client holds places and one waitlist spot. Added once, when the company has no bookings yet; counts
 * on the classes are set from the rows, as the booking service keeps them.
 */
export async function seedBookings(
  tx: Executor,
  company: { id: string; slug: string; kind: 'company' | 'solo' },
  now = new Date(),
): Promise<void> {
  const [existing] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.companyId, company.id))
    .limit(1);
  if (existing) return;
  const regulars = company.kind === 'solo' ? REGULARS.slice(0, 12) : DEMO_REGULARS;
  for (const [index, name] of regulars.entries())
    await tx
      .insert(users)
      .values({
        companyId: company.id,
        id: generateId(now.getTime() - (regulars.length - index) * 1000),
        role: company.kind === 'solo' ? 'solo-client' : 'client',
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${company.slug}.test`,
        phone: `(404) 555-${String(1000 + index * 37).slice(-4)}`,
        passwordHash: INVITED_PASSWORD_HASH,
      })
      .onConflictDoNothing();
  const clients = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, company.id), sql`${users.role} in ('client', 'solo-client')`));
  const demoClient = clients.find((client) => client.email === `client@${company.slug}.test`);
  const others = clients.filter((client) => client !== demoClient);
  if (others.length === 0) return;

  const classes = await tx
    .select({ id: classInstances.id, startsAt: classInstances.startsAt, capacity: classInstances.capacity })
    .from(classInstances)
    .where(
      and(
        eq(classInstances.companyId, company.id),
        eq(classInstances.status, 'scheduled'),
        gte(classInstances.startsAt, new Date(now.getTime() - 28 * DAY)),
        lt(classInstances.startsAt, new Date(now.getTime() + 14 * DAY)),
      ),
    )
    .orderBy(classInstances.startsAt);

  const rows: (typeof bookings.$inferInsert)[] = [];
  const events: (typeof bookingEvents.$inferInsert)[] = [];
  let demoPlaces = 0;
  let demoWaiting = 0;
  for (const cls of classes) {
    const next = random(cls.id);
    const past = cls.startsAt <= now;
    // Busy evenings and mornings fill; a few classes overflow into a waitlist.
    const fill = 0.45 + next() * 0.65;
    const wanted = Math.min(others.length, Math.round(cls.capacity * fill));
    const shuffled = [...others].sort(() => next() - 0.5);
    const people = shuffled.slice(0, wanted);
    if (!past && demoClient && cls.startsAt.getTime() > now.getTime() + DAY) {
      if (demoPlaces < 3 && next() < 0.15) people.unshift(demoClient);
      else if (demoWaiting < 1 && wanted >= cls.capacity) people.push(demoClient);
    }
    const bookedAt = new Date(Math.min(cls.startsAt.getTime() - 3 * DAY, now.getTime() - DAY));
    let places = 0;
    let waiting = 0;
    for (const [position, client] of people.entries()) {
      const hasPlace = position < cls.capacity;
      let status: BookingStatus;
      if (!hasPlace) status = past ? 'cancelled' : 'waitlisted';
      else if (!past) status = 'booked';
      else {
        const roll = next();
        status = roll < 0.07 ? 'late_cancelled' : roll < 0.15 ? 'no_show' : 'checked_in';
      }
      if (client === demoClient) {
        if (status === 'booked') demoPlaces += 1;
        if (status === 'waitlisted') demoWaiting += 1;
      }
      const id = generateId(bookedAt.getTime() + position * 1000);
      const fee = status === 'late_cancelled' ? 1000 : null;
      rows.push({
        companyId: company.id,
        id,
        classInstanceId: cls.id,
        clientId: client.id,
        status,
        waitlistedAt: hasPlace ? null : new Date(bookedAt.getTime() + position * 1000),
        cancelledBy: status === 'late_cancelled' || status === 'cancelled' ? 'client' : null,
        feeKind: fee ? 'late_cancel' : null,
        feeAmount: fee,
        feeStatus: fee ? 'due' : null,
        bookedBy: client.id,
        // The demo's history: places in classes already inside the reminder time were reminded then, so
        // the first start does not send a reminder to every one of them at once.
        reminderSentAt:
          status === 'booked' && cls.startsAt.getTime() - now.getTime() <= REMINDER_HOURS_DEFAULT * HOUR
            ? new Date(cls.startsAt.getTime() - REMINDER_HOURS_DEFAULT * HOUR)
            : null,
        createdAt: bookedAt,
        updatedAt: past ? cls.startsAt : bookedAt,
      });
      const first: BookingStatus = hasPlace ? 'booked' : 'waitlisted';
      events.push({
        companyId: company.id,
        id: generateId(bookedAt.getTime()),
        bookingId: id,
        fromStatus: null,
        toStatus: first,
        actorId: client.id,
        reason: 'Booked by the client',
        at: bookedAt,
      });
      if (status !== first)
        events.push({
          companyId: company.id,
          id: generateId(cls.startsAt.getTime()),
          bookingId: id,
          fromStatus: first,
          toStatus: status,
          actorId: null,
          reason: 'Demo history',
          at: cls.startsAt,
        });
      if (status === 'booked' || status === 'checked_in') places += 1;
      if (status === 'waitlisted') waiting += 1;
    }
    if (places > 0 || waiting > 0)
      await tx
        .update(classInstances)
        .set({ bookedCount: places, waitlistCount: waiting })
        .where(and(eq(classInstances.companyId, company.id), eq(classInstances.id, cls.id)));
  }
  for (let start = 0; start < rows.length; start += 500)
    await tx.insert(bookings).values(rows.slice(start, start + 500));
  for (let start = 0; start < events.length; start += 500)
    await tx.insert(bookingEvents).values(events.slice(start, start + 500));
}
