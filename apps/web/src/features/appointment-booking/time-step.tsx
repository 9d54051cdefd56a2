import { useMemo, useRef, useState, type Ref } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { AppointmentSlotDto, PublicAppointmentTypeDto } from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { localDate, studioZoneNote } from '../schedule/class-labels.ts';
import { addDays } from '../schedule/timetable-days.ts';
import { useAppointmentSlots } from './api/appointment-booking-api.ts';
import { dateOnlyLabel, dayLabel, longDayLabel, weekdayLabel } from './appointment-labels.ts';
import { ANYONE } from './booking-address.ts';
import { SlotPicker, slotValue } from './slot-picker.tsx';
import pickerStyles from './slot-picker.module.css';

const WEEK = 7;
/** How far past the shown week the next free day is looked for (the server answers at most 42 days). */
const LOOK_AHEAD_DAYS = 35;

/** With "anyone", one choice per start time: the server books whoever is free then. */
export function slotsOfDay(slots: AppointmentSlotDto[], date: string, anyone: boolean): AppointmentSlotDto[] {
  const seen = new Set<string>();
  return slots
    .filter((slot) => slot.localDate === date)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .filter((slot) => {
      if (!anyone) return true;
      if (seen.has(slot.startsAt)) return false;
      seen.add(slot.startsAt);
      return true;
    });
}

interface TimeStepProps {
  company: string;
  type: PublicAppointmentTypeDto;
  instructor: string;
  studio: PublicAppointmentTypeDto['studios'][number];
  /** The day chosen in the address, or null (the first day with free times). */
  date: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  /** Why the person is back here (the time they chose was just taken). */
  notice: string | null;
  onDate: (date: string) => void;
  onContinue: (slot: AppointmentSlotDto) => void;
}

/**
 * Step 3: a week of days (the studio's calendar) and the chosen day's free times. Slots are read a week
 * at a time; a day without any says the next free day, looked for up to five weeks further.
 */
