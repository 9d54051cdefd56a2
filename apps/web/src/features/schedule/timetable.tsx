import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { ClassInstanceDto } from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SegmentedChoice } from '../../ui/segmented-choice.tsx';
import { usePublicClassInstances } from './api/list-public-class-instances.ts';
import { deviceTimeZone, localDate, localTime } from './class-labels.ts';
import { useScheduleFilters } from './schedule-filters.ts';
import { addDays, daysOf, weekRange } from './timetable-days.ts';
import { GridTile, TimetableRow, weekGridClass } from './timetable-cards.tsx';
import { TimetableFilters } from './timetable-filters.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// One collator for the filters' choices: `localeCompare` builds one per comparison.
const byLabel = new Intl.Collator();

/** Parts of the day by the class's local start: before noon, noon to five, from five. */
const TIMES_OF_DAY = [
  { value: 'morning', label: 'Morning (before 12:00)', from: 0, to: 12 },
  { value: 'afternoon', label: 'Afternoon (12:00–17:00)', from: 12, to: 17 },
  { value: 'evening', label: 'Evening (from 17:00)', from: 17, to: 24 },
] as const;

function timeOfDay(item: ClassInstanceDto): string | undefined {
  const hour = Number(localTime(item.startsAt, item.timeZone).slice(0, 2));
  return TIMES_OF_DAY.find((entry) => hour >= entry.from && hour < entry.to)?.value;
}

const LAYOUTS = [
  { value: 'list', label: 'Day by day' },
  { value: 'week', label: 'Week grid' },
] as const;

const dayHeading = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

interface TimetableProps {
  company: string;
  /** Where one class opens, e.g. `details/{id}` beside the public list. */
  detailsPath: (classInstanceId: string) => string;
  headingOrder?: 2 | 3;
  /** A word beside a class, e.g. the signed-in client's "Booked" (client calendar). */
  markOf?: (classInstanceId: string) => string | undefined;
}

/**
 * A company's coming classes, seven days at a time, for clients and anyone with the link: each day in
 * the studio's own calendar, each class with its time, instructor, place and how many places are left.
 * The first day and the studio are kept in the address (`from`, `studioId`) so a view can be shared.
 */
