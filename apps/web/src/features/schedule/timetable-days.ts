import type { ClassInstanceDto } from '@kinetic/shared';
import { localDate } from './class-labels.ts';

const DAY_MS = 86_400_000;
// The widest gap between a visitor's calendar and a studio's (UTC-12 to UTC+14).
const ZONE_SLACK_MS = 14 * 3_600_000;

/** "YYYY-MM-DD" plus whole days, on the plain calendar (no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instants to ask for so that every class whose own studio's date falls in the seven days from
 * `first` is included, whatever zone the studio and the visitor are in; `daysOf` then keeps exactly those.
 */
export function weekRange(first: string): { from: string; to: string } {
  const start = Date.parse(`${first}T00:00:00Z`);
  return {
    from: new Date(start - ZONE_SLACK_MS).toISOString(),
    to: new Date(start + 7 * DAY_MS + ZONE_SLACK_MS).toISOString(),
  };
}

export interface TimetableDay {
  date: string;
  items: ClassInstanceDto[];
}

/** The seven days from `first`, each with its classes by start time, dated in each class's own zone. */
export function daysOf(items: ClassInstanceDto[], first: string, now: Date): TimetableDay[] {
  const days = Array.from({ length: 7 }, (_, index) => ({
    date: addDays(first, index),
    items: [] as ClassInstanceDto[],
  }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const item of items) {
    if (Date.parse(item.endsAt) <= now.getTime()) continue;
    byDate.get(localDate(item.startsAt, item.timeZone))?.items.push(item);
  }
  for (const day of days) day.items.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return days;
}

/** What a client reads beside a class: how many places are left, or that it is full. */
export function placesLeftLabel(
  item: Pick<ClassInstanceDto, 'capacity' | 'bookedCount' | 'waitlistCount'>,
): string {
  const left = item.capacity - item.bookedCount;
  if (left <= 0) return item.waitlistCount > 0 ? `Full · ${item.waitlistCount} waiting` : 'Full';
  return left === 1 ? '1 place left' : `${left} places left`;
}
