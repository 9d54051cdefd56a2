import type { ClassInstanceDto, PublicEventDto } from '@kinetic/shared';
import { localDate } from '../features/schedule/class-labels.ts';
import { addDays } from '../features/schedule/timetable-days.ts';

/** One line of the widget's schedule: a class, or one date of an event. */
export type WidgetItem =
  | { kind: 'class'; key: string; startsAt: string; endsAt: string; timeZone: string; item: ClassInstanceDto }
  | {
      kind: 'event';
      key: string;
      startsAt: string;
      endsAt: string;
      timeZone: string;
      event: PublicEventDto;
      placesLeft: number;
    };

export interface WidgetDay {
  /** "YYYY-MM-DD" on the studio's own calendar. */
  date: string;
  items: WidgetItem[];
}

/**
 * The days from `first` (`count` of them) that have something on, each with its classes and event dates
 * by start time, dated on each studio's own calendar. Ended and cancelled ones are left out, and with
 * `studioId` whatever is at another studio.
 */
export function widgetDays(
  classes: readonly ClassInstanceDto[],
  events: readonly PublicEventDto[],
  {
    first,
    count = 7,
    now,
    studioId = null,
  }: { first: string; count?: number; now: Date; studioId?: string | null },
): WidgetDay[] {
  const last = addDays(first, count - 1);
  const byDate = new Map<string, WidgetItem[]>();
  const add = (item: WidgetItem) => {
    if (Date.parse(item.endsAt) <= now.getTime()) return;
    const date = localDate(item.startsAt, item.timeZone);
    if (date < first || date > last) return;
    const list = byDate.get(date) ?? [];
    list.push(item);
    byDate.set(date, list);
  };
  for (const item of classes) {
    if (item.status === 'cancelled' || (studioId && item.studioId !== studioId)) continue;
    add({
      kind: 'class',
      key: `class-${item.id}`,
      startsAt: item.startsAt,
      endsAt: item.endsAt,
      timeZone: item.timeZone,
      item,
    });
  }
  for (const event of events) {
    if (studioId && event.studioId !== studioId) continue;
    for (const date of event.dates) {
      if (date.status === 'cancelled') continue;
      add({
        kind: 'event',
        key: `event-${date.classInstanceId}`,
        startsAt: date.startsAt,
        endsAt: date.endsAt,
        timeZone: event.timeZone,
        event,
        placesLeft: date.placesLeft,
      });
    }
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, items]) => ({
      date,
      items: items.sort(
        (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.key.localeCompare(b.key),
      ),
    }));
}

/** "Wednesday 25 November" for a plain calendar date (no zone: it is already the studio's date). */
export function dayHeading(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** "12 places left", "1 place left", "Full" (an event's date). */
export function eventPlacesLabel(placesLeft: number, waitlist: boolean): string {
  if (placesLeft <= 0) return waitlist ? 'Full · waitlist open' : 'Full';
  return placesLeft === 1 ? '1 place left' : `${placesLeft} places left`;
}
