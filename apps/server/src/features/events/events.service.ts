import { companyBySlug } from '../public-company/public-company.service.ts';
import type {
  CalendarEventDatesDto,
  EventDatesQuery,
  EventDto,
  EventsListDto,
  EventsQuery,
  EventValues,
  PublicEventDto,
} from '@kinetic/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { classInstances, events, facilitators, packages, studios } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { companyOrNotFound } from '../accounts/accounts.repo.ts';
import { endBookingsOfCancelledClasses } from '../class-instances/class-cancellation.ts';
import { findInstance, insertInstances, updateInstance } from '../class-instances/class-instances.repo.ts';
import { classesBeforeChange, notifyClassChanges } from '../fitness-sessions/class-changes.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import {
  bookingsOfDate,
  bookingsOfEvent,
  datesOf,
  eventDatesInRange,
  findEvent,
  linksOf,
  pageOfEvents,
  replaceLinks,
  toDateDto,
  type EventWithStudio,
} from './events.repo.ts';

const eventNotFound = () => notFound('We could not find that event.');
const dateNotFound = () => notFound('We could not find that date of the event.');

type DateValues = { startsAt: string; durationMinutes: number; capacity?: number | undefined };
type CreateValues = EventValues & { dates: DateValues[] };

async function describe(
  tx: Executor,
  companyId: string,
  rows: EventWithStudio[],
  options: { from?: Date; onlyScheduled?: boolean } = {},
): Promise<EventDto[]> {
  const ids = rows.map((row) => row.id);
  const company = await companyOrNotFound(tx, companyId);
  const dates = await datesOf(tx, companyId, ids, options);
  const links = await linksOf(tx, companyId, ids);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    image: row.image,
    studioId: row.studioId,
    studioName: row.studioName,
    timeZone: row.timeZone,
    address: row.address,
    capacity: row.capacity,
    price: row.price,
    currency: company.currency,
    facilitatorIds: links.facilitators.filter((link) => link.eventId === row.id).map((link) => link.id),
    packageIds: links.packages.filter((link) => link.eventId === row.id).map((link) => link.id),
    visibility: row.visibility,
    waitlist: row.waitlist,
    dates: dates.filter((date) => date.eventId === row.id).map(toDateDto),
  }));
}

async function one(tx: Executor, companyId: string, id: string): Promise<EventDto> {
  const row = await findEvent(tx, companyId, id);
  if (!row) throw eventNotFound();
  const [dto] = await describe(tx, companyId, [row]);
  if (!dto) throw eventNotFound();
  return dto;
}

/** The studio, facilitators and packages named must be this company's (400 naming the field, not a 500). */
async function checkReferences(tx: Executor, companyId: string, values: EventValues): Promise<void> {
  const [studio] = await tx
    .select({ id: studios.id })
    .from(studios)
    .where(and(eq(studios.companyId, companyId), eq(studios.id, values.studioId)));
  if (!studio) throw badRequest('Choose one of your studios.', { studioId: 'Choose one of your studios' });
  const facilitatorIds = [...new Set(values.facilitatorIds)];
  if (facilitatorIds.length > 0) {
    const found = await tx
      .select({ id: facilitators.id })
      .from(facilitators)
      .where(and(eq(facilitators.companyId, companyId), inArray(facilitators.id, facilitatorIds)));
    if (found.length !== facilitatorIds.length)
      throw badRequest('Choose facilitators from your Facilitators settings.', {
        facilitatorIds: 'Choose your own facilitators',
      });
  }
  const packageIds = [...new Set(values.packageIds)];
  if (packageIds.length > 0) {
    const found = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.companyId, companyId), inArray(packages.id, packageIds)));
    if (found.length !== packageIds.length)
      throw badRequest('Choose packages from your own packages.', { packageIds: 'Choose your own packages' });
  }
}

function dateRow(companyId: string, event: EventWithStudio, date: DateValues) {
  const startsAt = new Date(date.startsAt);
  return {
    companyId,
    id: generateId(),
    kind: 'event',
    eventId: event.id,
    studioId: event.studioId,
    localDate: localDateOf(startsAt, event.timeZone),
    startsAt,
    endsAt: new Date(startsAt.getTime() + date.durationMinutes * 60_000),
    capacity: date.capacity ?? event.capacity,
  } satisfies typeof classInstances.$inferInsert;
}

