import {
  HORIZON_WEEKS,
  MAX_OCCURRENCES,
  type EditFitnessSessionBody,
  type FitnessSessionDto,
  type FitnessSessionValues,
  type ScheduleRule,
  type ScheduleScope,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { postgresErrorCode } from '../../db/errors.ts';
import { handOnOpenPlaces } from '../bookings/bookings.service.ts';
import { generateId } from '../../db/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import {
  deleteInstances,
  findClash,
  findInstance,
  futureInstancesOf,
  insertInstances,
  updateInstance,
  type ClassInstanceRow,
  type Clash,
  type NewClassInstance,
} from '../class-instances/class-instances.repo.ts';
import { endBookingsOfCancelledClasses } from '../class-instances/class-cancellation.ts';
import { findClassTemplate } from '../class-templates/class-templates.repo.ts';
import { findPerson } from '../people/people.repo.ts';
import { asPeopleTable } from '../people/people.repo.ts';
import { instructors } from '../../db/schema/index.ts';
import { findStudio, roomsOfStudios } from '../studios/studios.repo.ts';
import { countOccurrences, expand, ruleDates, type Occurrence } from './recurrence.ts';
import {
  deleteSeries as deleteSeriesRow,
  findSeries,
  insertSeries,
  updateSeries,
  type FitnessSessionRow,
} from './fitness-sessions.repo.ts';
import { classesBeforeChange, notifyClassChanges } from './class-changes.ts';
import { addDays, localDateLabel, localDateOf, momentLabel } from './zoned-time.ts';

const instructorTable = asPeopleTable(instructors);

