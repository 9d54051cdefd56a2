import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { WEEKDAY_LABELS, formatRange, type HourBand, type TimeRange, type Weekday } from '@kinetic/shared';
import { BusyButton } from '../../ui/busy-button.tsx';
import {
  DayTimeRangesField,
  emptyWeek,
  nextRange,
  type DayTimeRanges,
} from '../../ui/day-time-ranges-field.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useAddHours } from './api/add-hours.ts';
import { useDeleteHours } from './api/delete-hours.ts';
import { useReplaceHours } from './api/replace-hours.ts';
import { dayErrorOf, incompleteRange } from './hours-values.ts';

type Mode = { kind: 'view' } | { kind: 'add' | 'edit'; draft: DayTimeRanges; initial: string };

function focusSoon(selector: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
}

export interface HoursDayRowProps {
  companyId: string;
  band: HourBand;
  bandTitle: string;
  day: Weekday;
  ranges: TimeRange[];
  empty: string;
  readOnly: boolean;
  onSaved: (message: string) => void;
}

/** One day of one band: its ranges as text, and Add, Edit and Delete for managers. */
export function HoursDayRow({
  companyId,
  band,
  bandTitle,
  day,
  ranges,
  empty,
  readOnly,
  onSaved,
}: HoursDayRowProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [error, setError] = useState<string | null>(null);
  const add = useAddHours(companyId);
  const replace = useReplaceHours(companyId);
  const remove = useDeleteHours(companyId);
  const label = WEEKDAY_LABELS[day];
  const prefix = `${band}-${day}`;
  const dirty = mode.kind !== 'view' && JSON.stringify(mode.draft[day]) !== mode.initial;
  useUnsavedChangesGuard(dirty);
  const lower = bandTitle.toLowerCase();

  const open = (kind: 'add' | 'edit') => {
    const start = kind === 'add' ? [nextRange(ranges)] : ranges.map((range) => ({ ...range }));
    const draft = { ...emptyWeek(), [day]: start.length ? start : [nextRange([])] };
    setError(null);
    setMode({ kind, draft, initial: JSON.stringify(kind === 'add' ? [] : ranges) });
    focusSoon(`[data-range-input="${prefix}-${day}-0-start"]`);
  };
  const close = () => {
    setMode({ kind: 'view' });
    setError(null);
    focusSoon(`[data-day-action="${prefix}"]`);
  };
  const save = async () => {
    if (mode.kind === 'view') return;
    const draft = mode.draft[day];
    const incomplete = incompleteRange(draft);
    if (incomplete) {
      setError(incomplete);
      return;
    }
    setError(null);
    try {
      if (mode.kind === 'add') await add.mutateAsync({ band, day, ranges: draft });
      else await replace.mutateAsync({ band, day, ranges: draft });
      setMode({ kind: 'view' });
      onSaved(`${label} ${lower} saved.`);
      focusSoon(`[data-day-action="${prefix}"]`);
    } catch (caught) {
      setError(dayErrorOf(caught));
    }
  };
  const deleteDay = async () => {
    setError(null);
    try {
      await remove.mutateAsync({ band, day });
      onSaved(`${label} ${lower} deleted.`);
      focusSoon(`[data-day-action="${prefix}"]`);
    } catch (caught) {
      setError(dayErrorOf(caught));
    }
  };

  if (mode.kind !== 'view') {
    return (
      <Stack gap="xs" data-day={prefix}>
        <DayTimeRangesField
          value={mode.draft}
          onChange={(draft) => setMode({ ...mode, draft })}
          error={error ? { [day]: error } : {}}
          idPrefix={prefix}
          days={[day]}
          emptyText={`No ranges: saving leaves ${label} without ${lower}.`}
          addLabel="Add a range"
        />
        <Group gap="xs">
          <BusyButton size="xs" busy={add.isPending || replace.isPending} onClick={() => void save()}>
            {mode.kind === 'add' ? `Add to ${label}` : `Save ${label}`}
          </BusyButton>
          <Button size="xs" variant="default" onClick={close}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={4} data-day={prefix}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text fw={700} component="h3" size="md" m={0}>
            {label}
          </Text>
          <Text c={ranges.length ? undefined : 'dimmed'} size="sm" data-testid={`ranges-${prefix}`}>
            {ranges.length ? ranges.map(formatRange).join(', ') : empty}
          </Text>
        </div>
        {readOnly ? null : (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              data-day-action={prefix}
              aria-label={`Add ${lower} on ${label}`}
              onClick={() => open('add')}
            >
              Add
            </Button>
            {ranges.length ? (
              <>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Edit ${label} ${lower}`}
                  onClick={() => open('edit')}
                >
                  Edit
                </Button>
                <BusyButton
                  size="xs"
                  variant="subtle"
                  color="red"
                  c="red.9"
                  busy={remove.isPending}
                  aria-label={`Delete ${label} ${lower}`}
                  onClick={() => void deleteDay()}
                >
                  Delete
                </BusyButton>
              </>
            ) : null}
          </Group>
        )}
      </Group>
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
