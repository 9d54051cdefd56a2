import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REMINDER_HOURS_DEFAULT, type WeekRanges } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import {
  appointmentTypes,
  availabilityExceptions,
  bookingEvents,
  bookings,
  classInstances,
  instructorWorkingHours,
  instructors,
  packages,
  payRates,
  studioRooms,
  studios,
  users,
} from '../../db/schema/index.ts';
import { addDays, localDateOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';
import { OrderBatch } from './seed-packages.ts';

const MINUTE = 60_000;

interface DemoType {
  name: string;
  description: string;
  durationMinutes: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  slotIntervalMinutes?: number;
  price: number;
  /** Package names that pay for it. */
  packages?: string[];
  instructors: string[];
  studios: string[];
  rooms?: string[];
  maxAttendees?: number;
  ruleOverrides?: {
    freeCancellationHoursBefore?: number;
    lateCancelFee?: number;
    bookingClosesMinutesBefore?: number;
  };
}

const COMPANY_TYPES: DemoType[] = [
  {
    name: 'Private Reformer Session',
    description: 'One-to-one on the reformer: a session shaped around your body and goals.',
    durationMinutes: 55,
    bufferAfterMinutes: 10,
    // On the half hour (a 55-minute session would otherwise start at 10:00, 10:55, 11:50 …).
    slotIntervalMinutes: 30,
    price: 9500,
    packages: ['10-Class Pack', '20-Class Pack'],
    instructors: ['Indira Instructor', 'Aisha Bello'],
    studios: ['Midtown'],
    rooms: ['Reformer Room'],
    ruleOverrides: { freeCancellationHoursBefore: 24, lateCancelFee: 4000, bookingClosesMinutesBefore: 120 },
  },
  {
    name: 'Personal Training',
    description: 'Strength and conditioning with a coach, at Midtown or Decatur.',
    durationMinutes: 60,
    bufferAfterMinutes: 15,
    price: 8000,
    instructors: ['Marco Reyes', 'Tom Nguyen'],
    studios: ['Midtown', 'Decatur'],
  },
  {
    name: 'Duo Pilates',
    description: 'Semi-private reformer for up to three friends.',
    durationMinutes: 55,
    bufferAfterMinutes: 5,
    slotIntervalMinutes: 30,
    price: 4500,
    packages: ['10-Class Pack'],
    instructors: ['Indira Instructor'],
    studios: ['Midtown'],
    rooms: ['Reformer Room'],
    maxAttendees: 3,
  },
  {
    name: 'Fitness Assessment',
    description: 'A free 30-minute check-in for new members: goals, movement screen, a plan.',
    durationMinutes: 30,
    slotIntervalMinutes: 30,
    price: 0,
    instructors: ['Marco Reyes', 'Aisha Bello', 'Tom Nguyen'],
    studios: ['Midtown', 'Decatur'],
  },
];

const SOLO_TYPES: DemoType[] = [
  {
    name: 'Private Yoga',
    description: 'A one-to-one practice at your pace.',
    durationMinutes: 60,
    bufferAfterMinutes: 15,
    price: 7000,
    instructors: ['Sol Instructor'],
    studios: ['*'],
  },
];

const week = (days: string[], ranges: { start: string; end: string }[]): WeekRanges =>
  Object.fromEntries(days.map((day) => [day, ranges]));
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** Working hours: instructor → studio → week (the studio's clock). */
const COMPANY_HOURS: { instructor: string; studio: string; hours: WeekRanges }[] = [
  {
    instructor: 'Indira Instructor',
    studio: 'Midtown',
    hours: week(WEEKDAYS, [{ start: '10:00', end: '16:00' }]),
  },
  {
    instructor: 'Aisha Bello',
    studio: 'Midtown',
    hours: {
      ...week(['tuesday', 'thursday'], [{ start: '09:00', end: '15:00' }]),
      saturday: [{ start: '09:00', end: '13:00' }],
    },
  },
  {
    instructor: 'Marco Reyes',
    studio: 'Midtown',
    hours: week(['monday', 'wednesday', 'friday'], [{ start: '07:00', end: '12:00' }]),
  },
  {
    instructor: 'Marco Reyes',
    studio: 'Decatur',
    hours: week(['tuesday', 'thursday'], [{ start: '13:00', end: '19:00' }]),
  },
  {
    instructor: 'Tom Nguyen',
    studio: 'Decatur',
    hours: week(WEEKDAYS, [
      { start: '08:00', end: '11:00' },
      { start: '15:00', end: '18:00' },
    ]),
  },
];

const SOLO_HOURS = [
  {
    instructor: 'Sol Instructor',
    studio: '*',
    hours: week(WEEKDAYS, [{ start: '11:00', end: '15:00' }]),
  },
];

/** Appointments to book: day offset from today, instructor, type, the clients (by name) and a wished start. */
const COMPANY_BOOKINGS: {
  day: number;
  type: string;
  instructor: string;
  studio: string;
  clients: string[];
  at: string;
}[] = [
  {
    day: -6,
    type: 'Private Reformer Session',
    instructor: 'Indira Instructor',
    studio: 'Midtown',
    clients: ['Maya Brooks'],
    at: '11:00',
  },
  {
    day: -5,
    type: 'Personal Training',
    instructor: 'Marco Reyes',
    studio: 'Decatur',
    clients: ['Noah Kim'],
    at: '14:00',
  },
  {
    day: -4,
    type: 'Duo Pilates',
    instructor: 'Indira Instructor',
    studio: 'Midtown',
    clients: ['Olivia Chen', 'Ava Patel'],
    at: '13:00',
  },
  {
    day: -3,
    type: 'Fitness Assessment',
    instructor: 'Tom Nguyen',
    studio: 'Decatur',
    clients: ['Lucas Martin'],
    at: '09:00',
  },
  {
    day: -1,
    type: 'Personal Training',
    instructor: 'Tom Nguyen',
    studio: 'Decatur',
    clients: ['Ethan Johnson'],
    at: '16:00',
  },
  {
    day: 0,
    type: 'Private Reformer Session',
    instructor: 'Indira Instructor',
    studio: 'Midtown',
    clients: ['Sofia Alvarez'],
    at: '14:00',
  },
  {
    day: 1,
    type: 'Private Reformer Session',
    instructor: 'Indira Instructor',
    studio: 'Midtown',
    clients: ['Casey Client'],
    at: '11:00',
  },
  {
    day: 1,
    type: 'Personal Training',
    instructor: 'Marco Reyes',
    studio: 'Midtown',
    clients: ['Liam Carter'],
    at: '08:00',
  },
  {
    day: 2,
    type: 'Duo Pilates',
    instructor: 'Indira Instructor',
    studio: 'Midtown',
    clients: ['Mia Thompson'],
    at: '12:00',
  },
  {
    day: 2,
    type: 'Fitness Assessment',
    instructor: 'Aisha Bello',
    studio: 'Midtown',
    clients: ['Harper Wilson'],
    at: '10:00',
  },
  {
    day: 3,
    type: 'Personal Training',
    instructor: 'Tom Nguyen',
    studio: 'Decatur',
    clients: ['Mason Lee'],
    at: '09:00',
  },
  {
    day: 4,
    type: 'Private Reformer Session',
    instructor: 'Aisha Bello',
    studio: 'Midtown',
    clients: ['Isabella Rossi'],
    at: '11:00',
  },
  {
    day: 5,
    type: 'Personal Training',
    instructor: 'Marco Reyes',
    studio: 'Decatur',
    clients: ['Logan Garcia'],
    at: '15:00',
  },
];

const SOLO_BOOKINGS = [
  {
    day: -2,
    type: 'Private Yoga',
    instructor: 'Sol Instructor',
    studio: '*',
    clients: ['Cleo Client'],
    at: '12:00',
  },
  {
    day: 2,
    type: 'Private Yoga',
    instructor: 'Sol Instructor',
    studio: '*',
    clients: ['Cleo Client'],
    at: '11:00',
  },
];

/**
 * Issue 17's demo: appointment types, the instructors' working hours (with a day off and extra hours),
 * and a fortnight of private sessions around today (past ones attended, a few to come, one of them Casey
 * Client's), paid as drop-ins, so the Appointment calendar and the client's bookings look lived in. Each
 * booked time is moved to the next free hour when a class holds the instructor or the room (the exclusion
 * constraints would refuse it). Added only when the company has no appointment types yet.
 */
export async function seedAppointments(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo'; timeZone: string; currency: string },
  now = new Date(),
): Promise<void> {
  const [existing] = await tx
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(eq(appointmentTypes.companyId, company.id))
    .limit(1);
  if (existing) return;
  const solo = company.kind === 'solo';

  const people = await tx
    .select({ id: instructors.id, name: instructors.name })
    .from(instructors)
    .where(eq(instructors.companyId, company.id));
  const studioRows = await tx
    .select({ id: studios.id, name: studios.name, timeZone: studios.timeZone })
    .from(studios)
    .where(eq(studios.companyId, company.id))
    .orderBy(asc(studios.createdAt));
  if (people.length === 0 || studioRows.length === 0) return;
  const rooms = await tx
    .select({ id: studioRooms.id, name: studioRooms.name, studioId: studioRooms.studioId })
    .from(studioRooms)
    .where(eq(studioRooms.companyId, company.id));
  const packageRows = await tx
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(eq(packages.companyId, company.id));
  const instructorId = (name: string) => people.find((person) => person.name === name)?.id;
  // A solo company's one studio is '*'.
  const studioOf = (name: string) =>
    name === '*' ? studioRows[0] : studioRows.find((row) => row.name === name);

  const types = new Map<string, { id: string; values: DemoType }>();
  for (const values of solo ? SOLO_TYPES : COMPANY_TYPES) {
    const instructorIds = values.instructors.map(instructorId).filter((id): id is string => Boolean(id));
    const studioIds = values.studios
      .map((name) => studioOf(name)?.id)
      .filter((id): id is string => Boolean(id));
    if (instructorIds.length === 0 || studioIds.length === 0) continue;
    const id = generateId(now.getTime());
    await tx.insert(appointmentTypes).values({
      companyId: company.id,
      id,
      name: values.name,
      description: values.description,
      durationMinutes: values.durationMinutes,
      bufferBeforeMinutes: values.bufferBeforeMinutes ?? 0,
      bufferAfterMinutes: values.bufferAfterMinutes ?? 0,
      slotIntervalMinutes: values.slotIntervalMinutes ?? null,
      price: values.price,
      packageIds: (values.packages ?? [])
        .map((name) => packageRows.find((row) => row.name === name)?.id)
        .filter((packageId): packageId is string => Boolean(packageId)),
      instructorIds,
      studioIds,
      roomIds: (values.rooms ?? [])
        .map((name) => rooms.find((room) => room.name === name && studioIds.includes(room.studioId))?.id)
        .filter((roomId): roomId is string => Boolean(roomId)),
      maxAttendees: values.maxAttendees ?? 1,
      ruleOverrides: values.ruleOverrides ?? null,
    });
    types.set(values.name, { id, values });
  }

  for (const row of solo ? SOLO_HOURS : COMPANY_HOURS) {
    const person = instructorId(row.instructor);
    const studio = studioOf(row.studio);
    if (!person || !studio) continue;
    await tx.insert(instructorWorkingHours).values({
      companyId: company.id,
      instructorId: person,
      studioId: studio.id,
      hours: row.hours,
    });
  }

  const today = localDateOf(now, company.timeZone);
  // A day off next week and extra Sunday hours, so the Availability tab shows both kinds.
  const marco = instructorId(solo ? 'Sol Instructor' : 'Marco Reyes');
  if (marco)
    await tx.insert(availabilityExceptions).values({
      companyId: company.id,
      id: generateId(now.getTime()),
      instructorId: marco,
      date: addDays(today, 9),
      kind: 'off',
      note: 'Conference',
    });
  const aisha = solo ? undefined : instructorId('Aisha Bello');
  const midtown = studioOf('Midtown');
  if (aisha && midtown)
    await tx.insert(availabilityExceptions).values({
      companyId: company.id,
      id: generateId(now.getTime()),
      instructorId: aisha,
      date: addDays(today, 10),
      kind: 'extra',
      studioId: midtown.id,
      startTime: '10:00',
      endTime: '13:00',
      note: 'Sunday extra hours',
    });

  // Appointment pay rates beside the class rates (issue 15): per session.
  if (!solo)
    for (const [name, amount] of [
      ['Indira Instructor', 4500],
      ['Aisha Bello', 4500],
      ['Marco Reyes', 4000],
      ['Tom Nguyen', 3500],
    ] as const) {
      const person = instructorId(name);
      if (!person) continue;
      await tx.insert(payRates).values({
        companyId: company.id,
        id: generateId(now.getTime()),
        instructorId: person,
        service: 'appointment',
        effectiveFrom: addDays(today, -120),
        kind: 'per_class',
        amount,
      });
    }

  const clientNames = [
    ...new Set((solo ? SOLO_BOOKINGS : COMPANY_BOOKINGS).flatMap((entry) => entry.clients)),
  ];
  const clients = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, company.id), inArray(users.name, clientNames)));
  const sales = await OrderBatch.start(tx, company);
  for (const entry of solo ? SOLO_BOOKINGS : COMPANY_BOOKINGS) {
    const type = types.get(entry.type);
    const person = instructorId(entry.instructor);
    const studio = studioOf(entry.studio);
    const attendees = entry.clients
      .map((name) => clients.find((client) => client.name === name))
      .filter((client): client is { id: string; name: string } => Boolean(client));
    if (!type || !person || !studio || attendees.length === 0) continue;
    const date = addDays(today, entry.day);
    const roomId =
      (type.values.rooms ?? [])
        .map((name) => rooms.find((room) => room.name === name && room.studioId === studio.id)?.id)
        .find(Boolean) ?? null;
    const duration = type.values.durationMinutes;
    const before = type.values.bufferBeforeMinutes ?? 0;
    const after = type.values.bufferAfterMinutes ?? 0;
    // The wished time, else the next free hour that day (classes hold instructors and rooms).
    let startsAt: Date | undefined;
    for (let hour = 0; hour < 8 && !startsAt; hour += 1) {
      const candidate = new Date(
        zonedInstant(date, entry.at, studio.timeZone).getTime() + hour * 60 * MINUTE,
      );
      const from = new Date(candidate.getTime() - before * MINUTE);
      const until = new Date(candidate.getTime() + (duration + after) * MINUTE);
      const clash = await tx.execute(sql`
        select 1 from class_instances
         where company_id = ${company.id} and status = 'scheduled'
           and (instructor_id = ${person} or assistant_id = ${person} or (${roomId}::char(24) is not null and room_id = ${roomId}))
           and tstzrange(blocked_from, blocked_until) && tstzrange(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)
         limit 1`);
      if (clash.rows.length === 0) startsAt = candidate;
    }
    if (!startsAt) continue;
    const past = startsAt <= now;
    const instanceId = generateId(startsAt.getTime() - 3 * 86_400_000);
    await tx.insert(classInstances).values({
      companyId: company.id,
      id: instanceId,
      kind: 'appointment',
      appointmentTypeId: type.id,
      studioId: studio.id,
      roomId,
      instructorId: person,
      localDate: date,
      startsAt,
      endsAt: new Date(startsAt.getTime() + duration * MINUTE),
      capacity: type.values.maxAttendees ?? 1,
      bookedCount: attendees.length,
      bufferBeforeMinutes: before,
      bufferAfterMinutes: after,
      notes: entry.clients.length > 1 ? 'Booked together' : null,
    });
    for (const client of attendees) {
      const bookedAt = new Date(Math.min(now.getTime(), startsAt.getTime()) - 4 * 86_400_000);
      const bookingId = generateId(bookedAt.getTime());
      const price = type.values.price;
      const label = `${type.values.name}, ${date}`;
      const orderId =
        price > 0
          ? sales.add(
              client.id,
              'drop-in',
              `Drop-in: ${label}`,
              price,
              bookingId,
              bookedAt,
              past ? startsAt : null,
            )
          : null;
      const status = past ? 'checked_in' : 'booked';
      await tx.insert(bookings).values({
        companyId: company.id,
        id: bookingId,
        classInstanceId: instanceId,
        clientId: client.id,
        status,
        paidWith: price > 0 ? 'drop-in' : 'free',
        orderId,
        bookedBy: client.id,
        // As the class bookings' history (seed-bookings.ts): sessions already inside the reminder time were
        // reminded then, so the first start does not remind them all at once.
        reminderSentAt:
          !past && startsAt.getTime() - now.getTime() <= REMINDER_HOURS_DEFAULT * 3_600_000
            ? new Date(startsAt.getTime() - REMINDER_HOURS_DEFAULT * 3_600_000)
            : null,
        createdAt: bookedAt,
        updatedAt: past ? startsAt : bookedAt,
      });
      await tx.insert(bookingEvents).values([
        {
          companyId: company.id,
          id: generateId(bookedAt.getTime()),
          bookingId,
          fromStatus: null,
          toStatus: 'booked',
          actorId: client.id,
          reason: 'Booked by the client',
          at: bookedAt,
        },
        ...(past
          ? [
              {
                companyId: company.id,
                id: generateId(startsAt.getTime()),
                bookingId,
                fromStatus: 'booked' as const,
                toStatus: 'checked_in' as const,
                actorId: null,
                reason: 'Checked in at the desk',
                at: startsAt,
              },
            ]
          : []),
      ]);
    }
  }
  await sales.save();
}