export function seriesDto(row: FitnessSessionRow): FitnessSessionDto {
  return {
    id: row.id,
    templateId: row.templateId,
    studioId: row.studioId,
    roomId: row.roomId,
    instructorId: row.instructorId,
    assistantId: row.assistantId,
    capacity: row.capacity,
    dropInPrice: row.dropInPrice,
    ruleOverrides: row.ruleOverrides ?? null,
    schedule: row.schedule,
    startTime: row.startTime,
    durationMinutes: row.durationMinutes,
    allowRoomOverlap: row.allowRoomOverlap,
    notes: row.notes,
    timeZone: row.timeZone,
    generatedUntil: row.generatedUntil,
    endedAfter: row.endedAfter,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The last local date classes are kept generated to, seen from today in the studio's zone. */
export const horizonDate = (timeZone: string, now = new Date()) =>
  addDays(localDateOf(now, timeZone), HORIZON_WEEKS * 7);

/** Classes are generated to the horizon; a one-off class further out is made at once all the same. */
function generationEnd(rule: ScheduleRule, timeZone: string, now: Date): string {
  const horizon = horizonDate(timeZone, now);
  return rule.kind === 'once' && rule.date > horizon ? rule.date : horizon;
}

/** Whether this runtime knows `zone` as an IANA time zone (classes are expanded in it). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const seriesNotFound = () => notFound('We could not find that class series.');
const field = (name: string, message: string) => badRequest(message, { [name]: message });
/** A capacity below the places already booked would leave the class overbooked: refused, 409. */
const belowBooked = (message: string) => conflict(message, { capacity: message });

interface Resolved {
  values: FitnessSessionValues;
  capacity: number;
  dropInPrice: number;
  timeZone: string;
  templateName: string;
}

/**
 * Checks what a series points at, in the caller's company: a template, studio, room of that studio,
 * active instructor and assistant. Capacity defaults to the template's, never above the room's.
 * `existing` keeps an archived template or inactive instructor a series already had.
 */
async function resolve(
  tx: Executor,
  companyId: string,
  values: FitnessSessionValues,
  existing?: FitnessSessionRow,
): Promise<Resolved> {
  const template = await findClassTemplate(tx, companyId, values.templateId);
  if (!template) throw field('templateId', 'Choose one of your class templates.');
  if (template.archivedAt && existing?.templateId !== template.id)
    throw field('templateId', `${template.name} is archived. Restore it or choose another template.`);
  const studio = await findStudio(tx, companyId, values.studioId);
  if (!studio) throw field('studioId', 'Choose one of your studios.');
  if (!isTimeZone(studio.timeZone))
    throw field(
      'studioId',
      `${studio.name} has an unknown time zone (${studio.timeZone}). Choose its time zone on the studio first.`,
    );
  let roomCapacity: number | null = null;
  let roomName = '';
  if (values.roomId) {
    const rooms = await roomsOfStudios(tx, companyId, [studio.id]);
    const room = rooms.find((candidate) => candidate.id === values.roomId);
    if (!room) throw field('roomId', `Choose a room of ${studio.name}.`);
    roomCapacity = room.capacity;
    roomName = room.name;
  }
  for (const [key, id] of [
    ['instructorId', values.instructorId],
    ['assistantId', values.assistantId],
  ] as const) {
    if (!id) continue;
    const person = await findPerson(tx, instructorTable, companyId, id);
    if (!person) throw field(key, 'Choose one of your instructors.');
    const kept = existing && (existing.instructorId === id || existing.assistantId === id);
    if (!person.active && !kept)
      throw field(key, `${person.name} is inactive. Make them active or choose someone else.`);
  }
  if (values.assistantId && values.assistantId === values.instructorId)
    throw field('assistantId', 'The assistant must be someone other than the instructor.');
  const capacity =
    values.capacity ?? Math.min(template.defaultCapacity, roomCapacity ?? template.defaultCapacity);
  if (roomCapacity !== null && capacity > roomCapacity)
    throw field('capacity', `${roomName} holds ${roomCapacity}. Lower the capacity or choose a bigger room.`);
  if (values.schedule.kind === 'weekly' && countOccurrences(values.schedule) > MAX_OCCURRENCES) {
    const key = values.schedule.endDate ? 'schedule.endDate' : 'schedule.count';
    throw field(key, `That schedule makes more than ${MAX_OCCURRENCES} classes. Choose an earlier end date.`);
  }
  return {
    values,
    capacity,
    dropInPrice: values.dropInPrice ?? template.dropInPrice,
    timeZone: studio.timeZone,
    templateName: template.name,
  };
}

function clashMessage(clash: Clash): { message: string; field: string } {
  const when = momentLabel(clash.startsAt, clash.timeZone);
  return clash.sameInstructor
    ? {
        field: clash.personField,
        message: `${clash.personName} already ${clash.personTeaches ? 'teaches' : 'assists in'} ${clash.templateName} on ${when}.`,
      }
    : {
        field: 'roomId',
        message: `${clash.roomName ?? 'The room'} is already booked for ${clash.templateName} on ${when}. Book the room anyway to double-book it.`,
      };
}

/** Refuses overlaps with a sentence naming the other class; the constraints catch a race the same way. */
async function guardClashes(
  tx: Executor,
  companyId: string,
  slots: { startsAt: Date; endsAt: Date }[],
  who: { instructorId: string; assistantId?: string | null; roomId: string | null; allowRoomOverlap: boolean },
  except: string[],
): Promise<void> {
  const clash = await findClash(tx, companyId, slots, who, except);
  if (clash) {
    const { message, field: key } = clashMessage(clash);
    throw conflict(message, { [key]: message });
  }
}

/** The other class a refused write overlapped, read from a 23P01's detail (`... conflicts with existing key (...)=(company, id, [start,end))`). */
export function overlapOf(
  error: unknown,
): { kind: 'instructor' | 'room'; id: string; startsAt: Date; endsAt: Date } | undefined {
  const source = (error as { cause?: unknown }).cause ?? error;
  const { constraint, detail } = source as { constraint?: unknown; detail?: unknown };
  if (typeof detail !== 'string') return undefined;
  const kind =
    constraint === 'class_instances_instructor_overlap' ||
    /existing key \(company_id, instructor_id/.test(detail)
      ? 'instructor'
      : constraint === 'class_instances_room_overlap' || /existing key \(company_id, room_id/.test(detail)
        ? 'room'
        : undefined;
  const match =
    /existing key \([^=]*\)=\(\s*([0-9a-f]{24})\s*,\s*([0-9a-f]{24})\s*,\s*\["?([^",]+)"?,\s*"?([^",)]+)"?\)\)/.exec(
      detail,
    );
  if (!kind || !match) return undefined;
  const instant = (text: string) =>
    new Date(
      text
        .trim()
        .replace(' ', 'T')
        .replace(/([+-]\d\d)$/, '$1:00'),
    );
  const startsAt = instant(match[3] ?? '');
  const endsAt = instant(match[4] ?? '');
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return undefined;
  return { kind, id: match[2] ?? '', startsAt, endsAt };
}

/**
 * Runs a schedule write; an overlap the exclusion constraints caught (a race past `guardClashes`) answers
 * 409 naming the other class, looked up after the refused transaction, as the application check would.
 */
export async function overlapsAsConflict<T>(
  work: () => Promise<T>,
  db?: Database,
  companyId?: string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (postgresErrorCode(error) !== '23P01') throw error;
    const overlap = overlapOf(error);
    if (overlap && db && companyId) {
      const who =
        overlap.kind === 'instructor'
          ? { instructorId: overlap.id, roomId: null, allowRoomOverlap: true }
          : { instructorId: '', roomId: overlap.id, allowRoomOverlap: false };
      const clash = await withTenant(db, companyId, (tx) =>
        findClash(tx, companyId, [overlap], who, []),
      ).catch(() => undefined);
      if (clash) {
        const { message, field: key } = clashMessage(clash);
        throw conflict(message, { [key]: message });
      }
    }
    throw conflict(
      'Another class was just scheduled at that time for the same instructor or room. Reload and try again.',
    );
  }
}

/** What a class copies from its series: the row of a rule's date. */
export interface ClassShape {
  templateId: string;
  studioId: string;
  roomId: string | null;
  instructorId: string;
  assistantId: string | null;
  capacity: number;
  allowRoomOverlap: boolean;
  notes: string | null;
}

/** One class of a series on an occurrence: creates, edits and the horizon job all build it here. */
export function classOf(
  companyId: string,
  seriesId: string,
  series: ClassShape,
  occurrence: Occurrence,
): NewClassInstance {
  return {
    companyId,
    id: generateId(),
    fitnessSessionId: seriesId,
    templateId: series.templateId,
    studioId: series.studioId,
    roomId: series.roomId,
    instructorId: series.instructorId,
    assistantId: series.assistantId,
    localDate: occurrence.localDate,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    capacity: series.capacity,
    allowRoomOverlap: series.allowRoomOverlap,
    notes: series.notes,
  };
}

const instanceValues = (companyId: string, seriesId: string, resolved: Resolved, occurrence: Occurrence) =>
  classOf(companyId, seriesId, { ...resolved.values, capacity: resolved.capacity }, occurrence);

function occurrencesOf(resolved: Resolved, options: { from?: string; until: string }): Occurrence[] {
  const { values } = resolved;
  return expand(values.schedule, values.startTime, values.durationMinutes, resolved.timeZone, options);
}

function seriesValues(resolved: Resolved) {
  const { values } = resolved;
  return {
    templateId: values.templateId,
    studioId: values.studioId,
    roomId: values.roomId,
    instructorId: values.instructorId,
    assistantId: values.assistantId,
    capacity: resolved.capacity,
    dropInPrice: resolved.dropInPrice,
    ruleOverrides: values.ruleOverrides,
    schedule: values.schedule,
    startTime: values.startTime,
    durationMinutes: values.durationMinutes,
    allowRoomOverlap: values.allowRoomOverlap,
    notes: values.notes,
    timeZone: resolved.timeZone,
  };
}

/** A new series and its classes up to the horizon (from its first date, so past dates can be entered). */
export async function createSeriesIn(
  tx: Executor,
  companyId: string,
  values: FitnessSessionValues,
  now = new Date(),
): Promise<FitnessSessionRow> {
  const resolved = await resolve(tx, companyId, values);
  const until = generationEnd(values.schedule, resolved.timeZone, now);
  const occurrences = occurrencesOf(resolved, { until });
  if (occurrences.length === 0 && values.schedule.kind === 'weekly')
    throw field('schedule.weekdays', 'No class falls between the start and the end date on the chosen days.');
  await guardClashes(tx, companyId, occurrences, { ...values, roomId: values.roomId }, []);
  const id = generateId();
  const row = await insertSeries(tx, { companyId, id, ...seriesValues(resolved), generatedUntil: until });
  await insertInstances(
    tx,
    occurrences.map((occurrence) => instanceValues(companyId, id, resolved, occurrence)),
  );
  return row;
}

export async function createSeries(
  db: Database,
  actor: Actor,
  values: FitnessSessionValues,
): Promise<FitnessSessionDto> {
  return overlapsAsConflict(
    () =>
      withTenant(db, actor.companyId, async (tx) =>
        seriesDto(await createSeriesIn(tx, actor.companyId, values)),
      ),
    db,
    actor.companyId,
  );
}

export async function getSeries(db: Database, actor: Actor, id: string): Promise<FitnessSessionDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = await findSeries(tx, actor.companyId, id);
    if (!row) throw seriesNotFound();
    return seriesDto(row);
  });
}

