import { describe, expect, it } from 'vitest';
import { calendarFile } from './booking-calendar.ts';

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

  it('a cancellation withdraws the same entry: METHOD:CANCEL, a higher sequence, STATUS:CANCELLED', () => {
    const file = calendarFile({ ...entry, method: 'CANCEL' });
    expect(file).toContain('METHOD:CANCEL\r\n');
    expect(file).toContain('SEQUENCE:1\r\n');
    expect(file).toContain('STATUS:CANCELLED\r\n');
    expect(file).toContain(`UID:${entry.uid}\r\n`);
  });
});
