import { describe, expect, it } from 'vitest';
import type { EventDateDto } from '@kinetic/shared';
import { isCancelledEvent } from './event-status.ts';

const now = new Date('2030-01-10T12:00:00Z');
const date = (startsAt: string, status: EventDateDto['status']): EventDateDto => ({
  classInstanceId: startsAt,
  startsAt,
  endsAt: startsAt,
  capacity: 10,
  bookedCount: 0,
  waitlistCount: 0,
  placesLeft: 10,
  status,
});

describe('isCancelledEvent', () => {
  it('is cancelled when every date still to come is cancelled, whatever took place before', () => {
    expect(isCancelledEvent({ dates: [date('2030-01-12T18:00:00Z', 'cancelled')] }, now)).toBe(true);
    expect(
      isCancelledEvent(
        { dates: [date('2030-01-03T18:00:00Z', 'scheduled'), date('2030-01-12T18:00:00Z', 'cancelled')] },
        now,
      ),
    ).toBe(true);
  });

  it('is not when a date to come is still on, or when nothing is to come', () => {
    expect(
      isCancelledEvent(
        { dates: [date('2030-01-12T18:00:00Z', 'cancelled'), date('2030-01-14T18:00:00Z', 'scheduled')] },
        now,
      ),
    ).toBe(false);
    expect(isCancelledEvent({ dates: [date('2030-01-03T18:00:00Z', 'cancelled')] }, now)).toBe(false);
  });
});
