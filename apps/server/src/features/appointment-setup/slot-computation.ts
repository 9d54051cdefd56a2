import { minutesOfDay, WEEKDAYS, type AvailabilityExceptionKind, type WeekRanges } from '@kinetic/shared';
import { bookingWindows } from '../bookings/booking-rules.ts';
import { addDays, localDateOf, localTimeOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';

/**
 * Free appointment slots, computed without the database (issue 17 §2): working hours on a studio's clock,
 * less busy time, in whole slots. The service (appointment-slots.service.ts) reads the rows and calls these.
 */

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** Minutes of a local day, end exclusive; `end` may be 1440 (midnight at the end of the day). */
export interface LocalRange {
  start: number;
  end: number;
}

/** Instants in epoch milliseconds, `until` exclusive. */
export interface Interval {
  from: number;
  until: number;
}

export interface ExceptionLike {
  date: string;
  kind: AvailabilityExceptionKind;
  /** Null: everywhere (time off only). */
  studioId: string | null;
  /** Null with `end`: the whole day (time off only). */
  start: string | null;
  end: string | null;
}

/** Sorted, with overlapping or touching ranges joined (09:00–12:00 and 12:00–14:00 are one range). */
export function mergeRanges(ranges: readonly LocalRange[]): LocalRange[] {
  const sorted = [...ranges].filter((range) => range.end > range.start).sort((a, b) => a.start - b.start);
  const merged: LocalRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** `ranges` with `cut` taken out. */
export function subtractRange(ranges: readonly LocalRange[], cut: LocalRange): LocalRange[] {
  return ranges.flatMap((range) => {
    if (cut.end <= range.start || cut.start >= range.end) return [range];
    const left = { start: range.start, end: cut.start };
    const right = { start: cut.end, end: range.end };
    return [left, right].filter((part) => part.end > part.start);
  });
}

/** The weekday key of a local date "YYYY-MM-DD". */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
}

/**
 * An instructor's working hours at one studio on one local date: the week's hours for that weekday,
 * plus extra hours there that day, less time off there or everywhere (all day, or a part of it).
 */
export function workingRangesOn(
  date: string,
  studioId: string,
  weekly: WeekRanges | undefined,
  exceptions: readonly ExceptionLike[],
): LocalRange[] {
  const toRange = (start: string, end: string) => ({ start: minutesOfDay(start), end: minutesOfDay(end) });
  const today = exceptions.filter((exception) => exception.date === date);
  const extra = today
    .filter((exception) => exception.kind === 'extra' && exception.studioId === studioId)
    .flatMap((exception) =>
      exception.start !== null && exception.end !== null ? [toRange(exception.start, exception.end)] : [],
    );
  let ranges = mergeRanges([
    ...(weekly?.[weekdayOf(date)] ?? []).map((range) => toRange(range.start, range.end)),
    ...extra,
  ]);
  for (const off of today) {
    if (off.kind !== 'off' || (off.studioId !== null && off.studioId !== studioId)) continue;
    ranges = off.start === null || off.end === null ? [] : subtractRange(ranges, toRange(off.start, off.end));
  }
  return ranges;
}

const overlaps = (a: Interval, b: Interval) => a.from < b.until && b.from < a.until;
const isFree = (wanted: Interval, busy: readonly Interval[]) =>
  !busy.some((taken) => overlaps(wanted, taken));

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The instant a local date's minute happens; minute 1440 is the next day's midnight. */
function instantOf(date: string, minutes: number, timeZone: string): number {
  if (minutes >= DAY_MINUTES)
    return zonedInstant(addDays(date, 1), clock(minutes - DAY_MINUTES), timeZone).getTime();
  return zonedInstant(date, clock(minutes), timeZone).getTime();
}

export interface SlotRequest {
  /** The studio's IANA zone: working hours and slot starts are on its clock. */
  timeZone: string;
  /** Working ranges by local date (`workingRangesOn`); only these dates are looked at. */
  working: ReadonlyMap<string, readonly LocalRange[]>;
  /** The instructor's busy time: classes they teach or assist and other appointments, buffers included. */
  busy: readonly Interval[];
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Starts step this many minutes from each working range's start (the type's interval, else its length). */
  intervalMinutes: number;
  /**
   * The booking window: a slot is offered only while booking it is open at `now` (opened
   * `bookingOpensDaysBefore` days before at the slot's own local time, not yet closed
   * `bookingClosesMinutesBefore` minutes before its start), the same test bookings make (booking-rules.ts).
   */
  window?: { now: Date; bookingOpensDaysBefore: number; bookingClosesMinutesBefore: number };
  /**
   * Rooms the slot may use, in order of preference, each with its busy time. Empty or absent: no room
   * needed. Otherwise the first room free over the slot and its buffers is taken; none free, no slot.
   */
  rooms?: readonly { id: string; busy: readonly Interval[] }[];
}

