import { useId, type HTMLAttributes } from 'react';
import classes from './segmented-choice.module.css';

export interface SegmentedChoiceOption<T extends string> {
  value: T;
  label: string;
}

/**
 * One of a few views, e.g. "Timetable / My bookings": a radio group (arrow keys move and choose, Tab
 * enters at the chosen one) drawn like Mantine's SegmentedControl. The client calendar uses it instead
 * of SegmentedControl, whose sliding indicator measures the layout as it mounts and brings Mantine's
 * FloatingIndicator and hooks into the page's first chunk (issue 11 §7).
 */
export function SegmentedChoice<T extends string>({
  label,
  value,
  onChange,
  options,
  ...root
}: Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'role' | 'className'> & {
  /** The group's accessible name ("Show", "Layout"). */
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly SegmentedChoiceOption<T>[];
}) {
  const name = useId();
  return (
    <div {...root} role="radiogroup" aria-label={label} className={classes.root}>
      {options.map((option) => (
        <label key={option.value} className={classes.option} data-segment>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
