import { and, asc, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus, ClassStatus, RuleOverrides } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import {
  appointmentTypes,
  bookingEvents,
  bookings,
  classInstances,
  classTemplates,
  clientPackages,
  companies,
  eventPackages,
  events,
  fitnessSessions,
  idempotencyKeys,
  orders,
  studios,
  users,
} from '../../db/schema/index.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** What the booking rules need of a class, read with the class row locked. */
export interface LockedClass {
  id: string;
  status: ClassStatus;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  bookedCount: number;
  waitlistCount: number;
  timeZone: string;
  /** The class's template; null for an event's date. */
  templateId: string | null;
  /** The event whose date this is (kind 'event'); null for a class. */
  eventId: string | null;
  /**
   * For an event's date or an appointment: the packages that may pay for it (none = pay each time); null
   * for a class (its packages say which templates they cover).
   */
  eventPackageIds: string[] | null;
  /** An appointment's type (kind 'appointment'); null for classes and events. */
  appointmentTypeId: string | null;
  studioId: string;
  /** The class's template name, or the event's title. */
  templateName: string;
  studioName: string;
  /** The series' drop-in price, or the event's price (minor units); 0 = free. */
  dropInPrice: number;
  ruleOverrides: RuleOverrides | null;
  company: { slug: string; name: string; kind: string; currency: string; locale: string; timeZone: string };
}

/**
 * Locks one class row (`FOR UPDATE`) and reads what its bookings need. Every change of a class's bookings
 * starts here, so changes to one class run one at a time, from any number of server processes, while
 * other classes are booked in parallel.
 */
