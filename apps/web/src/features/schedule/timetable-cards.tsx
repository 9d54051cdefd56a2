import { Badge } from '@mantine/core';
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
  const sized = size === 'sm' ? classes.textSm : classes.textXs;
  if (Date.parse(item.startsAt) <= now.getTime())
    return <p className={`${sized} ${classes.started}`}>Started</p>;
  const full = item.bookedCount >= item.capacity;
  return <p className={full ? `${sized} ${classes.full}` : sized}>{placesLeftLabel(item)}</p>;
}

const accent = (item: ClassInstanceDto) => ({ borderInlineStartColor: item.colour ?? '#4860CF' });

/** The class's name as the card's one link; the link covers the whole card (`timetable.module.css`). */
function ClassLink({ item, to, size }: { item: ClassInstanceDto; to: string; size?: 'sm' }) {
  return (
    <Link to={to} className={size === 'sm' ? `${classes.link} ${classes.tileLink}` : classes.link}>
      <span className={size === 'sm' ? `${classes.name} ${classes.textSm}` : classes.name}>
        {item.templateName}
      </span>
    </Link>
  );
}

/*
 * The cards are plain elements styled by `timetable.module.css` to look as Mantine's Paper, Group, Stack and
 * Text do: a week holds a hundred classes or more, and a dozen Mantine components per card made drawing the
 * timetable the client calendar's longest task on a phone (issue 11 §7).
 */

/** One class in the day-by-day list: time and name, who teaches, where, places left (or started) and the client's mark. */
export function TimetableRow({ item, to, mark, now }: CardProps) {
  return (
    <li className={`${classes.card} ${classes.row}`} style={accent(item)}>
      <div className={classes.rowBody}>
        <div className={classes.rowMain}>
          <p className={classes.strong}>
            {localTime(item.startsAt, item.timeZone)}–{localTime(item.endsAt, item.timeZone)}{' '}
            <ClassLink item={item} to={to} />
          </p>
          <p className={classes.textSm}>{peopleLabel(item)}</p>
          <p className={`${classes.textSm} ${classes.dimmed}`}>{placeLabel(item)}</p>
        </div>
        <div className={classes.rowSide}>
          {mark ? (
            <Badge variant="filled" color="kinetic.8">
              {mark}
            </Badge>
          ) : null}
          <Places item={item} now={now} size="sm" />
        </div>
      </div>
    </li>
  );
}

/** One class in the week grid: time, name, places left, and the client's mark. */
export function GridTile({ item, to, mark, now }: CardProps) {
  return (
    <li className={`${classes.card} ${classes.tile}`} style={accent(item)}>
      <p className={`${classes.textSm} ${classes.strong}`}>{localTime(item.startsAt, item.timeZone)}</p>
      <ClassLink item={item} to={to} size="sm" />
      <Places item={item} now={now} size="xs" />
      {mark ? (
        <Badge variant="filled" color="kinetic.8" size="sm">
          {mark}
        </Badge>
      ) : null}
    </li>
  );
}

export const weekGridClass = classes.week;
