import { describe, expect, it } from 'vitest';
import { localTimeOf, zonedInstant } from '../fitness-sessions/zoned-time.ts';
import {
  computeSlots,
  mergeRanges,
  workingRangesOn,
  type ExceptionLike,
  type Interval,
  type LocalRange,
  type SlotRequest,
} from './slot-computation.ts';

const hour = (h: number, m = 0) => h * 60 + m;
const NY = 'America/New_York';
const LONDON = 'Europe/London';

function request(
  overrides: Partial<SlotRequest> & { days?: Record<string, LocalRange[]> } = {},
): SlotRequest {
  const { days = { '2026-11-30': [{ start: hour(9), end: hour(12) }] }, ...rest } = overrides;
  return {
    timeZone: NY,
    working: new Map(Object.entries(days)),
    busy: [],
    durationMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    intervalMinutes: 60,
    ...rest,
  };
}

const at = (date: string, time: string, zone = NY) => zonedInstant(date, time, zone).getTime();
const busyFrom = (date: string, start: string, end: string, zone = NY): Interval => ({
  from: at(date, start, zone),
  until: at(date, end, zone),
});
const times = (slots: ReturnType<typeof computeSlots>) =>
  slots.map((slot) => `${slot.localDate} ${slot.localTime}`);

describe('computeSlots', () => {
  it('steps whole slots through working hours, on the studio clock', () => {
    const slots = computeSlots(request());
    expect(times(slots)).toEqual(['2026-11-30 09:00', '2026-11-30 10:00', '2026-11-30 11:00']);
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(slots[0]!.endsAt.toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });

  it('starts every interval, and never runs a slot past the end of the range', () => {
    const slots = computeSlots(request({ durationMinutes: 45, intervalMinutes: 30 }));
    expect(times(slots).map((time) => time.slice(11))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('keeps 09:00 at 09:00 local on both sides of a DST change (London 25 Oct 2026, New York 1 Nov 2026)', () => {
    const london = computeSlots(
      request({
        timeZone: LONDON,
        days: {
          '2026-10-24': [{ start: hour(9), end: hour(10) }],
          '2026-10-26': [{ start: hour(9), end: hour(10) }],
        },
      }),
    );
    expect(times(london)).toEqual(['2026-10-24 09:00', '2026-10-26 09:00']);
    expect(london.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2026-10-24T08:00:00.000Z', // BST, UTC+1
      '2026-10-26T09:00:00.000Z', // GMT
    ]);
    const newYork = computeSlots(
      request({
        days: {
          '2026-10-31': [{ start: hour(9), end: hour(10) }],
          '2026-11-01': [{ start: hour(9), end: hour(10) }],
          '2026-11-02': [{ start: hour(9), end: hour(10) }],
        },
      }),
    );
    expect(newYork.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    expect(newYork.every((slot) => localTimeOf(slot.startsAt, NY) === '09:00')).toBe(true);
  });

  it('on the night clocks go back, starts keep to the wall clock (01:00 offered once)', () => {
    // 00:00–03:00 on 1 Nov 2026 in New York lasts four real hours (01:00–02:00 happens twice).
    const slots = computeSlots(request({ days: { '2026-11-01': [{ start: hour(0), end: hour(3) }] } }));
    expect(times(slots).map((time) => time.slice(11))).toEqual(['00:00', '01:00', '02:00']);
  });

  it('on the night clocks go forward, a skipped start moves to the next real time, offered once', () => {
    // 14 Mar 2027 in New York: 02:00–03:00 does not happen; 02:00 is 03:00 EDT.
    const slots = computeSlots(request({ days: { '2027-03-14': [{ start: hour(1), end: hour(4) }] } }));
    expect(times(slots).map((time) => time.slice(11))).toEqual(['01:00', '03:00']);
    expect(slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T07:00:00.000Z',
    ]);
  });

  it('booking opens at the slot’s own local time N days before, also across a DST change', () => {
    // 2 Nov 2026 09:00 EST opens three days before at 09:00 EDT, 30 Oct 13:00Z.
    const slotDay = { '2026-11-02': [{ start: hour(9), end: hour(10) }] };
    const window = (now: string) => ({
      now: new Date(now),
      bookingOpensDaysBefore: 3,
      bookingClosesMinutesBefore: 0,
    });
    expect(computeSlots(request({ days: slotDay, window: window('2026-10-30T12:59:00Z') }))).toEqual([]);
    expect(times(computeSlots(request({ days: slotDay, window: window('2026-10-30T13:00:00Z') })))).toEqual([
      '2026-11-02 09:00',
    ]);
  });

  it('removes exactly the slots a class in the middle of the day overlaps', () => {
    const day = '2026-11-30';
    const slots = computeSlots(
      request({
        days: { [day]: [{ start: hour(9), end: hour(17) }] },
        busy: [busyFrom(day, '12:30', '13:30')],
      }),
    );
    expect(times(slots).map((time) => time.slice(11))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
  });

  it('keeps the buffers before and after clear of busy time; buffers may fall outside working hours', () => {
    const day = '2026-11-30';
    const base = { days: { [day]: [{ start: hour(9), end: hour(13) }] }, intervalMinutes: 30 };
    // A class 11:00–12:00; 30 minutes before and 15 after each slot.
    const withBuffers = computeSlots(
      request({
        ...base,
        busy: [busyFrom(day, '11:00', '12:00')],
        bufferBeforeMinutes: 30,
        bufferAfterMinutes: 15,
      }),
    );
    // 09:30 would end 10:30 + 15 = 10:45: fine; 10:00 ends 11:00 + 15: touches the class. 12:00 starts right
    // after it but needs 30 minutes before: 12:30 is the first after it, which would end 13:30: outside.
    expect(times(withBuffers).map((time) => time.slice(11))).toEqual(['09:00', '09:30']);
    const without = computeSlots(request({ ...base, busy: [busyFrom(day, '11:00', '12:00')] }));
    expect(times(without).map((time) => time.slice(11))).toEqual(['09:00', '09:30', '10:00', '12:00']);
    // Buffers reaching before the working day do not stop the first slot.
    const early = computeSlots(request({ ...base, bufferBeforeMinutes: 60 }));
    expect(times(early)[0]).toBe('2026-11-30 09:00');
  });

  it('offers only slots booking is open for: not too soon, not too far ahead', () => {
    const now = new Date(at('2026-11-30', '09:10'));
    const slots = computeSlots(
      request({
        days: {
          '2026-11-30': [{ start: hour(9), end: hour(13) }],
          '2026-12-02': [{ start: hour(9), end: hour(11) }],
          '2026-12-03': [{ start: hour(9), end: hour(11) }],
        },
        window: { now, bookingOpensDaysBefore: 3, bookingClosesMinutesBefore: 120 },
      }),
    );
    // Today: 09:00 has started, 10:00 and 11:00 are within two hours; 12:00 is open. 3 Dec 09:00 opens
    // 30 Nov 09:00 (open), 10:00 opens at 10:00 (not yet).
    expect(times(slots)).toEqual([
      '2026-11-30 12:00',
      '2026-12-02 09:00',
      '2026-12-02 10:00',
      '2026-12-03 09:00',
    ]);
  });

  it('takes the first free room, and offers nothing when every room is busy', () => {
    const day = '2026-11-30';
    const rooms = [
      { id: 'room-a', busy: [busyFrom(day, '09:00', '10:00')] },
      { id: 'room-b', busy: [busyFrom(day, '09:00', '11:00')] },
    ];
    const slots = computeSlots(request({ rooms }));
    expect(slots.map((slot) => [slot.localTime, slot.roomId])).toEqual([
      ['10:00', 'room-a'],
      ['11:00', 'room-a'],
    ]);
    expect(computeSlots(request()).every((slot) => slot.roomId === null)).toBe(true);
  });
});

describe('workingRangesOn', () => {
  const weekly = {
    monday: [
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
  };
  const monday = '2026-11-30';
  const exception = (overrides: Partial<ExceptionLike>): ExceptionLike => ({
    date: monday,
    kind: 'off',
    studioId: null,
    start: null,
    end: null,
    ...overrides,
  });

  it("reads the weekday's hours, and nothing on a day without", () => {
    expect(workingRangesOn(monday, 's1', weekly, [])).toEqual([
      { start: hour(9), end: hour(12) },
      { start: hour(13), end: hour(17) },
    ]);
    expect(workingRangesOn('2026-12-01', 's1', weekly, [])).toEqual([]);
  });

  it('time off: the whole day, or a part of it, at this studio or everywhere', () => {
    expect(workingRangesOn(monday, 's1', weekly, [exception({})])).toEqual([]);
    expect(workingRangesOn(monday, 's1', weekly, [exception({ studioId: 's2' })])).toHaveLength(2);
    expect(
      workingRangesOn(monday, 's1', weekly, [exception({ studioId: 's1', start: '10:00', end: '14:00' })]),
    ).toEqual([
      { start: hour(9), end: hour(10) },
      { start: hour(14), end: hour(17) },
    ]);
    // Another date's time off changes nothing.
    expect(workingRangesOn(monday, 's1', weekly, [exception({ date: '2026-12-07' })])).toHaveLength(2);
  });

  it('extra hours at this studio join the week (touching ranges become one)', () => {
    const extra = exception({ kind: 'extra', studioId: 's1', start: '12:00', end: '13:00' });
    expect(workingRangesOn(monday, 's1', weekly, [extra])).toEqual([{ start: hour(9), end: hour(17) }]);
    expect(workingRangesOn(monday, 's2', weekly, [extra])).toEqual([
      { start: hour(9), end: hour(12) },
      { start: hour(13), end: hour(17) },
    ]);
    // Extra hours on a day off in the week.
    const sunday = exception({
      date: '2026-11-29',
      kind: 'extra',
      studioId: 's1',
      start: '10:00',
      end: '11:30',
    });
    expect(workingRangesOn('2026-11-29', 's1', weekly, [sunday])).toEqual([
      { start: hour(10), end: hour(11, 30) },
    ]);
  });

  it('a range may run to midnight', () => {
    const late = { monday: [{ start: '22:00', end: '24:00' }] };
    const slots = computeSlots(request({ days: { [monday]: workingRangesOn(monday, 's1', late, []) } }));
    expect(times(slots).map((time) => time.slice(11))).toEqual(['22:00', '23:00']);
    expect(mergeRanges([{ start: 5, end: 5 }])).toEqual([]);
  });
});
