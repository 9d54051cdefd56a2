import { WEEKDAYS, formatRange, type StudioBody, type StudioDto, type Weekday } from '@kinetic/shared';
import { toDayTimeRanges, type DayTimeRanges } from '../../ui/day-time-ranges-field.tsx';

/** A row the page can add, edit and delete; `key` only names it for React and never leaves the page. */
export interface AmenityRow {
  key: string;
  name: string;
  value: string;
}

/** `id` is the saved room's: kept so the server edits that room instead of replacing it. */
export interface RoomRow {
  key: string;
  id?: string;
  name: string;
  capacity: number | string;
}

export interface StudioFormValues {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
  /** Empty: the business's time zone. */
  timeZone: string;
  openingHours: DayTimeRanges;
  amenities: AmenityRow[];
  rooms: RoomRow[];
}

let lastKey = 0;
export const newRowKey = (): string => `row-${(lastKey += 1)}`;

const text = (value: string | null) => value ?? '';

/** The form edits text; a new studio starts empty, in the business's time zone. */
export function toStudioFormValues(studio?: StudioDto): StudioFormValues {
  const address = studio?.address;
  return {
    name: studio?.name ?? '',
    email: text(studio?.email ?? null),
    phone: text(studio?.phone ?? null),
    address: {
      line1: text(address?.line1 ?? null),
      line2: text(address?.line2 ?? null),
      city: text(address?.city ?? null),
      state: text(address?.state ?? null),
      postalCode: text(address?.postalCode ?? null),
      country: text(address?.country ?? null),
    },
    timeZone: studio?.timeZone ?? '',
    openingHours: toDayTimeRanges(studio?.openingHours ?? {}),
    amenities: (studio?.amenities ?? []).map((amenity) => ({ key: newRowKey(), ...amenity })),
    rooms: (studio?.rooms ?? []).map((room) => ({ key: newRowKey(), ...room })),
  };
}

/**
 * The whole studio for POST or PUT: spec §4's local edits made on the page persist with this one body.
 * A day without ranges is left out (its hours are deleted); saved rooms keep their ids, and rooms
 * removed on the page are absent, which deletes them.
 */
export function toStudioBody(values: StudioFormValues): StudioBody {
  const openingHours: StudioBody['openingHours'] = {};
  for (const day of WEEKDAYS) {
    const ranges = values.openingHours[day];
    if (ranges.length > 0) openingHours[day] = ranges.map(({ start, end }) => ({ start, end }));
  }
  return {
    name: values.name,
    address: { ...values.address },
    phone: values.phone,
    email: values.email,
    timeZone: values.timeZone,
    openingHours,
    amenities: values.amenities.map(({ name, value }) => ({ name, value })),
    rooms: values.rooms.map(({ id, name, capacity }) => (id ? { id, name, capacity } : { name, capacity })),
  };
}

/** The weekday it is now at the studio, on its own wall clock. */
export function weekdayAt(timeZone: string, now: Date = new Date()): Weekday {
  let name: string;
  try {
    name = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(now);
  } catch {
    name = new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(now);
  }
  return name.toLowerCase() as Weekday;
}

/** "09:00–12:00, 17:00–21:00" today at the studio, or that it is closed. */
export function todaysHours(studio: Pick<StudioDto, 'timeZone' | 'openingHours'>, now: Date = new Date()): string {
  const ranges = studio.openingHours[weekdayAt(studio.timeZone, now)] ?? [];
  return ranges.length > 0 ? ranges.map(formatRange).join(', ') : 'Closed today';
}

export function addressText(address: StudioDto['address']): string | null {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  const town = [address.city, address.state, address.postalCode].filter(Boolean).join(' ');
  return [street, town, address.country].filter(Boolean).join(', ') || null;
}

export const roomsCount = (count: number): string => (count === 1 ? '1 room' : `${count} rooms`);
