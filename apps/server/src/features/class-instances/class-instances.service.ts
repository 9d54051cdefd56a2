import { companyBySlug } from '../public-company/public-company.service.ts';
import {
  HORIZON_WEEKS,
  type ClassInstanceDetailsDto,
  type ClassInstanceDto,
  type ClassInstancesQuery,
  type ClassesListDto,
  type ClassesQuery,
  type RuleOverrides,
  type SessionSettingsValues,
} from '@kinetic/shared';
import { and, eq } from 'drizzle-orm';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { findClassTemplate } from '../class-templates/class-templates.repo.ts';
import { findSeries } from '../fitness-sessions/fitness-sessions.repo.ts';
import { classOf, horizonDate, overlapsAsConflict } from '../fitness-sessions/fitness-sessions.service.ts';
import { classesBeforeChange, notifyClassChanges } from '../fitness-sessions/class-changes.ts';
import { expand } from '../fitness-sessions/recurrence.ts';
import { addDays } from '../fitness-sessions/zoned-time.ts';
import { seriesBehind, updateSeries } from '../fitness-sessions/fitness-sessions.repo.ts';
import { asPeopleTable, findPerson } from '../people/people.repo.ts';
import { classInstances, instructors } from '../../db/schema/index.ts';
import { sessionRulesOf } from '../session-settings/session-settings.service.ts';
import {
  appointmentTypeFacts,
  findClash,
  findInstance,
  findListed,
  insertInstancesSkippingClashes,
  listInRange,
  pageOfClasses,
  updateInstance,
} from './class-instances.repo.ts';
import { endBookingsOfCancelledClasses } from './class-cancellation.ts';
import { findEvent } from '../events/events.repo.ts';

const classNotFound = () => notFound('We could not find that class.');

/** The rules a class follows: the company's Sessions Settings with the series' own overrides on top. */
export function effectiveRules(
  company: SessionSettingsValues,
  overrides: RuleOverrides | null,
): SessionSettingsValues {
  const own = Object.fromEntries(Object.entries(overrides ?? {}).filter(([, value]) => value !== undefined));
  return { ...company, ...own };
}

export async function listClassInstances(
  db: Database,
  actor: Actor,
  query: ClassInstancesQuery,
): Promise<{ items: ClassInstanceDto[] }> {
  return withTenant(db, actor.companyId, async (tx) => ({
    items: await listInRange(
      tx,
      actor.companyId,
      { from: new Date(query.from), to: new Date(query.to) },
      query,
    ),
  }));
}

export async function listClasses(db: Database, actor: Actor, query: ClassesQuery): Promise<ClassesListDto> {
  return withTenant(db, actor.companyId, (tx) => pageOfClasses(tx, actor.companyId, query, new Date()));
}

async function cancelReasonOf(tx: Executor, companyId: string, id: string): Promise<string | null> {
  const [row] = await tx
    .select({ reason: classInstances.cancelReason })
    .from(classInstances)
    .where(and(eq(classInstances.companyId, companyId), eq(classInstances.id, id)));
  return row?.reason ?? null;
}

async function detailsIn(tx: Executor, companyId: string, id: string, audience: 'team' | 'public') {
  const listed = await findListed(tx, companyId, id);
  // The public sees a cancelled class too: a saved link then says it was cancelled, not "not found".
  if (!listed) throw classNotFound();
  const company = await findCompanyById(tx, companyId);
  if (!company) throw classNotFound();
  const companyRules = await sessionRulesOf(tx, companyId);
  const common = {
    ...listed,
    notes: audience === 'public' ? null : listed.notes,
    currency: company.currency,
    cancelReason: listed.status === 'cancelled' ? await cancelReasonOf(tx, companyId, id) : null,
  };
  if (listed.eventId) {
    // An event's date: its event's description and price, the company's rules (an event has no overrides).
    const event = await findEvent(tx, companyId, listed.eventId);
    if (!event) throw classNotFound();
    const details: ClassInstanceDetailsDto = {
      ...common,
      description: event.description,
      dropInPrice: event.price,
      rules: effectiveRules(companyRules, null),
      series: null,
    };
    return details;
  }
  if (listed.appointmentTypeId) {
    // An appointment (issue 17): its type's description, price and rules; no series. The front desk and
    // the roster open it like a class; the client's bookings link here.
    const type = await appointmentTypeFacts(tx, companyId, listed.appointmentTypeId);
    if (!type) throw classNotFound();
    const details: ClassInstanceDetailsDto = {
      ...common,
      description: type.description,
      dropInPrice: type.price,
      rules: effectiveRules(companyRules, { ...(type.ruleOverrides ?? {}), waitlistEnabled: false }),
      series: null,
    };
    return details;
  }
  const series = await findSeries(tx, companyId, listed.fitnessSessionId);
  const template = await findClassTemplate(tx, companyId, listed.templateId);
  if (!series || !template) throw classNotFound();
  const details: ClassInstanceDetailsDto = {
    ...common,
    description: template.description,
    dropInPrice: series.dropInPrice,
    rules: effectiveRules(companyRules, series.ruleOverrides ?? null),
    series: {
      schedule: series.schedule,
      startTime: series.startTime,
      durationMinutes: series.durationMinutes,
    },
  };
  return details;
}

