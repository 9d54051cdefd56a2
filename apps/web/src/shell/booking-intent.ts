import { isObjectId } from '@kinetic/shared';

/**
 * What a solo client was about to open when the login page interrupted (spec §4): a class instance's
 * details or an event's booking. Class and event pages store it; the login page also takes it from its
 * query string (`?classInstanceId=…&details=1` or `&event=1`) so an embedding site can link straight in.
 */
export interface BookingIntent {
  classInstanceId: string | null;
  details: boolean;
  event: boolean;
}

export const BOOKING_INTENT_STORAGE_KEY = 'kinetic:booking-intent';
export const NO_BOOKING_INTENT: BookingIntent = { classInstanceId: null, details: false, event: false };

function parse(raw: string | null): BookingIntent {
  if (!raw) return NO_BOOKING_INTENT;
  try {
    const value = JSON.parse(raw) as Partial<BookingIntent>;
    return {
      classInstanceId: isObjectId(value.classInstanceId) ? value.classInstanceId : null,
      details: value.details === true,
      event: value.event === true,
    };
  } catch {
    return NO_BOOKING_INTENT;
  }
}

/**
 * The browser's localStorage, or null where it is refused: inside a studio's site (the booking widget)
 * a browser blocking third-party storage throws on the mere access, and a login must still go through.
 */
function localStorageOrNull(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function attempt<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

export function readBookingIntent(storage: Storage | null = localStorageOrNull()): BookingIntent {
  return attempt(() => parse(storage?.getItem(BOOKING_INTENT_STORAGE_KEY) ?? null), NO_BOOKING_INTENT);
}

export function storeBookingIntent(
  intent: BookingIntent,
  storage: Storage | null = localStorageOrNull(),
): void {
  attempt(() => storage?.setItem(BOOKING_INTENT_STORAGE_KEY, JSON.stringify(intent)), undefined);
}

/** The query string wins over what was stored; nothing in the query string keeps the stored intent. */
export function bookingIntentFromSearch(search: URLSearchParams, stored: BookingIntent): BookingIntent {
  const id = search.get('classInstanceId');
  const details = search.get('details') === '1';
  const event = search.get('event') === '1';
  if (!isObjectId(id) && !details && !event) return stored;
  return { classInstanceId: isObjectId(id) ? id : stored.classInstanceId, details, event };
}

/** A login spends the intent (spec §4), and a logout ends it: the next visitor must not inherit it. */
export function clearBookingIntent(storage: Storage | null = localStorageOrNull()): void {
  attempt(() => storage?.removeItem(BOOKING_INTENT_STORAGE_KEY), undefined);
}