function futureOnly(dates: readonly { startsAt: string }[], now: Date, field = 'dates') {
  dates.forEach((date, index) => {
    if (new Date(date.startsAt) <= now)
      throw badRequest('Choose a date and time still to come.', {
        [field === 'dates' ? `dates.${index}.startsAt` : field]: 'Choose a date and time still to come',
      });
  });
}

export async function listEvents(
  db: Database,
  actor: Actor,
  query: EventsQuery,
  now = new Date(),
): Promise<EventsListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const { items, total } = await pageOfEvents(tx, actor.companyId, { ...query, cancelledToo: true }, now);
    return { items: await describe(tx, actor.companyId, items), total };
  });
}

export async function getEvent(db: Database, actor: Actor, id: string): Promise<EventDto> {
  return withTenant(db, actor.companyId, (tx) => one(tx, actor.companyId, id));
}

/**
 * Two dates of one event starting at the same moment would be one date offered twice (two identical
 * choices on the event page, the same class twice on the calendar). `taken`: the event's other dates.
 */
function distinctDates(dates: readonly { startsAt: string }[], taken: readonly Date[] = [], field = 'dates') {
  const seen = new Set(taken.map((at) => at.getTime()));
  dates.forEach((date, index) => {
    const at = new Date(date.startsAt).getTime();
    if (seen.has(at))
      throw badRequest('Two dates of this event start at the same time: change or remove one.', {
        [field === 'dates' ? `dates.${index}.startsAt` : field]: 'Another date of this event starts at this time',
      });
    seen.add(at);
  });
}

/** The event's other dates still on (not cancelled), as start times, for `distinctDates`. */
async function otherDateStarts(tx: Executor, companyId: string, eventId: string, except?: string) {
  const dates = await datesOf(tx, companyId, [eventId], { onlyScheduled: true });
  return dates.filter((date) => date.id !== except).map((date) => date.startsAt);
}

export async function createEvent(
  db: Database,
  actor: Actor,
  values: CreateValues,
  now = new Date(),
): Promise<EventDto> {
  futureOnly(values.dates, now);
  distinctDates(values.dates);
  return withTenant(db, actor.companyId, async (tx) => {
    await checkReferences(tx, actor.companyId, values);
    const id = generateId();
    const { dates, facilitatorIds, packageIds, ...fields } = values;
    await tx.insert(events).values({ ...fields, companyId: actor.companyId, id });
    await replaceLinks(tx, actor.companyId, id, [...new Set(facilitatorIds)], [...new Set(packageIds)]);
    const event = await findEvent(tx, actor.companyId, id);
    if (!event) throw eventNotFound();
    await insertInstances(
      tx,
      dates.map((date) => dateRow(actor.companyId, event, date)),
    );
    return one(tx, actor.companyId, id);
  });
}

/**
 * An edit of the event's own fields. A new capacity applies to its dates still to come that follow the
 * event's (those with places of their own keep them), never below the places a date has taken (409
 * naming it); a new studio moves them all there too.
 */
export async function updateEvent(
  db: Database,
  actor: Actor,
  id: string,
  values: EventValues,
  now = new Date(),
  publicUrl = '',
): Promise<EventDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const event = await findEvent(tx, actor.companyId, id, { lock: true });
    if (!event) throw eventNotFound();
    await checkReferences(tx, actor.companyId, values);
    // Locked: a booking racing this edit waits, so no date ends below its places taken.
    const future = await datesOf(tx, actor.companyId, [id], { from: now, lock: true });
    const following = new Set(future.filter((date) => date.capacity === event.capacity).map((date) => date.id));
    const tooFull = future.find((date) => following.has(date.id) && date.bookedCount > values.capacity);
    if (tooFull)
      throw conflict(
        `${tooFull.bookedCount} people are booked on one date; the capacity cannot go below that.`,
        {
          capacity: `At least ${tooFull.bookedCount}: places already taken`,
        },
      );
    const { facilitatorIds, packageIds, ...fields } = values;
    // Booked dates as they were: a new studio moves them, and their clients are told (class-changes.ts).
    const before = await classesBeforeChange(tx, actor.companyId, { ids: future.map((date) => date.id) });
    await tx
      .update(events)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(events.companyId, actor.companyId), eq(events.id, id)));
    await replaceLinks(tx, actor.companyId, id, [...new Set(facilitatorIds)], [...new Set(packageIds)]);
    for (const date of future)
      await updateInstance(tx, actor.companyId, date.id, {
        capacity: following.has(date.id) ? values.capacity : date.capacity,
        studioId: values.studioId,
      });
    await notifyClassChanges(tx, actor.companyId, before, { publicUrl, now });
    return one(tx, actor.companyId, id);
  });
}

