import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ClassInstanceDto } from '@kinetic/shared';
import { localTime, peopleLabel, placeLabel } from './class-labels.ts';
import { placesLeftLabel } from './timetable-days.ts';
import classes from './timetable.module.css';

interface CardProps {
  item: ClassInstanceDto;
  to: string;
  /** A word beside the class, e.g. the signed-in client's "Booked". */
  mark: string | undefined;
  now: Date;
}

/** Places left, or "Started" once the class has begun (it can no longer be booked). */
function Places({ item, now, size }: { item: ClassInstanceDto; now: Date; size: 'sm' | 'xs' }) {
  if (Date.parse(item.startsAt) <= now.getTime())
    return (
      <Text size={size} className={classes.started}>
        Started
      </Text>
    );
  const full = item.bookedCount >= item.capacity;
  return (
    <Text size={size} fw={full ? 700 : 400} c={full ? 'red.9' : undefined}>
      {placesLeftLabel(item)}
    </Text>
  );
}

const accent = (item: ClassInstanceDto) => ({
  borderInlineStartWidth: 4,
  borderInlineStartColor: item.colour ?? '#4860CF',
});

/** The class's name as the card's one link; the link covers the whole card (`timetable.module.css`). */
function ClassLink({ item, to, size }: { item: ClassInstanceDto; to: string; size?: 'sm' }) {
  return (
    <Link to={to} className={size === 'sm' ? `${classes.link} ${classes.tileLink}` : classes.link}>
      <Text span fw={700} size={size} className={classes.name} style={{ overflowWrap: 'anywhere' }}>
        {item.templateName}
      </Text>
    </Link>
  );
}

/** One class in the day-by-day list: time and name, who teaches, where, places left (or started) and the client's mark. */
export function TimetableRow({ item, to, mark, now }: CardProps) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.card} style={accent(item)}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={700}>
            {localTime(item.startsAt, item.timeZone)}–{localTime(item.endsAt, item.timeZone)}{' '}
            <ClassLink item={item} to={to} />
          </Text>
          <Text size="sm">{peopleLabel(item)}</Text>
          <Text size="sm" c="dimmed">
            {placeLabel(item)}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          {mark ? (
            <Badge variant="filled" color="kinetic.8">
              {mark}
            </Badge>
          ) : null}
          <Places item={item} now={now} size="sm" />
        </Stack>
      </Group>
    </Paper>
  );
}

/** One class in the week grid: time, name, places left, and the client's mark. */
export function GridTile({ item, to, mark, now }: CardProps) {
  return (
    <Paper component="li" withBorder radius="sm" p={6} mih={44} className={classes.card} style={accent(item)}>
      <Text size="sm" fw={700}>
        {localTime(item.startsAt, item.timeZone)}
      </Text>
      <ClassLink item={item} to={to} size="sm" />
      <Places item={item} now={now} size="xs" />
      {mark ? (
        <Badge variant="filled" color="kinetic.8" size="sm">
          {mark}
        </Badge>
      ) : null}
    </Paper>
  );
}

export const weekGridClass = classes.week;
