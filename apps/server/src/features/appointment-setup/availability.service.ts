import type { z } from 'zod';
import {
  sortRanges,
  WEEKDAYS,
  type availabilityExceptionBody,
  type AvailabilityDto,
  type AvailabilityExceptionDto,
  type AvailabilityListDto,
  type WeekRanges,
  type weeklyAvailabilityBody,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { actorCan, type Actor } from '../../plugins/auth.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { companyOrNotFound } from '../accounts/accounts.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { studiosByIds } from './appointment-types.repo.ts';
import {
  activeInstructors,
  deleteException,
  exceptionsFrom,
  findInstructor,
  insertException,
  instructorOfUser,
  replaceWeekly,
  weeklyOf,
  type ExceptionRow,
} from './availability.repo.ts';

type WeeklyValues = z.output<typeof weeklyAvailabilityBody>;
type ExceptionValues = z.output<typeof availabilityExceptionBody>;
type Instructor = NonNullable<Awaited<ReturnType<typeof findInstructor>>>;

const INSTRUCTOR_NOT_FOUND = 'We could not find that instructor.';

/**
 * Instructors' working hours and exceptions (issue 17 §2). Whoever manages the schedule keeps everyone's;
 * an instructor keeps (and reads) their own — the instructor row linked to their login.
 */

function exceptionDto(row: ExceptionRow): AvailabilityExceptionDto {
  return {
    id: row.id,
    date: row.date,
    kind: row.kind,
    studioId: row.studioId,
    start: row.startTime,
    end: row.endTime,
    note: row.note,
  };
}

/** Days in the week's order, each day's ranges in time order, empty days left out. */
function tidyWeek(hours: WeekRanges): WeekRanges {
  const week: WeekRanges = {};
  for (const day of WEEKDAYS) {
    const ranges = hours[day];
    if (ranges && ranges.length > 0) week[day] = sortRanges(ranges);
  }
  return week;
}

/** The instructor asked about, if the actor may keep their hours: 404 for an unknown id, 403 for another's. */
async function instructorFor(tx: Executor, actor: Actor, instructorId: string): Promise<Instructor> {
  const instructor = await findInstructor(tx, actor.companyId, instructorId);
  if (!instructor) throw notFound(INSTRUCTOR_NOT_FOUND);
  if (!actorCan(actor, 'manageSchedule') && instructor.userId !== actor.userId)
    throw forbidden('You can see and change only your own working hours.');
  return instructor;
}

async function availabilityOf(tx: Executor, companyId: string, instructor: Instructor, today: string) {
  const weekly = await weeklyOf(tx, companyId, instructor.id);
  const exceptions = await exceptionsFrom(tx, companyId, instructor.id, today);
  return {
    instructorId: instructor.id,
    instructorName: instructor.name,
    weekly: weekly.map((row) => ({ studioId: row.studioId, hours: row.hours })),
    exceptions: exceptions.map(exceptionDto),
  } satisfies AvailabilityDto;
}

/** Today on the company's clock: exceptions from then on are shown. */
async function todayOf(tx: Executor, companyId: string, now: Date): Promise<string> {
  return localDateOf(now, (await companyOrNotFound(tx, companyId)).timeZone);
}

/** `GET /api/availability`: managers see every active instructor; an instructor sees themselves. */
export async function listAvailability(
  db: Database,
  actor: Actor,
  now = new Date(),
): Promise<AvailabilityListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const today = await todayOf(tx, actor.companyId, now);
    const own = await instructorOfUser(tx, actor.companyId, actor.userId);
    const people = actorCan(actor, 'manageSchedule')
      ? await activeInstructors(tx, actor.companyId)
      : own
        ? [own]
        : [];
    const items: AvailabilityDto[] = [];
    for (const person of people) items.push(await availabilityOf(tx, actor.companyId, person, today));
    return { items };
  });
}

export async function getAvailability(
  db: Database,
  actor: Actor,
  instructorId: string,
  now = new Date(),
): Promise<AvailabilityDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const instructor = await instructorFor(tx, actor, instructorId);
    return availabilityOf(tx, actor.companyId, instructor, await todayOf(tx, actor.companyId, now));
  });
}

/** Replaces the instructor's week at every studio; each studio must be the company's. */
export async function saveWeekly(
  db: Database,
  actor: Actor,
  instructorId: string,
  values: WeeklyValues,
  now = new Date(),
): Promise<AvailabilityDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const instructor = await instructorFor(tx, actor, instructorId);
    const found = new Set(
      (
        await studiosByIds(
          tx,
          actor.companyId,
          values.studios.map((row) => row.studioId),
        )
      ).map((row) => row.id),
    );
    const stray = values.studios.findIndex((row) => !found.has(row.studioId));
    if (stray !== -1) {
      const message = 'Choose one of your studios.';
      throw badRequest(message, { [`studios.${stray}.studioId`]: message });
    }
    await replaceWeekly(
      tx,
      actor.companyId,
      instructor.id,
      values.studios.map((row) => ({ studioId: row.studioId, hours: tidyWeek(row.hours) })),
    );
    return availabilityOf(tx, actor.companyId, instructor, await todayOf(tx, actor.companyId, now));
  });
}

/** Time off or extra hours on one date (appointments already booked then stay booked). */
export async function addException(
  db: Database,
  actor: Actor,
  instructorId: string,
  values: ExceptionValues,
): Promise<AvailabilityExceptionDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const instructor = await instructorFor(tx, actor, instructorId);
    if (
      values.studioId !== null &&
      (await studiosByIds(tx, actor.companyId, [values.studioId])).length === 0
    ) {
      const message = 'Choose one of your studios.';
      throw badRequest(message, { studioId: message });
    }
    const row = await insertException(tx, {
      companyId: actor.companyId,
      id: generateId(),
      instructorId: instructor.id,
      date: values.date,
      kind: values.kind,
      studioId: values.studioId,
      startTime: values.start,
      endTime: values.end,
      note: values.note || null,
      createdBy: actor.userId,
    });
    return exceptionDto(row);
  });
}

export async function removeException(
  db: Database,
  actor: Actor,
  instructorId: string,
  exceptionId: string,
): Promise<void> {
  await withTenant(db, actor.companyId, async (tx) => {
    const instructor = await instructorFor(tx, actor, instructorId);
    if (!(await deleteException(tx, actor.companyId, instructor.id, exceptionId)))
      throw notFound('We could not find that exception.');
  });
}