/** The series and the class an edit starts from, which must be one of its classes still to come. */
async function seriesAndAnchor(
  tx: Executor,
  companyId: string,
  seriesId: string,
  instanceId: string,
  now: Date,
) {
  const series = await findSeries(tx, companyId, seriesId, { lock: true });
  if (!series) throw seriesNotFound();
  const anchor = await findInstance(tx, companyId, instanceId, { lock: true });
  if (!anchor || anchor.fitnessSessionId !== series.id)
    throw field('classInstanceId', 'That class is not one of this series.');
  if (anchor.startsAt <= now)
    throw field('classInstanceId', 'That class has already started; classes in the past are not changed.');
  return { series, anchor };
}

/** The rule date a class stands for: its own, or the one "this class only" moved it from. */
const ruleDateOf = (row: ClassInstanceRow) => row.movedFrom ?? row.localDate;

/** Whether an edit keeps the series' timing (rule, start time, duration), so moved classes stay moved. */
function sameTiming(series: FitnessSessionRow, values: FitnessSessionValues): boolean {
  const a = series.schedule;
  const b = values.schedule;
  const sameRule =
    a.kind === 'once'
      ? b.kind === 'once' && a.date === b.date
      : b.kind === 'weekly' &&
        a.everyWeeks === b.everyWeeks &&
        a.startDate === b.startDate &&
        a.endDate === b.endDate &&
        a.count === b.count &&
        [...a.weekdays].sort().join() === [...b.weekdays].sort().join();
  return (
    sameRule && series.startTime === values.startTime && series.durationMinutes === values.durationMinutes
  );
}

