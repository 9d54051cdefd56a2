import { useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AvailabilityDto, AvailabilityExceptionDto, StudioDto } from '@kinetic/shared';
import { apiFormError, useFormSubmit } from '../../ui/api-form-error.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { FormSubmitError } from '../../ui/form-submit-error.tsx';
import { StatusNote } from '../../ui/status-note.tsx';
import { useUnsavedChangesGuard } from '../../ui/use-unsaved-changes-guard.ts';
import { useAddAvailabilityException, useDeleteAvailabilityException } from './api/appointment-setup-api.ts';
import {
  EVERY_STUDIO,
  formatLocalDate,
  newException,
  toExceptionBody,
  todayLocal,
  validateException,
  type ExceptionFormValues,
} from './availability-values.ts';

const kindLabel = (exception: AvailabilityExceptionDto) =>
  exception.kind === 'off' ? 'Time off' : 'Extra hours';

function describe(exception: AvailabilityExceptionDto, studios: readonly StudioDto[]) {
  const studio = studios.find((item) => item.id === exception.studioId);
  const where = exception.studioId ? (studio?.name ?? 'A studio') : 'Every studio';
  const when = exception.start && exception.end ? `${exception.start}–${exception.end}` : 'Whole day';
  return { where, when, timeZone: studio?.timeZone ?? null };
}

