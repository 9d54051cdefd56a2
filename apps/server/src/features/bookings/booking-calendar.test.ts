import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarAttachment, calendarDocument, calendarFile } from './booking-calendar.ts';

const entry = {
  uid: '6b0000000000000000000001@kinetic',
  startsAt: new Date('2030-01-08T23:00:00.000Z'),
  endsAt: new Date('2030-01-09T00:00:00.000Z'),
  summary: 'Yoga; Pilates, Flow (Café Zoë Studio)',
  location: 'Midtown, 10 Peachtree St, Atlanta, GA',
  description: `Booked at Café Zoë Studio.\nhttp://kinetic.test/${'ü'.repeat(60)}`,
  url: 'http://kinetic.test/class',
  method: 'PUBLISH' as const,
  stamp: new Date('2030-01-01T12:00:00.000Z'),
};

describe('the .ics of a booking', () => {
  it('writes UTC times, escapes text and folds long lines at 75 octets without splitting a character', () => {
    const file = calendarFile(entry);
    expect(file.endsWith('\r\n')).toBe(true);
    const lines = file.split('\r\n').slice(0, -1);
    expect(lines).toContain('DTSTART:20300108T230000Z');
    expect(lines).toContain('DTEND:20300109T000000Z');
    expect(lines).toContain('SUMMARY:Yoga\\; Pilates\\, Flow (Café Zoë Studio)');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Unfolded, the description is whole again (a line break escaped as \n).
    const unfolded = file.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:Booked at Café Zoë Studio.\\nhttp://kinetic.test/${'ü'.repeat(60)}\r\n`);
    expect(unfolded).not.toContain('\uFFFD');
  });

  it('a carriage return in a name or address cannot start a line of its own', () => {
    const file = calendarFile({ ...entry, location: 'Midtown\rATTENDEE:mailto:someone@example.com' });
    expect(file).toContain('LOCATION:Midtown\\nATTENDEE:mailto:someone@example.com\r\n');
    expect(file.split(/\r\n|\r|\n/).some((line) => line.startsWith('ATTENDEE'))).toBe(false);
  });

  it('a cancellation withdraws the same entry: METHOD:CANCEL, a higher sequence, STATUS:CANCELLED', () => {
    const file = calendarFile({ ...entry, method: 'CANCEL' });
    expect(file).toContain('METHOD:CANCEL\r\n');
    expect(file).toContain('SEQUENCE:1\r\n');
    expect(file).toContain('STATUS:CANCELLED\r\n');
    expect(file).toContain(`UID:${entry.uid}\r\n`);
  });
});

describe('parsed by an iCalendar library (ical.js)', () => {
  it('an email attachment is one event at the right UTC times, with the text unescaped', () => {
    const attachment = calendarAttachment({ ...entry, sequence: 4 });
    expect(attachment.filename).toBe('class.ics');
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const calendar = new ICAL.Component(ICAL.parse(attachment.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const [vevent, ...others] = calendar.getAllSubcomponents('vevent');
    expect(others).toHaveLength(0);
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(entry.uid);
    expect(event.sequence).toBe(4);
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-01-08T23:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-01-09T00:00:00.000Z');
    expect(event.summary).toBe(entry.summary);
    expect(event.location).toBe(entry.location);
    expect(event.description).toBe(entry.description);
    expect(vevent?.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('a feed holds many events, its name and a refresh interval', () => {
    const event = {
      uid: 'a@kinetic',
      sequence: 0,
      status: 'CONFIRMED' as const,
      startsAt: entry.startsAt,
      endsAt: entry.endsAt,
      summary: 'Power Yoga',
      location: 'Midtown',
      description: 'Booked.',
      url: entry.url,
      stamp: entry.stamp,
    };
    const file = calendarDocument({
      method: 'PUBLISH',
      feed: { name: 'Northside Yoga – my classes', refreshInterval: 'PT1H' },
      events: [event, { ...event, uid: 'b@kinetic', sequence: 3, status: 'CANCELLED' }],
    });
    const calendar = new ICAL.Component(ICAL.parse(file));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Northside Yoga – my classes');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((vevent) => vevent.getFirstPropertyValue('uid'))).toEqual(['a@kinetic', 'b@kinetic']);
    expect(events.map((vevent) => vevent.getFirstPropertyValue('status'))).toEqual(['CONFIRMED', 'CANCELLED']);
    expect(events.map((vevent) => vevent.getFirstPropertyValue('sequence'))).toEqual([0, 3]);
  });
});
