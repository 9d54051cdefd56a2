import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { REMINDER_HOURS_DEFAULT, type BookingStatus } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import type { bookingEvents } from '../../db/schema/index.ts';
import { bookings, classInstances, users } from '../../db/schema/index.ts';
import { INVITED_PASSWORD_HASH } from '../accounts/invited-login.ts';
import { BOOKING_COLUMNS, BOOKING_EVENT_COLUMNS, insertMany } from './bulk-insert.ts';

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
 * A studio's client list is long: 150 at demo, so each regular comes a few times a week (36 filling every
 * class would each book about fourteen classes a week). The named regulars, then unique first/last pairs.
 */
export const DEMO_REGULARS = [
  ...REGULARS,
  ...Array.from({ length: 114 }, (_, index) => {
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

/** How far back the demo’s attendance goes: six weeks, so 30-day retention has something to say. */
export const HISTORY_DAYS = 42;

/**
 * When a demo client joined (over the past eight months, the named regulars first) and, for about one
 * in seven of the others, when they stopped coming: the studio's growth and its lapsed clients, the same
 * on every machine (drawn from the name).
 */
export function demoClientLife(name: string, now: Date): { joinedAt: Date; lapsedAt: Date | null } {
  const next = random(`life:${name}`);
  const named = REGULARS.includes(name) || name === 'Casey Client' || name === 'Cleo Client';
  // Sign-ups 30 to 240 days ago, more of them recently (a growing studio); packages were bought 27–31 days
  // ago, so everyone had joined by then.
  const daysAgo = named ? 200 + next() * 40 : 30 + Math.pow(next(), 1.4) * 210;
  const joinedAt = new Date(now.getTime() - Math.round(daysAgo) * DAY);
  const lapses = !named && next() < 0.15;
  const from = Math.max(joinedAt.getTime(), now.getTime() - HISTORY_DAYS * DAY) + 14 * DAY;
  const lapsedAt = lapses && from < now.getTime() ? new Date(from + next() * (now.getTime() - from)) : null;
  return { joinedAt, lapsedAt };
}

/**
 * Issue 9’s demo bookings (issue 14: six weeks of them): the past weeks attended (mostly checked in, a few no-shows and late
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
  // The client who logs in has been coming since long before the history starts.
  await tx
    .update(users)
    .set({ createdAt: demoClientLife('Casey Client', now).joinedAt })
    .where(and(eq(users.companyId, company.id), sql`${users.role} in ('client', 'solo-client')`));
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
        createdAt: demoClientLife(name, now).joinedAt,
      })
      .onConflictDoNothing();
  const clients = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, company.id), sql`${users.role} in ('client', 'solo-client')`));
  const lives = new Map(clients.map((client) => [client.id, demoClientLife(client.name, now)]));
  /** Whether the client came to the studio at that time: joined before, not yet lapsed. */
  const comesAt = (client: { id: string }, at: Date) => {
    const life = lives.get(client.id);
    return !life || (life.joinedAt <= at && (life.lapsedAt === null || at < life.lapsedAt));
  };
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
        gte(classInstances.startsAt, new Date(now.getTime() - HISTORY_DAYS * DAY)),
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
    const coming = others.filter((client) => comesAt(client, past ? cls.startsAt : now));
    const wanted = Math.min(coming.length, Math.round(cls.capacity * fill));
    const shuffled = [...coming].sort(() => next() - 0.5);
    const people = shuffled.slice(0, wanted);
    if (!past && demoClient && cls.startsAt.getTime() > now.getTime() + DAY) {
      if (demoPlaces < 3 && next() < 0.15) people.unshift(demoClient);
      else if (demoWaiting < 1 && wanted >= cls.capacity) people.push(demoClient);
    }
    const bookedAt = new Date(Math.min(cls.startsAt.getTime() - 3 * DAY, now.getTime() - DAY));
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
        paidWith: 'free',
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
    }
  }
  await insertMany(tx, 'bookings', BOOKING_COLUMNS, rows);
  await insertMany(tx, 'booking_events', BOOKING_EVENT_COLUMNS, events);
  // The classes' counts from the rows, in one statement, as the booking service keeps them.
  await tx.execute(sql`
    update class_instances ci
       set booked_count = c.places, waitlist_count = c.waiting
      from (select class_instance_id,
                   count(*) filter (where status in ('booked', 'offered', 'checked_in')) as places,
                   count(*) filter (where status = 'waitlisted') as waiting
              from bookings where company_id = ${company.id} group by class_instance_id) c
     where ci.company_id = ${company.id} and ci.id = c.class_instance_id`);
}