export async function lockClass(
  tx: Executor,
  companyId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LockedClass | undefined> {
  const query = tx
    .select({
      id: classInstances.id,
      status: classInstances.status,
      startsAt: classInstances.startsAt,
      endsAt: classInstances.endsAt,
      capacity: classInstances.capacity,
      bookedCount: classInstances.bookedCount,
      waitlistCount: classInstances.waitlistCount,
      timeZone: studios.timeZone,
      templateId: classInstances.templateId,
      eventId: classInstances.eventId,
      studioId: classInstances.studioId,
      appointmentTypeId: classInstances.appointmentTypeId,
      templateName: sql<string>`coalesce(${classTemplates.name}, ${events.title}, ${appointmentTypes.name})`,
      studioName: studios.name,
      dropInPrice: sql<number>`coalesce(${fitnessSessions.dropInPrice}, ${events.price}, ${appointmentTypes.price})::int`,
      ruleOverrides: sql<RuleOverrides | null>`coalesce(${fitnessSessions.ruleOverrides}, ${appointmentTypes.ruleOverrides})`,
      appointmentPackageIds: appointmentTypes.packageIds,
      eventWaitlist: events.waitlist,
      company: {
        slug: companies.slug,
        name: companies.name,
        kind: companies.kind,
        currency: companies.currency,
        locale: companies.locale,
        timeZone: companies.timeZone,
      },
    })
    .from(classInstances)
    .innerJoin(
      studios,
      and(eq(studios.companyId, classInstances.companyId), eq(studios.id, classInstances.studioId)),
    )
    // A class has its template and series; an event's date (kind 'event') has its event instead.
    .leftJoin(
      classTemplates,
      and(
        eq(classTemplates.companyId, classInstances.companyId),
        eq(classTemplates.id, classInstances.templateId),
      ),
    )
    .leftJoin(
      fitnessSessions,
      and(
        eq(fitnessSessions.companyId, classInstances.companyId),
        eq(fitnessSessions.id, classInstances.fitnessSessionId),
      ),
    )
    .leftJoin(
      events,
      and(eq(events.companyId, classInstances.companyId), eq(events.id, classInstances.eventId)),
    )
    // An appointment (kind 'appointment') has its type: name, price, rules and the packages that pay.
    .leftJoin(
      appointmentTypes,
      and(
        eq(appointmentTypes.companyId, classInstances.companyId),
        eq(appointmentTypes.id, classInstances.appointmentTypeId),
      ),
    )
    .innerJoin(companies, eq(companies.id, classInstances.companyId))
    .where(and(eq(classInstances.companyId, companyId), eq(classInstances.id, id)));
  // A read for a preview (what a booking would pay with) takes no lock.
  const [row] = options.lock === false ? await query : await query.for('update', { of: classInstances });
  if (!row) return undefined;
  const eventPackageIds =
    row.appointmentTypeId !== null
      ? (row.appointmentPackageIds ?? [])
      : row.eventId === null
        ? null
        : (
            await tx
              .select({ packageId: eventPackages.packageId })
              .from(eventPackages)
              .where(and(eq(eventPackages.companyId, companyId), eq(eventPackages.eventId, row.eventId)))
          ).map((link) => link.packageId);
  const { eventWaitlist, appointmentPackageIds: _appointmentPackageIds, ...rest } = row;
  return {
    ...rest,
    dropInPrice: Number(row.dropInPrice),
    eventPackageIds,
    status: row.status as ClassStatus,
    // An event with its waitlist off, and every appointment, take nobody on a waitlist; otherwise the
    // company's rules apply, under the series' or the appointment type's own.
    ruleOverrides:
      row.appointmentTypeId !== null
        ? { ...(row.ruleOverrides ?? {}), waitlistEnabled: false }
        : (row.ruleOverrides ?? (eventWaitlist === false ? { waitlistEnabled: false } : null)),
  };
}

/** Adds to a class's counts (places taken, people waiting); the CHECK keeps places within capacity. */
export async function addToCounts(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
  change: { places?: number; waiting?: number },
): Promise<void> {
  if (!change.places && !change.waiting) return;
  await tx
    .update(classInstances)
    .set({
      bookedCount: sql`${classInstances.bookedCount} + ${change.places ?? 0}`,
      waitlistCount: sql`${classInstances.waitlistCount} + ${change.waiting ?? 0}`,
      updatedAt: new Date(),
    })
    .where(and(eq(classInstances.companyId, companyId), eq(classInstances.id, classInstanceId)));
}

/**
 * An appointment whose last client cancelled: the instance is cancelled too (its time is free again for
 * the exclusion constraints and the free slots). Called with the row locked, in the cancelling transaction.
 */
export async function cancelEmptiedAppointment(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(classInstances)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(classInstances.companyId, companyId),
        eq(classInstances.id, classInstanceId),
        eq(classInstances.kind, 'appointment'),
        eq(classInstances.status, 'scheduled'),
      ),
    );
}

export async function findBooking(
  tx: Executor,
  companyId: string,
  id: string,
  { lock = false } = {},
): Promise<BookingRow | undefined> {
  const query = tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findActiveBooking(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
  clientId: string,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.classInstanceId, classInstanceId),
        eq(bookings.clientId, clientId),
        inArray(bookings.status, ['booked', 'waitlisted', 'offered', 'checked_in']),
      ),
    );
  return row;
}

export async function insertBooking(tx: Executor, row: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [inserted] = await tx.insert(bookings).values(row).returning();
  if (!inserted) throw new Error('The booking was not inserted');
  return inserted;
}

export async function updateBooking(
  tx: Executor,
  companyId: string,
  id: string,
  change: Partial<typeof bookings.$inferInsert>,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(bookings.companyId, companyId), eq(bookings.id, id)))
    .returning();
  if (!row) throw new Error('The booking was not updated');
  return row;
}

/** The history: every status a booking takes, with who (null = the system) and why. */
export async function recordChange(
  tx: Executor,
  companyId: string,
  event: {
    bookingId: string;
    from: BookingStatus | null;
    to: BookingStatus;
    actorId: string | null;
    reason?: string;
    at: Date;
  },
): Promise<void> {
  await recordChanges(tx, companyId, [event]);
}