/** The time now, again every minute: a class that starts while the page is open stops offering places. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function Timetable({ company, detailsPath, headingOrder = 2, markOf }: TimetableProps) {
  const { params, setParam } = useScheduleFilters();
  const now = useNow();
  const nextWeek = useRef<HTMLButtonElement>(null);
  const today = localDate(now, deviceTimeZone());
  const fromParam = params.get('from');
  const first = fromParam && DATE.test(fromParam) && fromParam > today ? fromParam : today;
  const range = useMemo(() => weekRange(first), [first]);
  const list = usePublicClassInstances(company, range);
  // The week's classes are drawn in a deferred pass: their arrival is a query update, which React would
  // render at once in one long task (~400 ms at Lighthouse's mobile CPU, the calendar's blocking time);
  // deferred, React draws them in slices and the page stays responsive (issue 11 §7).
  const data = useDeferredValue(list.data);
  const loading = list.isPending || (list.data !== undefined && data === undefined);
  const studioId = params.get('studioId');

  const templateId = params.get('templateId');
  const instructorId = params.get('instructorId');
  const time = TIMES_OF_DAY.find((entry) => entry.value === params.get('time'))?.value ?? null;

  // The choices are what this week holds, so a filter never offers something with no class.
  const choices = useMemo(() => {
    const of = (pick: (item: ClassInstanceDto) => [string | null, string | null]) => {
      const seen = new Map<string, string>();
      for (const item of data?.items ?? []) {
        const [value, label] = pick(item);
        if (value && label) seen.set(value, label);
      }
      return [...seen]
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => byLabel.compare(a.label, b.label));
    };
    return {
      studios: of((item) => [item.studioId, item.studioName]),
      templates: of((item) => [item.templateId, item.templateName]),
      instructors: of((item) => [item.instructorId, item.instructorName]),
    };
  }, [data]);
  const studios = choices.studios;
  const shown = (data?.items ?? []).filter(
    (item) =>
      (!studioId || item.studioId === studioId) &&
      (!templateId || item.templateId === templateId) &&
      (!instructorId || item.instructorId === instructorId) &&
      (!time || timeOfDay(item) === time),
  );
  const filtered = Boolean(studioId || templateId || instructorId || time);
  const days = daysOf(shown, first, now);
  const total = days.reduce((sum, day) => sum + day.items.length, 0);
  const goTo = (date: string) => {
    // Back at this week, "Previous week" greys out (and "Today" goes): the keyboard moves on to "Next week"
    // first, so it is not dropped at the top of the page.
    if (date === today) nextWeek.current?.focus();
    setParam('from', date === today ? null : date);
  };
  // A day-by-day list by default (phones, screen readers); a week grid on request, kept in the address.
  const grid = params.get('layout') === 'week';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            onClick={() => goTo(addDays(first, -7) < today ? today : addDays(first, -7))}
            disabled={first === today}
          >
            Previous week
          </Button>
          <Button ref={nextWeek} variant="default" onClick={() => goTo(addDays(first, 7))}>
            Next week
          </Button>
          {first !== today ? (
            <Button variant="subtle" onClick={() => goTo(today)}>
              Today
            </Button>
          ) : null}
        </Group>
        <SegmentedChoice
          label="Layout"
          value={grid ? 'week' : 'list'}
          onChange={(value) => setParam('layout', value === 'week' ? 'week' : null)}
          options={LAYOUTS}
        />
      </Group>
      <TimetableFilters
        filters={[
          { key: 'studioId', label: 'Studio', placeholder: 'All studios', choices: studios, value: studioId },
          {
            key: 'templateId',
            label: 'Class',
            placeholder: 'All classes',
            choices: choices.templates,
            value: templateId,
          },
          {
            key: 'instructorId',
            label: 'Instructor',
            placeholder: 'All instructors',
            choices: choices.instructors,
            value: instructorId,
          },
          {
            key: 'time',
            label: 'Time of day',
            placeholder: 'Any time',
            choices: TIMES_OF_DAY.map(({ value, label }) => ({ value, label })),
            value: time,
          },
        ]}
        onChange={setParam}
        loading={loading}
      />
      <Text role="status" c="dimmed" size="sm">
        {loading
          ? 'Loading classes…'
          : `${total === 0 ? 'No' : total} class${total === 1 ? '' : 'es'}${filtered ? ' matching' : ''} from ${shortDate(first)} to ${shortDate(addDays(first, 6))}.`}
      </Text>
      {list.isError ? (
        <Alert color="red" role="alert" title="The classes could not be loaded">
          {list.error.message}
        </Alert>
      ) : loading ? (
        <PageLoader />
      ) : grid ? (
        <Box className={weekGridClass} data-testid="week-grid">
          {days.map((day) => (
            <Paper
              key={day.date}
              withBorder
              radius="md"
              p="xs"
              component="section"
              aria-labelledby={`day-${day.date}`}
            >
              <Stack gap={6}>
                <Title order={headingOrder} size="h5" id={`day-${day.date}`}>
                  {dayHeading(day.date)}
                </Title>
                {day.items.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    No classes.
                  </Text>
                ) : (
                  <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {day.items.map((item) => (
                      <GridTile
                        key={item.id}
                        item={item}
                        to={detailsPath(item.id)}
                        mark={markOf?.(item.id)}
                        now={now}
                      />
                    ))}
                  </Stack>
                )}
              </Stack>
            </Paper>
          ))}
        </Box>
      ) : (
        days.map((day) => (
          <Stack key={day.date} gap="xs" component="section" aria-labelledby={`day-${day.date}`}>
            <Title order={headingOrder} size="h4" id={`day-${day.date}`}>
              {dayHeading(day.date)}
            </Title>
            {day.items.length === 0 ? (
              <Text c="dimmed" size="sm">
                No classes.
              </Text>
            ) : (
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {day.items.map((item) => (
                  <TimetableRow
                    key={item.id}
                    item={item}
                    to={detailsPath(item.id)}
                    mark={markOf?.(item.id)}
                    now={now}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        ))
      )}
    </Stack>
  );
}
