import type { EmailAttachment } from '../../jobs/email-outbox.ts';

/**
 * iCalendar (RFC 5545) writing, one VEVENT writer for both uses: an email's `.ics` (one entry, with a
 * METHOD saying add or withdraw) and a private feed (features/calendar-feeds: every entry of a person,
 * each with its own STATUS). An entry keeps one UID for its whole life (`{bookingId}@kinetic` for a
 * booking, `class-{classInstanceId}@kinetic` for a class someone teaches) and a SEQUENCE that only
 * grows, so a calendar app replaces or removes its copy.
 */

/** RFC 5545 STATUS of a VEVENT: a place held, one offered or pending, or withdrawn. */
export type CalendarStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

/** One VEVENT. */
export interface CalendarEvent {
  uid: string;
  /** RFC 5545 SEQUENCE: higher for each change; a calendar keeps the copy with the highest. */
  sequence: number;
  status: CalendarStatus;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** DTSTAMP: when this copy was written. */
  stamp: Date;
}

/** One class as a calendar entry: added by the confirmation, withdrawn by the cancellation. */
export interface CalendarEntry {
  /** The same for every message about one booking, so a calendar replaces or removes its entry. */
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** `PUBLISH` adds or updates the entry; `CANCEL` removes it. */
  method: 'PUBLISH' | 'CANCEL';
  /**
   * RFC 5545 SEQUENCE: higher for each change of the entry (class_instances.revision, raised by every
   * change of time, place, instructor or status); a calendar keeps the copy with the highest. Default:
   * 0, or 1 for a cancellation.
   */
  sequence?: number;
  stamp: Date;
  /** The attachment's name: class.ics, event.ics or appointment.ics (default class). */
  noun?: 'class' | 'event' | 'appointment';
}

/** A whole calendar: an email's single entry or a feed's many. */
export interface CalendarDocument {
  /** An email's `.ics` says PUBLISH (add or update) or CANCEL (withdraw); a feed publishes. */
  method: 'PUBLISH' | 'CANCEL';
  events: readonly CalendarEvent[];
  /** A feed's name in the calendar app (X-WR-CALNAME) and how often to read it again (ISO 8601 duration). */
  feed?: { name: string; refreshInterval: string };
}

/** 20261124T230000Z: times in UTC, so no VTIMEZONE block is needed and every calendar agrees. */
const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. A lone CR
 * counts as a line break too (some calendar apps end a content line there, so a studio's name or address
 * holding one could start a property of its own).
 */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** RFC 5545 §3.1: content lines longer than 75 octets are folded (CRLF and a space). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation starts with a space, so 74 more.
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The VEVENT's content lines (unfolded). */
function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.status}`,
    // A withdrawn or pending entry does not show the person as busy.
    `TRANSP:${event.status === 'CONFIRMED' ? 'OPAQUE' : 'TRANSPARENT'}`,
    'END:VEVENT',
  ];
}

/** The VCALENDAR text, CRLF line ends and folded lines. */
export function calendarDocument(document: CalendarDocument): string {
  const feed = document.feed
    ? [
        `X-WR-CALNAME:${text(document.feed.name)}`,
        // Both spellings: RFC 7986's, and the older one Outlook and Google read.
        `REFRESH-INTERVAL;VALUE=DURATION:${document.feed.refreshInterval}`,
        `X-PUBLISHED-TTL:${document.feed.refreshInterval}`,
      ]
    : [];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kinetic//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${document.method}`,
    ...feed,
    ...document.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** An email's one entry as a calendar file. */
export function calendarFile(entry: CalendarEntry): string {
  const cancelled = entry.method === 'CANCEL';
  return calendarDocument({
    method: entry.method,
    events: [
      {
        uid: entry.uid,
        // A cancellation outranks the entry it withdraws.
        sequence: entry.sequence ?? (cancelled ? 1 : 0),
        status: cancelled ? 'CANCELLED' : 'CONFIRMED',
        startsAt: entry.startsAt,
        endsAt: entry.endsAt,
        summary: entry.summary,
        location: entry.location,
        description: entry.description,
        url: entry.url,
        stamp: entry.stamp,
      },
    ],
  });
}

/** The entry as an email attachment. */
export function calendarAttachment(entry: CalendarEntry): EmailAttachment {
  return {
    filename: `${entry.method === 'CANCEL' ? 'cancelled-' : ''}${entry.noun ?? 'class'}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${entry.method}`,
    content: calendarFile(entry),
  };
}
