import { PLACE_STATUSES } from '@kinetic/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calendarAttachment } from '../bookings/booking-calendar.ts';
import { bookingSequence } from '../calendar-feeds/calendar-sequence.ts';
import { teacherOf } from '../bookings/booking-email.repo.ts';
import { clientAreaUrl, emailLookOf, notify, templateOf } from '../notifications/notify.ts';
import { dayLabel, localTimeOf, momentLabel } from './zoned-time.ts';

/**
 * "Class changed" (issue 16): when a booked class's time, studio, room or instructor changes — a series
 * edit (this class, this and following, all), a substitute instructor, a studio's time-zone correction —
 * every client holding a place in it (booked, checked in, or offered a held place) gets one email per
 * class, written in the transaction of the change, saying what changed from what to what, with the
 * class's calendar entry updated (same UID as the confirmation, a higher SEQUENCE). Clients on the
 * waitlist are not told: they hold no place, and an offer or promotion email names the class as it is
 * then. Notes, capacity or assistant changes send nothing; a class the change cancelled has its own
 * email (class-cancellation.ts).
 *
 * Usage: `const before = await classesBeforeChange(tx, companyId, ids)` before the change, then
 * `await notifyClassChanges(tx, companyId, before, { publicUrl, now })` after it, same transaction.
 * Only classes with a place held are read, so a series edit over many unbooked classes costs one query.
 */

export interface ClassSnapshot {
  id: string;
  status: string;
  eventId: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  studioId: string;
  studioName: string;
  address: string;
  roomId: string | null;
  roomName: string | null;
  instructorId: string | null;
  instructorName: string | null;
  className: string;
}

export type ClassesBefore = Map<string, ClassSnapshot>;

/** The classes (of `ids`, or every class still to come in a series or studio) with a place held. */
type Which =
  | { ids: readonly string[] }
  | { seriesIds: readonly string[]; after: Date }
  | { studioId: string; after: Date };