/**
 * Puts a series' classes still to come in line with `resolved`: a class on a date the rule keeps is
 * updated in place (its bookings stay with it); one the rule drops is deleted, or cancelled if people
 * are booked; a new date gets a new class. A class "this class only" moved is matched by its rule date
 * and, while the edit keeps the series' timing (`keepMoved`), keeps its own date and time.
 */
async function reconcile(
  tx: Executor,
  companyId: string,
  targetSeriesId: string,
  resolved: Resolved,
  existing: ClassInstanceRow[],
  options: {
    from: string;
    until: string;
    now: Date;
    skipped: readonly string[];
    keepMoved: boolean;
    publicUrl: string;
  },
): Promise<void> {
  const byDate = new Map(existing.map((row) => [ruleDateOf(row), row]));
  const stays = (row: ClassInstanceRow | undefined): row is ClassInstanceRow =>
    Boolean(row?.movedFrom) && options.keepMoved;
  const wanted = occurrencesOf(resolved, { from: options.from, until: options.until }).filter(
    (occurrence) =>
      !options.skipped.includes(occurrence.localDate) &&
      (occurrence.startsAt > options.now || stays(byDate.get(occurrence.localDate))),
  );
  const wantedDates = new Set(wanted.map((occurrence) => occurrence.localDate));
  for (const row of existing) {
    if (wantedDates.has(ruleDateOf(row)) && row.bookedCount > resolved.capacity)
      throw belowBooked(
        `${row.bookedCount} people are booked in the class on ${localDateLabel(row.localDate)}; the capacity cannot go below that.`,
      );
  }
  const slots = wanted.map((occurrence) => {
    const current = byDate.get(occurrence.localDate);
    return stays(current) ? current : occurrence;
  });
  await guardClashes(
    tx,
    companyId,
    slots,
    resolved.values,
    existing.map((row) => row.id),
  );
  const dropped = existing.filter((row) => !wantedDates.has(ruleDateOf(row)));
  await deleteInstances(
    tx,
    companyId,
    dropped.filter((row) => row.bookedCount === 0 && row.waitlistCount === 0).map((row) => row.id),
  );
  const booked = dropped.filter((candidate) => candidate.bookedCount > 0 || candidate.waitlistCount > 0);
  for (const row of booked)
    await updateInstance(tx, companyId, row.id, { status: 'cancelled', cancelledAt: options.now });
  await endBookingsOfCancelledClasses(
    tx,
    companyId,
    booked.map((row) => row.id),
    options.now,
    options.publicUrl,
  );
  const fresh: NewClassInstance[] = [];
  for (const occurrence of wanted) {
    const values = instanceValues(companyId, targetSeriesId, resolved, occurrence);
    const current = byDate.get(occurrence.localDate);
    if (!current) {
      fresh.push(values);
      continue;
    }
    const { id: _id, companyId: _company, localDate, startsAt, endsAt, ...changes } = values;
    await updateInstance(
      tx,
      companyId,
      current.id,
      stays(current) ? changes : { ...changes, localDate, startsAt, endsAt, movedFrom: null },
    );
  }
  await insertInstances(tx, fresh);
}

