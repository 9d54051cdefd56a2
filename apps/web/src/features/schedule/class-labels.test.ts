import { describe, expect, it } from 'vitest';
import { studioZoneNote } from './class-labels.ts';

describe('studioZoneNote: the studio’s zone only when the viewer’s clock differs', () => {
  const winter = { startsAt: '2026-11-25T17:00:00.000Z', timeZone: 'America/New_York' };
  it('says nothing to a viewer in the studio’s zone, or in another zone on the same clock', () => {
    expect(studioZoneNote(winter, 'America/New_York')).toBeNull();
    expect(studioZoneNote(winter, 'America/Toronto')).toBeNull();
  });

  it('names the zone as people say it, as it is on the class’s date', () => {
    expect(studioZoneNote(winter, 'Europe/London')).toBe('Eastern Standard Time');
    expect(studioZoneNote({ ...winter, startsAt: '2026-07-01T17:00:00.000Z' }, 'Europe/London')).toBe('Eastern Daylight Time');
    expect(studioZoneNote({ startsAt: winter.startsAt, timeZone: 'Europe/London' }, 'America/New_York')).toBe('Greenwich Mean Time');
  });

  it('an unknown zone says nothing rather than break the page', () => {
    expect(studioZoneNote({ startsAt: winter.startsAt, timeZone: 'Not/AZone' }, 'Europe/London')).toBeNull();
  });
});