export async function recordChanges(
  tx: Executor,
  companyId: string,
  events: {
    bookingId: string;
    from: BookingStatus | null;
    to: BookingStatus;
    actorId: string | null;
    reason?: string;
    at: Date;
  }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(bookingEvents).values(
    events.map((event) => ({
      companyId,
      id: generateId(event.at.getTime()),
      bookingId: event.bookingId,
      fromStatus: event.from,
      toStatus: event.to,
      actorId: event.actorId,
      reason: event.reason ?? null,
      at: event.at,
    })),
  );
}

/** The next in line: the earliest to join the waitlist. */
export async function firstWaiting(tx: Executor, companyId: string, classInstanceId: string) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.classInstanceId, classInstanceId),
        eq(bookings.status, 'waitlisted'),
      ),
    )
    .orderBy(asc(bookings.waitlistedAt), asc(bookings.id))
    .limit(1)
    .for('update');
  return row;
}

/** 1 for the next in line. */
export async function waitlistPosition(
  tx: Executor,
  companyId: string,
  booking: BookingRow,
): Promise<number | null> {
  if (booking.status !== 'waitlisted' || !booking.waitlistedAt) return null;
  const [row] = await tx
    .select({ ahead: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.classInstanceId, booking.classInstanceId),
        eq(bookings.status, 'waitlisted'),
        or(
          sql`${bookings.waitlistedAt} < ${booking.waitlistedAt.toISOString()}`,
          and(eq(bookings.waitlistedAt, booking.waitlistedAt), sql`${bookings.id} < ${booking.id}`),
        ),
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

const rosterColumns = {
  booking: bookings,
  clientName: users.name,
  clientEmail: users.email,
  clientPhone: users.phone,
};

function withClient(tx: Executor) {
  return tx
    .select(rosterColumns)
    .from(bookings)
    .innerJoin(users, and(eq(users.companyId, bookings.companyId), eq(users.id, bookings.clientId)));
}

export type BookingWithClient = Awaited<ReturnType<ReturnType<typeof withClient>['execute']>>[number];

/** A class's bookings: places, then the waitlist in order, then the ended ones (latest first). */
export async function rosterOf(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
): Promise<BookingWithClient[]> {
  const rank = sql`case ${bookings.status} when 'checked_in' then 0 when 'booked' then 0 when 'offered' then 1 when 'waitlisted' then 2 else 3 end`;
  return withClient(tx)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.classInstanceId, classInstanceId)))
    .orderBy(rank, asc(bookings.waitlistedAt), asc(users.name), desc(bookings.updatedAt));
}

export async function bookingWithClient(
  tx: Executor,
  companyId: string,
  id: string,
): Promise<BookingWithClient | undefined> {
  const [row] = await withClient(tx).where(and(eq(bookings.companyId, companyId), eq(bookings.id, id)));
  return row;
}

/** A client's bookings of classes that have not ended, soonest first (optionally of one class). */
export async function clientBookings(
  tx: Executor,
  companyId: string,
  clientId: string,
  options: { classInstanceId?: string | undefined; now: Date; past?: boolean },
) {
  const conditions: SQL[] = [eq(bookings.companyId, companyId), eq(bookings.clientId, clientId)];
  if (options.classInstanceId) conditions.push(eq(bookings.classInstanceId, options.classInstanceId));
  else if (options.past) conditions.push(lte(classInstances.endsAt, options.now));
  else conditions.push(gt(classInstances.endsAt, options.now));
  const query = withClient(tx)
    .innerJoin(
      classInstances,
      and(eq(classInstances.companyId, bookings.companyId), eq(classInstances.id, bookings.classInstanceId)),
    )
    .where(and(...conditions));
  return options.past && !options.classInstanceId
    ? query.orderBy(desc(classInstances.startsAt), desc(bookings.createdAt)).limit(50)
    : query.orderBy(asc(classInstances.startsAt), desc(bookings.createdAt));
}

/** Every booking still holding a place or waiting, for the classes the studio cancels. */
export async function activeBookingsOf(tx: Executor, companyId: string, classInstanceIds: readonly string[]) {
  if (classInstanceIds.length === 0) return [];
  return withClient(tx)
    .where(
      and(
        eq(bookings.companyId, companyId),
        inArray(bookings.classInstanceId, [...classInstanceIds]),
        inArray(bookings.status, ['booked', 'waitlisted', 'offered', 'checked_in']),
      ),
    )
    .for('update', { of: bookings });
}