/** Deletes an event nobody has booked; one with bookings is cancelled instead (409 says so). */
export async function deleteEvent(db: Database, actor: Actor, id: string): Promise<void> {
  return withTenant(db, actor.companyId, async (tx) => {
    const event = await findEvent(tx, actor.companyId, id, { lock: true });
    if (!event) throw eventNotFound();
    const booked = await bookingsOfEvent(tx, actor.companyId, id);
    if (booked > 0)
      throw conflict(
        `This event has ${booked} booking${booked === 1 ? '' : 's'}, so it cannot be deleted. Cancel it instead: its clients are told and nothing is charged.`,
      );
    // Its dates go with it (ON DELETE CASCADE on class_instances.event_id).
    await tx.delete(events).where(and(eq(events.companyId, actor.companyId), eq(events.id, id)));
  });
}

/** Cancels every date still to come: their bookings end with no fee and credits come back. */
export async function cancelEvent(
  db: Database,
  actor: Actor,
  id: string,
  reason: string | null,
  now = new Date(),
  publicUrl = '',
): Promise<EventDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const event = await findEvent(tx, actor.companyId, id, { lock: true });
    if (!event) throw eventNotFound();
    const future = (await datesOf(tx, actor.companyId, [id], { from: now, onlyScheduled: true })).map(
      (d) => d.id,
    );
    if (future.length === 0) throw conflict('This event has no dates still to come to cancel.');
    await cancelDates(tx, actor.companyId, future, reason, now, publicUrl);
    return one(tx, actor.companyId, id);
  });
}

async function cancelDates(
  tx: Executor,
  companyId: string,
  ids: string[],
  reason: string | null,
  now: Date,
  publicUrl: string,
) {
  for (const dateId of ids) await findInstance(tx, companyId, dateId, { lock: true });
  await tx
    .update(classInstances)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: sql`now()` })
    .where(and(eq(classInstances.companyId, companyId), inArray(classInstances.id, ids)));
  await endBookingsOfCancelledClasses(tx, companyId, ids, now, publicUrl);
}

export async function addEventDate(
  db: Database,
  actor: Actor,
  id: string,
  date: DateValues,
  now = new Date(),
): Promise<EventDto> {
  futureOnly([date], now, 'startsAt');
  return withTenant(db, actor.companyId, async (tx) => {
    const event = await findEvent(tx, actor.companyId, id, { lock: true });
    if (!event) throw eventNotFound();
    distinctDates([date], await otherDateStarts(tx, actor.companyId, id), 'startsAt');
    await insertInstances(tx, [dateRow(actor.companyId, event, date)]);
    return one(tx, actor.companyId, id);
  });
}

async function eventDate(tx: Executor, companyId: string, eventId: string, classInstanceId: string) {
  const event = await findEvent(tx, companyId, eventId, { lock: true });
  if (!event) throw eventNotFound();
  const date = await findInstance(tx, companyId, classInstanceId, { lock: true });
  if (!date || date.eventId !== eventId) throw dateNotFound();
  return { event, date };
}

/** Moves a date still to come (and changes its places, never below those taken). */
export async function moveEventDate(
  db: Database,
  actor: Actor,
  eventId: string,
  classInstanceId: string,
  change: { startsAt: string; durationMinutes: number; capacity?: number | undefined },
  now = new Date(),
  publicUrl = '',
): Promise<EventDto> {
  futureOnly([change], now, 'startsAt');
  return withTenant(db, actor.companyId, async (tx) => {
    const { event, date } = await eventDate(tx, actor.companyId, eventId, classInstanceId);
    if (date.startsAt <= now) throw conflict('This date has started; it cannot be moved.');
    if (date.status !== 'scheduled') throw conflict('This date is cancelled; add a new date instead.');
    const capacity = change.capacity ?? date.capacity;
    if (date.bookedCount > capacity)
      throw conflict(
        `${date.bookedCount} people are booked on this date; the capacity cannot go below that.`,
        {
          capacity: `At least ${date.bookedCount}: places already taken`,
        },
      );
    distinctDates([change], await otherDateStarts(tx, actor.companyId, eventId, date.id), 'startsAt');
    const startsAt = new Date(change.startsAt);
    // Its clients are told of the new time, with their calendar entry updated (class-changes.ts).
    const before = await classesBeforeChange(tx, actor.companyId, { ids: [date.id] });
    await updateInstance(tx, actor.companyId, date.id, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + change.durationMinutes * 60_000),
      localDate: localDateOf(startsAt, event.timeZone),
      capacity,
    });
    await notifyClassChanges(tx, actor.companyId, before, { publicUrl, now });
    return one(tx, actor.companyId, eventId);
  });
}

