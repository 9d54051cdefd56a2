import type { ClassInstanceDto } from '@kinetic/shared';

type Counts = Pick<ClassInstanceDto, 'capacity' | 'bookedCount' | 'waitlistCount' | 'status'>;

/** The live seat count beside a class: "12/20", "Full", or "3 waitlisted" once people wait. */
export function seatLabel(counts: Counts): string {
  if (counts.status === 'cancelled') return 'Cancelled';
  if (counts.waitlistCount > 0) return `${counts.waitlistCount} waitlisted`;
  if (counts.bookedCount >= counts.capacity) return 'Full';
  return `${counts.bookedCount}/${counts.capacity}`;
}

/** The seat count as a screen reader should say it: "8 of 20 places booked". */
export function seatSpoken(counts: Counts): string {
  const label = seatLabel(counts);
  return /^\d+\/\d+$/.test(label) ? `${counts.bookedCount} of ${counts.capacity} places booked` : label;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale and options: building an Intl.DateTimeFormat costs far more than using one,
 * and the calendar formats two or three times per class while it renders (issue 11 §7, blocking time).
 */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The class's wall-clock time in its studio's zone, e.g. "Tue 24 Nov 2026, 18:00–19:00". */
export function classTimeLabel(item: Pick<ClassInstanceDto, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const day = dateFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: item.timeZone,
  }).format(new Date(item.startsAt));
  return `${day}, ${localTime(item.startsAt, item.timeZone)}–${localTime(item.endsAt, item.timeZone)}`;
}

export function localTime(instant: string, timeZone: string): string {
  return dateFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(instant),
  );
}

/** "Tue 17 Nov, 17:30": an instant that may fall on another day than the class (a waitlist offer's end). */
export function dayTimeLabel(instant: string, timeZone: string): string {
  const day = dateFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(
    new Date(instant),
  );
  return `${day}, ${localTime(instant, timeZone)}`;
}

/** "YYYY-MM-DD" of an instant on the zone's wall calendar. */
export function localDate(instant: string | Date, timeZone: string): string {
  const parts = dateFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Where a class is held; an event's date held away from the studio reads the event's own address. */
export function placeLabel(item: Pick<ClassInstanceDto, 'studioName' | 'roomName' | 'address'>): string {
  if (item.address) return item.address;
  return item.roomName ? `${item.studioName} · ${item.roomName}` : item.studioName;
}

export function peopleLabel(item: Pick<ClassInstanceDto, 'instructorName' | 'assistantName'>): string {
  return item.assistantName ? `${item.instructorName} with ${item.assistantName}` : item.instructorName;
}

const zonePart = (instant: Date, timeZone: string, timeZoneName: 'long' | 'longOffset'): string =>
  dateFormat('en-GB', { timeZone, timeZoneName })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value ?? '';

let browserZone: string | undefined;

/**
 * Builds the first date formats a timetable uses (the device's zone, a day on its calendar). The first
 * `Intl.DateTimeFormat` of a page also loads the locale data behind it, tens of milliseconds on a phone:
 * `mount.tsx` calls this in a task of its own before the client calendar's first render, so that cost is
 * not part of the render's one long task.
 */
export function warmDateFormats(): void {
  localDate(new Date(), deviceTimeZone());
  localTime(new Date().toISOString(), deviceTimeZone());
}

/**
 * The device's time zone, read once: building an `Intl.DateTimeFormat` to ask costs far more than the
 * answer, and a timetable asked on every render (issue 11 §7).
 */
export function deviceTimeZone(): string {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return browserZone;
}

/**
 * The studio's time zone as a person reads it ("Eastern Standard Time"), but only when the viewer's
 * clock reads differently at that moment: for everyone in the studio's zone the times speak for
 * themselves, and a raw name such as "America/New_York" helps nobody.
 */
export function studioZoneNote(
  item: Pick<ClassInstanceDto, 'startsAt' | 'timeZone'>,
  viewerZone = deviceTimeZone(),
): string | null {
  const instant = new Date(item.startsAt);
  try {
    if (zonePart(instant, item.timeZone, 'longOffset') === zonePart(instant, viewerZone, 'longOffset'))
      return null;
    return zonePart(instant, item.timeZone, 'long') || null;
  } catch {
    return null;
  }
}
