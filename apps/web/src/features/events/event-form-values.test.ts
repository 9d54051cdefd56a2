import { describe, expect, it } from 'vitest';
import {
  instantOf,
  newDateRow,
  toCreateBody,
  toEventFormValues,
  validateEventForm,
  wallClockOf,
} from './event-form-values.ts';
import { eventDate, savedEvent } from './events-test-fixtures.ts';

const STUDIO = '0123456789abcdef01234567';

describe('event form values', () => {
  it('reads a wall-clock date and time in the studio’s zone, across a clock change', () => {
    expect(instantOf('2026-12-05', '18:30', 'America/New_York')).toBe('2026-12-05T23:30:00.000Z');
    expect(instantOf('2026-07-05', '18:30', 'America/New_York')).toBe('2026-07-05T22:30:00.000Z');
    expect(instantOf('2026-12-05', '18:30', 'Asia/Tokyo')).toBe('2026-12-05T09:30:00.000Z');
    expect(wallClockOf('2026-12-05T23:30:00.000Z', 'America/New_York')).toEqual(['2026-12-05', '18:30']);
    expect(instantOf('', '18:30', 'UTC')).toBeNull();
  });

  it('sends the price in minor units, empty as free, and every date as an instant', () => {
    const values = {
      ...toEventFormValues(undefined, { studioId: STUDIO }),
      title: 'Pottery Workshop',
      category: 'ArtsAndCulture' as const,
      price: 45.5,
      dates: [newDateRow('2030-01-10', '10:00', 90), newDateRow('2030-01-17', '10:00', 90)],
    };
    const body = toCreateBody(values, 'USD', 'UTC');
    expect(body).toMatchObject({
      title: 'Pottery Workshop',
      price: 4550,
      studioId: STUDIO,
      dates: [
        { startsAt: '2030-01-10T10:00:00.000Z', durationMinutes: 90 },
        { startsAt: '2030-01-17T10:00:00.000Z', durationMinutes: 90 },
      ],
    });
    expect(toCreateBody({ ...values, price: '' }, 'USD', 'UTC').price).toBe('');
    expect(validateEventForm(values, 'USD', 'UTC', new Date('2029-12-01T00:00:00Z'))).toEqual({});
  });

  it('names each field that needs attention, and a new date in the past', () => {
    const values = {
      ...toEventFormValues(undefined, { studioId: STUDIO }),
      dates: [newDateRow('2020-01-01', '10:00', 60), newDateRow('', '10:00', 2)],
    };
    const errors = validateEventForm(values, 'USD', 'UTC', new Date('2029-12-01T00:00:00Z'));
    expect(errors).toMatchObject({
      title: 'Name the event',
      category: 'Choose one of the event categories',
      'dates.0.date': 'Choose a date and time still to come',
      'dates.1.date': 'Choose the date and time',
      'dates.1.durationMinutes': 'Between 5 and 1,440 minutes',
    });
    expect(
      validateEventForm({ ...values, title: 'Open Day', category: 'Tours', dates: [] }, 'USD', 'UTC'),
    ).toMatchObject({
      dates: 'Add at least one date',
    });
  });

  it('shows a saved event in the studio’s wall clock, its cancelled dates left out', () => {
    const event = savedEvent({
      price: 1250,
      dates: [
        eventDate('d1', '2030-03-02T15:00:00.000Z', { bookedCount: 4, placesLeft: 26 }),
        eventDate('d2', '2030-03-09T15:00:00.000Z', { placesLeft: 0, status: 'cancelled' }),
      ],
    });
    const values = toEventFormValues(event, { studioId: STUDIO });
    expect(values.price).toBe(12.5);
    expect(values.dates).toEqual([
      {
        key: 'd1',
        classInstanceId: 'd1',
        date: '2030-03-02',
        time: '10:00',
        durationMinutes: 120,
        // Its places are the event's: the field is empty and follows the event's capacity.
        capacity: '',
        booked: 4,
        past: false,
      },
    ]);
  });

  it('lets a saved event with no date to come (all cancelled) be saved; a new one needs a date', () => {
    const values = {
      ...toEventFormValues(undefined, { studioId: STUDIO }),
      title: 'Open Day',
      category: 'Tours' as const,
      dates: [],
    };
    expect(validateEventForm(values, 'USD', 'UTC')).toEqual({ dates: 'Add at least one date' });
    expect(validateEventForm(values, 'USD', 'UTC', new Date(), { editing: true })).toEqual({});
  });

  it('keeps a date that took place as it was: its own places, not held to the event’s new capacity', () => {
    const event = savedEvent({
      capacity: 30,
      dates: [
        eventDate('d1', '2030-03-02T15:00:00.000Z', { bookedCount: 20 }),
        eventDate('d2', '2030-03-09T15:00:00.000Z', { bookedCount: 3 }),
      ],
    });
    const values = toEventFormValues(event, { studioId: STUDIO }, new Date('2030-03-05T00:00:00Z'));
    expect(values.dates.map((row) => [row.past, row.capacity])).toEqual([
      [true, 30],
      [false, ''],
    ]);
    // Ten places now: the past date's twenty do not stand in the way; the date to come's three do not either.
    const errors = validateEventForm(
      { ...values, title: 'Open Day', category: 'Tours', capacity: 10 },
      'USD',
      'UTC',
      new Date('2030-03-05T00:00:00Z'),
      { editing: true },
    );
    expect(errors).toEqual({});
    const tooFew = validateEventForm(
      { ...values, title: 'Open Day', category: 'Tours', capacity: 2 },
      'USD',
      'UTC',
      new Date('2030-03-05T00:00:00Z'),
      { editing: true },
    );
    expect(tooFew).toEqual({ capacity: 'At least 3: places already taken' });
  });
});
