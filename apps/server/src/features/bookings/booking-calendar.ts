import type { EmailAttachment } from '../../jobs/email-outbox.ts';

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
  /** The attachment's name: class.ics or event.ics (default class). */
  noun?: 'class' | 'event';
}

/** 20261124T230000Z: times in UTC, so no VTIMEZONE block is needed and every calendar agrees. */
const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

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

export function calendarFile(entry: CalendarEntry): string {
  const cancelled = entry.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kinetic//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${entry.method}`,
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    // A cancellation outranks the entry it withdraws.
    `SEQUENCE:${entry.sequence ?? (cancelled ? 1 : 0)}`,
    `DTSTAMP:${utc(entry.stamp)}`,
    `DTSTART:${utc(entry.startsAt)}`,
    `DTEND:${utc(entry.endsAt)}`,
    `SUMMARY:${text(entry.summary)}`,
    `LOCATION:${text(entry.location)}`,
    `DESCRIPTION:${text(entry.description)}`,
    `URL:${entry.url}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The entry as an email attachment. */
export function calendarAttachment(entry: CalendarEntry): EmailAttachment {
  return {
    filename: `${entry.method === 'CANCEL' ? 'cancelled-' : ''}${entry.noun ?? 'class'}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${entry.method}`,
    content: calendarFile(entry),
  };
}
