import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  WEEKDAY_LABELS,
  WEEKDAYS,
  formatRange,
  minutesOfDay,
  type TimeRange,
  type Weekday,
} from '@kinetic/shared';

/** A week of time ranges: every weekday present, an empty list = no times that day. */
export type DayTimeRanges = Record<Weekday, TimeRange[]>;

export const emptyWeek = (): DayTimeRanges => ({
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
});

/** Fills the days a server map leaves out (`Partial<Record<Weekday, TimeRange[]>>`) with empty lists. */
export function toDayTimeRanges(week: Partial<Record<Weekday, readonly TimeRange[]>>): DayTimeRanges {
  const full = emptyWeek();
  for (const day of WEEKDAYS) full[day] = (week[day] ?? []).map((range) => ({ ...range }));
  return full;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new range starts where the day's last one ends (an hour long), or 09:00–17:00 on an empty day. */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return { start: '09:00', end: '17:00' };
  const start = Math.min(minutesOfDay(last.end), 23 * 60);
  return { start: clock(start), end: clock(Math.min(start + 60, 24 * 60)) };
}

export const addRange = (ranges: readonly TimeRange[]): TimeRange[] => [...ranges, nextRange(ranges)];

export const removeRange = (ranges: readonly TimeRange[], index: number): TimeRange[] =>
  ranges.filter((_, i) => i !== index);

export const editRange = (
  ranges: readonly TimeRange[],
  index: number,
  part: keyof TimeRange,
  time: string,
): TimeRange[] => ranges.map((range, i) => (i === index ? { ...range, [part]: time } : range));

/** "Monday, range 1, start": what a screen reader hears for each time input. */
export const timeInputLabel = (day: Weekday, index: number, part: keyof TimeRange) =>
  `${WEEKDAY_LABELS[day]}, range ${index + 1}, ${part}`;

/** Focuses an element after React has rendered it (a new range's start, or Add after a removal). */
function focusSoon(selector: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
}

export interface DayTimeRangesFieldProps {
  /** Every weekday's ranges ("HH:MM", 24-hour; an end of "24:00" runs to midnight). */
  value: DayTimeRanges;
  onChange: (value: DayTimeRanges) => void;
  /** A message per day, shown under that day and tied to its inputs (e.g. the server's overlap 400). */
  error?: Partial<Record<Weekday, ReactNode>>;
  /** Keeps ids and focus targets apart when a page shows two editors (peak and non-peak). */
  idPrefix?: string;
  /** Only these days are shown (one day's editor); all seven by default. */
  days?: readonly Weekday[];
  /** What a day without ranges says ("Closed", "No peak hours"). */
  emptyText?: string;
  /** Text of each day's add button; its accessible name adds the day. */
  addLabel?: string;
  /** The whole editor read-only: times as text, no buttons. */
  readOnly?: boolean;
}

/**
 * The week's time ranges, a fieldset per day: each range a start and an end (native time inputs,
 * keyboard operable, labelled "Monday, range 1, start"), Remove per range and Add per day. Used by
 * Peak/Non Peak Hours and meant for a studio's opening hours. Checking the ranges (inverted,
 * overlapping) is the caller's, through `error`.
 */
export function DayTimeRangesField({
  value,
  onChange,
  error = {},
  idPrefix = 'ranges',
  days = WEEKDAYS,
  emptyText = 'No times',
  addLabel = 'Add a range',
  readOnly = false,
}: DayTimeRangesFieldProps) {
  const setDay = (day: Weekday, ranges: TimeRange[]) => onChange({ ...value, [day]: ranges });
  return (
    <Stack gap="sm">
      {days.map((day) => {
        const label = WEEKDAY_LABELS[day];
        const ranges = value[day];
        const dayError = error[day];
        const errorId = `${idPrefix}-${day}-error`;
        return (
          <Fieldset
            key={day}
            legend={label}
            variant="unstyled"
            aria-describedby={dayError ? errorId : undefined}
            styles={{ root: { padding: 0, margin: 0, border: 0, minWidth: 0 }, legend: { fontWeight: 700 } }}
          >
            <Stack gap={6}>
              {ranges.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {emptyText}
                </Text>
              ) : null}
              {readOnly
                ? ranges.map((range, index) => <Text key={index}>{formatRange(range)}</Text>)
                : ranges.map((range, index) => (
                    <Group key={index} gap="xs" align="flex-end" wrap="wrap">
                      {(['start', 'end'] as const).map((part) => (
                        <TextInput
                          key={part}
                          type="time"
                          label={part === 'start' ? 'Start' : 'End'}
                          aria-label={timeInputLabel(day, index, part)}
                          data-range-input={`${idPrefix}-${day}-${index}-${part}`}
                          w={130}
                          value={range[part]}
                          error={Boolean(dayError)}
                          aria-describedby={dayError ? errorId : undefined}
                          onChange={(event) =>
                            setDay(day, editRange(ranges, index, part, event.currentTarget.value))
                          }
                        />
                      ))}
                      <Button
                        variant="subtle"
                        color="red"
                        c="red.9"
                        aria-label={`Remove ${label} range ${index + 1} (${formatRange(range)})`}
                        onClick={() => {
                          setDay(day, removeRange(ranges, index));
                          focusSoon(`[data-range-add="${idPrefix}-${day}"]`);
                        }}
                      >
                        Remove
                      </Button>
                    </Group>
                  ))}
              {dayError ? (
                <Text id={errorId} size="sm" c="red.9" role="alert">
                  {dayError}
                </Text>
              ) : null}
              {readOnly ? null : (
                <Group>
                  <Button
                    variant="default"
                    size="xs"
                    data-range-add={`${idPrefix}-${day}`}
                    aria-label={`${addLabel} on ${label}`}
                    onClick={() => {
                      setDay(day, addRange(ranges));
                      focusSoon(`[data-range-input="${idPrefix}-${day}-${ranges.length}-start"]`);
                    }}
                  >
                    {addLabel}
                  </Button>
                </Group>
              )}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
