import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { AvailabilityDto, StudioDto } from '@kinetic/shared';
import { apiFormError } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { DayTimeRangesField } from '../../ui/day-time-ranges-field.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { StatusNote } from '../../ui/status-note.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useSaveWeeklyAvailability } from './api/appointment-setup-api.ts';
import {
  firstStudioWithHours,
  toWeeklyBody,
  toWeeklyDraft,
  validateWeekly,
  weeklyErrorsOf,
  weeklyStudiosSummary,
  type WeeklyDraft,
  type WeeklyErrors,
} from './availability-values.ts';

const NO_ERRORS: WeeklyErrors = { byStudio: {}, general: null };

/**
 * An instructor's working week at each studio, on that studio's clock; one Save sends every studio's
 * week. With several studios one is shown at a time (a studio picker); days left empty have no hours.
 */
export function WeeklyHoursForm({
  companyId,
  availability,
  studios,
  onDirtyChange,
}: {
  companyId: string;
  availability: AvailabilityDto;
  studios: StudioDto[];
  /** Told whether the week has unsaved changes (the panel keeps the instructor until they are saved or undone). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const studioOrder = studios.map((studio) => studio.id);
  const [initial, setInitial] = useState(() => JSON.stringify(toWeeklyDraft(availability, studios)));
  const [draft, setDraft] = useState<WeeklyDraft>(() => toWeeklyDraft(availability, studios));
  // Opens on the first studio where they work (not always the first studio, where they may have none).
  const [studioId, setStudioId] = useState(() =>
    firstStudioWithHours(toWeeklyDraft(availability, studios), studioOrder),
  );
  const [errors, setErrors] = useState<WeeklyErrors>(NO_ERRORS);
  const [note, setNote] = useState<string | null>(null);
  const save = useSaveWeeklyAvailability(companyId);
  const rootRef = useRef<HTMLDivElement>(null);
  const dirty = JSON.stringify(draft) !== initial;
  useUnsavedChangesGuard(dirty);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const studio = studios.find((item) => item.id === studioId);
  const week = draft[studioId];
  const studioName = (id: string) => studios.find((item) => item.id === id)?.name ?? 'A studio';

  const showErrors = (found: WeeklyErrors) => {
    setErrors(found);
    // The first studio with a problem is shown, so its day's fields can take focus.
    const firstStudio = studioOrder.find((id) => found.byStudio[id]);
    if (firstStudio) setStudioId(firstStudio);
    focusFirstInvalid(rootRef.current);
  };

  const submit = async () => {
    setNote(null);
    const found = validateWeekly(draft, studioOrder);
    if (found.general || Object.keys(found.byStudio).length) return showErrors(found);
    setErrors(NO_ERRORS);
    try {
      const saved = await save.mutateAsync({
        instructorId: availability.instructorId,
        body: toWeeklyBody(draft, studioOrder),
      });
      // The server's answer is what is kept (sorted ranges); without one, what was sent.
      const kept = Array.isArray(saved?.weekly) ? toWeeklyDraft(saved, studios) : draft;
      setDraft(kept);
      setInitial(JSON.stringify(kept));
      setNote(`${availability.instructorName}’s weekly hours saved.`);
    } catch (failure) {
      const { fieldErrors, message } = apiFormError(failure);
      const found = weeklyErrorsOf(fieldErrors as Record<string, string>, studioOrder);
      showErrors({
        ...found,
        general: found.general ?? (Object.keys(found.byStudio).length ? null : message),
      });
    }
  };

  const otherStudiosInError = studioOrder.filter((id) => id !== studioId && errors.byStudio[id]);

  return (
    <Paper withBorder p="md" radius="md" ref={rootRef}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            Weekly hours
          </Title>
          <Text size="sm" c="dimmed">
            When {availability.instructorName} can be booked each week. Clients see free times inside these
            hours, less classes they teach and other appointments.
          </Text>
        </Stack>
        {studios.length > 1 ? (
          <Text size="sm" data-weekly-summary>
            {weeklyStudiosSummary(draft, studios)}
          </Text>
        ) : null}
        {studios.length > 1 ? (
          <NativeSelect
            label="Studio"
            value={studioId}
            onChange={(event) => setStudioId(event.currentTarget.value)}
            data={studios.map((item) => ({ value: item.id, label: item.name }))}
            maw={360}
          />
        ) : null}
        {studio ? (
          <Text size="sm" fw={600}>
            {studios.length > 1 ? `${studio.name}: t` : 'T'}imes are on the studio’s clock ({studio.timeZone}
            ).
          </Text>
        ) : null}
        {otherStudiosInError.length ? (
          <Alert color="red" variant="light" role="alert" title="Check the other studios too">
            {otherStudiosInError.map(studioName).join(', ')} also has a mistake.
          </Alert>
        ) : null}
        {week ? (
          <DayTimeRangesField
            key={studioId}
            value={week}
            onChange={(value) => setDraft({ ...draft, [studioId]: value })}
            error={errors.byStudio[studioId] ?? {}}
            idPrefix={`weekly-${studioId}`}
            emptyText="Not working"
            addLabel="Add hours"
          />
        ) : (
          <Text c="dimmed">Add a studio first: working hours belong to a studio.</Text>
        )}
        {errors.general ? (
          <Alert color="red" variant="light" role="alert" title="The hours were not saved">
            {errors.general}
          </Alert>
        ) : null}
        <StatusNote note={note} />
        <Group>
          <BusyButton busy={save.isPending} onClick={() => void submit()} disabled={!week} data-save-weekly>
            Save weekly hours
          </BusyButton>
          {dirty ? (
            <>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(JSON.parse(initial) as WeeklyDraft);
                  setErrors(NO_ERRORS);
                  setNote('Changes undone.');
                  // The Undo button goes away with the changes: focus to Save, not the page.
                  requestAnimationFrame(() =>
                    rootRef.current?.querySelector<HTMLElement>('[data-save-weekly]')?.focus(),
                  );
                }}
              >
                Undo changes
              </Button>
              <Text size="sm" c="dimmed">
                Unsaved changes
              </Text>
            </>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
