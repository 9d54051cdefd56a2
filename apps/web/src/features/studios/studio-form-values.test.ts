import { describe, expect, it } from 'vitest';
import { studioBody, type StudioDto } from '@kinetic/shared';
import { addressText, roomsCount, todaysHours, toStudioBody, toStudioFormValues, weekdayAt } from './studio-form-values.ts';

const ROOM_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ROOM_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const studio: StudioDto = {
  id: 'cccccccccccccccccccccccc',
  name: 'Midtown',
  address: { line1: '100 Peachtree St', line2: null, city: 'Atlanta', state: 'GA', postalCode: '30303', country: null },
  phone: null,
  email: 'midtown@acme.test',
  timeZone: 'America/New_York',
  openingHours: {
    monday: [
      { start: '06:00', end: '12:00' },
      { start: '16:00', end: '21:00' },
    ],
    saturday: [{ start: '08:00', end: '14:00' }],
  },
  amenities: [
    { name: 'Showers', value: 'Two' },
    { name: 'Parking', value: 'Free after 6 pm' },
  ],
  rooms: [
    { id: ROOM_A, name: 'Studio A', capacity: 20 },
    { id: ROOM_B, name: 'Studio B', capacity: 12 },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('studio form ↔ API', () => {
  it('round-trips a saved studio unchanged, rooms keeping their ids', () => {
    const body = toStudioBody(toStudioFormValues(studio));
    expect(body).toEqual({
      name: 'Midtown',
      address: { line1: '100 Peachtree St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '30303', country: '' },
      phone: '',
      email: 'midtown@acme.test',
      timeZone: 'America/New_York',
      openingHours: studio.openingHours,
      amenities: studio.amenities,
      rooms: studio.rooms,
    });
    expect(studioBody.safeParse(body).success).toBe(true);
  });

  it('sends every spec §4 local edit: a deleted room and amenity are left out, new rows have no id, a day without hours is dropped', () => {
    const values = toStudioFormValues(studio);
    values.rooms = values.rooms.filter((room) => room.id !== ROOM_A);
    values.rooms[0]!.capacity = 15;
    values.rooms.push({ key: 'new', name: 'Loft', capacity: 8 });
    values.amenities = values.amenities.slice(1);
    values.openingHours.monday = [];
    values.openingHours.tuesday = [{ start: '07:00', end: '19:00' }];
    const body = toStudioBody(values);
    expect(body.rooms).toEqual([
      { id: ROOM_B, name: 'Studio B', capacity: 15 },
      { name: 'Loft', capacity: 8 },
    ]);
    expect(body.amenities).toEqual([{ name: 'Parking', value: 'Free after 6 pm' }]);
    expect(body.openingHours).toEqual({
      tuesday: [{ start: '07:00', end: '19:00' }],
      saturday: [{ start: '08:00', end: '14:00' }],
    });
  });

  it('starts a new studio empty, in the business time zone, every day closed', () => {
    const values = toStudioFormValues();
    expect(values.timeZone).toBe('');
    expect(Object.values(values.openingHours).every((ranges) => ranges.length === 0)).toBe(true);
    const body = toStudioBody({ ...values, name: 'Annex' });
    expect(body.openingHours).toEqual({});
    expect(studioBody.parse(body).timeZone).toBeNull();
  });

  it('validation errors use the paths the server answers (rooms.0.capacity)', () => {
    const values = toStudioFormValues(studio);
    values.rooms[0]!.capacity = '';
    const result = studioBody.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['rooms.0.capacity']);
  });
});

describe('list text', () => {
  it("reads today's hours on the studio's own wall clock", () => {
    // 02:00 UTC on a Tuesday is still Monday evening in New York.
    const now = new Date('2026-11-24T02:00:00Z');
    expect(weekdayAt('America/New_York', now)).toBe('monday');
    expect(todaysHours(studio, now)).toBe('06:00–12:00, 16:00–21:00');
    expect(todaysHours({ ...studio, timeZone: 'UTC' }, now)).toBe('Closed today');
  });

  it('writes the address and rooms count as a sentence would', () => {
    expect(addressText(studio.address)).toBe('100 Peachtree St, Atlanta GA 30303');
    expect(addressText({ line1: null, line2: null, city: null, state: null, postalCode: null, country: null })).toBeNull();
    expect([roomsCount(0), roomsCount(1), roomsCount(2)]).toEqual(['0 rooms', '1 room', '2 rooms']);
  });
});
