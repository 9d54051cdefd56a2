import { and, eq, sql } from 'drizzle-orm';
import type { EventCategory } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import {
  bookingEvents,
  bookings,
  classInstances,
  eventFacilitators,
  events,
  facilitators,
  studios,
  users,
} from '../../db/schema/index.ts';
import { addDays, localDateOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';

interface DemoEvent {
  title: string;
  category: EventCategory;
  description: string;
  address: string | null;
  capacity: number;
  price: number;
  /** Days from today, local start time, minutes, and how many places are taken. */
  dates: { inDays: number; time: string; minutes: number; booked: number }[];
}

const DEMO_EVENTS: DemoEvent[] = [
  {
    title: 'Community Open Day',
    category: 'CommunityEvents',
    description:
      'Bring a friend and try every class for free: taster sessions on the hour, smoothies in the lobby and the whole team to meet.',
    address: null,
    capacity: 60,
    price: 0,
    dates: [{ inDays: 10, time: '10:00', minutes: 240, booked: 14 }],
  },
  {
    title: 'Mobility & Recovery Workshop',
    category: 'FitnessAndWellness',
    description:
      'Ninety minutes on hips, shoulders and spine: tools you can use after every class, with foam rollers and bands provided.',
    address: null,
    capacity: 16,
    price: 3500,
    dates: [
      { inDays: 6, time: '14:00', minutes: 90, booked: 6 },
      { inDays: 13, time: '14:00', minutes: 90, booked: 3 },
    ],
  },
  {
    title: 'Sunset Yoga in the Park',
    category: 'FitnessAndWellness',
    description:
      'An all-levels flow on the lawn as the sun goes down. Bring a mat and water; we bring the music.',
    address: 'Piedmont Park, 400 Park Dr NE, Atlanta, GA 30306',
    capacity: 20,
    price: 1500,
    dates: [{ inDays: 4, time: '18:30', minutes: 60, booked: 19 }],
  },
];

/**
 * Issue 12's demo events: a free open day, a paid two-date workshop with a few bookings, and a park
 * class one place from full. Added once, when the company has no events yet; their dates are class
 * instances of kind 'event' with counts set from the rows, as the booking service keeps them.
 */
export async function seedEvents(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo' },
  now = new Date(),
): Promise<void> {
  if (company.kind !== 'company') return;
  const [existing] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.companyId, company.id))
    .limit(1);
  if (existing) return;
  const [studio] = await tx
    .select()
    .from(studios)
    .where(eq(studios.companyId, company.id))
    .orderBy(studios.id)
    .limit(1);
  if (!studio) return;
  const hosts = await tx
    .select({ id: facilitators.id })
    .from(facilitators)
    .where(eq(facilitators.companyId, company.id))
    .orderBy(facilitators.id);
  const clients = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, company.id),
        eq(users.role, 'client'),
        sql`${users.email} <> ${'client@demo.test'}`,
      ),
    )
    .orderBy(users.id)
    .limit(40);
  const today = localDateOf(now, studio.timeZone);
  for (const [index, demo] of DEMO_EVENTS.entries()) {
    const eventId = generateId();
    await tx.insert(events).values({
      companyId: company.id,
      id: eventId,
      title: demo.title,
      category: demo.category,
      description: demo.description,
      studioId: studio.id,
      address: demo.address,
      capacity: demo.capacity,
      price: demo.price,
    });
    const host = hosts[index % Math.max(1, hosts.length)];
    if (host)
      await tx.insert(eventFacilitators).values({ companyId: company.id, eventId, facilitatorId: host.id });
    for (const date of demo.dates) {
      const localDate = addDays(today, date.inDays);
      const startsAt = zonedInstant(localDate, date.time, studio.timeZone);
      const dateId = generateId();
      const people = clients.slice(0, Math.min(date.booked, demo.capacity));
      await tx.insert(classInstances).values({
        companyId: company.id,
        id: dateId,
        kind: 'event',
        eventId,
        studioId: studio.id,
        localDate,
        startsAt,
        endsAt: new Date(startsAt.getTime() + date.minutes * 60_000),
        capacity: demo.capacity,
        bookedCount: people.length,
      });
      const bookedAt = new Date(now.getTime() - 2 * 86_400_000);
      for (const [position, client] of people.entries()) {
        const id = generateId(bookedAt.getTime() + position * 1000);
        await tx.insert(bookings).values({
          companyId: company.id,
          id,
          classInstanceId: dateId,
          clientId: client.id,
          status: 'booked',
          // A paid event's place is paid at the studio (a drop-in without an online order yet).
          paidWith: demo.price === 0 ? 'free' : 'drop-in',
          bookedBy: client.id,
          createdAt: bookedAt,
          updatedAt: bookedAt,
        });
        await tx.insert(bookingEvents).values({
          companyId: company.id,
          id: generateId(bookedAt.getTime() + position * 1000),
          bookingId: id,
          fromStatus: null,
          toStatus: 'booked',
          actorId: client.id,
          reason: 'Booked by the client',
          at: bookedAt,
        });
      }
    }
  }
}