async function snapshot(tx: Executor, companyId: string, which: Which): Promise<ClassesBefore> {
  const filter =
    'ids' in which
      ? which.ids.length === 0
        ? sql`false`
        : sql`ci.id in (${sql.join(
            which.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
      : 'seriesIds' in which
        ? which.seriesIds.length === 0
          ? sql`false`
          : sql`ci.fitness_session_id in (${sql.join(
              which.seriesIds.map((id) => sql`${id}`),
              sql`, `,
            )}) and ci.starts_at > ${which.after.toISOString()}::timestamptz`
        : sql`ci.studio_id = ${which.studioId} and ci.starts_at > ${which.after.toISOString()}::timestamptz`;
  const places = sql.join(
    PLACE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = await tx.execute<{
    id: string;
    status: string;
    event_id: string | null;
    starts_at: string | Date;
    ends_at: string | Date;
    time_zone: string;
    studio_id: string;
    studio_name: string;
    address: {
      line1?: string;
      line2?: string;
      city?: string;
      state?: string;
      postalCode?: string;
      country?: string;
    } | null;
    event_address: string | null;
    room_id: string | null;
    room_name: string | null;
    instructor_id: string | null;
    instructor_name: string | null;
    class_name: string;
  }>(sql`
    select ci.id, ci.status, ci.event_id, ci.starts_at, ci.ends_at, s.time_zone, ci.studio_id,
           s.name as studio_name, s.address, e.address as event_address, ci.room_id, r.name as room_name,
           ci.instructor_id, i.name as instructor_name, coalesce(t.name, e.title, at.name) as class_name
      from class_instances ci
      join studios s on s.company_id = ci.company_id and s.id = ci.studio_id
      left join studio_rooms r on r.company_id = ci.company_id and r.id = ci.room_id
      left join instructors i on i.company_id = ci.company_id and i.id = ci.instructor_id
      left join class_templates t on t.company_id = ci.company_id and t.id = ci.template_id
      left join events e on e.company_id = ci.company_id and e.id = ci.event_id
      left join appointment_types at on at.company_id = ci.company_id and at.id = ci.appointment_type_id
     where ci.company_id = ${companyId} and ${filter}
       and exists (select 1 from bookings b where b.company_id = ci.company_id
                     and b.class_instance_id = ci.id and b.status in (${places}))`);
  const classes: ClassesBefore = new Map();
  for (const row of result.rows) {
    const parts = row.address
      ? [
          row.address.line1,
          row.address.line2,
          row.address.city,
          [row.address.state, row.address.postalCode].filter(Boolean).join(' '),
          row.address.country,
        ]
          .map((part) => part?.trim())
          .filter(Boolean)
      : [];
    const outside = row.event_address?.trim();
    classes.set(row.id, {
      id: row.id,
      status: row.status,
      eventId: row.event_id,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      timeZone: row.time_zone,
      studioId: row.studio_id,
      studioName: row.studio_name,
      address: outside || [row.studio_name, ...parts].join(', '),
      roomId: row.room_id,
      roomName: row.room_name,
      instructorId: row.instructor_id,
      instructorName: row.instructor_name,
      className: row.class_name,
    });
  }
  return classes;
}

/** Reads the classes a change may touch, before it: by id, a series' classes to come, or a studio's. */
export function classesBeforeChange(tx: Executor, companyId: string, which: Which): Promise<ClassesBefore> {
  return snapshot(tx, companyId, which);
}

/** "the time changed from … to …; the instructor is now … instead of …", or null when nothing told changed. */
export function changeSummary(before: ClassSnapshot, after: ClassSnapshot): string | null {
  const clauses: string[] = [];
  const sameInstants =
    before.startsAt.getTime() === after.startsAt.getTime() &&
    before.endsAt.getTime() === after.endsAt.getTime();
  if (!sameInstants) {
    const from = momentLabel(before.startsAt, before.timeZone);
    const to = momentLabel(after.startsAt, after.timeZone);
    if (from === to && before.timeZone !== after.timeZone)
      // A studio's time zone corrected: the wall clock stays, the instant (and the calendar entry) moves.
      clauses.push(
        `the studio’s time zone is now ${after.timeZone.replace(/_/g, ' ')} (it was ${before.timeZone.replace(/_/g, ' ')}), so ${to} is on that clock and your calendar entry is corrected`,
      );
    else if (before.startsAt.getTime() === after.startsAt.getTime())
      clauses.push(
        `it now ends at ${localTimeOf(after.endsAt, after.timeZone)} instead of ${localTimeOf(before.endsAt, before.timeZone)}`,
      );
    else
      clauses.push(
        `the time changed from ${from}–${localTimeOf(before.endsAt, before.timeZone)} to ${to}–${localTimeOf(after.endsAt, after.timeZone)}`,
      );
  }
  if (before.studioId !== after.studioId) {
    const where = (cls: ClassSnapshot) =>
      cls.roomName ? `${cls.studioName}, ${cls.roomName}` : cls.studioName;
    clauses.push(`it is now at ${where(after)} instead of ${where(before)}`);
  } else if (before.roomId !== after.roomId) {
    clauses.push(
      after.roomName
        ? `the room is now ${after.roomName}${before.roomName ? ` instead of ${before.roomName}` : ''}`
        : `it no longer has a set room (it was ${before.roomName ?? 'set'})`,
    );
  }
  if (before.instructorId !== after.instructorId)
    clauses.push(
      `the instructor is now ${after.instructorName ?? 'to be announced'} instead of ${before.instructorName ?? 'no one'}`,
    );
  if (clauses.length === 0) return null;
  const sentence = clauses.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * Emails every client holding a place in a class of `before` whose time, studio, room or instructor is
 * now different, in the caller's transaction (the route flushes the outbox after the commit). Answers
 * the outbox ids.
 */
export async function notifyClassChanges(
  tx: Executor,
  companyId: string,
  before: ClassesBefore,
  context: { publicUrl: string; now: Date },
): Promise<string[]> {
  if (before.size === 0) return [];
  // The studio switched the email off: no need to look further.
  if (!(await templateOf(tx, companyId, 'classChanged')).enabled) return [];
  const after = await snapshot(tx, companyId, { ids: [...before.keys()] });
  const changed: { cls: ClassSnapshot; summary: string }[] = [];
  for (const [id, old] of before) {
    const now = after.get(id);
    // Gone or cancelled: the cancellation has its own email.
    if (!now || now.status !== 'scheduled' || old.status !== 'scheduled') continue;
    const summary = changeSummary(old, now);
    if (summary) changed.push({ cls: now, summary });
  }
  if (changed.length === 0) return [];
  const look = await emailLookOf(tx, companyId);
  const places = sql.join(
    PLACE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const holders = await tx.execute<{
    id: string;
    class_instance_id: string;
    client_id: string;
    name: string;
    email: string;
  }>(sql`
    select b.id, b.class_instance_id, b.client_id, u.name, u.email
      from bookings b join users u on u.company_id = b.company_id and u.id = b.client_id
     where b.company_id = ${companyId}
       and b.class_instance_id in (${sql.join(
         changed.map(({ cls }) => sql`${cls.id}`),
         sql`, `,
       )})
       and b.status in (${places})
       and u.anonymised_at is null
     order by b.class_instance_id, b.id`);
  const ids: string[] = [];
  for (const { cls, summary } of changed) {
    // An event's date: the event's page, as in its confirmation (booking-email.ts).
    const link = clientAreaUrl(
      context.publicUrl,
      look,
      cls.eventId ? `event/book-event/${cls.eventId}` : `classes/details/${cls.id}`,
    );
    const noun = cls.eventId ? 'event' : 'class';
    const variables = {
      'class.name': cls.className,
      'class.noun': noun,
      'class.start': momentLabel(cls.startsAt, cls.timeZone),
      'class.date': dayLabel(cls.startsAt, cls.timeZone),
      'class.time': localTimeOf(cls.startsAt, cls.timeZone),
      'class.end': localTimeOf(cls.endsAt, cls.timeZone),
      'class.studio': cls.studioName,
      'class.where': cls.roomName ? `${cls.address} (${cls.roomName})` : cls.address,
      // An event's date is led by its facilitators (none named: the sentence leaves them out).
      'class.instructor': cls.eventId
        ? await teacherOf(tx, companyId, cls.id, cls.eventId)
        : (cls.instructorName ?? 'an instructor to be announced'),
      'class.link': link,
      'change.summary': summary,
    };
    for (const holder of holders.rows.filter((row) => row.class_instance_id === cls.id)) {
      const attachment = calendarAttachment({
        uid: `${holder.id}@kinetic`,
        startsAt: cls.startsAt,
        endsAt: cls.endsAt,
        summary: `${cls.className} (${look.companyName})`,
        location: cls.address,
        description: `Booked at ${look.companyName}. ${link}`,
        url: link,
        method: 'PUBLISH',
        sequence: await bookingSequence(tx, companyId, holder.id),
        stamp: context.now,
        noun,
      });
      const id = await notify(
        tx,
        companyId,
        {
          trigger: 'classChanged',
          to: { id: holder.client_id, name: holder.name, email: holder.email },
          variables,
          attachments: [attachment],
        },
        { publicUrl: context.publicUrl },
      );
      if (id) ids.push(id);
    }
  }
  return ids;
}
