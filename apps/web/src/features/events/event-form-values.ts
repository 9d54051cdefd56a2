import {
  createEventBody,
  eventBody,
  type CreateEventBody,
  type EventBody,
  type EventCategory,
  type EventDto,
  type EventVisibility,
} from '@kinetic/shared';
import { majorToMinor, minorToMajor } from '../class-templates/money.ts';

/** One date row of the form: the studio's wall clock, and the saved date it edits (if any). */
export interface EventDateRow {
  key: string;
  classInstanceId: string | null;
  date: string;
  time: string;
  durationMinutes: number | string;
  /** The date's own places; empty: the event's capacity (and it follows the event's later changes). */
  capacity: number | string;
  /** Places taken on a saved date (it is cancelled rather than deleted when removed). */
  booked: number;
  /** A saved date that has started: shown as it was, not moved or re-sized (the server refuses both). */
  past: boolean;
}

export interface EventFormValues {
  title: string;
  category: EventCategory | '';
  description: string;
  image: string | null;
  studioId: string;
  address: string;
  capacity: number | string;
  /** Major units (12.50); empty is free. */
  price: number | string;
  facilitatorIds: string[];
  packageIds: string[];
  visibility: EventVisibility;
  waitlist: boolean;
  dates: EventDateRow[];
}

let rowSequence = 0;
export const newDateRow = (
  date = '',
  time = '18:00',
  durationMinutes: number | string = 120,
): EventDateRow => ({
  key: `new-${(rowSequence += 1)}`,
  classInstanceId: null,
  date,
  time,
  durationMinutes,
  capacity: '',
  booked: 0,
  past: false,
});

/** The wall-clock date and time of an instant in a zone: ['2026-12-05', '18:30']. */
export function wallClockOf(instant: string | Date, timeZone: string): [string, string] {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}`];
}

/** The instant a wall-clock date and time stand for in a zone (the studio's), as ISO; null if unreadable. */
export function instantOf(date: string, time: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock) return null;
  const wall = Date.UTC(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
    Number(clock[1]),
    Number(clock[2]),
  );
  if (Number.isNaN(wall)) return null;
  const offsetAt = (instant: number) => {
    const [day, hm] = wallClockOf(new Date(instant), timeZone);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const [h, mi] = hm.split(':').map(Number) as [number, number];
    return Date.UTC(y, m - 1, d, h, mi) - instant;
  };
  // Twice: the offset at the guess may differ from the offset at the answer around a clock change.
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant).toISOString();
}

export function toEventFormValues(
  event: EventDto | undefined,
  defaults: { studioId: string },
  now = new Date(),
): EventFormValues {
  if (!event)
    return {
      title: '',
      category: '',
      description: '',
      image: null,
      studioId: defaults.studioId,
      address: '',
      capacity: 20,
      price: '',
      facilitatorIds: [],
      packageIds: [],
      visibility: 'public',
      waitlist: true,
      dates: [newDateRow()],
    };
  return {
    title: event.title,
    category: event.category,
    description: event.description ?? '',
    image: event.image,
    studioId: event.studioId,
    address: event.address ?? '',
    capacity: event.capacity,
    price: event.price === 0 ? '' : minorToMajor(event.price, event.currency),
    facilitatorIds: [...event.facilitatorIds],
    packageIds: [...event.packageIds],
    visibility: event.visibility,
    waitlist: event.waitlist,
    dates: event.dates
      .filter((date) => date.status === 'scheduled')
      .map((date) => {
        const [day, time] = wallClockOf(date.startsAt, event.timeZone);
        const past = Date.parse(date.startsAt) <= now.getTime();
        return {
          key: date.classInstanceId,
          classInstanceId: date.classInstanceId,
          date: day,
          time,
          durationMinutes: Math.round((Date.parse(date.endsAt) - Date.parse(date.startsAt)) / 60_000),
          // A date to come with the event's places follows it (empty); a past one keeps what it had.
          capacity: date.capacity === event.capacity && !past ? '' : date.capacity,
          booked: date.bookedCount,
          past,
        };
      }),
  };
}

/** The event's own fields as `PUT /api/events/{id}` takes them (price in minor units). */
export function toEventBody(values: EventFormValues, currency: string): EventBody {
  return {
    title: values.title,
    category: values.category as EventCategory,
    description: values.description,
    image: values.image,
    studioId: values.studioId,
    address: values.address,
    capacity: values.capacity as EventBody['capacity'],
    price: majorToMinor(values.price, currency) as EventBody['price'],
    facilitatorIds: values.facilitatorIds,
    packageIds: values.packageIds,
    visibility: values.visibility,
    waitlist: values.waitlist,
  };
}

/**
 * One date as `POST .../dates` and `PUT .../dates/{id}` take it. `eventCapacity` for a saved date: an
 * emptied field puts it back on the event's capacity (a new date left empty simply takes the event's).
 */
export const toDateBody = (row: EventDateRow, timeZone: string, eventCapacity?: number | string) => {
  const capacity = row.capacity === '' ? eventCapacity : row.capacity;
  return {
    startsAt: instantOf(row.date, row.time, timeZone) ?? '',
    durationMinutes: row.durationMinutes as number,
    ...(capacity === undefined || capacity === '' ? {} : { capacity: capacity as number }),
  };
};

/** `POST /api/events`: the fields and every date. */
export function toCreateBody(values: EventFormValues, currency: string, timeZone: string): CreateEventBody {
  return { ...toEventBody(values, currency), dates: values.dates.map((row) => toDateBody(row, timeZone)) };
}

/**
 * The contract's own messages, on the form's fields (`dates.0.date` for a date row), plus "still to
 * come" for a new date in the past. A saved event (`editing`) may be left without dates to come (all
 * cancelled): its other fields can still be changed.
 */
export function validateEventForm(
  values: EventFormValues,
  currency: string,
  timeZone: string,
  now = new Date(),
  { editing = false } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  // The rows first: their own words ("Choose the date and time") before the contract's ISO wording.
  if (values.dates.length === 0 && !editing) errors.dates = 'Add at least one date';
  values.dates.forEach((row, index) => {
    const startsAt = instantOf(row.date, row.time, timeZone);
    if (!startsAt) errors[`dates.${index}.date`] = 'Choose the date and time';
    else if (!row.classInstanceId && Date.parse(startsAt) <= now.getTime())
      errors[`dates.${index}.date`] = 'Choose a date and time still to come';
    const minutes = Number(row.durationMinutes);
    if (!Number.isInteger(minutes) || minutes < 5 || minutes > 1440)
      errors[`dates.${index}.durationMinutes`] = 'Between 5 and 1,440 minutes';
    // A date's places (its own, or the event's it follows) never go below those already taken; a past
    // date keeps its own whatever the event's becomes.
    if (row.past) return;
    const places = row.capacity === '' ? Number(values.capacity) : Number(row.capacity);
    const field = row.capacity === '' ? 'capacity' : `dates.${index}.capacity`;
    if (row.capacity !== '' && (!Number.isInteger(places) || places < 1)) errors[field] = 'At least 1 place';
    else if (Number.isInteger(places) && places < row.booked)
      errors[field] ??= `At least ${row.booked}: places already taken`;
  });
  const result = editing
    ? eventBody.safeParse(toEventBody(values, currency))
    : createEventBody.safeParse(toCreateBody(values, currency, timeZone));
  if (!result.success)
    for (const issue of result.error.issues) {
      const path = issue.path.join('.').replace(/^(dates\.\d+)\.startsAt$/, '$1.date');
      errors[path] ??= issue.message;
    }
  return errors;
}