/** Removes a date: deleted when nobody booked it, otherwise cancelled (its bookings end, no fee). */
export async function removeEventDate(
  db: Database,
  actor: Actor,
  eventId: string,
  classInstanceId: string,
  now = new Date(),
  publicUrl = '',
): Promise<EventDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const { date } = await eventDate(tx, actor.companyId, eventId, classInstanceId);
    if ((await bookingsOfDate(tx, actor.companyId, date.id)) === 0)
      await tx
        .delete(classInstances)
        .where(and(eq(classInstances.companyId, actor.companyId), eq(classInstances.id, date.id)));
    else if (date.startsAt <= now)
      throw conflict('This date has taken place with bookings; it stays on record.');
    else if (date.status === 'scheduled') await cancelDates(tx, actor.companyId, [date.id], null, now, publicUrl);
    return one(tx, actor.companyId, eventId);
  });
}

/* Public reads: by the company's address, no session. */

function toPublic(dto: EventDto, people: { eventId: string; id: string; name: string }[]): PublicEventDto {
  const { packageIds: _packages, facilitatorIds: _facilitators, visibility: _visibility, ...rest } = dto;
  return {
    ...rest,
    dates: rest.dates.filter((date) => date.status === 'scheduled'),
    facilitators: people.filter((person) => person.eventId === dto.id).map(({ id, name }) => ({ id, name })),
  };
}

/** Upcoming public events (unlisted ones are reached by id only), with places left per date to come. */
export async function listPublicEvents(
  db: Database,
  slug: string,
  query: { category?: EventsQuery['category']; page: number; pageSize: number },
  now = new Date(),
): Promise<{ items: PublicEventDto[]; total: number }> {
  const company = await companyBySlug(db, slug);
  return withTenant(db, company.id, async (tx) => {
    const { items, total } = await pageOfEvents(
      tx,
      company.id,
      { ...query, when: 'upcoming', visibility: 'public' },
      now,
    );
    const dtos = await describe(tx, company.id, items, { from: now, onlyScheduled: true });
    const links = await linksOf(
      tx,
      company.id,
      items.map((item) => item.id),
    );
    return { items: dtos.map((dto) => toPublic(dto, links.facilitators)), total };
  });
}

export async function getPublicEvent(
  db: Database,
  slug: string,
  id: string,
  now = new Date(),
): Promise<PublicEventDto> {
  const company = await companyBySlug(db, slug);
  return withTenant(db, company.id, async (tx) => {
    const row = await findEvent(tx, company.id, id);
    if (!row) throw eventNotFound();
    const [dto] = await describe(tx, company.id, [row], { from: now, onlyScheduled: true });
    if (!dto) throw eventNotFound();
    const links = await linksOf(tx, company.id, [id]);
    return toPublic(dto, links.facilitators);
  });
}

/** The admin calendar's event dates in a range (any visibility, cancelled ones too, shown struck). */
export async function listEventDates(
  db: Database,
  actor: Actor,
  query: EventDatesQuery,
): Promise<CalendarEventDatesDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const rows = await eventDatesInRange(tx, actor.companyId, {
      from: new Date(query.from),
      to: new Date(query.to),
      studioId: query.studioId,
    });
    return {
      items: rows.map((row) => ({
        ...toDateDto(row.date),
        eventId: row.date.eventId ?? '',
        title: row.title,
        category: row.category,
        studioId: row.date.studioId,
        studioName: row.studioName,
        timeZone: row.timeZone,
      })),
    };
  });
}