export async function getClassInstance(
  db: Database,
  actor: Actor,
  id: string,
): Promise<ClassInstanceDetailsDto> {
  return withTenant(db, actor.companyId, (tx) => detailsIn(tx, actor.companyId, id, 'team'));
}

/** Cancels one class still to come; the bookings issue ends its bookings as cancelled by the studio here. */
export async function cancelClassInstance(
  db: Database,
  actor: Actor,
  id: string,
  reason: string | null,
  now = new Date(),
  publicUrl = '',
): Promise<ClassInstanceDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = await findInstance(tx, actor.companyId, id, { lock: true });
    if (!row) throw classNotFound();
    if (row.status === 'cancelled') throw conflict('This class is already cancelled.');
    if (row.endsAt <= now) throw badRequest('This class has already ended; past classes are not cancelled.');
    await updateInstance(tx, actor.companyId, id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: reason,
    });
    await endBookingsOfCancelledClasses(tx, actor.companyId, [id], now, publicUrl);
    const listed = await findListed(tx, actor.companyId, id);
    if (!listed) throw classNotFound();
    return listed;
  });
}

/** Another instructor teaches one class; the series keeps its own. */
export async function substituteInstructor(
  db: Database,
  actor: Actor,
  id: string,
  instructorId: string,
  now = new Date(),
  publicUrl = '',
): Promise<ClassInstanceDto> {
  return overlapsAsConflict(
    () =>
      withTenant(db, actor.companyId, async (tx) => {
        const row = await findInstance(tx, actor.companyId, id, { lock: true });
        if (!row) throw classNotFound();
        if (row.endsAt <= now)
          throw badRequest('This class has already ended; its instructor is not changed.');
        if (row.status === 'cancelled') throw conflict('This class is cancelled.');
        if (row.eventId)
          throw conflict('This is a date of an event: its facilitators are chosen on the Events page.');
        const person = await findPerson(tx, asPeopleTable(instructors), actor.companyId, instructorId);
        const message = 'Choose one of your active instructors.';
        if (!person || !person.active) throw badRequest(message, { instructorId: message });
        const clash = await findClash(
          tx,
          actor.companyId,
          [row],
          { instructorId, roomId: null, allowRoomOverlap: true },
          [row.id],
        );
        if (clash) {
          const sentence = `${person.name} already teaches ${clash.templateName} at that time.`;
          throw conflict(sentence, { instructorId: sentence });
        }
        const before = await classesBeforeChange(tx, actor.companyId, { ids: [id] });
        await updateInstance(tx, actor.companyId, id, {
          instructorId,
          assistantId: row.assistantId === instructorId ? null : row.assistantId,
        });
        // Its booked clients are told who teaches now (through the outbox; the route flushes it).
        await notifyClassChanges(tx, actor.companyId, before, { publicUrl, now });
        const listed = await findListed(tx, actor.companyId, id);
        if (!listed) throw classNotFound();
        return listed;
      }),
    db,
    actor.companyId,
  );
}

/** The public timetable: scheduled classes only, without the studio's notes. */
export async function listPublicClassInstances(
  db: Database,
  slug: string,
  query: ClassInstancesQuery,
): Promise<{ items: ClassInstanceDto[] }> {
  const companyId = (await companyBySlug(db, slug)).id;
  return withTenant(db, companyId, async (tx) => {
    const range = { from: new Date(query.from), to: new Date(query.to), onlyScheduled: true };
    const items = await listInRange(tx, companyId, range, query);
    return { items: items.map((item) => ({ ...item, notes: null })) };
  });
}

export async function getPublicClassInstance(
  db: Database,
  slug: string,
  id: string,
): Promise<ClassInstanceDetailsDto> {
  const companyId = (await companyBySlug(db, slug)).id;
  return withTenant(db, companyId, (tx) => detailsIn(tx, companyId, id, 'public'));
}

/**
 * The daily job: every open series gets its classes generated up to the rolling horizon. A date that
 * would now clash with a class scheduled since is skipped, not forced.
 */
export async function extendHorizons(
  db: Database,
  now = new Date(),
): Promise<{ series: number; classes: number }> {
  // A day short of the horizon in any zone, so a series already generated to its own horizon is not
  // picked again (the job runs daily; a series may lag its zone's horizon by a day at most).
  const farthest = addDays(now.toISOString().slice(0, 10), HORIZON_WEEKS * 7 - 1);
  let series = 0;
  let classes = 0;
  for (;;) {
    const batch = await withPlatform(db, async (tx) => {
      const behind = await seriesBehind(tx, farthest, 100);
      let advanced = 0;
      for (const row of behind) {
        const until = horizonDate(row.timeZone, now);
        if (until <= row.generatedUntil) continue;
        const last = row.endedAfter && row.endedAfter < until ? row.endedAfter : until;
        const occurrences = expand(row.schedule, row.startTime, row.durationMinutes, row.timeZone, {
          from: addDays(row.generatedUntil, 1),
          until: last,
        }).filter((occurrence) => !row.skippedDates.includes(occurrence.localDate));
        classes += await insertInstancesSkippingClashes(
          tx,
          occurrences.map((occurrence) => classOf(row.companyId, row.id, row, occurrence)),
        );
        await updateSeries(tx, row.companyId, row.id, { generatedUntil: until });
        advanced += 1;
      }
      return { found: behind.length, advanced };
    });
    series += batch.advanced;
    if (batch.found < 100 || batch.advanced === 0) break;
  }
  return { series, classes };
}