/** Dated changes to the week: time off (whole day or some hours) and extra hours at a studio. */
export function AvailabilityExceptions({
  companyId,
  availability,
  studios,
}: {
  companyId: string;
  availability: AvailabilityDto;
  studios: StudioDto[];
}) {
  const add = useAddAvailabilityException(companyId);
  const remove = useDeleteAvailabilityException(companyId);
  const [note, setNote] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const firstStudio = studios.length === 1 ? (studios[0]?.id ?? EVERY_STUDIO) : EVERY_STUDIO;
  const form = useForm<ExceptionFormValues>({
    initialValues: newException(todayLocal(), firstStudio),
    validate: validateException,
  });
  const { submitError, runSubmit } = useFormSubmit(form);
  useUnsavedChangesGuard(form.isDirty());
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const extra = form.values.kind === 'extra';
  const timed = extra || !form.values.wholeDay;
  const chosenStudio = studios.find((studio) => studio.id === form.values.studioId);
  const { instructorId } = availability;
  const exceptions = [...availability.exceptions].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.start ?? '').localeCompare(b.start ?? ''),
  );

  const submit = async (values: ExceptionFormValues) => {
    setNote(null);
    const done = await runSubmit(async () => {
      await add.mutateAsync({ instructorId, body: toExceptionBody(values) });
      const what = values.kind === 'off' ? 'Time off' : 'Extra hours';
      setNote(`${what} on ${formatLocalDate(values.date)} added.`);
      form.setValues({ note: '' });
      form.resetDirty({ ...values, note: '' });
    });
    if (!done) focusFirstInvalid(formRef.current);
  };

  const removeOne = async (exception: AvailabilityExceptionDto, index: number) => {
    setNote(null);
    setRemoveError(null);
    try {
      await remove.mutateAsync({ instructorId, exceptionId: exception.id });
      setNote(`${kindLabel(exception)} on ${formatLocalDate(exception.date)} removed.`);
      // Focus to the next entry's Remove (or the one before), else the add form's date.
      requestAnimationFrame(() => {
        const buttons = listRef.current?.querySelectorAll<HTMLElement>('[data-remove-exception]');
        const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
        (next ?? formRef.current?.querySelector<HTMLElement>('input[type="date"]'))?.focus();
      });
    } catch (failure) {
      setRemoveError(apiFormError(failure).message);
    }
  };

  const studioChoices = [
    ...(extra ? [] : [{ value: EVERY_STUDIO, label: 'Every studio' }]),
    ...studios.map((studio) => ({ value: studio.id, label: studio.name })),
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4">
            Time off and extra hours
          </Title>
          <Text size="sm" c="dimmed">
            Dated changes to {availability.instructorName}’s week, from today on. Times are on the studio’s
            clock.
          </Text>
        </Stack>
        <StatusNote note={note} />
        {removeError ? (
          <Alert color="red" variant="light" role="alert" title="It was not removed">
            {removeError}
          </Alert>
        ) : null}
        {exceptions.length === 0 ? (
          <Text c="dimmed">No time off or extra hours coming up.</Text>
        ) : (
          <ul
            ref={listRef}
            style={{
              listStyle: 'none',
              padding: 0,
              margin: 0,
              display: 'grid',
              gap: 'var(--mantine-spacing-sm)',
            }}
          >
            {exceptions.map((exception, index) => {
              const { where, when, timeZone } = describe(exception, studios);
              const label = `${kindLabel(exception)} on ${formatLocalDate(exception.date)}`;
              return (
                <li key={exception.id}>
                  <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Group gap="xs" wrap="wrap">
                        <Text fw={700}>{formatLocalDate(exception.date)}</Text>
                        <Badge
                          variant="light"
                          color={exception.kind === 'off' ? 'red' : 'green'}
                          styles={{ root: { textTransform: 'none' } }}
                        >
                          {kindLabel(exception)}
                        </Badge>
                      </Group>
                      <Text size="sm">
                        {when} · {where}
                        {timeZone && exception.start ? ` (${timeZone})` : ''}
                      </Text>
                      {exception.note ? (
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {exception.note}
                        </Text>
                      ) : null}
                    </Stack>
                    <BusyButton
                      variant="subtle"
                      color="red"
                      c="red.9"
                      size="xs"
                      data-remove-exception={exception.id}
                      busy={remove.isPending && remove.variables?.exceptionId === exception.id}
                      aria-label={`Remove ${label}`}
                      onClick={() => void removeOne(exception, index)}
                    >
                      Remove
                    </BusyButton>
                  </Group>
                </li>
              );
            })}
          </ul>
        )}
        <form
          ref={formRef}
          onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formRef.current))}
          noValidate
          aria-label="Add time off or extra hours"
        >
          <Stack gap="sm">
            <Title order={4} size="h5">
              Add time off or extra hours
            </Title>
            <Radio.Group
              label="What"
              {...form.getInputProps('kind')}
              onChange={(value) => {
                form.setFieldValue('kind', value as ExceptionFormValues['kind']);
                // Extra hours are at one studio.
                if (value === 'extra' && form.values.studioId === EVERY_STUDIO && studios[0])
                  form.setFieldValue('studioId', studios[0].id);
              }}
            >
              <Group gap="md" mt={4}>
                <Radio value="off" label="Time off" />
                <Radio value="extra" label="Extra hours" />
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                type="date"
                label="Date"
                required
                min={todayLocal()}
                {...form.getInputProps('date')}
              />
              <NativeSelect label="Studio" data={studioChoices} {...form.getInputProps('studioId')} />
            </SimpleGrid>
            {extra ? null : (
              <Checkbox label="The whole day" {...form.getInputProps('wholeDay', { type: 'checkbox' })} />
            )}
            {timed ? (
              <Stack gap={4}>
                <Group gap="xs" align="flex-start" wrap="wrap">
                  <TextInput type="time" label="From" w={140} required {...form.getInputProps('start')} />
                  <TextInput type="time" label="To" w={140} required {...form.getInputProps('end')} />
                </Group>
                <Text size="xs" c="dimmed">
                  {chosenStudio
                    ? `On ${chosenStudio.name}’s clock (${chosenStudio.timeZone}).`
                    : 'On each studio’s own clock.'}
                </Text>
              </Stack>
            ) : null}
            <TextInput label="Note" {...form.getInputProps('note')} />
            <FormSubmitError message={submitError} />
            <Group>
              <BusyButton type="submit" busy={add.isPending}>
                {extra ? 'Add extra hours' : 'Add time off'}
              </BusyButton>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
