import { Box, Button, NativeSelect } from '@mantine/core';
import { useId, useState, type CSSProperties } from 'react';
import classes from './timetable.module.css';

export interface FilterChoice {
  value: string;
  label: string;
}

export interface TimetableFilter {
  /** The address parameter it is kept in (`studioId`, `templateId`, …). */
  key: string;
  label: string;
  /** The choice that sets no filter ("All studios"), listed first. */
  placeholder: string;
  choices: FilterChoice[];
  value: string | null;
}

/**
 * A filter set in the address whose value this week has no class for (a studio with none this week), or
 * whose choices are still loading.
 */
const NOT_THIS_WEEK = 'Chosen (none this week)';
const LOADING = 'Loading…';

/**
 * The timetable's filters, as the device's own pickers (native selects: a phone opens its wheel or list,
 * and the page carries no dropdown code, issue 11 §7). Each one's first choice ("All studios") clears it.
 * One with a single choice is left out (a solo instructor's clients are not asked to pick the only
 * instructor), unless it is set. On a phone they sit behind a "Filters" button that says how many are on,
 * so the first screen shows classes; from 768 px they are always in sight.
 */
export function TimetableFilters({
  filters,
  onChange,
  loading = false,
}: {
  filters: TimetableFilter[];
  onChange: (key: string, value: string | null) => void;
  /** The week's classes (and so the choices) are still on their way. */
  loading?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const shown = filters.filter((filter) => filter.choices.length > 1 || filter.value);
  if (shown.length === 0) return null;
  const active = shown.filter((filter) => filter.value).length;
  return (
    <Box>
      <Button
        variant="default"
        className={classes.filtersToggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {active > 0 ? `Filters (${active} on)` : 'Filters'}
      </Button>
      <div
        id={id}
        className={classes.filters}
        data-open={open || undefined}
        style={{ '--filter-columns': Math.min(shown.length, 4) } as CSSProperties}
      >
        {shown.map((filter) => {
          const known = !filter.value || filter.choices.some((choice) => choice.value === filter.value);
          return (
            <NativeSelect
              key={filter.key}
              label={filter.label}
              value={filter.value ?? ''}
              onChange={(event) => onChange(filter.key, event.currentTarget.value || null)}
              classNames={{ input: classes.filterInput }}
              data-empty={filter.value ? undefined : true}
              data={[
                { value: '', label: filter.placeholder },
                ...(known ? [] : [{ value: filter.value ?? '', label: loading ? LOADING : NOT_THIS_WEEK }]),
                ...filter.choices,
              ]}
            />
          );
        })}
      </div>
    </Box>
  );
}