export interface ComputedSlot {
  startsAt: Date;
  endsAt: Date;
  localDate: string;
  localTime: string;
  roomId: string | null;
}

/**
 * The free slots of one instructor at one studio. A slot [s, s + duration) fits when it lies inside a
 * working range and [s − buffer before, s + duration + buffer after) overlaps no busy time (buffers may
 * fall outside working hours). Starts are wall-clock times stepped from each range's start, so a 09:00
 * slot stays 09:00 across a DST change; a start the clocks skip moves later, as classes do (zoned-time.ts).
 */
export function computeSlots(request: SlotRequest): ComputedSlot[] {
  const { timeZone, durationMinutes, bufferBeforeMinutes, bufferAfterMinutes, window } = request;
  const interval = Math.max(1, request.intervalMinutes);
  const rooms = request.rooms ?? [];
  const seen = new Set<number>();
  const slots: ComputedSlot[] = [];
  const closesMs = window ? window.bookingClosesMinutesBefore * MINUTE : 0;
  const opensMinutes = window ? window.bookingOpensDaysBefore * DAY_MINUTES : 0;
  const nowWall = window
    ? wallMinutes(localDateOf(window.now, timeZone), minutesOfDay(localTimeOf(window.now, timeZone)))
    : 0;
  for (const [date, ranges] of [...request.working.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const clockOf = dayClock(date, timeZone);
    const dayWall = wallMinutes(date, 0);
    for (const range of ranges) {
      const rangeStart = clockOf.instant(range.start);
      const rangeEnd = clockOf.instant(range.end);
      for (let minute = range.start; minute < range.end; minute += interval) {
        const start = clockOf.instant(minute);
        const end = start + durationMinutes * MINUTE;
        if (start < rangeStart || end > rangeEnd || seen.has(start)) continue;
        if (window) {
          if (window.now.getTime() >= start - closesMs) continue;
          // Booking opens N days before at the slot's own wall time: compared on the wall clock, and
          // near the edge (where a DST change could tip it) exactly as bookings do (booking-rules.ts).
          const margin = dayWall + minute - opensMinutes - nowWall;
          if (margin > 0 && (margin > EDGE_MINUTES || window.now < opensAtOf(start, timeZone, window)))
            continue;
          if (margin <= 0 && margin >= -EDGE_MINUTES && window.now < opensAtOf(start, timeZone, window))
            continue;
        }
        const blocked = {
          from: start - bufferBeforeMinutes * MINUTE,
          until: end + bufferAfterMinutes * MINUTE,
        };
        if (!isFree(blocked, request.busy)) continue;
        let roomId: string | null = null;
        if (rooms.length > 0) {
          const room = rooms.find((candidate) => isFree(blocked, candidate.busy));
          if (!room) continue;
          roomId = room.id;
        }
        seen.add(start);
        slots.push({
          startsAt: new Date(start),
          endsAt: new Date(end),
          localDate: date,
          localTime: clockOf.localTime(minute, start),
          roomId,
        });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Within this many minutes of the opening, the exact opening instant is worked out. */
const EDGE_MINUTES = 180;

function opensAtOf(start: number, timeZone: string, window: NonNullable<SlotRequest['window']>): Date {
  return bookingWindows(new Date(start), timeZone, {
    bookingOpensDaysBefore: window.bookingOpensDaysBefore,
    bookingClosesMinutesBefore: window.bookingClosesMinutesBefore,
    freeCancellationHoursBefore: 0,
    waitlistCutoffMinutesBefore: 0,
    checkInOpensMinutesBefore: 0,
  }).opensAt;
}

/** A local date and minute as minutes on one continuous wall-clock line (days since 1970 × 1440 + minute). */
function wallMinutes(date: string, minute: number): number {
  return Date.parse(`${date}T00:00:00Z`) / MINUTE + minute;
}

/**
 * Instants of one local date's minutes. On a day of 24 real hours (no clock change) a minute is the
 * day's start plus that many minutes, without asking Intl for each; a day the clocks change resolves
 * each minute on its own (zonedInstant).
 */
function dayClock(date: string, timeZone: string) {
  const dayStart = instantOf(date, 0, timeZone);
  const plain = instantOf(date, DAY_MINUTES, timeZone) - dayStart === DAY_MINUTES * MINUTE;
  return {
    instant: (minute: number) => (plain ? dayStart + minute * MINUTE : instantOf(date, minute, timeZone)),
    localTime: (minute: number, instant: number) =>
      plain ? clock(minute) : localTimeOf(new Date(instant), timeZone),
  };
}