/** `PUT /api/fitness-sessions/{id}` with a scope: one class, this and following, or all to come. */
export async function editSeries(
  db: Database,
  actor: Actor,
  seriesId: string,
  body: EditFitnessSessionBody & FitnessSessionValues,
  now = new Date(),
  publicUrl = '',
): Promise<FitnessSessionDto> {
  const { scope, classInstanceId, ...values } = body;
  return overlapsAsConflict(
    () =>
      withTenant(db, actor.companyId, async (tx) => {
        // Booked classes as they were, so their clients are told what the edit changed (class-changes.ts).
        const before = await classesBeforeChange(tx, actor.companyId, { seriesIds: [seriesId], after: now });
        const edited = await applyEdit(tx);
        await notifyClassChanges(tx, actor.companyId, before, { publicUrl, now });
        // A capacity raised above the places booked gives them to the waitlist, in the same transaction.
        await handOnOpenPlaces(tx, actor.companyId, [seriesId, edited.id], now, publicUrl);
        return edited;
      }),
    db,
    actor.companyId,
  );

  async function applyEdit(tx: Executor): Promise<FitnessSessionDto> {
    const companyId = actor.companyId;
    const { series, anchor } = await seriesAndAnchor(tx, companyId, seriesId, classInstanceId, now);
    const resolved = await resolve(tx, companyId, values, series);
    if (scope === 'one') {
      await editOne(tx, companyId, anchor, resolved, now);
      return seriesDto(series);
    }
    const horizon = generationEnd(values.schedule, resolved.timeZone, now);
    // A series ended by an earlier "this and following" or delete keeps that end: its later dates
    // belong to the series that followed it, or were removed, so no edit brings them back.
    const { endedAfter } = series;
    const until = endedAfter && endedAfter < horizon ? endedAfter : horizon;
    const keepMoved = sameTiming(series, values);
    if (scope === 'following') {
      const existing = await futureInstancesOf(tx, companyId, series.id, anchor.localDate, now);
      const schedule = startFrom(values.schedule, anchor.localDate, series.schedule);
      const split = { ...resolved, values: { ...values, schedule } };
      await updateSeries(tx, companyId, series.id, { endedAfter: addDays(anchor.localDate, -1) });
      const id = generateId();
      const created = await insertSeries(tx, {
        companyId,
        id,
        ...seriesValues(split),
        generatedUntil: horizon,
        endedAfter,
        skippedDates: series.skippedDates.filter((date) => date >= anchor.localDate),
      });
      const skipped = series.skippedDates;
      await reconcile(tx, companyId, id, split, existing, {
        from: anchor.localDate,
        until,
        now,
        skipped,
        keepMoved,
        publicUrl,
      });
      return seriesDto(created);
    }
    const existing = await futureInstancesOf(tx, companyId, series.id, '0001-01-01', now);
    const updated = await updateSeries(tx, companyId, series.id, {
      ...seriesValues(resolved),
      generatedUntil: horizon,
    });
    const skipped = series.skippedDates;
    await reconcile(tx, companyId, series.id, resolved, existing, {
      from: '0001-01-01',
      until,
      now,
      skipped,
      keepMoved,
      publicUrl,
    });
    return seriesDto(updated);
  }
}

/**
 * "This and following" starts the new series at the class it was asked from; a rule counted in classes
 * keeps only the classes the old series had left, so splitting never adds classes.
 */
