import { eq } from 'drizzle-orm';
import type { Weekday } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { classTemplates, fitnessSessions, instructors, studioRooms, studios } from '../../db/schema/index.ts';
import { createSeriesIn } from '../fitness-sessions/fitness-sessions.service.ts';
import { addDays, localDateOf } from '../fitness-sessions/zoned-time.ts';
import { weekdayOfDate, WEEKDAYS } from '@kinetic/shared';
import { HISTORY_DAYS } from './seed-bookings.ts';

type Slot = [
  template: string,
  studio: string,
  room: string | null,
  instructor: string,
  days: Weekday[],
  time: string,
  minutes: number,
];

const MWF: Weekday[] = ['monday', 'wednesday', 'friday'];
const TT: Weekday[] = ['tuesday', 'thursday'];
const MF: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** About forty classes a week over two studios, none clashing for a room or an instructor. */
const COMPANY_TIMETABLE: Slot[] = [
  ['Power Yoga', 'Midtown', 'Studio A', 'Indira Instructor', MWF, '06:30', 60],
  ['HIIT Circuit', 'Midtown', 'Studio A', 'Tom Nguyen', TT, '07:00', 45],
  ['Power Yoga', 'Midtown', 'Studio A', 'Aisha Bello', TT, '12:00', 60],
  ['Barre', 'Midtown', 'Studio A', 'Aisha Bello', ['friday'], '12:00', 50],
  ['Barre', 'Midtown', 'Studio A', 'Aisha Bello', ['monday', 'wednesday'], '17:30', 50],
  ['HIIT Circuit', 'Midtown', 'Studio A', 'Tom Nguyen', MWF, '18:30', 45],
  ['Yin Yoga', 'Midtown', 'Studio A', 'Indira Instructor', TT, '19:30', 75],
  ['Power Yoga', 'Midtown', 'Studio A', 'Indira Instructor', ['saturday'], '09:00', 60],
  ['Barre', 'Midtown', 'Studio A', 'Aisha Bello', ['saturday'], '10:30', 50],
  ['Reformer Pilates', 'Midtown', 'Reformer Room', 'Marco Reyes', MF, '08:00', 50],
  ['Reformer Pilates', 'Midtown', 'Reformer Room', 'Marco Reyes', ['monday', 'wednesday'], '12:15', 50],
  ['Reformer Pilates', 'Midtown', 'Reformer Room', 'Marco Reyes', TT, '18:00', 50],
  ['Reformer Pilates', 'Midtown', 'Reformer Room', 'Marco Reyes', ['saturday'], '09:00', 50],
  ['Spin', 'Decatur', 'Main Room', 'Tom Nguyen', MWF, '06:45', 45],
  ['Barre', 'Decatur', 'Main Room', 'Aisha Bello', TT, '07:00', 50],
  ['Spin', 'Decatur', 'Main Room', 'Tom Nguyen', TT, '17:30', 45],
  ['Power Yoga', 'Decatur', 'Main Room', 'Indira Instructor', ['monday', 'wednesday'], '18:00', 60],
  ['HIIT Circuit', 'Decatur', 'Main Room', 'Aisha Bello', TT, '18:30', 45],
  ['HIIT Circuit', 'Decatur', 'Main Room', 'Marco Reyes', ['friday'], '17:30', 45],
  ['Yin Yoga', 'Decatur', 'Main Room', 'Indira Instructor', ['sunday'], '09:30', 75],
];

const SOLO_TIMETABLE: Slot[] = [
  ['Power Yoga', '', null, 'Sol Instructor', TT, '18:00', 60],
  ['Yin Yoga', '', null, 'Sol Instructor', ['saturday'], '10:00', 75],
];

/**
 * Issue 8's demo timetable: six weeks back (issue 14) and the rolling twelve ahead, through the same service an
 * owner's "New class" uses. Added only when the company has no class series yet.
 */
export async function seedSchedule(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo' },
  now = new Date(),
): Promise<void> {
  const [existing] = await tx
    .select({ id: fitnessSessions.id })
    .from(fitnessSessions)
    .where(eq(fitnessSessions.companyId, company.id))
    .limit(1);
  if (existing) return;
  const byName = <T extends { name: string; id: string }>(rows: T[]) =>
    new Map(rows.map((row) => [row.name, row]));
  const templates = byName(
    await tx.select().from(classTemplates).where(eq(classTemplates.companyId, company.id)),
  );
  const people = byName(await tx.select().from(instructors).where(eq(instructors.companyId, company.id)));
  const places = await tx.select().from(studios).where(eq(studios.companyId, company.id));
  const rooms = await tx.select().from(studioRooms).where(eq(studioRooms.companyId, company.id));
  const timetable = company.kind === 'solo' ? SOLO_TIMETABLE : COMPANY_TIMETABLE;
  for (const [
    templateName,
    studioName,
    roomName,
    instructorName,
    weekdays,
    startTime,
    durationMinutes,
  ] of timetable) {
    const template = templates.get(templateName);
    const studio = company.kind === 'solo' ? places[0] : places.find((place) => place.name === studioName);
    const instructor = people.get(instructorName);
    if (!template || !studio || !instructor) continue; // the owner renamed or removed it: leave their data be
    const room = roomName
      ? rooms.find((candidate) => candidate.studioId === studio.id && candidate.name === roomName)
      : null;
    const today = localDateOf(now, studio.timeZone);
    // The Monday six weeks back, so the calendar (and the insights' retention) has a past as well as a future.
    const start = addDays(today, -HISTORY_DAYS - WEEKDAYS.indexOf(weekdayOfDate(today)));
    await createSeriesIn(
      tx,
      company.id,
      {
        templateId: template.id,
        studioId: studio.id,
        roomId: room?.id ?? null,
        instructorId: instructor.id,
        assistantId: null,
        capacity: null,
        dropInPrice: null,
        ruleOverrides: null,
        schedule: {
          kind: 'weekly',
          weekdays,
          everyWeeks: 1,
          startDate: start,
          endDate: addDays(start, 364),
          count: null,
        },
        startTime,
        durationMinutes,
        allowRoomOverlap: false,
        notes: null,
      },
      now,
    );
  }
}
