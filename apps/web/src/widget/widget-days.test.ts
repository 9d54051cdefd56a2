import { describe, expect, it } from 'vitest';
import type { ClassInstanceDto, PublicEventDto } from '@kinetic/shared';
import { dayHeading, eventPlacesLabel, widgetDays } from './widget-days.ts';

const STUDIO = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbb';

function aClass(id: string, startsAt: string, extra: Partial<ClassInstanceDto> = {}): ClassInstanceDto {
  return {
    id,
    fitnessSessionId: 'f',
    templateId: 't',
    templateName: `Class ${id}`,
    colour: null,
    studioId: STUDIO,
    studioName: 'Downtown',
    roomId: null,
    roomName: null,
    instructorId: 'i',
    instructorName: 'Ivy',
    assistantId: null,
    assistantName: null,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    timeZone: 'America/New_York',
    capacity: 10,
    bookedCount: 2,
    waitlistCount: 0,
    status: 'scheduled',
    notes: null,
    ...extra,
  };
}

function anEvent(
  id: string,
  dates: { id: string; startsAt: string; status?: 'scheduled' | 'cancelled' }[],
  studioId = STUDIO,
) {
  return {
    id,
    title: `Event ${id}`,
    category: 'FitnessAndWellness',
    description: null,
    image: null,
    studioId,
    studioName: 'Downtown',
    timeZone: 'America/New_York',
    address: null,
    capacity: 10,
    price: 0,
    currency: 'USD',
    waitlist: true,
    facilitators: [],
    dates: dates.map((date) => ({
      classInstanceId: date.id,
      startsAt: date.startsAt,
      endsAt: new Date(Date.parse(date.startsAt) + 7_200_000).toISOString(),
      capacity: 10,
      bookedCount: 0,
      waitlistCount: 0,
      placesLeft: 10,
      status: date.status ?? 'scheduled',
    })),
  } as PublicEventDto;
}

const now = new Date('2026-12-01T12:00:00Z'); // 07:00 in New York
const first = '2026-12-01';

describe('the widget schedule, day by day', () => {
  it("puts classes and event dates on their studio's own day, in start order, days in order", () => {
    const days = widgetDays(
      [
        aClass('late', '2026-12-02T23:30:00Z'), // 18:30 on Wed 2 Dec in New York
        aClass('early', '2026-12-02T14:00:00Z'),
        // 01:00 UTC on the 3rd is still the evening of the 2nd in New York.
        aClass('night', '2026-12-03T01:00:00Z'),
      ],
      [
        anEvent('e1', [
          { id: 'd1', startsAt: '2026-12-02T16:00:00Z' },
          { id: 'd2', startsAt: '2026-12-04T16:00:00Z' },
        ]),
      ],
      { first, now },
    );
    expect(days.map((day) => day.date)).toEqual(['2026-12-02', '2026-12-04']);
    expect(days[0]?.items.map((item) => item.key)).toEqual([
      'class-early',
      'event-d1',
      'class-late',
      'class-night',
    ]);
    expect(days[1]?.items.map((item) => item.kind)).toEqual(['event']);
  });

  it('leaves out what has ended, is cancelled, falls outside the seven days or is at another studio', () => {
    const days = widgetDays(
      [
        aClass('over', '2026-12-01T10:00:00Z'), // ended at 11:00Z, before now
        aClass('cancelled', '2026-12-02T14:00:00Z', { status: 'cancelled' }),
        aClass('far', '2026-12-09T14:00:00Z'),
        aClass('elsewhere', '2026-12-02T15:00:00Z', { studioId: OTHER }),
        aClass('kept', '2026-12-02T16:00:00Z'),
      ],
      [
        anEvent('gone', [{ id: 'x', startsAt: '2026-12-02T16:00:00Z', status: 'cancelled' }]),
        anEvent('away', [{ id: 'y', startsAt: '2026-12-02T17:00:00Z' }], OTHER),
      ],
      { first, now, studioId: STUDIO },
    );
    expect(days).toHaveLength(1);
    expect(days[0]?.items.map((item) => item.key)).toEqual(['class-kept']);
  });

  it('shows every studio without a studio, and nothing for an empty week', () => {
    const both = widgetDays(
      [aClass('a', '2026-12-02T14:00:00Z'), aClass('b', '2026-12-02T15:00:00Z', { studioId: OTHER })],
      [],
      {
        first,
        now,
      },
    );
    expect(both[0]?.items).toHaveLength(2);
    expect(widgetDays([], [], { first, now })).toEqual([]);
  });

  it('writes the day headings and an event date’s places as a client reads them', () => {
    expect(dayHeading('2026-12-02')).toBe('Wednesday 2 December');
    expect(eventPlacesLabel(3, false)).toBe('3 places left');
    expect(eventPlacesLabel(1, false)).toBe('1 place left');
    expect(eventPlacesLabel(0, true)).toBe('Full · waitlist open');
    expect(eventPlacesLabel(0, false)).toBe('Full');
  });
});
