import type { EventDateDto, EventDto } from '@kinetic/shared';

export const EVENT_STUDIO_ID = '0123456789abcdef01234567';

/** One date of a saved event: two hours from `startsAt`, 30 places, none taken unless told. */
export const eventDate = (
  classInstanceId: string,
  startsAt: string,
  extra: Partial<EventDateDto> = {},
): EventDateDto => ({
  classInstanceId,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString(),
  capacity: 30,
  bookedCount: 0,
  waitlistCount: 0,
  placesLeft: 30,
  status: 'scheduled',
  ...extra,
});

/** A saved event of the Midtown studio (New York clock) as `GET /api/events/{id}` answers it. */
export const savedEvent = (extra: Partial<EventDto> = {}): EventDto => ({
  id: 'e1',
  title: 'Open Day',
  category: 'CommunityEvents',
  description: null,
  image: null,
  studioId: EVENT_STUDIO_ID,
  studioName: 'Midtown',
  timeZone: 'America/New_York',
  address: null,
  capacity: 30,
  price: 0,
  currency: 'USD',
  facilitatorIds: [],
  packageIds: [],
  visibility: 'public',
  waitlist: true,
  dates: [],
  ...extra,
});
