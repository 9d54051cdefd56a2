import { Box, Button, Select, SimpleGrid } from '@mantine/core';
import { useId, useState, type CSSProperties } from 'react';
import classes from './timetable.module.css';

// Mantine's clear button is 22 px; a finger needs 44 (the field is 44 px tall on client pages). Its cross
// keeps the size of the usual one instead of growing with the button.
const CLEAR_BUTTON = { size: '2.75rem', style: { '--cb-icon-size': '1.125rem' } as CSSProperties };

export interface FilterChoice {
  value: string;
  label: string;
}

export interface TimetableFilter {
  /** The address parameter it is kept in (`studioId`, `templateId`, …). */
  key: string;
  label: string;
  placeholder: string;
  choices: FilterChoice[];
  value: string | null;
}

/**
 * The timetable's filters. One with a single choice is left out (a solo instructor's clients are not
 * asked to pick the only instructor), unless it is set. On a phone they sit behind a "Filters" button
 * that says how many are on, so the first screen shows classes; from 768 px they are always in sight.
 */
export function TimetableFilters({
  filters,
  onChange,
}: {
  filters: TimetableFilter[];
  onChange: (key: string, value: string | null) => void;
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
      <SimpleGrid
        id={id}
        cols={{ base: 1, xs: 2, md: Math.min(shown.length, 4) }}
        spacing="sm"
        className={classes.filters}
        data-open={open || undefined}
        mt={{ base: open ? 'xs' : 0, sm: 0 }}
      >
        {shown.map((filter) => (
          <Select
            key={filter.key}
            label={filter.label}
            placeholder={filter.placeholder}
            data={filter.choices}
            value={filter.value}
            onChange={(value) => onChange(filter.key, value)}
            clearable
            clearButtonProps={CLEAR_BUTTON}
            clearSectionMode="clear"
            rightSectionWidth={44}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
}