/** Offers whose hold has run out, by company (read on the platform path by the expiry job). */
export async function expiredOffers(tx: Executor, now: Date, limit = 500) {
  return tx
    .select({ companyId: bookings.companyId, id: bookings.id, classInstanceId: bookings.classInstanceId })
    .from(bookings)
    .where(and(eq(bookings.status, 'offered'), lte(bookings.offerExpiresAt, now)))
    .orderBy(asc(bookings.offerExpiresAt))
    .limit(limit);
}

/** Clients of the company, searched by name, email or phone. */
export async function searchClients(
  tx: Executor,
  companyId: string,
  query: { q?: string | undefined; page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(users.companyId, companyId), inArray(users.role, ['client', 'solo-client'])];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(users.name, like), ilike(users.email, like), ilike(users.phone, like)) as SQL);
  }
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

export async function findClient(tx: Executor, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.companyId, companyId), eq(users.id, id), inArray(users.role, ['client', 'solo-client'])),
    );
  return row;
}

/**
 * Claims an idempotency key in the caller's transaction. A second request with the same key waits on the
 * first one's row until it commits, then finds its answer; if the first failed (rolled back), the key is
 * free again and the second request does the work.
 */
export async function claimIdempotencyKey(
  tx: Executor,
  key: { companyId: string; userId: string; key: string; request: string },
): Promise<{ claimed: true } | { claimed: false; request: string; response: unknown }> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(key)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { claimed: true };
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.companyId, key.companyId),
        eq(idempotencyKeys.userId, key.userId),
        eq(idempotencyKeys.key, key.key),
      ),
    );
  return { claimed: false, request: row?.request ?? '', response: row?.response ?? null };
}

export async function storeIdempotentAnswer(
  tx: Executor,
  key: { companyId: string; userId: string; key: string },
  response: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response })
    .where(
      and(
        eq(idempotencyKeys.companyId, key.companyId),
        eq(idempotencyKeys.userId, key.userId),
        eq(idempotencyKeys.key, key.key),
      ),
    );
}

/** A series' classes to come with a free place and someone waiting (after a capacity was raised). */
export async function classesWithOpenPlaces(
  tx: Executor,
  companyId: string,
  seriesIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const rows = await tx
    .select({ id: classInstances.id })
    .from(classInstances)
    .where(
      and(
        eq(classInstances.companyId, companyId),
        inArray(classInstances.fitnessSessionId, [...new Set(seriesIds)]),
        eq(classInstances.status, 'scheduled'),
        gt(classInstances.startsAt, now),
        gt(classInstances.waitlistCount, 0),
        sql`${classInstances.bookedCount} < ${classInstances.capacity}`,
      ),
    )
    .orderBy(asc(classInstances.startsAt));
  return rows.map((row) => row.id);
}

/** The names of the packs and memberships, and the drop-in orders, that pay these bookings (one query each). */
export async function paymentsOf(tx: Executor, companyId: string, rows: readonly BookingRow[]) {
  const packageIds = [...new Set(rows.flatMap((row) => (row.clientPackageId ? [row.clientPackageId] : [])))];
  const orderIds = [...new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
  const [held, owed] = await Promise.all([
    packageIds.length === 0
      ? []
      : tx
          .select({ id: clientPackages.id, name: sql<string>`${clientPackages.terms} ->> 'name'` })
          .from(clientPackages)
          .where(and(eq(clientPackages.companyId, companyId), inArray(clientPackages.id, packageIds))),
    orderIds.length === 0
      ? []
      : tx
          .select({ id: orders.id, total: orders.total, paid: orders.paid, currency: orders.currency })
          .from(orders)
          .where(and(eq(orders.companyId, companyId), inArray(orders.id, orderIds))),
  ]);
  return {
    packageNames: new Map(held.map((row) => [row.id, row.name])),
    orders: new Map(owed.map((row) => [row.id, row])),
  };
}