export function TimeStep({
  company,
  type,
  instructor,
  studio,
  date,
  headingRef,
  notice,
  onDate,
  onContinue,
}: TimeStepProps) {
  const today = localDate(new Date(), studio.timeZone);
  const chosenDay = date && date >= today ? date : null;
  // Weeks start on today, so the first week shown has no past days.
  const weekIndex = chosenDay
    ? Math.floor((Date.parse(chosenDay) - Date.parse(today)) / 86_400_000 / WEEK)
    : 0;
  const from = addDays(today, weekIndex * WEEK);
  const to = addDays(from, WEEK - 1);
  const anyone = instructor === ANYONE;
  const base = { appointmentTypeId: type.id, instructorId: anyone ? null : instructor, studioId: studio.id };
  const week = useAppointmentSlots(company, { ...base, from, to });
  const slots = useMemo(() => week.data?.items ?? [], [week.data]);
  const firstFree = slots.map((slot) => slot.localDate).sort()[0];
  const day = chosenDay ?? (week.data ? (firstFree ?? from) : null);
  const daySlots = useMemo(() => (day ? slotsOfDay(slots, day, anyone) : []), [slots, day, anyone]);
  const laterInWeek = day
    ? slots
        .map((slot) => slot.localDate)
        .filter((d) => d > day)
        .sort()[0]
    : undefined;
  const needAhead = Boolean(week.data && day && daySlots.length === 0 && !laterInWeek);
  const ahead = useAppointmentSlots(
    company,
    needAhead ? { ...base, from: addDays(to, 1), to: addDays(to, LOOK_AHEAD_DAYS) } : null,
  );
  const nextFree = laterInWeek ?? ahead.data?.items.map((slot) => slot.localDate).sort()[0];
  // A time chosen on another day is not carried to this one.
  const [pickedOn, setPicked] = useState<{ day: string; value: string } | null>(null);
  const picked = pickedOn && pickedOn.day === day ? pickedOn.value : null;
  const pickedSlot = daySlots.find((slot) => slotValue(slot) === picked);
  const zone = studioZoneNote({ startsAt: `${from}T12:00:00Z`, timeZone: studio.timeZone });
  const who = anyone ? 'anyone available' : type.instructors.find((p) => p.id === instructor)?.name;

  const earlier = useRef<HTMLButtonElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  const toWeek = (first: string) => {
    // Back at this week "Earlier" greys out: the keyboard moves on to "Later" instead of to nothing.
    if (first <= today && document.activeElement === earlier.current) later.current?.focus();
    onDate(first < today ? today : first);
  };
  const days = Array.from({ length: WEEK }, (_, index) => addDays(from, index));
  const countOf = (d: string) => slotsOfDay(slots, d, anyone).length;

  return (
    <Stack gap="sm" component="section" aria-labelledby="step-heading">
      <Title order={2} size="h3" id="step-heading" ref={headingRef} tabIndex={-1}>
        Choose a time
      </Title>
      <Text size="sm">
        {type.name} with {who} at {studio.name}.{' '}
        {zone ? `Times are the studio’s (${zone}).` : 'Times are the studio’s local times.'}
      </Text>
      {notice ? (
        <Alert color="red" variant="light" role="alert" title="Not booked">
          {notice}
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="nowrap" gap="xs" component="nav" aria-label="Weeks">
        <Button
          ref={earlier}
          variant="default"
          style={{ flexShrink: 0 }}
          disabled={from <= today}
          onClick={() => toWeek(addDays(from, -WEEK))}
        >
          <span aria-hidden="true">‹&nbsp;</span>Earlier
        </Button>
        <Text size="sm" fw={500} aria-live="polite" ta="center">
          {dayLabel(from)} – {dayLabel(to)}
        </Text>
        <Button
          ref={later}
          variant="default"
          style={{ flexShrink: 0 }}
          onClick={() => toWeek(addDays(from, WEEK))}
        >
          Later<span aria-hidden="true">&nbsp;›</span>
        </Button>
      </Group>
      {week.isError ? (
        <Alert color="red" role="alert" title="Free times could not be loaded">
          {week.error.message}
        </Alert>
      ) : !week.data || !day ? (
        <PageLoader text="Looking for free times…" />
      ) : (
        <>
          <fieldset className={pickerStyles.fieldset}>
            <legend className={pickerStyles.legend}>Day</legend>
            <div
              className={pickerStyles.grid}
              style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(5.5rem, 1fr))' }}
            >
              {days.map((entry) => {
                const count = countOf(entry);
                return (
                  <div key={entry} className={pickerStyles.option}>
                    <input
                      id={`day-${entry}`}
                      className={pickerStyles.input}
                      type="radio"
                      name="appointment-day"
                      value={entry}
                      checked={entry === day}
                      onChange={() => onDate(entry)}
                    />
                    <label htmlFor={`day-${entry}`} className={pickerStyles.label}>
                      {/* Weekday over date: every day's button keeps one height whatever its width. */}
                      <span className={pickerStyles.time} style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
                        {weekdayLabel(entry)}
                      </span>
                      <span style={{ fontSize: 'var(--mantine-font-size-sm)' }}>{dateOnlyLabel(entry)}</span>
                      <span className={pickerStyles.detail}>
                        {count === 0 ? 'None free' : `${count} free`}
                      </span>
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
          {daySlots.length === 0 ? (
            <Stack gap={4} role="status">
              <Text>
                No free times this day
                {nextFree
                  ? ` — next free day: ${longDayLabel(nextFree)}.`
                  : ahead.isPending && needAhead
                    ? '.'
                    : ' — none in the next weeks.'}
              </Text>
              {nextFree ? (
                <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => onDate(nextFree)}>
                  Show {longDayLabel(nextFree)}
                </Button>
              ) : null}
            </Stack>
          ) : (
            <SlotPicker
              slots={daySlots}
              value={picked}
              onChange={(slot) => setPicked({ day, value: slotValue(slot) })}
              label={`Free times on ${longDayLabel(day)}`}
            />
          )}
          <Button
            style={{ alignSelf: 'flex-start' }}
            disabled={!pickedSlot}
            onClick={() => pickedSlot && onContinue(pickedSlot)}
          >
            {pickedSlot ? `Continue with ${pickedSlot.localTime}` : 'Choose a time to continue'}
          </Button>
        </>
      )}
    </Stack>
  );
}