function startFrom(rule: ScheduleRule, date: string, old: ScheduleRule): ScheduleRule {
  if (rule.kind === 'once') return rule;
  const before = ruleDates(old, { until: addDays(date, -1) }).length;
  const count = rule.count === null ? null : Math.max(1, rule.count - before);
  return { ...rule, startDate: rule.startDate > date ? rule.startDate : date, count };
}

/** One class changes: its time (and date, for a one-off rule), place, people, capacity or notes. */
async function editOne(
  tx: Executor,
  companyId: string,
  anchor: ClassInstanceRow,
  resolved: Resolved,
  now: Date,
): Promise<void> {
  const { values } = resolved;
  const date = values.schedule.kind === 'once' ? values.schedule.date : anchor.localDate;
  const [occurrence] = expand(
    { kind: 'once', date },
    values.startTime,
    values.durationMinutes,
    resolved.timeZone,
  );
  if (!occurrence) throw new Error('A one-off rule always has its date.');
  if (occurrence.startsAt <= now) throw field('startTime', 'Move the class to a time still to come.');
  if (anchor.bookedCount > resolved.capacity)
    throw belowBooked(`${anchor.bookedCount} people are booked; the capacity cannot go below that.`);
  await guardClashes(tx, companyId, [occurrence], values, [anchor.id]);
  const moved =
    occurrence.startsAt.getTime() !== anchor.startsAt.getTime() ||
    occurrence.endsAt.getTime() !== anchor.endsAt.getTime();
  const {
    id: _id,
    companyId: _company,
    fitnessSessionId: _series,
    ...changes
  } = instanceValues(companyId, anchor.fitnessSessionId ?? '', resolved, occurrence);
  await updateInstance(tx, companyId, anchor.id, {
    ...changes,
    // Remembers the rule date it came from, so series edits match it there and keep its own time.
    movedFrom: moved ? (anchor.movedFrom ?? anchor.localDate) : anchor.movedFrom,
  });
}

/** `DELETE /api/fitness-sessions/{id}`: removes classes still to come; booked ones are cancelled instead. */
export async function deleteSeries(
  db: Database,
  actor: Actor,
  seriesId: string,
  query: { scope: ScheduleScope; classInstanceId: string },
  now = new Date(),
  publicUrl = '',
): Promise<{ removed: number; cancelled: number }> {
  return withTenant(db, actor.companyId, async (tx) => {
    const companyId = actor.companyId;
    const { series, anchor } = await seriesAndAnchor(tx, companyId, seriesId, query.classInstanceId, now);
    const from = query.scope === 'all' ? '0001-01-01' : anchor.localDate;
    const affected =
      query.scope === 'one' ? [anchor] : await futureInstancesOf(tx, companyId, series.id, from, now);
    const booked = affected.filter((row) => row.bookedCount > 0 || row.waitlistCount > 0);
    const free = affected.filter((row) => !booked.includes(row));
    await deleteInstances(
      tx,
      companyId,
      free.map((row) => row.id),
    );
    for (const row of booked)
      await updateInstance(tx, companyId, row.id, { status: 'cancelled', cancelledAt: now });
    await endBookingsOfCancelledClasses(
      tx,
      companyId,
      booked.map((row) => row.id),
      now,
      publicUrl,
    );
    if (query.scope === 'one' && free.length > 0) {
      // Its date is remembered, so a later edit of the series (or the horizon job) does not make it again;
      // a booked class stays as its cancelled row instead, which edits match by date.
      const skippedDates = [
        ...new Set([...series.skippedDates, anchor.movedFrom ?? anchor.localDate]),
      ].sort();
      await updateSeries(tx, companyId, series.id, { skippedDates });
    }
    if (query.scope !== 'one') {
      const endedAfter =
        query.scope === 'all'
          ? addDays(localDateOf(now, series.timeZone), -1)
          : addDays(anchor.localDate, -1);
      const remaining = await futureInstancesOf(tx, companyId, series.id, '0001-01-01', new Date(0));
      if (remaining.length === 0) await deleteSeriesRow(tx, companyId, series.id);
      else await updateSeries(tx, companyId, series.id, { endedAfter });
    }
    return { removed: free.length, cancelled: booked.length };
  });
}
