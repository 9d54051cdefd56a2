import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { WEEKDAY_LABELS, WEEKDAYS, formatRange, minutesOfDay, type TimeRange, type Weekday } from '@kinetic/shared';
import { focusLater } from './focus-later.ts';
import type { WeekHours } from './studio-form-values.ts';

interface OpeningHoursFieldProps {
  value: WeekHours;
  onChange: (value: WeekHours) => void;
  errors?: Partial<Record<Weekday, ReactNode>>;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new range starts where the day's last one ends (an hour long), or 09:00–17:00 on an empty day. */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return { start: '09:00', end: '17:00' };
  const start = Math.min(minutesOfDay(last.end), 23 * 60);
  return { start: clock(start), end: clock(Math.min(start + 60, 23 * 60 + 59)) };
}

/** Opening hours per weekday, several ranges a day; a day without ranges is closed. */
export function OpeningHoursField({ value, onChange, errors = {} }: OpeningHoursFieldProps) {
  const setDay = (day: Weekday, ranges: TimeRange[]) => onChange({ ...value, [day]: ranges });
  return (
    <Stack gap="sm">
      {WEEKDAYS.map((day) => {
        const label = WEEKDAY_LABELS[day];
        const ranges = value[day];
        const error = errors[day];
        const errorId = `hours-${day}-error`;
        return (
          <Fieldset
            key={day}
            legend={label}
            variant="unstyled"
            aria-describedby={error ? errorId : undefined}
            styles={{ root: { padding: 0, margin: 0, border: 0, minWidth: 0 }, legend: { fontWeight: 700 } }}
          >
            <Stack gap={6}>
              {ranges.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Closed
                </Text>
              ) : null}
              {ranges.map((range, index) => (
                <Group key={index} gap="xs" align="flex-end" wrap="wrap">
                  <TextInput
                    type="time"
                    label="Opens"
                    aria-label={`${label} opens (hours ${index + 1})`}
                    data-hours-start={`${day}-${index}`}
                    w={130}
                    value={range.start}
                    error={Boolean(error)}
                    onChange={(event) =>
                      setDay(day, ranges.map((r, i) => (i === index ? { ...r, start: event.currentTarget.value } : r)))
                    }
                  />
                  <TextInput
                    type="time"
                    label="Closes"
                    aria-label={`${label} closes (hours ${index + 1})`}
                    w={130}
                    value={range.end}
                    error={Boolean(error)}
                    onChange={(event) =>
                      setDay(day, ranges.map((r, i) => (i === index ? { ...r, end: event.currentTarget.value } : r)))
                    }
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    aria-label={`Remove ${label} ${formatRange(range)}`}
                    onClick={() => {
                      setDay(day, ranges.filter((_, i) => i !== index));
                      focusLater(`[data-hours-add="${day}"]`);
                    }}
                  >
                    Remove
                  </Button>
                </Group>
              ))}
              {error ? (
                <Text id={errorId} size="sm" c="red.9" role="alert">
                  {error}
                </Text>
              ) : null}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  data-hours-add={day}
                  aria-label={`Add hours on ${label}`}
                  onClick={() => {
                    setDay(day, [...ranges, nextRange(ranges)]);
                    focusLater(`[data-hours-start="${day}-${ranges.length}"]`);
                  }}
                >
                  Add hours
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
